import { describe, expect, expectTypeOf, it } from 'vitest';
import type { dependentItemSchema } from '@assoc/domain';
import type { AppForm, FieldPath, FormValues } from '../../ui/form';
import type { DependentRow } from '../dependents-tab/dependentRows';
import type { MemberForm, MemberPath } from '../member-tab.types';

/**
 * Issue 23 item 6: the member form's paths are typed from the domain's schema, so a misspelled path fails the
 * typecheck (`npx tsc -b apps/web`, which compiles this file): each `@ts-expect-error` below is itself an error the
 * moment the line it marks compiles, i.e. the moment a typo would be accepted again.
 */
describe('typed form paths', () => {
  it('accepts the schema paths, list items included, and refuses a misspelled one', () => {
    const paths: MemberPath[] = [
      'custName',
      'enderecoResidencial.adZipcode',
      'bankAccount.bnkaccAccount',
      'usuarioServicos',
      'usuarioServicos.0.svcId',
      'parentFilhos.2.custCpf',
      'documentos.0.description',
      'atendimentos.0.atdStatus',
      'cobrancas.0.cobValor',
    ];
    expect(paths).toHaveLength(9);
    // @ts-expect-error a misspelled field
    const typo: MemberPath = 'custNmae_typo';
    // @ts-expect-error a misspelled field of a list item
    const itemTypo: MemberPath = 'usuarioServicos.0.svcIdd';
    // @ts-expect-error a field of an address that does not exist
    const addressTypo: MemberPath = 'enderecoResidencial.adZip';
    expect([typo, itemTypo, addressTypo]).toHaveLength(3);
  });

  it("the form's methods take only those paths; a loosely typed form takes any text", () => {
    const calls = (form: MemberForm) => {
      form.textProps('custName', 64);
      form.getInputProps('usuarioServicos.0.valor');
      // @ts-expect-error form.textProps refuses a misspelled path
      form.textProps('custNmae_typo');
      // @ts-expect-error so do setValue and the list helpers
      form.setValue('parentFilho', []);
    };
    expect(typeof calls).toBe('function');
    expectTypeOf<FieldPath<FormValues>>().toEqualTypeOf<string>();
  });
});

describe("typed form paths of the member's child lists and of the dependent modal (issue 23 item 6)", () => {
  it("reaches a dependent's services and the charge and reimbursement rows, and refuses a misspelled one", () => {
    const paths: MemberPath[] = [
      'parentFilhos.0.usuarioServicos.0.svcId',
      'parentFilhos.1.usuarioServicos.2.cslStr1',
      'cobrancas.0.cobVencimento',
      'ressarcimentos.0.resTitularNome',
      'ressarcimentos.0.procedimentos.1.procProcedimentoValor',
    ];
    expect(paths).toHaveLength(5);
    // @ts-expect-error a misspelled field of a dependent's service
    const serviceTypo: MemberPath = 'parentFilhos.0.usuarioServicos.0.svcIdd';
    // @ts-expect-error a misspelled field of a charge (the list was a loose record before: any text passed)
    const chargeTypo: MemberPath = 'cobrancas.0.cobValr';
    // @ts-expect-error a misspelled field of a reimbursement
    const refundTypo: MemberPath = 'ressarcimentos.0.resTitular';
    expect([serviceTypo, chargeTypo, refundTypo]).toHaveLength(3);
  });

  it("the dependent modal's form takes the dependent schema's paths only, its services included", () => {
    const dependentPaths: FieldPath<DependentRow>[] = [
      'custName',
      'custSex',
      'usuarioServicos',
      'usuarioServicos.0.svcId',
      'usuarioServicos.3.valor',
    ];
    expect(dependentPaths).toHaveLength(5);
    // @ts-expect-error a misspelled field of the dependent's service
    const serviceTypo: FieldPath<DependentRow> = 'usuarioServicos.0.svcIdd';
    // @ts-expect-error a field of the holder, not of a dependent
    const holderField: FieldPath<DependentRow> = 'enderecoResidencial.adZipcode';
    expect([serviceTypo, holderField]).toHaveLength(2);
    const calls = (form: AppForm<typeof dependentItemSchema, DependentRow>) => {
      form.textProps('custName', 64);
      form.setValue('usuarioServicos.0.valor', 100);
      // @ts-expect-error form.textProps refuses a misspelled dependent path
      form.textProps('custNmae');
      // @ts-expect-error so do the list helpers, for a misspelled service list
      form.insertListItem('usuarioServico', {});
    };
    expect(typeof calls).toBe('function');
  });
});

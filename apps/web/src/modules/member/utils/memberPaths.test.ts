import { describe, expect, expectTypeOf, it } from 'vitest';
import type { FieldPath, FormValues } from '../../ui/form';
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

import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type { chargeItemSchema } from '../billing/charge.schema.js';
import type { RessarcimentoItemInput } from '../reimbursements/reimbursement.schema.js';
import { dataMessages, dateMessages, genericMessages as m } from '../messages.js';
import { cpfFromBase } from '../people/cpf.js';
import { bbCheckDigit } from './bank-rules.js';
import { memberMessages as mm } from './member.messages.js';
import { dropUnmarkedItems, emptyMember, memberSchema, type MemberInput } from './member.schema.js';
import { canEditSection, hiddenFields, sectionAccess, sectionByKey, sectionOfField } from './member-sections.js';
import { visibleMemberTabs } from './member-tabs.js';
import { isValidNumeroInterno, numeroInterno } from './member-lookups.js';
import { firstIssuePerPath } from '../validation.js';

const address = {
  adZipcode: '01310-100',
  adAddress: 'Avenida Paulista',
  adNumber: '1000',
  adBairro: 'Bela Vista',
  adCity: 'São Paulo',
  adState: 'SP',
  adAddNewCEP: 0 as const,
};
const service = (svcId: number, sucId: number, operation: 'insert' | 'update' | 'delete' | 'none' = 'none') => ({
  svcId,
  sucId,
  operation,
  valor: 1000,
});

/** A valid magistrate member, sócio with Fundo de Pecúlio and the fee. */
function validMember(): MemberInput {
  return {
    ...emptyMember(),
    custName: 'Maria da Silva',
    custBirthdate: '1970-05-20',
    custSex: 1,
    custEstadoCivil: 2,
    custCpf: cpfFromBase('123456789'),
    custEmail: 'maria@example.com',
    custStatus: 'M',
    custAssocSituacao: 1,
    custSocio: 'S',
    bankAccount: { bnkId: 2, bnkaccBranch: '0001', bnkaccBranchDigit: '9', bnkaccAccount: '00000006', bnkaccAccountDigit: bbCheckDigit('00000006') },
    enderecoResidencial: { ...address },
    usuarioServicos: [service(170, 16), service(300, 17)],
  };
}

const messagesAt = (input: MemberInput) => {
  const result = memberSchema.safeParse(input);
  return result.success ? [] : firstIssuePerPath(result.error.issues).map((i) => ({ path: i.path.join('.'), message: i.message }));
};

describe('member schema (spec 1 §5 "Member")', () => {
  it('accepts a valid member and normalises CPF and zip', () => {
    const input = validMember();
    input.custCpf = '123.456.789-09';
    const parsed = memberSchema.parse(input);
    expect(parsed.custCpf).toBe('12345678909');
    expect(parsed.enderecoResidencial?.adZipcode).toBe('01310100');
  });

  it.each<[string, (v: MemberInput) => void, string, string]>([
    ['name required', (v) => (v.custName = ''), 'custName', m.required],
    ['name min 5', (v) => (v.custName = 'Ana'), 'custName', m.minLength(5)],
    ['name max 64', (v) => (v.custName = 'A'.repeat(65)), 'custName', m.maxLength(64)],
    ['birth date required', (v) => (v.custBirthdate = null), 'custBirthdate', m.required],
    ['sex required', (v) => (v.custSex = null), 'custSex', m.required],
    ['civil status required', (v) => (v.custEstadoCivil = null), 'custEstadoCivil', m.required],
    ['CPF required', (v) => (v.custCpf = ''), 'custCpf', m.required],
    ['CPF valid', (v) => (v.custCpf = '12345678900'), 'custCpf', m.cpf],
    ['status required', (v) => (v.custStatus = ''), 'custStatus', m.required],
    ['situation required', (v) => (v.custAssocSituacao = null), 'custAssocSituacao', m.required],
    ['e-mail min 5', (v) => (v.custEmail = 'a@b'), 'custEmail', m.minLength(5)],
    ['e-mail valid', (v) => (v.custEmail = 'maria.example.com'), 'custEmail', m.email],
    ['contact e-mail valid', (v) => (v.custContatoEmail = 'x@'), 'custContatoEmail', m.email],
    ['cargos differ', (v) => ((v.custAssocCargo = 3), (v.custAssocCargo3 = 3)), 'custAssocCargo3', mm.duplicateCargo],
    [
      'sócio needs services',
      (v) => (v.usuarioServicos = [service(170, 16, 'delete'), service(300, 17, 'delete')]),
      'custSocio',
      mm.socioNeedsServices,
    ],
    ['fee needs Fundo de Pecúlio', (v) => (v.usuarioServicos = [service(300, 17)]), 'custSocio', mm.feeNeedsPeculio],
    ['Fundo de Pecúlio needs the fee', (v) => (v.usuarioServicos = [service(170, 16)]), 'custSocio', mm.peculioNeedsFee],
    ['both', (v) => (v.usuarioServicos = [service(300, 16)]), 'custSocio', mm.needsPeculioAndFee],
    ['director of forum date', (v) => (v.custDirForum = true), 'custDataDirForum', mm.dateRequired],
    ['widow needs the deceased spouse', (v) => ((v.custStatus = 'V'), (v.falId = null)), 'falId', mm.deceasedSpouseRequired],
    ['designation forum', (v) => ((v.desigLocId = 1), (v.desigApcId = 1)), 'desigApfId', mm.forumRequired],
    ['designation local', (v) => ((v.desigApfId = 1), (v.desigApcId = 1)), 'desigLocId', mm.localRequired],
    ['designation cargo', (v) => ((v.desigApfId = 1), (v.desigLocId = 1)), 'desigApcId', mm.cargoRequired],
    ['provisional date', (v) => ((v.provApfId = 1), (v.provLocId = 1), (v.provApcId = 1)), 'custProvData', mm.provisionalDateRequired],
    ['billing day', (v) => (v.custCobrancaDia = null), 'custCobrancaDia', mm.billingDayRequired],
    ['billing day 1 to 31', (v) => (v.custCobrancaDia = 32), 'custCobrancaDia', m.numericMax],
    ['bank required', (v) => (v.bankAccount = { bnkId: null }), 'bankAccount.bnkId', mm.bankRequired],
    [
      'bank account digit',
      (v) => (v.bankAccount = { ...v.bankAccount, bnkaccAccountDigit: '3' }),
      'bankAccount.bnkaccAccountDigit',
      mm.invalidAccountDigit,
    ],
    [
      'selected address needs a zip',
      (v) => ((v.enderecoSelected = 2), (v.enderecoComercial = {})),
      'enderecoComercial.adZipcode',
      mm.addressRequired,
    ],
    ['number required with a zip', (v) => (v.enderecoResidencial = { ...address, adNumber: '' }), 'enderecoResidencial.adNumber', m.required],
    ['no address data without a zip', (v) => (v.enderecoComercial = { adAddress: 'Rua A' }), 'enderecoComercial.adZipcode', m.required],
    ['zip of 8', (v) => (v.enderecoResidencial = { ...address, adZipcode: '0131010' }), 'enderecoResidencial.adZipcode', m.exactLength(8)],
    [
      'hand-typed address needs the city',
      (v) => (v.enderecoResidencial = { ...address, adAddNewCEP: 1, adCity: '' }),
      'enderecoResidencial.adCity',
      m.required,
    ],
    ['street max 80', (v) => (v.enderecoResidencial = { ...address, adAddress: 'R'.repeat(81) }), 'enderecoResidencial.adAddress', m.maxLength(80)],
    ['phone needs area code', (v) => (v.enderecoResidencial = { ...address, adPhone: '33334444' }), 'enderecoResidencial.adPhoneDdd', m.required],
    ['area code needs phone', (v) => (v.enderecoResidencial = { ...address, adPhoneDdd2: '11' }), 'enderecoResidencial.adPhone2', m.required],
    [
      'area code of 2',
      (v) => (v.enderecoResidencial = { ...address, adPhoneDdd: '1', adPhone: '33334444' }),
      'enderecoResidencial.adPhoneDdd',
      m.exactLength(2),
    ],
    [
      'phone at least 8',
      (v) => (v.enderecoResidencial = { ...address, adPhoneDdd: '11', adPhone: '3333444' }),
      'enderecoResidencial.adPhone',
      m.minLength(8),
    ],
    [
      'phone at most 9',
      (v) => (v.enderecoResidencial = { ...address, adPhoneDdd: '11', adPhone: '3333444455' }),
      'enderecoResidencial.adPhone',
      m.maxLength(9),
    ],
    ['mobile digits only', (v) => ((v.custCelularDdd = '11'), (v.custCelular = '9999-8888')), 'custCelular', m.digitsOnly],
  ])('%s', (_, change, path, message) => {
    const input = validMember();
    change(input);
    expect(messagesAt(input)).toContainEqual({ path, message });
  });

  it('bank 10 exempts the billing day', () => {
    const input = validMember();
    input.bankAccount = { bnkId: 10, bnkaccAccount: '12345678' };
    input.custCobrancaDia = null;
    expect(messagesAt(input)).toEqual([]);
  });

  it('leaves out the rules of sections that were not sent', () => {
    const input: MemberInput = { custName: 'Maria da Silva', version: 3 };
    expect(messagesAt(input)).toEqual([]);
  });

  it('shows the cross-field messages while a required field is empty or invalid, one message per field', () => {
    for (const change of [
      (v: MemberInput) => (v.custName = ''),
      (v: MemberInput) => (v.custCpf = 'abc'),
      (v: MemberInput) => (v.custStatus = ''),
      (v: MemberInput) => (v.custBirthdate = null),
      (v: MemberInput) => (v.custSex = null),
    ]) {
      const input = validMember();
      change(input);
      input.custDirForum = true;
      input.custDataDirForum = null;
      input.desigApfId = 3;
      input.desigApcId = 4;
      const messages = messagesAt(input);
      expect(messages).toContainEqual({ path: 'custDataDirForum', message: mm.dateRequired });
      expect(messages).toContainEqual({ path: 'desigLocId', message: mm.localRequired });
      expect(messages).toHaveLength(3);
    }
    // The raw issue list holds at most the field's own issues before the rules' (the first per path is the field's).
    const empty = { ...emptyMember(), custDirForum: true, custDataDirForum: null };
    const result = memberSchema.safeParse(empty);
    expect(result.success).toBe(false);
    const first = firstIssuePerPath(result.error!.issues).map((i) => ({ path: i.path.join('.'), message: i.message }));
    expect(first).toEqual(
      expect.arrayContaining([
        { path: 'custName', message: m.required },
        { path: 'custCpf', message: m.required },
        { path: 'custStatus', message: m.required },
        { path: 'custDataDirForum', message: mm.dateRequired },
      ]),
    );
    expect(new Set(first.map((i) => i.path)).size).toBe(first.length);
  });

  it('runs the address rules while another field of the address is invalid', () => {
    const input = validMember();
    input.enderecoResidencial = { ...address, adNumber: '', adComplement: 'Apto\u0001' };
    expect(messagesAt(input)).toEqual(
      expect.arrayContaining([
        { path: 'enderecoResidencial.adNumber', message: m.required },
        { path: 'enderecoResidencial.adComplement', message: dataMessages.invalidText },
      ]),
    );
  });

  it('drops unmarked child rows before validation', () => {
    const body = { usuarioServicos: [{ svcId: 1 }, { svcId: 2, operation: '-' }, { svcId: 3, operation: 'insert' }] };
    expect(dropUnmarkedItems(body).usuarioServicos).toEqual([{ svcId: 3, operation: 'insert' }]);
  });
});

describe('sections and tabs (spec 1 §6, §2)', () => {
  it('maps fields to sections with the spec’s role pairs', () => {
    expect(sectionOfField('bankAccount')?.edit).toEqual(['v2userdadoscobrança']);
    expect(sectionOfField('custAssocCargo2')?.view).toContain('v2userdadosassocview');
    expect(sectionOfField('enderecoForum')?.key).toBe('addresses');
    expect(canEditSection(sectionByKey('email')!, ['v2userdadospessoaisemailview'])).toBe(false);
  });
  it('view and edit per role', () => {
    const access = sectionAccess(['v2userdadospessoaisview', 'v2userdadoscobrança']);
    expect(access.personal).toEqual({ view: true, edit: false });
    expect(access.billing).toEqual({ view: true, edit: true });
    expect(access.email).toEqual({ view: false, edit: false });
    expect(hiddenFields(['v2userdadospessoaisview'])).toContain('custEmail');
    expect(hiddenFields(['v2userdadospessoaisview'])).not.toContain('custName');
  });
  it('tabs by role and condition', () => {
    const roles = ['v2tabusuario', 'v2tablocalizacao', 'v2tabextratos', 'v2tabir', 'v2eml', 'v2userdadospessoaisview'];
    const keys = (ctx: Parameters<typeof visibleMemberTabs>[1]) => visibleMemberTabs(roles, ctx).map((t) => t.key);
    expect(keys({ custStatus: 'M', custAssocSituacao: 1, extratoDatas: [1], irDatas: [], auditMode: false })).toEqual([1, 4, 5, 13, 14]);
    expect(keys({ custStatus: 'M', custAssocSituacao: 2, extratoDatas: [1], irDatas: [1], auditMode: true })).toEqual([1, 13]);
    expect(keys({ custStatus: 'J', custAssocSituacao: 1, irDatas: [1], auditMode: false })).toEqual([1, 4, 6, 13, 14]);
  });
  it('internal number check digit', () => {
    expect(numeroInterno(1234)).toBe('0012348');
    expect(isValidNumeroInterno('0012348')).toBe(true);
    expect(isValidNumeroInterno('0012349')).toBe(false);
  });
});

describe('every member field is owned by a section (so the server checks its roles)', () => {
  it('no field escapes the section table', async () => {
    const { memberObjectSchema } = await import('./member.schema.js');
    const unowned = Object.keys(memberObjectSchema.shape).filter((key) => !['cstId', 'parentId', 'version'].includes(key) && !sectionOfField(key));
    expect(unowned).toEqual([]);
  });
});

describe('implausible dates (issue 22 item 20)', () => {
  const issuesOf = (change: Partial<MemberInput>) => {
    const result = memberSchema.safeParse({ ...validMember(), ...change });
    return result.success ? [] : firstIssuePerPath(result.error.issues).map((i) => `${i.path.join('.')}: ${i.message}`);
  };
  const tomorrow = () => {
    const d = new Date(Date.now() + 2 * 86_400_000);
    return d.toISOString().slice(0, 10);
  };

  it('a birth, admission or death after today is refused with the spec text', () => {
    expect(issuesOf({ custBirthdate: tomorrow() })).toEqual([`custBirthdate: ${dateMessages.afterToday}`]);
    expect(issuesOf({ custAdmissao: tomorrow() })).toEqual([`custAdmissao: ${dateMessages.afterToday}`]);
    expect(issuesOf({ custDeceased: tomorrow() })).toEqual([`custDeceased: ${dateMessages.afterToday}`]);
    expect(dateMessages.afterToday).toBe('Data não pode ser posterior ao dia de hoje');
  });

  it('a death before the birth is refused; 01/01/1900 (no death) and a later death pass', () => {
    expect(issuesOf({ custDeceased: '1969-12-31' })).toEqual([`custDeceased: ${dateMessages.deathBeforeBirth}`]);
    expect(issuesOf({ custDeceased: '1900-01-01' })).toEqual([]);
    expect(issuesOf({ custDeceased: '2020-01-01', custAdmissao: '1995-03-01' })).toEqual([]);
  });

  it('a dependent born after today is refused', () => {
    const dependent = {
      cstId: -1,
      custName: 'Filho Teste',
      custParentesco: 1,
      custBirthdate: tomorrow(),
      custSex: 0,
      custCpf: cpfFromBase('987654321'),
      operation: 'insert',
    };
    expect(issuesOf({ parentFilhos: [dependent] as never })).toEqual([`parentFilhos.0.custBirthdate: ${dateMessages.afterToday}`]);
  });
});

describe('cobrancas and ressarcimentos: their real item schemas (issue 23 item 6)', () => {
  const parse = (change: Record<string, unknown>) => memberSchema.safeParse({ ...validMember(), ...change });
  const messages = (change: Record<string, unknown>) => {
    const result = parse(change);
    return result.success ? [] : firstIssuePerPath(result.error.issues).map((i) => `${i.path.join('.')}: ${i.message}`);
  };
  const storedCharge = { cobId: 7, cobVencimento: '2024-01-10', cobValor: 15_000, bnkId: 11, cobRetorno: null, operation: 'none' };

  it("a charge row is checked by the charges module's item schema, with the charge's message at its field", () => {
    expect(messages({ cobrancas: [storedCharge] })).toEqual([]);
    expect(messages({ cobrancas: [{ ...storedCharge, cobValor: 0 }] })).toEqual([`cobrancas.0.cobValor: ${m.numericMin}`]);
    expect(messages({ cobrancas: [{ ...storedCharge, cobVencimento: undefined }] })).toEqual([`cobrancas.0.cobVencimento: ${m.required}`]);
    expect(messages({ cobrancas: [{ ...storedCharge, operation: 'x' }] })).toEqual([`cobrancas.0.operation: ${m.oneOf}`]);
    // The parsed row is the charge's own (ChargeItem), not a loose object.
    const parsed = parse({ cobrancas: [{ ...storedCharge, notAChargeField: 1 }] });
    expect(parsed.success && parsed.data.cobrancas?.[0]).toEqual(storedCharge);
    expectTypeOf<NonNullable<MemberInput['cobrancas']>[number]>().toEqualTypeOf<z.input<typeof chargeItemSchema>>();
  });

  it("a reimbursement row is checked by the reimbursements' item schema, with its message at its field", () => {
    const procedure = {
      procId: 1,
      procProcedimentoId: 2,
      procProcedimentoData: '2024-05-02',
      procProcedimentoValor: 12_000,
      procKey: '00000000-0000-4000-8000-000000000001',
      operation: 'none',
    };
    const row = { resId: 3, resPacienteCstId: 9, resTitularNome: 'Maria da Silva', resMarcaOtica: '12345678', procedimentos: [procedure] };
    expect(messages({ ressarcimentos: [{ ...row, operation: 'none' }] })).toEqual([]);
    expect(messages({ ressarcimentos: [{ ...row, resMarcaOtica: '', operation: 'update' }] })).toEqual([
      `ressarcimentos.0.resMarcaOtica: ${m.required}`,
    ]);
    expect(messages({ ressarcimentos: [{ ...row, operation: 'x' }] })).toEqual([`ressarcimentos.0.operation: ${m.oneOf}`]);
    expect(messages({ ressarcimentos: [{ ...row }] })).toEqual([`ressarcimentos.0.operation: ${m.oneOf}`]);
    expect(messages({ ressarcimentos: [{ ...row, procedimentos: [{ ...procedure, procRetornoStatus: 1 }], operation: 'update' }] })).toEqual([
      `ressarcimentos.0.procedimentos.0.procRetornoData: ${m.required}`,
      `ressarcimentos.0.procedimentos.0.procRetornoValor: ${m.required}`,
    ]);
    const parsed = parse({ ressarcimentos: [{ ...row, operation: 'none' }] });
    expect(parsed.success && parsed.data.ressarcimentos?.[0]?.procedimentos?.[0]?.procProcedimentoId).toBe(2);
    expectTypeOf<NonNullable<MemberInput['ressarcimentos']>[number]>().toEqualTypeOf<RessarcimentoItemInput>();
  });
});

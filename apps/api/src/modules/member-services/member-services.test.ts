import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bbCheckDigit,
  genericMessages as m,
  isoDateInAppZone,
  memberMessages as mm,
  memberServiceMessages as msg,
  roleCatalogue,
  type MemberInput,
  type MemberRecord,
  type MemberServiceItem,
  type Role,
  type RouteContract,
  memberContracts,
  memberServiceContracts,
} from '@assoc/domain';
import { audits, customerServices, products, servicePlugins, services, suppliers } from '../../db/schema/index.js';
import {
  call,
  getMember,
  type CallResult,
  createMember,
  createTestApp,
  nextCpf,
  signedInAs,
  type Client,
  type TestContext,
} from '../../../test/helper.js';
import { createMemberServicesRepository } from './member-services.repository.js';

let ctx: TestContext;
let staff: Client;
const allRoles = (Object.keys(roleCatalogue) as Role[]).filter((r) => r !== 'v2portal');
const without = (...roles: Role[]) => allRoles.filter((r) => !roles.includes(r));

// Services of the test registry (ids fixed for readability).
const PHONE = 501; // plgCelular, no duplicates
const LIFE = 502; // plgSeguroVida
const HEALTH_ADULT = 503; // plgHealth, ages 19 to 58
const CCH = 504; // plgCCHAdd
const BAR = 505; // duplicates allowed, no plugin
const HOLDER_ONLY = 506; // svcPermiteDependente false

beforeAll(async () => {
  ctx = await createTestApp();
  staff = (await signedInAs(ctx, allRoles)).client;
  const [sup] = await ctx.db.insert(suppliers).values({ supName: 'Fornecedor de teste' }).returning();
  await ctx.db.insert(products).values([
    { sucId: 16, supId: sup!.supId, sucName: 'Pecúlio' },
    { sucId: 17, supId: sup!.supId, sucName: 'Taxas' },
    { sucId: 30, supId: sup!.supId, sucName: 'Diversos' },
  ]);
  await ctx.db.insert(services).values([
    { svcId: 170, sucId: 16, svcName: 'Fundo de Pecúlio', svcValor: 5000 },
    { svcId: 171, sucId: 17, svcName: 'Mensalidade', svcValor: 12000 },
    { svcId: PHONE, sucId: 30, svcName: 'Linha móvel', svcValor: 5990 },
    { svcId: LIFE, sucId: 30, svcName: 'Seguro de vida', svcValor: 3870 },
    { svcId: HEALTH_ADULT, sucId: 30, svcName: 'Titular 19 a 58 anos', svcValor: 74320, svcMin: 19, svcMax: 58 },
    { svcId: CCH, sucId: 30, svcName: 'CCH', svcValor: 1000 },
    { svcId: BAR, sucId: 30, svcName: 'Consumo no bar', svcPermiteDuplicado: true },
    { svcId: HOLDER_ONLY, sucId: 30, svcName: 'Só titular', svcPermiteDependente: false },
  ]);
  await ctx.db.insert(servicePlugins).values([
    { svcId: PHONE, plugin: 'plgCelular' },
    { svcId: LIFE, plugin: 'plgSeguroVida' },
    { svcId: HEALTH_ADULT, plugin: 'plgHealth' },
    { svcId: CCH, plugin: 'plgCCHAdd' },
  ]);
});
afterAll(async () => {
  await ctx.close();
});

type Row = Partial<MemberServiceItem> & { svcId: number; operation: MemberServiceItem['operation'] };
const put = (client: Client, cstId: number, body: object) => call(client, memberContracts.update, { params: { cstId }, body: body });
/** Saves the member's service rows (only the list and the version are sent). */
const saveRows = async (client: Client, cstId: number, rows: Row[]) => {
  const { version } = await getMember(staff, cstId);
  return put(client, cstId, { version, usuarioServicos: rows });
};
const address = {
  adZipcode: '01310100',
  adAddress: 'Avenida Paulista',
  adNumber: '1000',
  adComplement: '',
  adBairro: 'Bela Vista',
  adCity: 'São Paulo',
  adState: 'SP',
  adAddNewCEP: 0 as const,
};
/** A holder saved through the API (a valid whole record), without services. */
async function holder(values: Partial<MemberInput> = {}) {
  const body: MemberInput = {
    cstId: -1,
    custName: 'Titular de Serviços Teste',
    custBirthdate: '1980-03-10',
    custSex: 1,
    custEstadoCivil: 2,
    custCpf: nextCpf(),
    custEmail: 'titular@example.com',
    custStatus: 'M',
    custAssocSituacao: 1,
    custSocio: 'N',
    custFinanceiroStatus: 'A',
    custCobrancaDia: 4,
    bankAccount: { bnkId: 2, bnkaccBranch: '0001', bnkaccBranchDigit: '9', bnkaccAccount: '00000006', bnkaccAccountDigit: bbCheckDigit('00000006') },
    enderecoSelected: 1,
    enderecoResidencial: { ...address },
    usuarioServicos: [],
    ...values,
  };
  const res = await call(staff, memberContracts.insert, { params: { cstId: -1 }, body: body });
  expect(res.status, res.res.body).toBe(200);
  return res.body;
}
const phone = (number = '11987654321'): Row => ({ svcId: PHONE, valor: 5990, cslStr1: number, cslStr2: 'Moto G', operation: 'insert' });
const rowsOf = (cstId: number) => ctx.db.select().from(customerServices).where(eq(customerServices.cstId, cstId)).orderBy(customerServices.cslId);
const serviceAudits = async (cstId: number) =>
  (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from audits where category = 'users' and owner_id = ${cstId}`)).rows[0]!.n;

/** A refused save wrote nothing: same rows, same version, no audit. */
async function expectUnchanged(cstId: number, act: () => Promise<CallResult<RouteContract>>, status: number, message?: string) {
  const before = { rows: await rowsOf(cstId), version: (await getMember(staff, cstId)).version, audits: await serviceAudits(cstId) };
  const res = await act();
  expect(res.status, res.res.body).toBe(status);
  if (message) expect(res.error.message).toBe(message);
  expect({ rows: await rowsOf(cstId), version: (await getMember(staff, cstId)).version, audits: await serviceAudits(cstId) }).toEqual(before);
}

describe('member services: save, load, audit', () => {
  it('adds a phone service: saved with its plugin fields, read back with its plugin, audited', async () => {
    const { cstId } = await holder();
    const res = await saveRows(staff, cstId, [phone()]);
    expect(res.status, res.res.body).toBe(200);
    const member = await getMember(staff, cstId);
    expect(member.usuarioServicos).toEqual([
      expect.objectContaining({
        svcId: PHONE,
        svcName: 'Linha móvel',
        svcEditPlugin: 'plgCelular',
        cslStr1: '11987654321',
        cslStr2: 'Moto G',
        operation: 'none',
      }),
    ]);
    const [audit] = await ctx.db
      .select()
      .from(audits)
      .where(and(eq(audits.category, 'users'), eq(audits.ownerId, cstId), eq(audits.action, 'update')));
    expect((audit!.after as MemberRecord).usuarioServicos).toEqual([expect.objectContaining({ svcId: PHONE, cslStr1: '11987654321' })]);

    // Deleted by its marker.
    const stored = (await getMember(staff, cstId)).usuarioServicos!;
    expect((await saveRows(staff, cstId, [{ ...stored[0]!, operation: 'delete' }])).status).toBe(200);
    expect(await rowsOf(cstId)).toEqual([]);
  });

  it('GET servicos/plugins lists the services with a plugin (401 signed out)', async () => {
    const res = await call(staff, memberServiceContracts.plugins);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(
      expect.arrayContaining([
        { svcId: PHONE, plugin: 'plgCelular' },
        { svcId: CCH, plugin: 'plgCCHAdd' },
      ]),
    );
    expect((await call(ctx.app, memberServiceContracts.plugins)).status).toBe(401);
  });

  it('401 signed out, nothing written', async () => {
    const { cstId } = await holder();
    await expectUnchanged(
      cstId,
      () => call(ctx.app, memberContracts.update, { params: { cstId }, body: { version: 1, usuarioServicos: [phone()] } }),
      401,
    );
  });

  it('an unchanged row sent as update writes nothing and needs no edit role', async () => {
    const { cstId } = await holder();
    await saveRows(staff, cstId, [phone()]);
    const [row] = (await getMember(staff, cstId)).usuarioServicos!;
    const viewOnly = (await signedInAs(ctx, without('v2servicoedit', 'v2servicodelete'))).client;
    const res = await saveRows(viewOnly, cstId, [{ ...row!, operation: 'update' }]);
    expect(res.status, res.res.body).toBe(200);
    expect((await rowsOf(cstId))[0]!.version).toBe(1);
  });
});

describe('member services: rules (400, nothing written)', () => {
  it.each<[string, Row, string]>([
    ['phone without number', { ...phone(''), cslStr1: '' }, `usuarioServicos.0.cslStr1: ${m.required}`],
    ['phone with 9 digits', phone('119876543'), `usuarioServicos.0.cslStr1: ${m.minLength(10)}`],
    ['phone model over 26', { ...phone(), cslStr2: 'x'.repeat(27) }, `usuarioServicos.0.cslStr2: ${m.maxLength(26)}`],
    ['IMEI over 20', { ...phone(), cslStr3: '1'.repeat(21) }, `usuarioServicos.0.cslStr3: ${m.maxLength(20)}`],
    ['invoice over 15', { ...phone(), cslStr4: '1'.repeat(16) }, `usuarioServicos.0.cslStr4: ${m.maxLength(15)}`],
    ['insurance without premium', { svcId: LIFE, cslStr1: '123', operation: 'insert' }, `usuarioServicos.0.cslValue2: ${m.required}`],
    [
      'insurance premium below 0,01',
      { svcId: LIFE, cslStr1: '123', cslValue2: 0, operation: 'insert' },
      `usuarioServicos.0.cslValue2: ${m.numericMin}`,
    ],
    [
      'insurance proposal not digits',
      { svcId: LIFE, cslStr1: '12a', cslValue2: 100, operation: 'insert' },
      `usuarioServicos.0.cslStr1: ${m.digitsOnly}`,
    ],
    [
      'insurance proposal over 11',
      { svcId: LIFE, cslStr1: '1'.repeat(12), cslValue2: 100, operation: 'insert' },
      `usuarioServicos.0.cslStr1: ${m.maxLength(11)}`,
    ],
    ['health card of 8 digits', { svcId: HEALTH_ADULT, cslStr1: '12345678', operation: 'insert' }, `usuarioServicos.0.cslStr1: ${m.exactLength(9)}`],
    [
      'Unimed number of 16 digits',
      { svcId: HEALTH_ADULT, cslStr2: '1'.repeat(16), operation: 'insert' },
      `usuarioServicos.0.cslStr2: ${m.exactLength(17)}`,
    ],
    ['CCH without date', { svcId: CCH, cslInt1: 21, operation: 'insert' }, `usuarioServicos.0.cslDate1: ${m.required}`],
    [
      'CCH date after today',
      { svcId: CCH, cslInt1: 21, cslDate1: '2999-01-01', operation: 'insert' },
      `usuarioServicos.0.cslDate1: ${msg.futureDate}`,
    ],
    ['CCH without plan', { svcId: CCH, cslDate1: '2020-01-01', operation: 'insert' }, `usuarioServicos.0.cslInt1: ${m.required}`],
    [
      'end before start',
      { svcId: BAR, cslInicio: '2024-05-01', cslFim: '2024-04-01', operation: 'insert' },
      `usuarioServicos.0.cslFim: ${msg.endBeforeStart}`,
    ],
  ])('%s', async (_name, row, message) => {
    const { cstId } = await holder();
    await expectUnchanged(cstId, () => saveRows(staff, cstId, [row]), 400, message);
  });

  it('the registry plugin counts, not the one the client sends', async () => {
    const { cstId } = await holder();
    await expectUnchanged(
      cstId,
      () => saveRows(staff, cstId, [{ svcId: PHONE, svcEditPlugin: null, cslStr1: '', operation: 'insert' }]),
      400,
      `usuarioServicos.0.cslStr1: ${m.required}`,
    );
  });

  it('refuses a duplicate of a service that does not allow it; allows one that does', async () => {
    const { cstId } = await holder();
    expect((await saveRows(staff, cstId, [phone()])).status).toBe(200);
    const stored = (await getMember(staff, cstId)).usuarioServicos!;
    await expectUnchanged(cstId, () => saveRows(staff, cstId, [...stored, phone('11912345678')]), 400, `usuarioServicos.1.svcId: ${msg.duplicate}`);
    // Also when the body leaves the stored row out (the server reads the real rows).
    await expectUnchanged(cstId, () => saveRows(staff, cstId, [phone('11912345678')]), 400, `usuarioServicos.0.svcId: ${msg.duplicate}`);
    const bar: Row = { svcId: BAR, valor: 1500, operation: 'insert' };
    expect((await saveRows(staff, cstId, [bar, { ...bar }])).status).toBe(200);
    expect((await rowsOf(cstId)).filter((r) => r.svcId === BAR)).toHaveLength(2);
    // Deleting the phone and adding it again in one save is not a duplicate.
    const phoneRow = (await getMember(staff, cstId)).usuarioServicos!.find((r) => r.svcId === PHONE)!;
    expect((await saveRows(staff, cstId, [{ ...phoneRow, operation: 'delete' }, phone('11912345678')])).status).toBe(200);
  });

  it('refuses a service outside its age range', async () => {
    const old = await holder({ custBirthdate: '1940-01-01' });
    await expectUnchanged(
      old.cstId,
      () => saveRows(staff, old.cstId, [{ svcId: HEALTH_ADULT, operation: 'insert' }]),
      400,
      `usuarioServicos.0.svcId: ${msg.ageOutOfRange(19, 58)}`,
    );
    const adult = await holder({ custBirthdate: '1980-01-01' });
    expect((await saveRows(staff, adult.cstId, [{ svcId: HEALTH_ADULT, cslStr1: '123456789', operation: 'insert' }])).status).toBe(200);
  });

  it("refuses a dependent a service the registry keeps for holders, or an age-ranged one without a birth date (the dependents' list calls apply)", async () => {
    const { cstId } = await holder();
    const dependent = await createMember(ctx, { parentId: cstId, custBirthdate: '2010-01-01' });
    const repo = createMemberServicesRepository();
    const apply = (svcId: number) =>
      ctx.db.transaction(async (tx) => repo.apply(tx, dependent.cstId, await repo.enrich(tx, [{ svcId, operation: 'insert' }], [])));
    await expect(apply(HOLDER_ONLY)).rejects.toMatchObject({ statusCode: 400, message: msg.notForDependents });
    await expect(apply(HEALTH_ADULT)).rejects.toMatchObject({ statusCode: 400, message: msg.ageOutOfRange(19, 58) });
    await apply(BAR);
    expect(await rowsOf(dependent.cstId)).toHaveLength(1);
    const unborn = await createMember(ctx, { parentId: cstId, custBirthdate: null });
    await expect(
      ctx.db.transaction(async (tx) => repo.apply(tx, unborn.cstId, await repo.enrich(tx, [{ svcId: HEALTH_ADULT, operation: 'insert' }], []))),
    ).rejects.toMatchObject({ statusCode: 400, message: msg.birthdateNeeded });
  });

  it('an unknown service, or a row of another person, is refused', async () => {
    const { cstId } = await holder();
    await expectUnchanged(cstId, () => saveRows(staff, cstId, [{ svcId: 999_999, operation: 'insert' }]), 400);
    const other = await holder();
    await saveRows(staff, other.cstId, [phone()]);
    const [foreign] = (await getMember(staff, other.cstId)).usuarioServicos!;
    await expectUnchanged(cstId, () => saveRows(staff, cstId, [{ ...foreign!, operation: 'delete' }]), 400);
    expect(await rowsOf(other.cstId)).toHaveLength(1);
  });

  it('Sócio / Fundo de Pecúlio rules read the real rows (a body without the stored rows, a delete of the fee)', async () => {
    const { cstId } = await holder({
      custSocio: 'S',
      usuarioServicos: [
        { svcId: 170, operation: 'insert' },
        { svcId: 171, operation: 'insert' },
      ],
    });
    // Only the new row sent: the stored Fundo de Pecúlio and fee still count.
    expect((await saveRows(staff, cstId, [phone()])).status).toBe(200);
    const fee = (await getMember(staff, cstId)).usuarioServicos!.find((r) => r.svcId === 171)!;
    await expectUnchanged(cstId, () => saveRows(staff, cstId, [{ ...fee, operation: 'delete' }]), 400, `custSocio: ${mm.peculioNeedsFee}`);
  });
});

describe('member services: roles per action (403, nothing written)', () => {
  it('add needs v2servicoadd, edit v2servicoedit, delete v2servicodelete', async () => {
    const { cstId } = await holder();
    await saveRows(staff, cstId, [phone()]);
    const [row] = (await getMember(staff, cstId)).usuarioServicos!;
    const noAdd = (await signedInAs(ctx, without('v2servicoadd'))).client;
    const noEdit = (await signedInAs(ctx, without('v2servicoedit'))).client;
    const noDelete = (await signedInAs(ctx, without('v2servicodelete'))).client;
    const forbidden = mm.sectionForbidden('Serviços');
    await expectUnchanged(cstId, () => saveRows(noAdd, cstId, [{ svcId: BAR, operation: 'insert' }]), 403, forbidden);
    await expectUnchanged(cstId, () => saveRows(noEdit, cstId, [{ ...row!, cslStr2: 'Outro', operation: 'update' }]), 403, forbidden);
    await expectUnchanged(cstId, () => saveRows(noDelete, cstId, [{ ...row!, operation: 'delete' }]), 403, forbidden);
    // Each may do the others.
    expect((await saveRows(noAdd, cstId, [{ ...row!, cslStr2: 'Outro', operation: 'update' }])).status).toBe(200);
    expect((await saveRows(noEdit, cstId, [{ svcId: BAR, operation: 'insert' }])).status).toBe(200);
  });

  it('without any services edit role: 403 for a change', async () => {
    const { cstId } = await holder();
    const viewer = (await signedInAs(ctx, without('v2servicoadd', 'v2servicoedit', 'v2servicodelete'))).client;
    await expectUnchanged(cstId, () => saveRows(viewer, cstId, [phone()]), 403);
  });

  it('CCH rows: edit needs v2cchedit, delete v2cchdelete, the add toggles v2cchdatainsc and v2cchhistorico', async () => {
    const { cstId } = await holder();
    const cch: Row = { svcId: CCH, cslDate1: isoDateInAppZone(), cslInt1: 22, operation: 'insert' };
    const noToggles = (await signedInAs(ctx, without('v2cchdatainsc', 'v2cchhistorico'))).client;
    const forbidden = mm.sectionForbidden('Serviços CCH');
    await expectUnchanged(cstId, () => saveRows(noToggles, cstId, [{ ...cch, cslInt4: 1 }]), 403, forbidden);
    await expectUnchanged(cstId, () => saveRows(noToggles, cstId, [{ ...cch, cslInt5: 1 }]), 403, forbidden);
    expect((await saveRows(noToggles, cstId, [cch])).status).toBe(200);
    const [row] = (await getMember(staff, cstId)).usuarioServicos!;
    const noCchEdit = (await signedInAs(ctx, without('v2cchedit'))).client;
    const noCchDelete = (await signedInAs(ctx, without('v2cchdelete'))).client;
    await expectUnchanged(cstId, () => saveRows(noCchEdit, cstId, [{ ...row!, cslInt1: 21, operation: 'update' }]), 403, forbidden);
    await expectUnchanged(cstId, () => saveRows(noCchDelete, cstId, [{ ...row!, operation: 'delete' }]), 403, forbidden);
    expect((await saveRows(staff, cstId, [{ ...row!, cslInt1: 21, operation: 'update' }])).status).toBe(200);
  });
});

import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberMessages as mm, roleCatalogue, type MemberInput, type Role, memberContracts, memberLocationContracts } from '@assoc/domain';
import { circunscricoes, comarcas, customers, forumCargos, forums, locals } from '../../db/schema/index.js';
import { call, createMember, createTestApp, signedInAs, type Client, type TestContext, memberInput } from '../../../test/helper.js';

let ctx: TestContext;
let staff: Client;
const allRoles = (Object.keys(roleCatalogue) as Role[]).filter((r) => r !== 'v2portal');
const without = (...roles: Role[]) => allRoles.filter((r) => !roles.includes(r));
let apfId: number;
let locId: number;
let deletedLocId: number;
let afcId: number;
let titular: { cstId: number; custName: string };

beforeAll(async () => {
  ctx = await createTestApp();
  staff = (await signedInAs(ctx, allRoles)).client;
  titular = await createMember(ctx, { custName: 'Coordenadora Titular Teste' });
  const [cir] = await ctx.db.insert(circunscricoes).values({ cirNome: '1ª Circunscrição', cirRegional: 'Capital' }).returning();
  const [com] = await ctx.db.insert(comarcas).values({ cirId: cir!.cirId, comNome: 'Comarca da Capital' }).returning();
  const [forum] = await ctx.db
    .insert(forums)
    .values({
      comId: com!.comId,
      forNome: 'Fórum Central',
      forShort: 'Central',
      forAddress: 'Praça da Sé',
      forNumber: '1',
      forCity: 'São Paulo',
      forState: 'SP',
    })
    .returning();
  apfId = forum!.apfId;
  const [local, gone] = await ctx.db
    .insert(locals)
    .values([
      { apfId, locNome: '1ª Vara Cível', predioNome: 'Prédio A', locPhone1Ddd: '11', locPhone1: '33330000', corTitular: titular.cstId },
      { apfId, locNome: 'Vara extinta', predioNome: 'Prédio B', deletedAt: new Date() },
    ])
    .returning();
  locId = local!.locId;
  deletedLocId = gone!.locId;
  const [cargo] = await ctx.db.insert(forumCargos).values({ afcCargo: 'Juiz de Direito' }).returning();
  afcId = cargo!.afcId;
});
afterAll(async () => {
  await ctx.close();
});

const member = (): MemberInput =>
  memberInput({
    custName: 'Magistrado Localização Teste',
    custBirthdate: '1971-01-02',
    custSex: 0,
    enderecoResidencial: {
      adZipcode: '01310100',
      adAddress: 'Avenida Paulista',
      adNumber: '1',
      adBairro: 'Bela Vista',
      adCity: 'São Paulo',
      adState: 'SP',
    },
  });
async function insert(client: Client = staff, body: MemberInput = member()) {
  const res = await call(client, memberContracts.insert, { params: { cstId: -1 }, body: body });
  expect(res.status, res.res.body).toBe(200);
  const read = await call(client, memberContracts.get, { params: { cstId: res.body.cstId } });
  return read.body;
}
const put = (client: Client, cstId: number, body: unknown) => call(client, memberContracts.update, { params: { cstId }, rawBody: body as object });
const customersSnapshot = () => ctx.db.select().from(customers).orderBy(asc(customers.cstId));
const auditCount = async () => Number((await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from audits`)).rows[0]!.n);

describe('GET localizacao/trabalho/{locId}', () => {
  it('answers the local, its forum, comarca and circunscrição and its coordinators', async () => {
    const res = await call(staff, memberLocationContracts.workplace, { params: { locId } });
    expect(res.status, res.res.body).toBe(200);
    const workplace = res.body;
    expect(workplace).toMatchObject({
      locId,
      locNome: '1ª Vara Cível',
      predioNome: 'Prédio A',
      locPhone1Ddd: '11',
      locPhone1: '33330000',
      apfId,
      forNome: 'Fórum Central',
      forAddress: 'Praça da Sé',
      comNome: 'Comarca da Capital',
      cirNome: '1ª Circunscrição',
      titular: { cstId: titular.cstId, custName: 'Coordenadora Titular Teste' },
      adjunto: null,
    });
  });

  it('404 for an unknown or deleted local, 400 for a bad id; 401 signed out, 403 without v2tablocalizacao', async () => {
    expect((await call(staff, memberLocationContracts.workplace, { params: { locId: deletedLocId } })).status).toBe(404);
    expect((await call(staff, memberLocationContracts.workplace, { params: { locId: 999999 } })).status).toBe(404);
    expect((await call(staff, memberLocationContracts.workplace, { params: { locId: 'x' } })).status).toBe(400);
    expect((await call(ctx.app, memberLocationContracts.workplace, { params: { locId } })).status).toBe(401);
    const { client } = await signedInAs(ctx, without('v2tablocalizacao'));
    expect((await call(client, memberLocationContracts.workplace, { params: { locId } })).status).toBe(403);
  });
});

describe('the member save: the Localização section (v2loc)', () => {
  const location = () => ({
    afcId,
    apfId,
    locId,
    custDirForum: true,
    custDataDirForum: '2024-02-01',
    desigApfId: apfId,
    desigLocId: locId,
    desigApcId: afcId,
    provApfId: apfId,
    provLocId: locId,
    provApcId: afcId,
    custProvData: '2025-06-30',
    custProvForum: 'Fórum provisório',
    custProvVara: '2ª Vara',
  });

  it('saves the position, forum, local, director of forum and the Designado and Provisório panels', async () => {
    const saved = await insert();
    const res = await put(staff, saved.cstId, { version: saved.version, ...location() });
    expect(res.status, res.res.body).toBe(200);
    const read = (await call(staff, memberContracts.get, { params: { cstId: saved.cstId } })).body;
    expect(read).toMatchObject(location());
  });

  it.each([
    ['desigApfId', { desigApfId: null }],
    ['provLocId', { provLocId: null }],
    ['custProvData', { custProvData: '2025-01-01' }],
    ['custProvVara', { custProvVara: 'Outra vara' }],
    ['afcId', { afcId: null }],
    ['custDirForum', { custDirForum: false, custDataDirForum: null }],
  ])('changing %s without v2loc (with the magistrate data roles) is 403, nothing written', async (_field, change) => {
    const saved = await insert();
    expect((await put(staff, saved.cstId, { version: saved.version, ...location() })).status).toBe(200);
    const { client } = await signedInAs(ctx, without('v2loc'));
    const read = (await call(client, memberContracts.get, { params: { cstId: saved.cstId } })).body;
    const before = { customers: await customersSnapshot(), audits: await auditCount() };
    const res = await put(client, saved.cstId, { version: read.version, ...location(), ...change });
    expect(res.status, res.res.body).toBe(403);
    expect(res.error.message).toBe(mm.sectionForbidden('Localização'));
    expect({ customers: await customersSnapshot(), audits: await auditCount() }).toEqual(before);
    // The same values sent back unchanged are no change.
    expect((await put(client, saved.cstId, { version: read.version, ...location() })).status).toBe(200);
  });

  it('the panel rules: forum, local and cargo together; the provisional date', async () => {
    const saved = await insert();
    const res = await put(staff, saved.cstId, { version: saved.version, desigApfId: apfId });
    expect(res.status).toBe(400);
    expect(res.error.message).toBe(`desigLocId: ${mm.localRequired}`);
    const prov = await put(staff, saved.cstId, { version: saved.version, provApfId: apfId, provLocId: locId, provApcId: afcId });
    expect(prov.error.message).toBe(`custProvData: ${mm.provisionalDateRequired}`);
  });
});

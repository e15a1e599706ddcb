import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mobileCallsMessages as mm, mobileCallsContracts } from '@assoc/domain';
import { customerServices, mobileCalls, products, services, suppliers } from '../../db/schema/index.js';
import { seedMobileCalls } from '../../db/seed/mobile-calls.seed.js';
import { call, createMember, createTestApp, signedInAs, type Client, type TestContext } from '../../../test/helper.js';

let ctx: TestContext;
let staff: Client;
let holderId: number;
let dependentId: number;
let otherId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  const [sup] = await ctx.db.insert(suppliers).values({ supName: 'Operadora de celular' }).returning();
  await ctx.db.insert(products).values({ sucId: 9501, supId: sup!.supId, sucName: 'Plano corporativo de celular' });
  await ctx.db.insert(services).values([
    { svcId: 9501, sucId: 9501, svcName: 'Linha corporativa', svcValor: 5000 },
    { svcId: 9502, sucId: 9501, svcName: 'Aparelho celular parcelado', svcValor: 9000 },
  ]);
  const holder = await createMember(ctx, { custName: 'Titular Celular' });
  const dependent = await createMember(ctx, { parentId: holder.cstId, custName: 'Dependente Celular' });
  const other = await createMember(ctx, { custName: 'Sem Celular' });
  [holderId, dependentId, otherId] = [holder.cstId, dependent.cstId, other.cstId];
  await ctx.db.insert(customerServices).values([
    { cstId: holderId, svcId: 9501 },
    { cstId: dependentId, svcId: 9501 },
    { cstId: otherId, svcId: 9502 },
  ]);
  await seedMobileCalls(ctx.db);
  ({ client: staff } = await signedInAs(ctx, ['v2access', 'v2tabextratos']));
});
afterAll(() => ctx?.close());

describe('GET celular/{cstId}/{ano}/{mes}', () => {
  it('answers 401 signed out and 403 without the statement or services tab', async () => {
    expect((await call(ctx.app, mobileCallsContracts.statement, { params: { cstId: holderId, ano: 0, mes: 0 } })).status).toBe(401);
    const { client } = await signedInAs(ctx, ['v2access', 'v2tabir']);
    expect((await call(client, mobileCallsContracts.statement, { params: { cstId: holderId, ano: 0, mes: 0 } })).status).toBe(403);
    const { client: services } = await signedInAs(ctx, ['v2access', 'v2tabservicos']);
    expect((await call(services, mobileCallsContracts.statement, { params: { cstId: holderId, ano: 0, mes: 0 } })).status).toBe(200);
  });

  it('0/0 answers the newest month, the three months available and the total of Valor; both lines are the holder’s', async () => {
    const res = await call(staff, mobileCallsContracts.statement, { params: { cstId: holderId, ano: 0, mes: 0 } });
    expect(res.status, res.res.body).toBe(200);
    const reply = res.body;
    expect(reply.periodos).toHaveLength(3);
    expect([reply.ano, reply.mes]).toEqual([reply.periodos[0]!.ano, reply.periodos[0]!.mes]);
    expect(reply.periodos[0]!.label).toBe(`${String(reply.mes).padStart(2, '0')}/${reply.ano}`);
    expect(new Set(reply.chamadas.map((c) => c.responsavel))).toEqual(new Set(['Titular Celular', 'Dependente Celular']));
    expect(reply.total).toBe(reply.chamadas.reduce((s, c) => s + c.valor, 0));
    const stored = await ctx.db.execute<{ total: number; n: number }>(sql`
      select coalesce(sum(mc_valor), 0)::int as total, count(*)::int as n from mobile_calls
       where cst_id = ${holderId} and mc_ano = ${reply.ano} and mc_mes = ${reply.mes}`);
    expect([reply.total, reply.chamadas.length]).toEqual([stored.rows[0]!.total, stored.rows[0]!.n]);
    for (const c of reply.chamadas) expect(c.numero).toMatch(/^\d{11}$/);
  });

  it('a chosen month, the same from a dependent; an empty month; no calls for a handset-only member', async () => {
    const first = (await call(staff, mobileCallsContracts.statement, { params: { cstId: holderId, ano: 0, mes: 0 } })).body;
    const oldest = first.periodos[2]!;
    const chosen = (await call(staff, mobileCallsContracts.statement, { params: { cstId: dependentId, ano: oldest.ano, mes: oldest.mes } })).body;
    expect([chosen.ano, chosen.mes]).toEqual([oldest.ano, oldest.mes]);
    expect(chosen.chamadas.length).toBeGreaterThan(0);
    const empty = (await call(staff, mobileCallsContracts.statement, { params: { cstId: holderId, ano: 2001, mes: 1 } })).body;
    expect([empty.chamadas, empty.total]).toEqual([[], 0]);
    const none = (await call(staff, mobileCallsContracts.statement, { params: { cstId: otherId, ano: 0, mes: 0 } })).body;
    expect(none).toEqual({ ano: 0, mes: 0, periodos: [], chamadas: [], total: 0 });
    expect(await ctx.db.select().from(mobileCalls).where(eq(mobileCalls.cstId, otherId))).toHaveLength(0);
  });

  it('400 for a bad month, 404 for an unknown member', async () => {
    const bad = await call(staff, mobileCallsContracts.statement, { params: { cstId: holderId, ano: 2025, mes: 13 } });
    expect(bad.status).toBe(400);
    expect(bad.error.message).toContain(mm.invalidPeriod);
    const missing = await call(staff, mobileCallsContracts.statement, { params: { cstId: 999999999, ano: 0, mes: 0 } });
    expect([missing.status, missing.error.message]).toEqual([404, mm.memberNotFound]);
  });

  it('the seed gives the same records on a second run', async () => {
    const before = await ctx.db.execute(sql`select cst_id, mc_data, mc_valor, mc_tipo from mobile_calls order by mc_id`);
    await seedMobileCalls(ctx.db);
    const after = await ctx.db.execute(sql`select cst_id, mc_data, mc_valor, mc_tipo from mobile_calls order by mc_id`);
    expect(after.rows).toEqual(before.rows);
  });
});

import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRowPath, roleCatalogue, type Role, memberContracts } from '@assoc/domain';
import { audits, products, services, suppliers } from '../../db/schema/index.js';
import { call, getMember, createBoletoHolder, createTestApp, nextCpf, signedInAs, type Client, type TestContext } from '../../../test/helper.js';

/**
 * Decision 1 inside a child list's rows: a dependent's services have roles of their own (spec 1 §6 v2depservicoview,
 * v2depservicoedit), so a user with v2depview only gets the dependents without them, in GET user and in audit
 * versions, saves a dependent without touching its services, and is refused a crafted service row.
 */
let ctx: TestContext;
let staff: Client;
const allRoles = (Object.keys(roleCatalogue) as Role[]).filter((r) => r !== 'v2portal');
/** Opens a member and edits its dependents, without any role of the dependents' services. */
const noServices: Role[] = ['v2access', 'v2search', 'v2tabusuario', 'v2tabdependente', 'v2userallowupdate', 'v2depview', 'v2depedit'];

beforeAll(async () => {
  ctx = await createTestApp();
  staff = (await signedInAs(ctx, allRoles)).client;
  const [sup] = await ctx.db.insert(suppliers).values({ supName: 'Operadora Aninhada' }).returning();
  await ctx.db.insert(products).values({ sucId: 41, supId: sup!.supId, sucName: 'Plano de saúde', sucHealth: true });
  await ctx.db.insert(services).values({ svcId: 410, sucId: 41, svcName: 'Plano Apartamento', svcValor: 40000 });
});
afterAll(async () => {
  await ctx.close();
});

const saveDependents = async (client: Client, cstId: number, parentFilhos: unknown[]) => {
  const { version } = await getMember(staff, cstId);
  return call(client, memberContracts.update, { params: { cstId }, rawBody: { version, parentFilhos } });
};
const servicesOf = async (holderId: number) =>
  (
    await ctx.db.execute(sql`select coalesce(json_agg(s order by s.csl_id), '[]') as rows
      from customer_services s join customers d on d.cst_id = s.cst_id where d.parent_id = ${holderId}`)
  ).rows[0]!.rows;
const latestAudit = async (holderId: number) =>
  (
    await ctx.db
      .select({ auditId: audits.auditId })
      .from(audits)
      .where(and(eq(audits.category, 'users'), eq(audits.ownerId, holderId)))
      .orderBy(desc(audits.auditId))
      .limit(1)
  )[0]!.auditId;

/** A holder with one dependent holding a health plan (saved by a user with every role). */
async function holderWithDependentService() {
  const holder = await createBoletoHolder(ctx);
  const dependent = {
    cstId: -1,
    custName: 'Dependente Aninhado Teste',
    custParentesco: 2,
    custBirthdate: '2012-07-01',
    custSex: 0,
    custCpf: nextCpf(),
    operation: 'insert',
    usuarioServicos: [{ svcId: 410, valor: 40000, operation: 'insert' }],
  };
  const res = await saveDependents(staff, holder.cstId, [dependent]);
  expect(res.status, res.res.body).toBe(200);
  const stored = (await getMember(staff, holder.cstId)).parentFilhos![0]! as Record<string, unknown> & {
    cstId: number;
    usuarioServicos: { cslId: number }[];
  };
  return { holder, dependent: stored };
}

describe("a dependent's services without v2depservicoview", () => {
  it('are left out of GET user (key absent); a name change saves and leaves them untouched', async () => {
    const { holder, dependent } = await holderWithDependentService();
    const { client } = await signedInAs(ctx, noServices);
    const read = await getMember(client, holder.cstId);
    expect(read.parentFilhos).toHaveLength(1);
    expect(read.parentFilhos![0]).not.toHaveProperty('usuarioServicos');
    expect((await getMember(staff, holder.cstId)).parentFilhos![0]).toHaveProperty('usuarioServicos', [expect.objectContaining({ svcId: 410 })]);

    const before = await servicesOf(holder.cstId);
    const row = { ...read.parentFilhos![0]!, custName: 'Dependente Renomeado Teste', operation: 'update' };
    const res = await saveDependents(client, holder.cstId, [row]);
    expect(res.status, res.res.body).toBe(200);
    const after = await getMember(staff, holder.cstId);
    expect(after.parentFilhos![0]).toMatchObject({ cstId: dependent.cstId, custName: 'Dependente Renomeado Teste' });
    expect(await servicesOf(holder.cstId)).toEqual(before);
    expect(after.parentFilhos![0]!.usuarioServicos).toHaveLength(1);
  });

  it('a crafted service row is refused (403) and nothing is written', async () => {
    const { holder, dependent } = await holderWithDependentService();
    const { client } = await signedInAs(ctx, noServices);
    const before = { services: await servicesOf(holder.cstId), audit: await latestAudit(holder.cstId) };
    const cslId = dependent.usuarioServicos[0]!.cslId;
    for (const service of [
      { svcId: 410, valor: 100, operation: 'insert' },
      { cslId, svcId: 410, valor: 100, operation: 'update' },
      { cslId, svcId: 410, operation: 'delete' },
    ]) {
      const res = await saveDependents(client, holder.cstId, [
        { ...dependent, custName: 'Outro Nome Teste', operation: 'update', usuarioServicos: [service] },
      ]);
      expect(res.status, res.res.body).toBe(403);
      expect(res.error.message).toContain('Serviços do dependente');
    }
    expect({ services: await servicesOf(holder.cstId), audit: await latestAudit(holder.cstId) }).toEqual(before);
    expect((await getMember(staff, holder.cstId)).parentFilhos![0]).toMatchObject({ custName: 'Dependente Aninhado Teste' });
  });

  it('an audit version read by that user lacks them too, and its fieldDiffs name no path inside them', async () => {
    const { holder, dependent } = await holderWithDependentService();
    const cslId = dependent.usuarioServicos[0]!.cslId;
    // A save by staff that changes the service's value only.
    const res = await saveDependents(staff, holder.cstId, [
      { ...dependent, operation: 'update', usuarioServicos: [{ cslId, svcId: 410, valor: 45000, operation: 'update' }] },
    ]);
    expect(res.status, res.res.body).toBe(200);
    const auditId = await latestAudit(holder.cstId);
    const row = auditRowPath('parentFilhos', dependent.cstId);

    const full = (await call(staff, memberContracts.audit, { params: { id: auditId } })).body;
    expect(full.fieldDiffs).toEqual(
      expect.arrayContaining([
        'parentFilhos',
        row,
        `${row}.usuarioServicos`,
        `${row}.usuarioServicos.${cslId}`,
        `${row}.usuarioServicos.${cslId}.valor`,
      ]),
    );

    const { client } = await signedInAs(ctx, [...noServices, 'v2userallowaudit']);
    const restricted = await call(client, memberContracts.audit, { params: { id: auditId } });
    expect(restricted.status, restricted.res.body).toBe(200);
    const version = restricted.body;
    expect(version.parentFilhos![0]).not.toHaveProperty('usuarioServicos');
    expect(version.fieldDiffs ?? []).not.toContain('parentFilhos');
    expect((version.fieldDiffs ?? []).filter((path) => path.startsWith('parentFilhos'))).toEqual([]);
  });
});

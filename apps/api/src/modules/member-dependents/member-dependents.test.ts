import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  genericMessages as m,
  memberMessages as mm,
  roleCatalogue,
  type DependentItemInput,
  type MemberRecord,
  type Role,
  memberContracts,
  searchContracts,
} from '@assoc/domain';
import { assocCargos, audits, customerServices, products, services, suppliers } from '../../db/schema/index.js';
import { call, getMember, createBoletoHolder, createTestApp, nextCpf, signedInAs, type Client, type TestContext } from '../../../test/helper.js';

let ctx: TestContext;
let staff: Client;
let cargo: number;
const allRoles = (Object.keys(roleCatalogue) as Role[]).filter((r) => r !== 'v2portal');
/** The roles to open a member and save it, without the dependents' own. */
const base: Role[] = ['v2access', 'v2search', 'v2tabusuario', 'v2tabdependente', 'v2userallowupdate', 'v2depview', 'v2depservicoview'];

beforeAll(async () => {
  ctx = await createTestApp({}, { features: { searchIndex: true } });
  staff = (await signedInAs(ctx, allRoles)).client;
  const [sup] = await ctx.db.insert(suppliers).values({ supName: 'Operadora Teste' }).returning();
  await ctx.db.insert(products).values({ sucId: 40, supId: sup!.supId, sucName: 'Plano de saúde', sucHealth: true });
  await ctx.db.insert(services).values({ svcId: 400, sucId: 40, svcName: 'Plano Enfermaria', svcValor: 30000 });
  cargo = (await ctx.db.insert(assocCargos).values({ aacCargo: 'Conselheiro' }).returning())[0]!.aacId;
});
afterAll(async () => {
  await ctx.close();
});

const put = (client: Client, cstId: number, body: object) => call(client, memberContracts.update, { params: { cstId }, body: body });
/** A save of the dependents only (the holder's own fields not sent). */
const saveDependents = async (client: Client, cstId: number, parentFilhos: unknown[]) => {
  const { version } = await getMember(staff, cstId);
  return put(client, cstId, { version, parentFilhos });
};
const newDependent = (over: Partial<Record<keyof DependentItemInput, unknown>> = {}) => ({
  cstId: -1,
  custName: 'Pedro Dependente Teste',
  custParentesco: 2,
  custBirthdate: '2012-07-01',
  custSex: 0,
  custCpf: nextCpf(),
  operation: 'insert',
  ...over,
});
const healthPlan = (operation: 'insert' | 'none' | 'delete' = 'insert', cslId?: number) => ({ cslId, svcId: 400, valor: 30000, operation });
/** The holder's dependents and services as stored, to prove a refused save wrote nothing. */
async function snapshot(holderId: number) {
  const result = await ctx.db.execute(sql`select
    (select coalesce(json_agg(d order by d.cst_id), '[]') from customers d where d.parent_id = ${holderId} or d.cst_id = ${holderId}) as people,
    (select coalesce(json_agg(s order by s.csl_id), '[]') from customer_services s join customers d on d.cst_id = s.cst_id where d.parent_id = ${holderId}) as services,
    (select count(*)::int from audits where category = 'users' and owner_id = ${holderId}) as audits`);
  return result.rows[0];
}
/** A holder whose stored record passes the member rules (a save re-checks the merged member). */
const createHolder = (values: { custName?: string } = {}) => createBoletoHolder(ctx, values);
/** A holder with one stored dependent (and its health plan when asked). */
async function holderWithDependent(withService = false) {
  const holder = await createHolder();
  const res = await saveDependents(staff, holder.cstId, [newDependent({ usuarioServicos: withService ? [healthPlan()] : [] })]);
  expect(res.status, res.res.body).toBe(200);
  const dependent = (await getMember(staff, holder.cstId)).parentFilhos![0]!;
  return { holder, dependent: dependent as DependentItemInput & { cstId: number; usuarioServicos: { cslId: number }[] } };
}

describe('dependents by marker', () => {
  it('inserts a dependent with its services (placeholder photo), reads it with the member, audits it and the search finds it', async () => {
    const holder = await createHolder({ custName: 'Holder Xisberto Teste' });
    const res = await saveDependents(staff, holder.cstId, [
      newDependent({ custName: 'Quintiliano Xisberto Teste', usuarioServicos: [healthPlan()] }),
    ]);
    expect(res.status, res.res.body).toBe(200);
    const member = await getMember(staff, holder.cstId);
    expect(member.parentFilhos).toEqual([
      expect.objectContaining({
        custName: 'Quintiliano Xisberto Teste',
        custParentesco: 2,
        custBirthdate: '2012-07-01',
        custSex: 0,
        custPhotoKey: null,
        operation: 'none',
        usuarioServicos: [expect.objectContaining({ svcId: 400, svcName: 'Plano Enfermaria', sucId: 40, valor: 30000, operation: 'none' })],
      }),
    ]);
    const dependentId = (member.parentFilhos![0] as { cstId: number }).cstId;
    const [audit] = await ctx.db
      .select()
      .from(audits)
      .where(and(eq(audits.category, 'users'), eq(audits.ownerId, holder.cstId), eq(audits.action, 'update')));
    expect(audit).toMatchObject({ action: 'update' });
    expect((audit!.before as MemberRecord).parentFilhos).toEqual([]);
    expect((audit!.after as MemberRecord).parentFilhos).toEqual([
      expect.objectContaining({ cstId: dependentId, custName: 'Quintiliano Xisberto Teste' }),
    ]);
    const diffs = (await call(staff, memberContracts.audit, { params: { id: audit!.auditId } })).body.fieldDiffs;
    expect(diffs).toContain('parentFilhos');
    // Searchable right after the save (the people index follows the change feed of migration 0009).
    const found = (await call(staff, searchContracts.search, { body: { text: 'xisberto' } })).body;
    expect(found).toContainEqual(expect.objectContaining({ cstId: dependentId, parentId: holder.cstId }));
  });

  it('updates a dependent (only what changed) and adds a service to it', async () => {
    const { holder, dependent } = await holderWithDependent();
    const res = await saveDependents(staff, holder.cstId, [
      { ...dependent, custName: 'Pedro Renomeado Teste', usuarioServicos: [healthPlan()], operation: 'update' },
    ]);
    expect(res.status, res.res.body).toBe(200);
    const [saved] = (await getMember(staff, holder.cstId)).parentFilhos as { custName: string; version: number; usuarioServicos: unknown[] }[];
    expect(saved).toMatchObject({ custName: 'Pedro Renomeado Teste', version: 2 });
    expect(saved!.usuarioServicos).toHaveLength(1);
  });

  it('refuses to delete a dependent with services (counting only those not marked delete); deletes it with them in one save', async () => {
    const { holder, dependent } = await holderWithDependent(true);
    const cslId = dependent.usuarioServicos[0]!.cslId;
    const before = await snapshot(holder.cstId);
    // The stored services count even when the body leaves them out.
    for (const body of [
      { ...dependent, usuarioServicos: undefined, operation: 'delete' },
      { ...dependent, usuarioServicos: [healthPlan('none', cslId)], operation: 'delete' },
    ]) {
      const res = await saveDependents(staff, holder.cstId, [body]);
      expect(res.status, res.res.body).toBe(400);
      expect(res.error.message).toContain(mm.dependentHasServices);
    }
    expect(await snapshot(holder.cstId)).toEqual(before);
    const res = await saveDependents(staff, holder.cstId, [{ ...dependent, usuarioServicos: [healthPlan('delete', cslId)], operation: 'delete' }]);
    expect(res.status, res.res.body).toBe(200);
    expect((await getMember(staff, holder.cstId)).parentFilhos).toEqual([]);
    expect(await ctx.db.select().from(customerServices).where(eq(customerServices.cstId, dependent.cstId))).toEqual([]);
  });

  it('checks the rules of spec 1 §5 "Dependent" (400, nothing written)', async () => {
    const { holder, dependent } = await holderWithDependent();
    const before = await snapshot(holder.cstId);
    const cases: [object, string][] = [
      [newDependent({ custName: 'Ana' }), `parentFilhos.0.custName: ${m.minLength(5)}`],
      [newDependent({ custName: '' }), `parentFilhos.0.custName: ${m.required}`],
      [newDependent({ custCpf: '12345678900' }), `parentFilhos.0.custCpf: ${m.cpf}`],
      [newDependent({ custBirthdate: null }), `parentFilhos.0.custBirthdate: ${m.required}`],
      [newDependent({ custParentesco: null }), `parentFilhos.0.custParentesco: ${m.required}`],
      [newDependent({ custSex: null }), `parentFilhos.0.custSex: ${m.required}`],
      [{ ...dependent, cstId: 999999, operation: 'update' }, mm.dependentNotFound],
    ];
    for (const [row, message] of cases) {
      const res = await saveDependents(staff, holder.cstId, [row]);
      expect(res.status, res.res.body).toBe(400);
      expect(res.error.message).toBe(message);
    }
    // Another holder's dependent is not this holder's.
    const other = await holderWithDependent();
    const res = await saveDependents(staff, holder.cstId, [{ ...other.dependent, custName: 'Outro Nome Teste', operation: 'update' }]);
    expect(res.status).toBe(400);
    expect(await snapshot(holder.cstId)).toEqual(before);
  });
});

describe('roles (spec 1 §6: v2depadd, v2depedit, v2depdelete, v2depservicoedit, v2depview; association panel)', () => {
  it('401 anonymous', async () => {
    const res = await call(ctx.app, memberContracts.update, { params: { cstId: 1 }, rawBody: { version: 1, parentFilhos: [newDependent()] } });
    expect(res.status).toBe(401);
  });

  it('403 per action without its role, nothing written', async () => {
    const { holder, dependent } = await holderWithDependent(true);
    const cslId = dependent.usuarioServicos[0]!.cslId;
    const cases: [Role[], object][] = [
      [['v2depedit', 'v2depdelete', 'v2depservicoedit'], newDependent()],
      [
        ['v2depadd', 'v2depdelete', 'v2depservicoedit'],
        { ...dependent, usuarioServicos: undefined, custName: 'Nome Mudado Teste', operation: 'update' },
      ],
      [['v2depadd', 'v2depedit', 'v2depservicoedit'], { ...dependent, usuarioServicos: [healthPlan('delete', cslId)], operation: 'delete' }],
      [['v2depadd', 'v2depedit', 'v2depdelete'], { ...dependent, usuarioServicos: [healthPlan('insert')], operation: 'update' }],
      [
        ['v2depadd', 'v2depedit', 'v2depdelete', 'v2depservicoedit'],
        { ...dependent, usuarioServicos: undefined, custAssocCargo: cargo, operation: 'update' },
      ],
      [['v2depadd', 'v2depedit', 'v2depdelete', 'v2depservicoedit'], newDependent({ custAssocCargo: cargo })],
    ];
    const before = await snapshot(holder.cstId);
    for (const [roles, row] of cases) {
      const { client } = await signedInAs(ctx, [...base, ...roles]);
      const res = await saveDependents(client, holder.cstId, [row]);
      expect(res.status, `${roles.join()} ${res.body}`).toBe(403);
    }
    const viewOnly = (await signedInAs(ctx, base)).client;
    expect((await saveDependents(viewOnly, holder.cstId, [newDependent()])).status).toBe(403);
    expect(await snapshot(holder.cstId)).toEqual(before);
    // With the association's edit role the same change is saved.
    const assoc = (await signedInAs(ctx, [...base, 'v2depedit', 'v2userdadosassoc'])).client;
    const res = await saveDependents(assoc, holder.cstId, [{ ...dependent, usuarioServicos: undefined, custAssocCargo: cargo, operation: 'update' }]);
    expect(res.status, res.res.body).toBe(200);
  });

  it('leaves the dependents out of the read without v2depview', async () => {
    const { holder } = await holderWithDependent();
    const { client } = await signedInAs(ctx, ['v2access', 'v2tabusuario', 'v2userdadospessoaisview']);
    expect(await getMember(client, holder.cstId)).not.toHaveProperty('parentFilhos');
  });
});

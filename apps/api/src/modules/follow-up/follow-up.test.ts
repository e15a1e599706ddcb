import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  followUpDepartments,
  followUpStatuses,
  followUpSubjects,
  followUpTypes,
  genericMessages as m,
  memberMessages as mm,
  roleCatalogue,
  type FollowUpItemInput,
  type MemberInput,
  type Role,
  followUpContracts,
  memberContracts,
} from '@assoc/domain';
import { atendimentos, audits, customers } from '../../db/schema/index.js';
import { call, getMember, createTestApp, signedInAs, type Client, type TestContext, memberInput } from '../../../test/helper.js';

let ctx: TestContext;
/** Every role but the portal's. */
let staff: Client;
let staffName: string;
const allRoles = (Object.keys(roleCatalogue) as Role[]).filter((r) => r !== 'v2portal');
const without = (...roles: Role[]) => allRoles.filter((r) => !roles.includes(r));

beforeAll(async () => {
  ctx = await createTestApp();
  const signed = await signedInAs(ctx, allRoles);
  staff = signed.client;
  staffName = signed.user.name;
});
afterAll(async () => {
  await ctx.close();
});

const newMember = (): MemberInput =>
  memberInput({ custName: 'Joana Acompanhamento Teste', custBirthdate: '1975-03-02', custEmail: 'joana@example.com' });

const row = (values: Partial<FollowUpItemInput> = {}): FollowUpItemInput => ({
  atdTipo: 1,
  atdDepartamento: 1,
  atdAssunto: 5,
  atdTitulo: 'Pediu segunda via do boleto',
  atdStatus: 1,
  operation: 'insert',
  ...values,
});

const putMember = (client: Client, cstId: number, body: unknown) =>
  call(client, memberContracts.update, { params: { cstId }, rawBody: body as object });
const putFollowUp = (client: Client, atdId: number | string, body: unknown) =>
  call(client, followUpContracts.update, { params: { atdId }, rawBody: body as object });

async function insertMember(body: MemberInput = newMember()) {
  const res = await call(staff, memberContracts.insert, { params: { cstId: -1 }, body: body });
  expect(res.status, res.res.body).toBe(200);
  return res.body.cstId;
}
/** A member with follow-up rows saved through its record. */
async function memberWithRows(...rows: FollowUpItemInput[]) {
  const cstId = await insertMember({ ...newMember(), atendimentos: rows });
  return getMember(staff, cstId);
}
/** The follow-up rows and the audits: what a refused call must leave as they were. */
async function snapshot() {
  return {
    rows: await ctx.db.select().from(atendimentos).orderBy(asc(atendimentos.atdId)),
    audits: Number((await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from audits`)).rows[0]!.n),
    versions: await ctx.db.select({ cstId: customers.cstId, version: customers.version }).from(customers).orderBy(asc(customers.cstId)),
  };
}

describe('the member record: atendimentos', () => {
  it('a new row gets the current time and the user who saved it (the client cannot choose them), newest first', async () => {
    const before = Date.now();
    const member = await memberWithRows(
      row({ atdTitulo: 'Primeiro', atdData: '2001-01-01T00:00:00.000Z', atdCriadoPor: 'Outra Pessoa' }),
      row({ atdTitulo: 'Segundo', atdTipo: 2, atdAssunto: 17, atdStatus: 2 }),
    );
    const rows = member.atendimentos!;
    expect(rows).toHaveLength(2);
    for (const r of rows) {
      expect(r.atdCriadoPor).toBe(staffName);
      expect(r.operation).toBe('none');
      expect(r.custName).toBe('Joana Acompanhamento Teste');
      expect(new Date(String(r.atdData)).getTime()).toBeGreaterThanOrEqual(before - 2000);
      expect(r.atdData).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
    // Saved in one statement (same time): the higher id is the newer, on top.
    expect(rows.map((r) => r.atdTitulo)).toEqual(['Segundo', 'Primeiro']);
    expect(rows[0]).toMatchObject({ atdTipo: 2, atdAssunto: 17, atdStatus: 2, version: 1 });
  });

  it('the member read and the row read give the same fields (the load in one statement and the load after a save)', async () => {
    const member = await memberWithRows(row());
    const [stored] = await ctx.db.select().from(atendimentos).where(eq(atendimentos.cstId, member.cstId));
    expect(member.atendimentos![0]).toEqual({
      atdId: stored!.atdId,
      cstId: member.cstId,
      atdData: stored!.atdData.toISOString(),
      atdTipo: 1,
      atdDepartamento: 1,
      atdAssunto: 5,
      custName: member.custName,
      atdTitulo: 'Pediu segunda via do boleto',
      atdCriadoPor: staffName,
      atdStatus: 1,
      version: 1,
      operation: 'none',
    });
    // The audit's after (read by the save's own load) holds the same row.
    const [audit] = await ctx.db
      .select()
      .from(audits)
      .where(eq(audits.entityId, String(member.cstId)));
    expect((audit!.after as { atendimentos: unknown[] }).atendimentos).toEqual(member.atendimentos);
  });

  it('update changes the editable fields, keeps time and author, and moves the row version; delete removes a saved row', async () => {
    const member = await memberWithRows(row({ atdTitulo: 'A' }), row({ atdTitulo: 'B' }));
    const [b, a] = member.atendimentos!;
    const res = await putMember(staff, member.cstId, {
      version: member.version,
      atendimentos: [
        { ...b!, atdTitulo: 'B alterado', atdStatus: 3, atdData: '1999-01-01T00:00:00.000Z', atdCriadoPor: 'X', operation: 'update' },
        { ...a!, operation: 'delete' },
        // An unsaved row removed before the save (spec 1 §4) never reaches the database.
        row({ atdId: -5, operation: 'delete' }),
      ],
    });
    expect(res.status, res.res.body).toBe(200);
    const after = await getMember(staff, member.cstId);
    expect(after.atendimentos).toHaveLength(1);
    expect(after.atendimentos![0]).toMatchObject({
      atdId: b!.atdId,
      atdTitulo: 'B alterado',
      atdStatus: 3,
      atdData: b!.atdData,
      atdCriadoPor: staffName,
      version: 2,
    });
    // The member's audit holds the rows before and after.
    const rows = await ctx.db
      .select()
      .from(audits)
      .where(eq(audits.entityId, String(member.cstId)))
      .orderBy(asc(audits.auditId));
    expect(rows).toHaveLength(2);
    expect((rows[1]!.before as { atendimentos: unknown[] }).atendimentos).toHaveLength(2);
    expect((rows[1]!.after as { atendimentos: unknown[] }).atendimentos).toHaveLength(1);
  });

  it('a row changed on /acompanhamento since the member was read: 409 on update or delete, nothing written', async () => {
    const member = await memberWithRows(row());
    const stale = member.atendimentos![0]!;
    const put = await putFollowUp(staff, stale.atdId!, { ...row(), atdStatus: 2, version: 1 });
    expect(put.status, put.res.body).toBe(200);
    const fresh = await getMember(staff, member.cstId);
    const before = await snapshot();
    for (const operation of ['update', 'delete'] as const) {
      const res = await putMember(staff, member.cstId, { version: fresh.version, atendimentos: [{ ...stale, atdTitulo: 'Velho', operation }] });
      expect(res.status, res.res.body).toBe(409);
      expect(res.error.message).toBe(m.staleRecord);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("another member's row cannot be changed through this one (404, nothing written)", async () => {
    const other = await memberWithRows(row());
    const member = await memberWithRows();
    const before = await snapshot();
    const res = await putMember(staff, member.cstId, {
      version: member.version,
      atendimentos: [{ ...other.atendimentos![0]!, operation: 'delete' }],
    });
    expect(res.status, res.res.body).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it.each<[string, Partial<FollowUpItemInput>, string]>([
    ['no observation', { atdTitulo: '  ' }, `atendimentos.0.atdTitulo: ${m.required}`],
    ['a long observation', { atdTitulo: 'x'.repeat(201) }, `atendimentos.0.atdTitulo: ${m.maxLength(200)}`],
    ['an unknown type', { atdTipo: 4 }, `atendimentos.0.atdTipo: ${m.oneOf}`],
    ['an unknown status', { atdStatus: 0 }, `atendimentos.0.atdStatus: ${m.oneOf}`],
    ['a subject of no department', { atdAssunto: 18 }, `atendimentos.0.atdAssunto: ${m.oneOf}`],
    ['an unknown department', { atdDepartamento: 2 }, `atendimentos.0.atdDepartamento: ${m.oneOf}`],
  ])('400 for %s, nothing written', async (_name, values, message) => {
    const member = await memberWithRows();
    const before = await snapshot();
    const res = await putMember(staff, member.cstId, { version: member.version, atendimentos: [row(values)] });
    expect(res.status, res.res.body).toBe(400);
    expect(res.error.message).toBe(message);
    expect(await snapshot()).toEqual(before);
  });

  it('without v2userdadospessoais a changed row is 403 and nothing is written; without a view role the list is left out', async () => {
    const member = await memberWithRows(row());
    const { client: viewer } = await signedInAs(ctx, without('v2userdadospessoais'));
    const read = await getMember(viewer, member.cstId);
    expect(read.atendimentos).toHaveLength(1);
    const before = await snapshot();
    for (const item of [
      row(),
      { ...read.atendimentos![0]!, atdTitulo: 'Outro', operation: 'update' },
      { ...read.atendimentos![0]!, operation: 'delete' },
    ]) {
      const res = await putMember(viewer, member.cstId, { version: read.version, atendimentos: [item] });
      expect(res.status, res.res.body).toBe(403);
      expect(res.error.message).toBe(mm.sectionForbidden('Acompanhamento'));
    }
    expect(await snapshot()).toEqual(before);
    // Rows marked none are no change.
    const unchanged = await putMember(viewer, member.cstId, { version: read.version, atendimentos: read.atendimentos });
    expect(unchanged.status, unchanged.res.body).toBe(200);

    const { client: blind } = await signedInAs(ctx, without('v2userdadospessoais', 'v2userdadospessoaisview'));
    expect((await getMember(blind, member.cstId)).atendimentos).toBeUndefined();
  });
});

describe('GET acompanhamento/{status} and PUT acompanhamento/{atdId}', () => {
  it('lists the rows with a status, newest first, with the member name; 400 for an unknown status', async () => {
    const member = await memberWithRows(row({ atdStatus: 2, atdTitulo: 'Retornar 1' }));
    const later = await memberWithRows(row({ atdStatus: 2, atdTitulo: 'Retornar 2' }), row({ atdStatus: 3, atdTitulo: 'Concluído' }));
    const res = await call(staff, followUpContracts.list, { params: { status: 2 } });
    expect(res.status, res.res.body).toBe(200);
    const list = res.body;
    const mine = list.filter((r) => r.cstId === member.cstId || r.cstId === later.cstId);
    expect(mine.map((r) => r.atdTitulo)).toEqual(['Retornar 2', 'Retornar 1']);
    expect(mine[0]).toMatchObject({ custName: later.custName, atdCriadoPor: staffName, atdStatus: 2 });
    expect(list.every((r) => r.atdStatus === 2)).toBe(true);
    for (const bad of ['0', '4', 'x']) expect((await call(staff, followUpContracts.list, { params: { status: bad } })).status).toBe(400);
  });

  it('PUT saves the whole record at the version read, audited; the member tab shows it', async () => {
    const member = await memberWithRows(row());
    const atd = member.atendimentos![0]!;
    const res = await putFollowUp(staff, atd.atdId!, {
      atdTipo: 3,
      atdDepartamento: 1,
      atdAssunto: 13,
      atdTitulo: 'Resolvido',
      atdStatus: 3,
      version: 1,
    });
    expect(res.status, res.res.body).toBe(200);
    expect(res.body).toMatchObject({
      atdId: atd.atdId,
      atdTipo: 3,
      atdAssunto: 13,
      atdTitulo: 'Resolvido',
      atdStatus: 3,
      version: 2,
      atdData: atd.atdData,
    });
    const [audit] = await ctx.db
      .select()
      .from(audits)
      .where(eq(audits.category, 'atendimentos'))
      .orderBy(sql`${audits.auditId} desc`)
      .limit(1);
    expect(audit).toMatchObject({ ownerId: member.cstId, entityId: String(atd.atdId), action: 'update', userName: staffName });
    expect(audit!.before).toMatchObject({ atdTitulo: 'Pediu segunda via do boleto', version: 1 });
    expect(audit!.after).toMatchObject({ atdTitulo: 'Resolvido', version: 2 });
    expect((await getMember(staff, member.cstId)).atendimentos![0]).toMatchObject({ atdTitulo: 'Resolvido', atdStatus: 3, version: 2 });
  });

  it('PUT over a newer version is 409, an unknown row 404, a bad body 400: nothing written', async () => {
    const member = await memberWithRows(row());
    const atd = member.atendimentos![0]!;
    expect((await putFollowUp(staff, atd.atdId!, { ...row(), atdTitulo: 'Primeira', version: 1 })).status).toBe(200);
    const before = await snapshot();
    const stale = await putFollowUp(staff, atd.atdId!, { ...row(), atdTitulo: 'Segunda', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.error.message).toBe(m.staleRecord);
    expect((await putFollowUp(staff, 999999, { ...row(), version: 1 })).status).toBe(404);
    const bad = await putFollowUp(staff, atd.atdId!, { ...row(), atdTitulo: '', version: 2 });
    expect(bad.status).toBe(400);
    expect((await putFollowUp(staff, atd.atdId!, { ...row(), version: undefined })).status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('401 signed out; 403 without v2atd, nothing written', async () => {
    const member = await memberWithRows(row());
    const atd = member.atendimentos![0]!;
    expect((await call(ctx.app, followUpContracts.list, { params: { status: 1 } })).status).toBe(401);
    const { client } = await signedInAs(ctx, without('v2atd'));
    expect((await call(client, followUpContracts.list, { params: { status: 1 } })).status).toBe(403);
    const before = await snapshot();
    expect((await putFollowUp(client, atd.atdId!, { ...row(), atdTitulo: 'Não', version: 1 })).status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});

describe('GET datacache', () => {
  it('serves the follow-up lists of spec 2 §3', async () => {
    const res = await call(staff, memberContracts.dataCache);
    expect(res.status).toBe(200);
    const cache = res.body;
    expect(cache.followUpStatuses).toEqual([
      { value: 3, label: 'Concluído' },
      { value: 1, label: 'Pendente' },
      { value: 2, label: 'Retornar' },
    ]);
    expect(cache.followUpTypes).toEqual([...followUpTypes]);
    expect(cache.followUpDepartments).toEqual([{ value: 1, label: 'Atendimento' }]);
    expect(cache.followUpSubjects).toHaveLength(13);
    expect(cache.followUpSubjects[0]).toEqual({ value: 5, label: 'Plano de Saúde', department: 1 });
    expect(cache.followUpSubjects[12]).toEqual({ value: 17, label: 'Outros', department: 1 });
    expect(cache.followUpSubjects).toEqual(followUpSubjects);
    expect(cache.followUpStatuses).toEqual([...followUpStatuses]);
    expect(cache.followUpDepartments).toEqual([...followUpDepartments]);
  });
});

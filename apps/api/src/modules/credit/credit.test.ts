import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditMessages as cm, genericMessages as m, loginMessages, authContracts, creditContracts } from '@assoc/domain';
import { audits, statementEntries, loginFailures } from '../../db/schema/index.js';
import { call, createMember, createTestApp, createUser, signIn, TEST_PASSWORD, type Client, type TestContext } from '../../../test/helper.js';

let ctx: TestContext;
let first: Awaited<ReturnType<typeof createUser>>;
let second: Awaited<ReturnType<typeof createUser>>;
let client: Client;
let keyCounter = 0;
const nextKey = () => `teste-credito-${Date.now()}-${++keyCounter}`;

const body = (values: Record<string, unknown> = {}) => ({
  creditoRef: 'Acerto de mensalidade',
  creditoValor: 12_345,
  creditoUsername1: first.cpf,
  creditoPassword1: TEST_PASSWORD,
  creditoUsername2: second.cpf,
  creditoPassword2: TEST_PASSWORD,
  creditoKey: nextKey(),
  ...values,
});
const entriesOf = (cstId: number) => ctx.db.select().from(statementEntries).where(eq(statementEntries.cstId, cstId));
const creditAuditsOf = (cstId: number) =>
  ctx.db
    .select()
    .from(audits)
    .where(and(eq(audits.category, 'credito'), eq(audits.ownerId, cstId)));

beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_MAX_FAILURES: 3, LOGIN_SLOW_AFTER: 100 });
  first = await createUser(ctx, { roles: ['v2access', 'v2cobrancanew'], name: 'Primeira Usuária' });
  second = await createUser(ctx, { roles: ['v2access', 'v2cobrancanew'], name: 'Segundo Usuário' });
  client = await signIn(ctx, first.cpf);
});
afterAll(() => ctx?.close());

describe('POST user/credito/{cstId}', () => {
  it('answers 401 signed out and 403 without v2cobrancanew', async () => {
    const holder = await createMember(ctx);
    const anonymous = await call(ctx.app, creditContracts.issue, { params: { cstId: holder.cstId }, body: body() });
    expect(anonymous.status).toBe(401);
    const viewer = await createUser(ctx, { roles: ['v2access', 'v2cobrancaview'] });
    const viewerClient = await signIn(ctx, viewer.cpf);
    const refused = await call(viewerClient, creditContracts.issue, {
      params: { cstId: holder.cstId },
      body: body({ creditoUsername1: viewer.cpf }),
    });
    expect(refused.status).toBe(403);
    expect(await entriesOf(holder.cstId)).toHaveLength(0);
  });

  it('writes one credit entry (negative) in the open period with both users in the entry and the audit', async () => {
    const holder = await createMember(ctx);
    const res = await call(client, creditContracts.issue, { params: { cstId: holder.cstId }, body: body() });
    expect(res.status, res.res.body).toBe(200);
    expect(res.body).toMatchObject({ message: cm.success, created: true });
    const entries = await entriesOf(holder.cstId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ extValor: -12_345, extTipo: 'credito' });
    expect(entries[0]!.extDescricao).toBe('Crédito: Acerto de mensalidade (Primeira Usuária / Segundo Usuário)');
    const [audit] = await creditAuditsOf(holder.cstId);
    expect(audit).toMatchObject({ userId: first.userId, entityId: String(entries[0]!.extId) });
    expect(audit!.after).toMatchObject({
      creditoValor: 12_345,
      usuario1: { userId: first.userId, name: 'Primeira Usuária' },
      usuario2: { userId: second.userId, name: 'Segundo Usuário' },
    });
  });

  it('a double submit with the same key writes one entry and one audit', async () => {
    const holder = await createMember(ctx);
    const payload = body();
    const [a, b] = await Promise.all([
      call(client, creditContracts.issue, { params: { cstId: holder.cstId }, body: payload }),
      call(client, creditContracts.issue, { params: { cstId: holder.cstId }, body: payload }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.created, b.body.created].sort()).toEqual([false, true]);
    expect(a.body.extId).toBe(b.body.extId);
    expect(await entriesOf(holder.cstId)).toHaveLength(1);
    const rows = await creditAuditsOf(holder.cstId);
    expect(rows).toHaveLength(1);
    const again = await call(client, creditContracts.issue, { params: { cstId: holder.cstId }, body: { ...payload, creditoKey: undefined } });
    expect(again.status).toBe(200);
    const replay = await call(client, creditContracts.issue, { params: { cstId: holder.cstId }, body: { ...payload, creditoKey: undefined } });
    expect(replay.body.created).toBe(false);
    expect(await entriesOf(holder.cstId)).toHaveLength(2);
  });

  it('20 parallel submits with one key: one entry, every answer 200 with the first credit, no 429 and no sign-in count (issue 22 item 10)', async () => {
    const holder = await createMember(ctx);
    const payload = body();
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => call(client, creditContracts.issue, { params: { cstId: holder.cstId }, body: payload })),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(20).fill(200));
    const answers = replies.map((r) => r.body);
    expect(new Set(answers.map((a) => a.extId)).size).toBe(1);
    expect(answers.every((a) => a.message === cm.success)).toBe(true);
    expect(answers.filter((a) => a.created)).toHaveLength(1);
    expect(await entriesOf(holder.cstId)).toHaveLength(1);
    const rows = await creditAuditsOf(holder.cstId);
    expect(rows).toHaveLength(1);
    // The same key after it finished answers the first credit again.
    const later = await call(client, creditContracts.issue, { params: { cstId: holder.cstId }, body: payload });
    expect([later.status, later.body]).toEqual([200, { message: cm.success, extId: answers[0]!.extId, created: false }]);
    // And the sign-in still works: the double submits held no attempt.
    expect((await call(ctx.app, authContracts.login, { body: { username: second.cpf, password: TEST_PASSWORD } })).status).toBe(200);
  });

  it('the same key with a different body answers 409 with a message and writes nothing', async () => {
    const holder = await createMember(ctx);
    const other = await createMember(ctx);
    const payload = body();
    expect((await call(client, creditContracts.issue, { params: { cstId: holder.cstId }, body: payload })).status).toBe(200);
    const before = { holder: await entriesOf(holder.cstId), other: await entriesOf(other.cstId) };
    for (const [cstId, changed] of [
      [holder.cstId, { creditoValor: 99_999 }],
      [holder.cstId, { creditoRef: 'Outra referência' }],
      [other.cstId, {}],
    ] as const) {
      const res = await call(client, creditContracts.issue, { params: { cstId }, body: { ...payload, ...changed } });
      expect([res.status, res.body], JSON.stringify(changed)).toEqual([409, { message: cm.keyReused }]);
    }
    // In parallel too: the running first request is waited for, then the different one is refused.
    const fresh = body();
    const [a, b] = await Promise.all([
      call(client, creditContracts.issue, { params: { cstId: holder.cstId }, body: fresh }),
      call(client, creditContracts.issue, { params: { cstId: holder.cstId }, body: { ...fresh, creditoValor: 1 } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await entriesOf(holder.cstId)).toHaveLength(before.holder.length + 1);
    expect(await entriesOf(other.cstId)).toEqual(before.other);
  });

  it('refuses bad input with its pt-BR message and writes nothing', async () => {
    const holder = await createMember(ctx);
    const cases: [Record<string, unknown>, string][] = [
      [{ creditoUsername2: first.cpf }, cm.differentUsers],
      [{ creditoValor: 0 }, m.numericMin],
      [{ creditoValor: 5_000_001 }, m.numericMax],
      [{ creditoRef: 'abcd' }, m.minLength(5)],
      [{ creditoRef: 'x'.repeat(31) }, m.maxLength(30)],
      [{ creditoPassword2: '123' }, m.minLength(4)],
      [{ creditoPassword1: 'x'.repeat(21) }, m.maxLength(20)],
      [{ creditoUsername2: '12345678900' }, m.cpf],
      [{ creditoRef: '' }, m.required],
    ];
    for (const [values, message] of cases) {
      const res = await call(client, creditContracts.issue, { params: { cstId: holder.cstId }, body: body(values) });
      expect(res.status, JSON.stringify(values)).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect(await entriesOf(holder.cstId)).toHaveLength(0);
  });

  it('refuses a first user other than the signed-in one (403), a wrong password (404) and a second user without the role (404)', async () => {
    const holder = await createMember(ctx);
    const third = await createUser(ctx, { roles: ['v2access', 'v2cobrancanew'] });
    const notMe = await call(client, creditContracts.issue, {
      params: { cstId: holder.cstId },
      body: body({ creditoUsername1: third.cpf, creditoUsername2: second.cpf }),
    });
    expect(notMe.status).toBe(403);
    expect(notMe.body.message).toBe(cm.firstUserMustBeSignedIn);
    const wrong = await call(client, creditContracts.issue, {
      params: { cstId: holder.cstId },
      body: body({ creditoUsername2: third.cpf, creditoPassword2: 'errada-123' }),
    });
    expect(wrong.status).toBe(404);
    expect(wrong.body.message).toBe(cm.invalidCredentials);
    const unknown = await call(client, creditContracts.issue, { params: { cstId: holder.cstId }, body: body({ creditoUsername2: '52998224725' }) });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(cm.invalidCredentials);
    const noRole = await createUser(ctx, { roles: ['v2access'] });
    const refused = await call(client, creditContracts.issue, { params: { cstId: holder.cstId }, body: body({ creditoUsername2: noRole.cpf }) });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe(cm.secondUserNotAllowed);
    expect(await entriesOf(holder.cstId)).toHaveLength(0);
  });

  it('answers 404 for an unknown member and 400 for a dependent', async () => {
    const missing = await call(client, creditContracts.issue, { params: { cstId: 999999999 }, body: body() });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(cm.memberNotFound);
    const holder = await createMember(ctx);
    const dependent = await createMember(ctx, { parentId: holder.cstId });
    const res = await call(client, creditContracts.issue, { params: { cstId: dependent.cstId }, body: body() });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(cm.notHolder);
  });

  it("counts a wrong password against the sign-in's limit: past it, 429 even with the right password", async () => {
    const holder = await createMember(ctx);
    const target = await createUser(ctx, { roles: ['v2access', 'v2cobrancanew'] });
    for (let i = 0; i < 3; i++) {
      const res = await call(client, creditContracts.issue, {
        params: { cstId: holder.cstId },
        body: body({ creditoUsername2: target.cpf, creditoPassword2: `errada-${i}` }),
      });
      expect(res.status).toBe(404);
    }
    const failures = await ctx.db.select().from(loginFailures).where(eq(loginFailures.cpf, target.cpf));
    expect(failures).toHaveLength(3);
    const locked = await call(client, creditContracts.issue, { params: { cstId: holder.cstId }, body: body({ creditoUsername2: target.cpf }) });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(loginMessages.tooManyAttempts(ctx.config.LOGIN_WINDOW_MINUTES));
    const signInLocked = await call(ctx.app, authContracts.login, { body: { username: target.cpf, password: TEST_PASSWORD } });
    expect(signInLocked.status).toBe(429);
    expect(await entriesOf(holder.cstId)).toHaveLength(0);
  });
});

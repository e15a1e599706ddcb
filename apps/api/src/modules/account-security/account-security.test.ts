import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { generate, generateSecret } from 'otplib';
import {
  accountSecurityContracts,
  accountSecurityMessages,
  authContracts,
  loginMessages,
  RECOVERY_CODE_COUNT,
  RECOVERY_SETS_PER_WINDOW,
  SECURITY_CATEGORY,
  toolsContracts,
  totpSetupMessages,
} from '@assoc/domain';
import { call, createTestApp, createUser, signIn, TEST_PASSWORD, urlOf, type Client, type TestContext } from '../../../test/helper.js';
import { connected, testSockets } from '../../../test/sockets.js';
import { audits, recoveryCodes, sessions, totpSetups, users } from '../../db/schema/index.js';
import { verifyPassword } from '../../lib/password.js';
import { totpSecretBox } from '../../lib/secret-box.js';
import { describeDevice } from './device.js';

let ctx: TestContext;
let url: string;
const sockets = testSockets();
beforeAll(async () => {
  ctx = await createTestApp({}, { features: { realtime: true } });
  url = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  sockets.closeAll();
  await ctx?.close();
});

const EXTERNAL = '203.0.113.41';
const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** A client from a sign-in reply (cookie and XSRF header on every call). */
function clientOf(res: { cookies: unknown }): Client {
  const cookies = res.cookies as { name: string; value: string }[];
  const sid = cookies.find((c) => c.name === 'assoc_sid')!.value;
  const xsrf = cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  const cookie = `assoc_sid=${sid}; XSRF-TOKEN=${xsrf}`;
  return { cookie, xsrf, request: (opts) => ctx.app.inject({ ...opts, headers: { cookie, 'x-xsrf-token': xsrf, ...(opts.headers ?? {}) } }) };
}

async function signInWithAgent(cpf: string, userAgent: string): Promise<Client> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: urlOf(authContracts.login),
    headers: { 'user-agent': userAgent },
    payload: { username: cpf, password: TEST_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return clientOf(res);
}

/** From outside: a staff user with an authenticator must give its code, or a recovery code. */
const externalLogin = (cpf: string, extra: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: urlOf(authContracts.login),
    remoteAddress: EXTERNAL,
    payload: { username: cpf, password: TEST_PASSWORD, ...extra },
  });

const eventsOf = (userId: number, kind: string) =>
  ctx.db
    .select()
    .from(audits)
    .where(and(eq(audits.category, SECURITY_CATEGORY), eq(audits.ownerId, userId), eq(audits.action, kind)))
    .orderBy(desc(audits.auditId));
const liveSessionIds = async (userId: number) =>
  (
    await ctx.db
      .select({ id: sessions.sessionId })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
  ).map((r) => r.id);
const ping = (client: Client) => call(client, authContracts.ping);

describe('Segurança: anonymous calls', () => {
  it('answers 401 to every call without a session', async () => {
    expect((await call(ctx.app, accountSecurityContracts.mySessions)).status).toBe(401);
    expect((await call(ctx.app, accountSecurityContracts.endMySession, { params: { sessionId: 1 } })).status).toBe(401);
    expect((await call(ctx.app, accountSecurityContracts.endOtherSessions)).status).toBe(401);
    expect((await call(ctx.app, accountSecurityContracts.newRecoveryCodes)).status).toBe(401);
    expect((await call(ctx.app, accountSecurityContracts.myEvents)).status).toBe(401);
  });
});

describe('GET seguranca/minhas', () => {
  it("lists the caller's own security events only, newest first, with the address and a failure's reason", async () => {
    const user = await createUser(ctx, { roles: ['v2portal'] });
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: urlOf(authContracts.login),
      payload: { username: user.cpf, password: 'Errada@123456' },
    });
    expect(wrong.statusCode).toBe(401);
    const client = await signInWithAgent(user.cpf, CHROME_WINDOWS);
    const stranger = await createUser(ctx, { roles: ['v2access'] });
    await signIn(ctx, stranger.cpf);

    const res = await call(client, accountSecurityContracts.myEvents);
    expect(res.status).toBe(200);
    expect(res.body.map((e) => e.kind)).toEqual(['login_ok', 'login_fail']);
    expect(res.body[0]!.ip).toBe('127.0.0.1');
    expect(res.body[1]!.reason).not.toBeNull();
    const ids = (
      await ctx.db
        .select({ id: audits.auditId })
        .from(audits)
        .where(and(eq(audits.category, SECURITY_CATEGORY), eq(audits.ownerId, user.userId)))
        .orderBy(desc(audits.at), desc(audits.auditId))
    ).map((r) => r.id);
    expect(res.body.map((e) => e.id)).toEqual(ids);
  });
});

describe('GET sessions/minhas', () => {
  it("lists the caller's live sessions only, with device, address, times and the current one marked", async () => {
    const user = await createUser(ctx, { roles: ['v2portal'] });
    const phone = await signInWithAgent(user.cpf, SAFARI_IPHONE);
    const desk = await signInWithAgent(user.cpf, CHROME_WINDOWS);
    const stranger = await createUser(ctx, { roles: ['v2access'] });
    await signIn(ctx, stranger.cpf);

    const res = await call(desk, accountSecurityContracts.mySessions);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    const current = res.body.find((s) => s.atual)!;
    const other = res.body.find((s) => !s.atual)!;
    expect(current.device).toBe('Chrome no Windows');
    expect(other.device).toBe('Safari no iPhone');
    expect(current.ip).toBe('127.0.0.1');
    expect(Date.parse(current.since)).toBeGreaterThan(Date.now() - 60_000);
    expect(Date.parse(current.lastSeen)).toBeGreaterThan(Date.now() - 60_000);
    expect(res.body.map((s) => s.id).sort()).toEqual((await liveSessionIds(user.userId)).sort());

    const fromPhone = await call(phone, accountSecurityContracts.mySessions);
    expect(fromPhone.body.find((s) => s.atual)!.id).toBe(other.id);
  });

  it('names browsers and systems from the user agent', () => {
    expect(describeDevice(CHROME_WINDOWS)).toBe('Chrome no Windows');
    expect(describeDevice(SAFARI_IPHONE)).toBe('Safari no iPhone');
    expect(describeDevice('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe('Firefox no Linux');
    expect(describeDevice('')).toBe('Dispositivo desconhecido');
    expect(describeDevice('curl/8.5.0')).toBe('Dispositivo desconhecido');
  });
});

describe('DELETE sessions/minhas/{id} and DELETE sessions/minhas', () => {
  it("ends one of the caller's sessions: its cookie answers 401 next, its socket is closed, the event recorded", async () => {
    const user = await createUser(ctx, { roles: ['v2portal'] });
    const other = await signIn(ctx, user.cpf);
    const me = await signIn(ctx, user.cpf);
    const socket: Socket = sockets.open(url, other);
    await connected(socket);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const target = (await call(me, accountSecurityContracts.mySessions)).body.find((s) => !s.atual)!;

    const res = await call(me, accountSecurityContracts.endMySession, { params: { sessionId: target.id } });
    expect(res.status).toBe(204);
    expect(await closed).toBe('io server disconnect');
    expect((await ping(other)).status).toBe(401);
    expect((await ping(me)).status).toBe(200);
    const [event] = await eventsOf(user.userId, 'session_revoked');
    expect(event!.after).toMatchObject({ sessionId: target.id, reason: 'ended_by_owner', current: false });

    // Already ended: 404.
    expect((await call(me, accountSecurityContracts.endMySession, { params: { sessionId: target.id } })).status).toBe(404);
  });

  it("answers 404 for another user's session and changes nothing", async () => {
    const owner = await createUser(ctx, { roles: ['v2access'] });
    const victim = await signIn(ctx, owner.cpf);
    const [victimId] = await liveSessionIds(owner.userId);
    const { client: attacker, user: attackerUser } = await (async () => {
      const u = await createUser(ctx, { roles: ['v2portal'] });
      return { client: await signIn(ctx, u.cpf), user: u };
    })();

    const res = await call(attacker, accountSecurityContracts.endMySession, { params: { sessionId: victimId! } });
    expect(res.status).toBe(404);
    expect(res.error.message).toBe(accountSecurityMessages.sessionNotFound);
    expect((await ping(victim)).status).toBe(200);
    expect(await liveSessionIds(owner.userId)).toEqual([victimId]);
    expect(await eventsOf(attackerUser.userId, 'session_revoked')).toHaveLength(0);
    // An unknown id alike; a malformed one is a 400.
    expect((await call(attacker, accountSecurityContracts.endMySession, { params: { sessionId: 2_000_000_000 } })).status).toBe(404);
    expect((await call(attacker, accountSecurityContracts.endMySession, { params: { sessionId: 'x' } })).status).toBe(400);
  });

  it('ends the calling session itself (a sign-out from the list)', async () => {
    const user = await createUser(ctx, { roles: ['v2portal'] });
    const me = await signIn(ctx, user.cpf);
    const [id] = await liveSessionIds(user.userId);
    expect((await call(me, accountSecurityContracts.endMySession, { params: { sessionId: id! } })).status).toBe(204);
    expect((await ping(me)).status).toBe(401);
  });

  it('ends every other session of the caller, closing their sockets, and keeps the calling one', async () => {
    const user = await createUser(ctx, { roles: ['v2access'] });
    const a = await signIn(ctx, user.cpf);
    const b = await signIn(ctx, user.cpf);
    const me = await signIn(ctx, user.cpf);
    const bystander = await createUser(ctx, { roles: ['v2access'] });
    const theirs = await signIn(ctx, bystander.cpf);
    const socket = sockets.open(url, a);
    await connected(socket);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    const res = await call(me, accountSecurityContracts.endOtherSessions);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ended: 2, message: accountSecurityMessages.otherSessionsEnded(2) });
    expect(await closed).toBe('io server disconnect');
    expect((await ping(a)).status).toBe(401);
    expect((await ping(b)).status).toBe(401);
    expect((await ping(me)).status).toBe(200);
    expect((await ping(theirs)).status).toBe(200);
    expect((await eventsOf(user.userId, 'session_revoked'))[0]!.after).toMatchObject({ sessionsEnded: 2 });

    // Nothing left to end: 0, and no event.
    const again = await call(me, accountSecurityContracts.endOtherSessions);
    expect(again.body.ended).toBe(0);
    expect(await eventsOf(user.userId, 'session_revoked')).toHaveLength(1);
  });

  it('needs the XSRF header like any write', async () => {
    const user = await createUser(ctx, { roles: ['v2access'] });
    const me = await signIn(ctx, user.cpf);
    const res = await me.request({ method: 'DELETE', url: urlOf(accountSecurityContracts.endOtherSessions), headers: { 'x-xsrf-token': 'errado' } });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST totp/recuperacao and sign-in with a recovery code', () => {
  async function staffWithAuthenticator() {
    const user = await createUser(ctx, { roles: ['v2access'], fnAllowExternal: true, totpSecret: generateSecret() });
    // Inside the association's network a staff user signs in without the code.
    const client = await signIn(ctx, user.cpf);
    return { user, client };
  }

  it('refuses without an authenticator (400), nothing stored', async () => {
    const user = await createUser(ctx, { roles: ['v2portal'] });
    const client = await signIn(ctx, user.cpf);
    const res = await call(client, accountSecurityContracts.newRecoveryCodes);
    expect(res.status).toBe(400);
    expect(res.error.message).toBe(accountSecurityMessages.totpRequired);
    expect(await ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.userId))).toHaveLength(0);
  });

  it('answers ten distinct codes once, stores only argon2id hashes and records the event', async () => {
    const { user, client } = await staffWithAuthenticator();
    const res = await call(client, accountSecurityContracts.newRecoveryCodes);
    expect(res.status).toBe(200);
    const { codes } = res.body;
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    const stored = await ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.userId));
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
    for (const row of stored) {
      expect(row.codeHash).toMatch(/^\$argon2id\$/);
      for (const code of codes) expect(row.codeHash).not.toContain(code.replace('-', ''));
    }
    const [event] = await eventsOf(user.userId, 'recovery_new');
    expect(event!.after).toMatchObject({ count: 10 });
    expect(JSON.stringify(event!.after)).not.toContain(codes[0]!.slice(0, 5));
  });

  it('signs in once with each code (any case, with or without the dash); a spent one is refused', async () => {
    const { user, client } = await staffWithAuthenticator();
    const { codes } = (await call(client, accountSecurityContracts.newRecoveryCodes)).body;

    // The code is asked first, as before.
    expect((await externalLogin(user.cpf, {})).json().data).toBe('requirecode');

    const first = await externalLogin(user.cpf, { recoveryCode: codes[0] });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).not.toBe('requirecode');
    expect((await ping(clientOf(first))).status).toBe(200);
    const [used] = await eventsOf(user.userId, 'recovery_used');
    expect(used!.after).toMatchObject({ ip: EXTERNAL, left: 9 });

    const replay = await externalLogin(user.cpf, { recoveryCode: codes[0] });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(loginMessages.invalidCode);

    const relaxed = await externalLogin(user.cpf, { recoveryCode: ` ${codes[1]!.replace('-', '').toLowerCase()} ` });
    expect(relaxed.statusCode, relaxed.body).toBe(200);
    const spent = await ctx.db
      .select()
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, user.userId), sql`${recoveryCodes.usedAt} is not null`));
    expect(spent).toHaveLength(2);
    expect(await eventsOf(user.userId, 'recovery_used')).toHaveLength(2);
  });

  it('a new set invalidates the old one', async () => {
    const { user, client } = await staffWithAuthenticator();
    const old = (await call(client, accountSecurityContracts.newRecoveryCodes)).body.codes;
    const fresh = (await call(client, accountSecurityContracts.newRecoveryCodes)).body.codes;
    expect(await ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.userId))).toHaveLength(10);
    expect((await externalLogin(user.cpf, { recoveryCode: old[3] })).statusCode).toBe(401);
    expect((await externalLogin(user.cpf, { recoveryCode: fresh[3] })).statusCode).toBe(200);
  });

  it('a portal member with an authenticator (asked for the code even inside) gets a set and signs in with a code', async () => {
    const secret = generateSecret();
    const user = await createUser(ctx, { roles: ['v2portal'], totpSecret: secret });
    const login = (extra: Record<string, unknown>) =>
      ctx.app.inject({ method: 'POST', url: urlOf(authContracts.login), payload: { username: user.cpf, password: TEST_PASSWORD, ...extra } });
    expect((await login({})).json().data).toBe('requirecode');
    const withTotp = await login({ code: await generate({ secret }) });
    expect(withTotp.statusCode, withTotp.body).toBe(200);
    const res = await call(clientOf(withTotp), accountSecurityContracts.newRecoveryCodes);
    expect(res.status).toBe(200);

    const withRecovery = await login({ recoveryCode: res.body.codes[9] });
    expect(withRecovery.statusCode, withRecovery.body).toBe(200);
    expect((await call(clientOf(withRecovery), accountSecurityContracts.mySessions)).body).toHaveLength(2);
  });

  it('asks for at most RECOVERY_SETS_PER_WINDOW new sets per sign-in window (429 after, the last set kept)', async () => {
    const { user, client } = await staffWithAuthenticator();
    let last: string[] = [];
    for (let i = 0; i < RECOVERY_SETS_PER_WINDOW; i++) {
      const res = await call(client, accountSecurityContracts.newRecoveryCodes);
      expect(res.status).toBe(200);
      last = res.body.codes;
    }
    const refused = await call(client, accountSecurityContracts.newRecoveryCodes);
    expect(refused.status).toBe(429);
    expect(refused.error.message).toBe(accountSecurityMessages.tooManyRecoverySets(ctx.config.LOGIN_WINDOW_MINUTES));
    expect(await eventsOf(user.userId, 'recovery_new')).toHaveLength(RECOVERY_SETS_PER_WINDOW);
    expect((await externalLogin(user.cpf, { recoveryCode: last[0] })).statusCode).toBe(200);
    // The window passed: allowed again.
    await ctx.db.execute(sql`update login_limits set window_start = now() - interval '1 day' where key = ${`recovery:${user.userId}`}`);
    expect((await call(client, accountSecurityContracts.newRecoveryCodes)).status).toBe(200);
  });

  it('a wrong code is refused and counted by the sign-in limit, up to 429', async () => {
    const { user, client } = await staffWithAuthenticator();
    const { codes } = (await call(client, accountSecurityContracts.newRecoveryCodes)).body;
    const countOf = async () =>
      (await ctx.db.execute<{ count: number }>(sql`select count from login_limits where key = ${`cpf:${user.cpf}`}`)).rows[0]?.count ?? 0;
    const before = await countOf();
    const wrong = await externalLogin(user.cpf, { recoveryCode: 'AAAAA-AAAAA' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(loginMessages.invalidCode);
    expect(await countOf()).toBe(before + 1);
    const [fail] = await eventsOf(user.userId, 'login_fail');
    expect(fail!.after).toMatchObject({ reason: 'bad_code' });

    for (let i = 1; i < ctx.config.LOGIN_MAX_FAILURES; i++)
      expect((await externalLogin(user.cpf, { recoveryCode: `WRONG${i}` })).statusCode).toBe(401);
    // The limit is reached: even a right code is refused now, and stays unspent.
    const locked = await externalLogin(user.cpf, { recoveryCode: codes[0] });
    expect(locked.statusCode).toBe(429);
    expect(
      await ctx.db
        .select()
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, user.userId), isNull(recoveryCodes.usedAt))),
    ).toHaveLength(10);
  });
});

describe('the recovery code resets the authenticator (issue 28 item 4)', () => {
  const box = () => totpSecretBox(ctx.config);
  const pendingSecret = async (userId: number) =>
    box().open((await ctx.db.select().from(totpSetups).where(eq(totpSetups.userId, userId)))[0]!.secret);
  const activeSecret = async (userId: number) =>
    box().open((await ctx.db.select({ s: users.totpSecret }).from(users).where(eq(users.userId, userId)))[0]!.s!);

  /** A portal member with an authenticator and a set of recovery codes, signed in with the authenticator. */
  async function portalMemberWithCodes() {
    const secret = generateSecret();
    const user = await createUser(ctx, { roles: ['v2portal'], totpSecret: secret });
    const login = (extra: Record<string, unknown>) =>
      ctx.app.inject({ method: 'POST', url: urlOf(authContracts.login), payload: { username: user.cpf, password: TEST_PASSWORD, ...extra } });
    const first = clientOf(await login({ code: await generate({ secret }) }));
    const codes = (await call(first, accountSecurityContracts.newRecoveryCodes)).body.codes;
    return { user, secret, login, first, codes };
  }

  it('after signing in with a recovery code, a new authenticator replaces the old one without its code, once, audited', async () => {
    const { user, secret, login, first, codes } = await portalMemberWithCodes();
    const recovered = clientOf(await login({ recoveryCode: codes[0] }));
    const setup = await call(recovered, toolsContracts.getToken);
    expect(setup.status, setup.res.body).toBe(200);
    expect(setup.body.hasAuthenticator).toBe(true);
    const fresh = await pendingSecret(user.userId);
    const confirm = await call(recovered, toolsContracts.confirmToken, {
      body: { password: TEST_PASSWORD, code: await generate({ secret: fresh }) },
    });
    expect(confirm.status, confirm.res.body).toBe(200);
    expect(await activeSecret(user.userId)).toBe(fresh);
    const [event] = await eventsOf(user.userId, 'totp_reset');
    expect(event).toBeDefined();
    // The other sessions ended (the one signed in with the lost authenticator too); this one goes on.
    expect((await ping(first)).status).toBe(401);
    expect((await ping(recovered)).status).toBe(200);
    // The old authenticator no longer signs in (the new one's current code was spent by the confirmation).
    expect((await login({ code: await generate({ secret }) })).statusCode).toBe(401);
    // The leave is spent: a second replacement from the same session needs the current code again.
    await call(recovered, toolsContracts.getToken);
    const again = await call(recovered, toolsContracts.confirmToken, {
      body: { password: TEST_PASSWORD, code: await generate({ secret: await pendingSecret(user.userId) }) },
    });
    expect(again.status).toBe(400);
    expect(again.error.message).toBe(totpSetupMessages.currentCodeRequired);
    expect(await activeSecret(user.userId)).toBe(fresh);
  });

  it('a session signed in with the authenticator still needs its current code to replace it', async () => {
    const { user, first } = await portalMemberWithCodes();
    const before = await activeSecret(user.userId);
    await call(first, toolsContracts.getToken);
    const res = await call(first, toolsContracts.confirmToken, {
      body: { password: TEST_PASSWORD, code: await generate({ secret: await pendingSecret(user.userId) }) },
    });
    expect(res.status).toBe(400);
    expect(res.error.message).toBe(totpSetupMessages.currentCodeRequired);
    expect(await activeSecret(user.userId)).toBe(before);
    expect(await eventsOf(user.userId, 'totp_reset')).toHaveLength(0);
  });

  it('the reset still needs the password', async () => {
    const { user, login, codes } = await portalMemberWithCodes();
    const before = await activeSecret(user.userId);
    const recovered = clientOf(await login({ recoveryCode: codes[1] }));
    await call(recovered, toolsContracts.getToken);
    const res = await call(recovered, toolsContracts.confirmToken, {
      body: { password: 'errada-errada', code: await generate({ secret: await pendingSecret(user.userId) }) },
    });
    expect(res.status).toBe(403);
    expect(await activeSecret(user.userId)).toBe(before);
  });
});

describe('POST senha/minha (issue 28 item 4)', () => {
  const passwordHash = async (userId: number) => (await ctx.db.select({ h: users.passwordHash }).from(users).where(eq(users.userId, userId)))[0]!.h;

  it('changes the password with the current one: other sessions end, this one goes on, the event recorded', async () => {
    const user = await createUser(ctx, { roles: ['v2portal'] });
    const other = await signIn(ctx, user.cpf);
    const me = await signIn(ctx, user.cpf);
    const res = await call(me, accountSecurityContracts.changeMyPassword, { body: { atual: TEST_PASSWORD, nova: 'Cavalo-Bateria-Grampo-77' } });
    expect(res.status, res.res.body).toBe(200);
    expect(res.body.message).toBe(accountSecurityMessages.passwordChanged);
    expect(await verifyPassword(await passwordHash(user.userId), 'Cavalo-Bateria-Grampo-77')).toBe(true);
    expect((await ping(other)).status).toBe(401);
    expect((await ping(me)).status).toBe(200);
    expect(await eventsOf(user.userId, 'password_change')).toHaveLength(1);
  });

  it('refuses a wrong current password, a weak or short new one, the same one (400); nothing changed', async () => {
    const user = await createUser(ctx, { roles: ['v2portal'] });
    const me = await signIn(ctx, user.cpf);
    const before = await passwordHash(user.userId);
    const cases = [
      [{ atual: 'errada', nova: 'Cavalo-Bateria-Grampo-77' }, accountSecurityMessages.wrongCurrentPassword],
      [{ atual: TEST_PASSWORD, nova: 'abc12' }, 'A senha deve ter pelo menos 8 caracteres.'],
      [{ atual: TEST_PASSWORD, nova: 'senha123' }, expect.stringContaining('escolha uma senha mais forte')],
      [{ atual: TEST_PASSWORD, nova: TEST_PASSWORD }, accountSecurityMessages.samePassword],
      [{ atual: '', nova: 'Cavalo-Bateria-Grampo-77' }, expect.stringContaining(accountSecurityMessages.currentPasswordRequired)],
    ] as const;
    for (const [body, message] of cases) {
      const res = await call(me, accountSecurityContracts.changeMyPassword, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.error.message).toEqual(message);
    }
    expect(await passwordHash(user.userId)).toBe(before);
    expect(await eventsOf(user.userId, 'password_change')).toHaveLength(0);
  });

  it('is limited like the sign-in (429 after the window allows), and anonymous 401', async () => {
    const user = await createUser(ctx, { roles: ['v2portal'] });
    const me = await signIn(ctx, user.cpf);
    for (let i = 0; i < 5; i++)
      expect((await call(me, accountSecurityContracts.changeMyPassword, { body: { atual: `errada${i}`, nova: 'x' } })).status).toBe(400);
    expect(
      (await call(me, accountSecurityContracts.changeMyPassword, { body: { atual: TEST_PASSWORD, nova: 'Cavalo-Bateria-Grampo-77' } })).status,
    ).toBe(429);
    expect((await call(ctx.app, accountSecurityContracts.changeMyPassword, { body: { atual: 'a', nova: 'b' } })).status).toBe(401);
  });
});

import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { generateSecret } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginMessages, authContracts, menuContracts } from '@assoc/domain';
import { apiUrl, call, createMember, createTestApp, createUser, nextCpf, signIn, urlOf, type TestContext } from '../../../test/helper.js';
import { verifyToken } from '../../lib/signed-token.js';
import { addresses } from '../../db/schema/index.js';
import { loadConfig } from '../../config.js';
import { createAuthRepository } from './auth.repository.js';
import { createThrottle } from './auth.service.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const EXTERNAL_IP = '203.0.113.7';
const login = (payload: Record<string, unknown>, remoteAddress?: string) =>
  call(ctx.app, authContracts.login, { rawBody: payload, ...(remoteAddress ? { remoteAddress } : {}) });

describe('POST login', () => {
  it('signs in with CPF (with or without punctuation) and returns a signed coded string with the spec fields', async () => {
    const member = await createMember(ctx, { custName: 'Maria Teste Silva' });
    await ctx.db.insert(addresses).values({ cstId: member.cstId, kind: 1, adZipcode: '01310100' });
    const user = await createUser(ctx, { roles: ['v2access', 'v2search'], name: 'Maria Teste', cstId: member.cstId });
    const punctuated = `${user.cpf.slice(0, 3)}.${user.cpf.slice(3, 6)}.${user.cpf.slice(6, 9)}-${user.cpf.slice(9)}`;
    const res = await login({ username: punctuated, password: user.password, code: '', subscriberId: 'push-123' });
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body.status).toBe(200);
    const payload = verifyToken(body.data, 'test-secret');
    expect(payload).toMatchObject({
      cstID: member.cstId,
      name: 'Maria Teste',
      username: user.cpf,
      subscriberId: 'push-123',
      cep: '01310100',
      roles: expect.arrayContaining(['v2access', 'v2search']),
    });
    const cookies = res.res.cookies as { name: string; httpOnly?: boolean; sameSite?: string }[];
    expect(cookies.find((c) => c.name === 'assoc_sid')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(cookies.find((c) => c.name === 'XSRF-TOKEN')?.httpOnly).toBeFalsy();
  });

  it('refuses a wrong password and an unknown CPF with the same message, writing a failure each', async () => {
    const user = await createUser(ctx, { roles: ['v2access'] });
    const wrong = await login({ username: user.cpf, password: 'errada' });
    expect(wrong.status).toBe(401);
    expect(wrong.error.message).toBe(loginMessages.invalidCredentials);
    const unknown = await login({ username: nextCpf(), password: 'qualquer' });
    expect(unknown.status).toBe(401);
    expect(unknown.error.message).toBe(loginMessages.invalidCredentials);
    const n = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from login_failures where cpf = ${user.cpf}`);
    expect(n.rows[0]!.n).toBe(1);
  });

  it('validates the body with pt-BR messages', async () => {
    const empty = await login({ username: '', password: '' });
    expect(empty.status).toBe(400);
    expect(empty.error.message).toContain('Campo obrigatório');
    const short = await login({ username: '123', password: 'x' });
    expect(short.status).toBe(400);
    expect(short.error.message).toContain('Tamanho mínimo de 11 caracteres');
    const longCode = await login({ username: nextCpf(), password: 'x', code: '1234567' });
    expect(longCode.status).toBe(400);
  });

  it('refuses an inactive user', async () => {
    const user = await createUser(ctx, { roles: ['v2access'], active: false });
    const res = await login({ username: user.cpf, password: user.password });
    expect(res.status).toBe(403);
    expect(res.error.message).toBe(loginMessages.inactiveUser);
  });

  it('slows down and then refuses repeated failures for the same CPF and address, in pt-BR', async () => {
    const user = await createUser(ctx, { roles: ['v2access'] });
    const ip = '10.1.2.3';
    for (let i = 0; i < ctx.config.LOGIN_MAX_FAILURES; i++) {
      expect((await login({ username: user.cpf, password: 'errada' }, ip)).status).toBe(401);
    }
    const blocked = await login({ username: user.cpf, password: user.password }, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.error.message).toBe(loginMessages.tooManyAttempts(ctx.config.LOGIN_WINDOW_MINUTES));
    // The CPF stays locked from every address (issue 8 §2).
    expect((await login({ username: user.cpf, password: user.password }, '10.9.9.9')).status).toBe(429);
  });

  it('answers requirecode from outside for an external user with an authenticator, then accepts the right code only', async () => {
    const secret = generateSecret();
    const user = await createUser(ctx, { roles: ['v2access'], fnAllowExternal: true, totpSecret: secret });
    const first = await login({ username: user.cpf, password: user.password, code: '' }, EXTERNAL_IP);
    expect(first.body).toEqual({ status: 200, data: 'requirecode' });
    expect(first.res.cookies).toHaveLength(0);
    const bad = await login(
      { username: user.cpf, password: user.password, code: '000000' === (await generate({ secret })) ? '111111' : '000000' },
      EXTERNAL_IP,
    );
    expect(bad.status).toBe(401);
    expect(bad.error.message).toBe(loginMessages.invalidCode);
    const good = await login({ username: user.cpf, password: user.password, code: await generate({ secret }) }, EXTERNAL_IP);
    expect(good.status).toBe(200);
    expect(good.body.data).not.toBe('requirecode');
    // Inside the trusted networks the same user needs no code.
    expect((await login({ username: user.cpf, password: user.password }, '192.168.0.10')).body.data).not.toBe('requirecode');
  });

  it('refuses staff from outside without fnAllowExternal, or without an authenticator set up', async () => {
    const notAllowed = await createUser(ctx, { roles: ['v2access'] });
    const r1 = await login({ username: notAllowed.cpf, password: notAllowed.password }, EXTERNAL_IP);
    expect(r1.status).toBe(403);
    expect(r1.error.message).toBe(loginMessages.externalNotAllowed);
    const noCode = await createUser(ctx, { roles: ['v2access'], fnAllowExternal: true });
    const r2 = await login({ username: noCode.cpf, password: noCode.password }, EXTERNAL_IP);
    expect(r2.status).toBe(403);
    expect(r2.error.message).toBe(loginMessages.externalCodeNotConfigured);
  });

  it('from outside, answers a user without external access the same way whatever the password, counted alike (issue 22 item 11)', async () => {
    const failuresOf = async (cpf: string) =>
      (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from login_failures where cpf = ${cpf}`)).rows[0]!.n;
    for (const [roles, fnAllowExternal, message] of [
      [['v2access'], false, loginMessages.externalNotAllowed],
      [['v2access'], true, loginMessages.externalCodeNotConfigured],
      [['v2menucch'], false, loginMessages.externalNotAllowed],
    ] as const) {
      const user = await createUser(ctx, { roles: [...roles], fnAllowExternal });
      const right = await login({ username: user.cpf, password: user.password }, EXTERNAL_IP);
      const wrong = await login({ username: user.cpf, password: 'Errada#123' }, EXTERNAL_IP);
      expect([right.status, right.body]).toEqual([403, { message }]);
      expect([wrong.status, wrong.body]).toEqual([right.status, right.body]);
      // Both count against the limit (the counter tells nothing either), and no session was made.
      expect(await failuresOf(user.cpf)).toBe(2);
      expect(right.res.cookies.some((c: unknown) => (c as { name: string }).name === 'assoc_sid')).toBe(false);
      // Inside the trusted networks the same user still signs in with the right password only.
      expect((await login({ username: user.cpf, password: 'Errada#123' }, '10.1.2.3')).status).toBe(401);
      expect((await login({ username: user.cpf, password: user.password }, '10.1.2.3')).status).toBe(200);
    }
  });

  it('lets portal members in from anywhere, asking the code only when they set one up', async () => {
    const plain = await createUser(ctx, { roles: ['v2portal'] });
    expect((await login({ username: plain.cpf, password: plain.password }, EXTERNAL_IP)).status).toBe(200);
    const withCode = await createUser(ctx, { roles: ['v2portal'], totpSecret: generateSecret() });
    expect((await login({ username: withCode.cpf, password: withCode.password }, EXTERNAL_IP)).body.data).toBe('requirecode');
  });
});

describe('session', () => {
  it('GET session is null and GET ping 401 without a session; GET logout revokes it so the cookie no longer works', async () => {
    const anonymous = await call(ctx.app, authContracts.session);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toBeNull();
    expect((await call(ctx.app, authContracts.ping)).status).toBe(401);
    const user = await createUser(ctx, { roles: ['v2access', 'admin'], name: 'João Sessão' });
    const client = await signIn(ctx, user.cpf);
    const session = await call(client, authContracts.session);
    expect(session.body).toMatchObject({ name: 'João Sessão', cpf: user.cpf, roles: expect.arrayContaining(['admin']), xsrfToken: client.xsrf });
    expect((await call(client, authContracts.ping)).body).toEqual({ status: 200 });
    const out = await call(client, authContracts.logout);
    expect(out.status).toBe(200);
    expect((await call(client, authContracts.session)).body).toBeNull();
    const after = await call(client, authContracts.ping);
    expect(after.status).toBe(401);
    expect(after.error.message).toBe('Sessão expirada, faça um novo login para continuar');
  });

  it('the sign-in reply carries what GET session answers next (issue 28: no second round trip before the home)', async () => {
    const member = await createMember(ctx);
    const user = await createUser(ctx, { roles: ['v2portal'], cstId: member.cstId, name: 'Maria Portal' });
    const res = await ctx.app.inject({ method: 'POST', url: urlOf(authContracts.login), payload: { username: user.cpf, password: user.password } });
    expect(res.statusCode).toBe(200);
    const reply = res.json() as { data: string; session?: Record<string, unknown> };
    const cookies = res.cookies as { name: string; value: string }[];
    const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const session = await ctx.app.inject({ method: 'GET', url: urlOf(authContracts.session), headers: { cookie } });
    expect(reply.session).toEqual(session.json());
    expect(reply.session).toMatchObject({ name: 'Maria Portal', cstId: member.cstId, roles: ['v2portal'] });
    expect(reply.session!.xsrfToken).toBe(cookies.find((c) => c.name === 'XSRF-TOKEN')!.value);
    // 'requirecode' answers no session.
    const withCode = await createUser(ctx, { roles: ['v2portal'], totpSecret: generateSecret() });
    const asked = await ctx.app.inject({
      method: 'POST',
      url: urlOf(authContracts.login),
      payload: { username: withCode.cpf, password: withCode.password },
    });
    expect(asked.json()).toEqual({ status: 200, data: 'requirecode' });
  });

  it('an expired session answers 401', async () => {
    const user = await createUser(ctx, { roles: ['v2access'] });
    const client = await signIn(ctx, user.cpf);
    await ctx.db.execute(sql`update sessions set expires_at = now() - interval '1 minute' where user_id = ${user.userId}`);
    expect((await call(client, authContracts.ping)).status).toBe(401);
  });

  it('gives staff without a member record the association CEP for the weather', async () => {
    const user = await createUser(ctx, { roles: ['v2access'] });
    const client = await signIn(ctx, user.cpf);
    expect((await call(client, authContracts.session)).body!.cep).toBe(ctx.config.ASSOCIATION_CEP);
  });

  it('role changes apply at the next request', async () => {
    const user = await createUser(ctx, { roles: ['v2access'] });
    const client = await signIn(ctx, user.cpf);
    expect((await call(client, authContracts.session)).body!.roles).not.toContain('superadmin');
    await ctx.db.execute(sql`insert into user_roles (user_id, role) values (${user.userId}, 'superadmin')`);
    expect((await call(client, authContracts.session)).body!.roles).toContain('superadmin');
  });

  it('a deactivated user loses the session at once', async () => {
    const user = await createUser(ctx, { roles: ['v2access'] });
    const client = await signIn(ctx, user.cpf);
    await ctx.db.execute(sql`update users set active = false where user_id = ${user.userId}`);
    expect((await call(client, authContracts.ping)).status).toBe(401);
  });
});

describe('GET tree', () => {
  it('serves the menu filtered by the user roles, with job links in the spec target format', async () => {
    const staff = await signIn(ctx, (await createUser(ctx, { roles: ['v2access', 'v2atd', 'v2menucad', 'v2menucadterceiro'] })).cpf);
    const tree = (await call(staff, menuContracts.tree)).body;
    const labels = tree.map((n) => n.label);
    expect(labels).toEqual(['Painel', 'Atendimento', 'Cadastros']);
    const atendimento = tree.find((n) => n.label === 'Atendimento')!;
    expect(atendimento.children!.some((c) => c.target?.startsWith('job:contagem-excel '))).toBe(true);
    expect(atendimento.children!.some((c) => c.target?.endsWith('^21'))).toBe(true);
    expect(tree.find((n) => n.label === 'Cadastros')!.children!.map((c) => c.label)).toEqual(['Terceiros']);
  });
});

const statuses = (replies: { status: number }[]) => {
  const counts: Record<number, number> = {};
  for (const r of replies) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
};

describe('sign-in limit (issue 8 §2)', () => {
  it('50 concurrent wrong passwords for one CPF from one address: at most LOGIN_MAX_FAILURES answers 401, the rest 429', async () => {
    const user = await createUser(ctx, { roles: ['v2access'] });
    const ip = '10.50.0.1';
    const replies = await Promise.all(Array.from({ length: 50 }, () => login({ username: user.cpf, password: 'errada' }, ip)));
    const counts = statuses(replies);
    console.log(`50 concurrent wrong passwords (limit ${ctx.config.LOGIN_MAX_FAILURES}): ${JSON.stringify(counts)}`);
    expect(counts[401] ?? 0).toBeLessThanOrEqual(ctx.config.LOGIN_MAX_FAILURES);
    expect(counts[401] ?? 0).toBeGreaterThan(0);
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(50);
    expect(replies.find((r) => r.status === 429)!.error.message).toBe(loginMessages.tooManyAttempts(ctx.config.LOGIN_WINDOW_MINUTES));
    // The right password is refused too for the rest of the window.
    expect((await login({ username: user.cpf, password: user.password }, ip)).status).toBe(429);
  });

  it('a success does not erase the failures before it (they stay for the limit and the audit)', async () => {
    const user = await createUser(ctx, { roles: ['v2access'] });
    const ip = '10.50.0.2';
    for (let i = 0; i < ctx.config.LOGIN_MAX_FAILURES - 1; i++) {
      expect((await login({ username: user.cpf, password: 'errada' }, ip)).status).toBe(401);
    }
    expect((await login({ username: user.cpf, password: user.password }, ip)).status).toBe(200);
    expect((await login({ username: user.cpf, password: 'errada' }, ip)).status).toBe(401);
    expect((await login({ username: user.cpf, password: user.password }, ip)).status).toBe(429);
    const n = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from login_failures where cpf = ${user.cpf}`);
    expect(n.rows[0]!.n).toBe(ctx.config.LOGIN_MAX_FAILURES);
  });

  it('password spraying (45 CPFs × 3 wrong passwords, in parallel, from one address) reaches 429', async () => {
    const ip = '10.50.0.3';
    const cpfs = Array.from({ length: 45 }, () => nextCpf());
    const replies = await Promise.all(cpfs.flatMap((cpf) => [1, 2, 3].map(() => login({ username: cpf, password: 'errada' }, ip))));
    const counts = statuses(replies);
    expect(counts[401] ?? 0).toBeLessThanOrEqual(ctx.config.LOGIN_MAX_FAILURES_PER_IP);
    expect(counts[429] ?? 0).toBeGreaterThanOrEqual(135 - ctx.config.LOGIN_MAX_FAILURES_PER_IP);
    // Even a right password from that address is refused now; another address is not.
    const user = await createUser(ctx, { roles: ['v2access'] });
    expect((await login({ username: user.cpf, password: user.password }, ip)).status).toBe(429);
    expect((await login({ username: user.cpf, password: user.password }, '10.50.0.4')).status).toBe(200);
  });

  it('a CPF locked at address A is refused at address B, even in parallel and with the right password', async () => {
    const user = await createUser(ctx, { roles: ['v2access'] });
    const fromA = await Promise.all(Array.from({ length: 10 }, () => login({ username: user.cpf, password: 'errada' }, '10.50.0.5')));
    expect(statuses(fromA)[401]).toBeLessThanOrEqual(ctx.config.LOGIN_MAX_FAILURES);
    const fromB = await login({ username: user.cpf, password: user.password }, '10.50.0.6');
    expect(fromB.status).toBe(429);
    expect(fromB.error.message).toBe(loginMessages.tooManyAttempts(ctx.config.LOGIN_WINDOW_MINUTES));
  });

  it('counts again once the window has passed', async () => {
    const user = await createUser(ctx, { roles: ['v2access'] });
    for (let i = 0; i < ctx.config.LOGIN_MAX_FAILURES; i++) await login({ username: user.cpf, password: 'errada' }, '10.50.0.7');
    expect((await login({ username: user.cpf, password: user.password }, '10.50.0.7')).status).toBe(429);
    await ctx.db.execute(sql`update login_limits set window_start = now() - interval '1 day' where key in (${`cpf:${user.cpf}`}, 'ip:10.50.0.7')`);
    expect((await login({ username: user.cpf, password: user.password }, '10.50.0.7')).status).toBe(200);
  });
});

describe('client address behind a reverse proxy (issue 8 §1)', () => {
  let proxied: TestContext;
  beforeAll(async () => {
    proxied = await createTestApp({ TRUST_PROXY: '127.0.0.1' }, { database: ctx.database });
  });
  afterAll(async () => {
    await proxied.close();
  });
  const viaProxy = (body: { username: string; password: string }, forwardedFor: string) =>
    call(proxied.app, authContracts.login, { body, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': forwardedFor } });

  it('takes the right-most address the proxy list does not hold: a forged left-most entry does not make an outsider trusted', async () => {
    const withCode = await createUser(ctx, { roles: ['v2access'], fnAllowExternal: true, totpSecret: generateSecret() });
    expect((await viaProxy({ username: withCode.cpf, password: withCode.password }, '10.9.9.9, 203.0.113.7')).body).toEqual({
      status: 200,
      data: 'requirecode',
    });
    const notAllowed = await createUser(ctx, { roles: ['v2access'] });
    const refused = await viaProxy({ username: notAllowed.cpf, password: notAllowed.password }, '10.9.9.9, 203.0.113.7');
    expect(refused.status).toBe(403);
    expect(refused.error.message).toBe(loginMessages.externalNotAllowed);
    // A client forwarded from inside the trusted networks still signs in with CPF and password.
    expect((await viaProxy({ username: notAllowed.cpf, password: notAllowed.password }, '192.168.1.20')).status).toBe(200);
  });

  it('rotating the left-most entry does not escape the limit', async () => {
    const user = await createUser(ctx, { roles: ['v2access'] });
    const replies = [];
    for (let i = 0; i < ctx.config.LOGIN_MAX_FAILURES + 2; i++) {
      replies.push(await viaProxy({ username: nextCpf(), password: 'errada' }, `10.9.9.${i}, 198.51.100.9`));
    }
    expect(replies.map((r) => r.status)).toContain(401);
    const rows = await ctx.db.execute<{ count: number }>(sql`select count from login_limits where key = 'ip:198.51.100.9'`);
    expect(rows.rows[0]!.count).toBe(ctx.config.LOGIN_MAX_FAILURES + 2);
    for (let i = 0; i < ctx.config.LOGIN_MAX_FAILURES + 1; i++) {
      await viaProxy({ username: user.cpf, password: 'errada' }, `10.8.8.${i}, 198.51.100.10`);
    }
    expect((await viaProxy({ username: user.cpf, password: user.password }, '10.7.7.7, 198.51.100.10')).status).toBe(429);
  });

  it('without TRUST_PROXY the forwarded header is ignored; TRUST_PROXY=true is a start-up error', async () => {
    const notAllowed = await createUser(ctx, { roles: ['v2access'] });
    // Default config: the socket address (loopback, trusted) counts, not the header.
    const res = await call(ctx.app, authContracts.login, {
      body: { username: notAllowed.cpf, password: notAllowed.password },
      headers: { 'x-forwarded-for': '203.0.113.7' },
      remoteAddress: '127.0.0.1',
    });
    expect(res.status).toBe(200);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=true não é mais aceito/);
  });
});

describe('sessions (issue 8 §7)', () => {
  it('end SESSION_MAX_DAYS after sign-in however active', async () => {
    const user = await createUser(ctx, { roles: ['v2access'] });
    const client = await signIn(ctx, user.cpf);
    await ctx.db.execute(
      sql`update sessions set created_at = now() - make_interval(days => ${ctx.config.SESSION_MAX_DAYS - 1}) where user_id = ${user.userId}`,
    );
    expect((await call(client, authContracts.ping)).status).toBe(200);
    await ctx.db.execute(
      sql`update sessions set created_at = now() - make_interval(days => ${ctx.config.SESSION_MAX_DAYS}) - interval '1 minute', last_seen_at = now() where user_id = ${user.userId}`,
    );
    expect((await call(client, authContracts.ping)).status).toBe(401);
  });

  it('signing in while carrying a live session cookie ends the old session and its sockets', async () => {
    const user = await createUser(ctx, { roles: ['v2access'] });
    const old = await signIn(ctx, user.cpf);
    const ended: unknown[] = [];
    const stop = ctx.app.events.onSessionsEnded((e) => ended.push(e));
    const again = await call(ctx.app, authContracts.login, {
      body: { username: user.cpf, password: user.password },
      headers: { cookie: old.cookie },
    });
    stop();
    expect(again.status).toBe(200);
    expect((await call(old, authContracts.ping)).status).toBe(401);
    const oldSession = await ctx.db.execute<{ session_id: number }>(
      sql`select session_id from sessions where user_id = ${user.userId} and revoked_at is not null`,
    );
    expect(ended).toEqual([{ sessionId: oldSession.rows[0]!.session_id }]);
    const sid = (again.res.cookies as { name: string; value: string }[]).find((c) => c.name === 'assoc_sid')!.value;
    expect((await call(ctx.app, authContracts.ping, { headers: { cookie: `assoc_sid=${sid}` } })).status).toBe(200);
  });

  it('every API reply says Cache-Control: no-store; the CSP connects to this origin only', async () => {
    const user = await createUser(ctx, { roles: ['v2access'] });
    const client = await signIn(ctx, user.cpf);
    for (const res of [
      (await call(client, authContracts.session)).res,
      (await call(ctx.app, authContracts.ping)).res,
      await ctx.app.inject({ method: 'GET', url: apiUrl('nada-aqui') }),
      (await login({ username: user.cpf, password: 'errada' })).res,
    ]) {
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const csp = String((await call(client, authContracts.session)).res.headers['content-security-policy']);
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toMatch(/ws:|wss:/);
  });
});

describe('state-changing GETs need the XSRF header (issue 8 §8)', () => {
  it('GET logout without the header does not end a live session; with it, it does; without a session it stays harmless', async () => {
    const user = await createUser(ctx, { roles: ['v2access'] });
    const client = await signIn(ctx, user.cpf);
    const forged = await call(ctx.app, authContracts.logout, { headers: { cookie: client.cookie } });
    expect(forged.status).toBe(403);
    expect(forged.error.message).toContain('XSRF');
    expect(forged.res.cookies).toHaveLength(0);
    expect((await call(client, authContracts.ping)).status).toBe(200);
    expect((await call(client, authContracts.logout)).status).toBe(200);
    expect((await call(client, authContracts.ping)).status).toBe(401);
    expect((await call(ctx.app, authContracts.logout)).status).toBe(200);
    // A lost (revoked) session with no header: harmless too.
    expect((await call(ctx.app, authContracts.logout, { headers: { cookie: client.cookie } })).status).toBe(200);
  });
});

describe('security events of the sign-in (issue 8 §10)', () => {
  const eventsOf = async (cpf: string) =>
    (
      await ctx.db.execute<{ action: string; owner_id: number | null; user_id: number | null; after: Record<string, unknown> }>(
        sql`select action, owner_id, user_id, after from audits where category = 'security' and after->>'cpf' = ${cpf} order by audit_id`,
      )
    ).rows;

  it('records success, each failure reason and sign-out, never a password or code', async () => {
    const secret = generateSecret();
    const user = await createUser(ctx, { roles: ['v2access'], fnAllowExternal: true, totpSecret: secret });
    const ip = '10.60.0.1';
    await login({ username: user.cpf, password: 'Errada#1' }, ip);
    await login({ username: user.cpf, password: user.password }, EXTERNAL_IP); // code asked: not a failure
    await login({ username: user.cpf, password: user.password, code: (await generate({ secret })) === '000000' ? '111111' : '000000' }, EXTERNAL_IP);
    const ok = await login({ username: user.cpf, password: user.password }, ip);
    const sid = (ok.res.cookies as { name: string; value: string }[]).find((c) => c.name === 'assoc_sid')!.value;
    const xsrf = (ok.res.cookies as { name: string; value: string }[]).find((c) => c.name === 'XSRF-TOKEN')!.value;
    await call(ctx.app, authContracts.logout, { headers: { cookie: `assoc_sid=${sid}`, 'x-xsrf-token': xsrf } });
    const inactive = await createUser(ctx, { roles: ['v2access'], active: false });
    await login({ username: inactive.cpf, password: inactive.password }, ip);
    const outsider = await createUser(ctx, { roles: ['v2access'] });
    await login({ username: outsider.cpf, password: outsider.password }, EXTERNAL_IP);

    const events = await eventsOf(user.cpf);
    expect(events.map((e) => [e.action, e.after.reason ?? null])).toEqual([
      ['login_fail', 'bad_credentials'],
      ['login_fail', 'bad_code'],
      ['login_ok', null],
      ['logout', null],
    ]);
    expect(events.every((e) => e.owner_id === user.userId)).toBe(true);
    expect(events[2]!.user_id).toBe(user.userId);
    expect(events[0]!.after).toEqual({ cpf: user.cpf, ip, reason: 'bad_credentials' });
    expect((await eventsOf(inactive.cpf)).map((e) => e.after.reason)).toEqual(['inactive']);
    expect((await eventsOf(outsider.cpf)).map((e) => e.after.reason)).toEqual(['external_refused']);
    const all = JSON.stringify(await ctx.db.execute(sql`select * from audits where category = 'security'`));
    expect(all).not.toContain(user.password);
    expect(all).not.toContain('Errada#1');
    expect(all).not.toContain(sid);
  });

  it('records a refusal by the limit as rate_limited', async () => {
    const user = await createUser(ctx, { roles: ['v2access'] });
    for (let i = 0; i <= ctx.config.LOGIN_MAX_FAILURES; i++) await login({ username: user.cpf, password: 'errada' }, '10.60.0.2');
    const reasons = (await eventsOf(user.cpf)).map((e) => e.after.reason);
    expect(reasons.filter((r) => r === 'bad_credentials')).toHaveLength(ctx.config.LOGIN_MAX_FAILURES);
    expect(reasons.at(-1)).toBe('rate_limited');
  });

  it('records the refusals of a locked CPF once a minute, not once per request', async () => {
    const user = await createUser(ctx, { roles: ['v2access'] });
    for (let i = 0; i < ctx.config.LOGIN_MAX_FAILURES + 20; i++) await login({ username: user.cpf, password: 'errada' }, '10.60.0.3');
    const reasons = (await eventsOf(user.cpf)).map((e) => e.after.reason);
    expect(reasons.filter((r) => r === 'rate_limited')).toHaveLength(1);
    expect(reasons.filter((r) => r === 'bad_credentials')).toHaveLength(ctx.config.LOGIN_MAX_FAILURES);
  });

  it('forgets the counters whose window has passed', async () => {
    const user = await createUser(ctx, { roles: ['v2access'] });
    await login({ username: user.cpf, password: 'errada' }, '10.60.0.4');
    await ctx.db.execute(sql`update login_limits set window_start = now() - interval '1 day' where key = ${`cpf:${user.cpf}`}`);
    await createAuthRepository().pruneLimits(ctx.db, ctx.config.LOGIN_WINDOW_MINUTES);
    const left = await ctx.db.execute<{ key: string }>(sql`select key from login_limits where key in (${`cpf:${user.cpf}`}, 'ip:10.60.0.4')`);
    expect(left.rows.map((r) => r.key)).toEqual(['ip:10.60.0.4']);
  });
});

describe('createThrottle', () => {
  it('says yes once per key and interval', () => {
    let t = 0;
    const throttle = createThrottle(60_000, () => t);
    expect(throttle.shouldRecord('a')).toBe(true);
    expect(throttle.shouldRecord('a')).toBe(false);
    expect(throttle.shouldRecord('b')).toBe(true);
    t = 60_000;
    expect(throttle.shouldRecord('a')).toBe(true);
  });
});

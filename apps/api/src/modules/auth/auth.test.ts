import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { generateSecret } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginMessages } from '@assoc/domain';
import { createMember, createTestApp, createUser, nextCpf, signIn, type TestContext } from '../../../test/helper.js';
import { verifyToken } from '../../lib/signed-token.js';
import { addresses } from '../../db/schema/index.js';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestApp(); });
afterAll(async () => { await ctx.close(); });

const EXTERNAL_IP = '203.0.113.7';
const login = (payload: Record<string, unknown>, remoteAddress?: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/login', payload, remoteAddress });

describe('POST login', () => {
  it('signs in with CPF (with or without punctuation) and returns a signed coded string with the spec fields', async () => {
    const member = await createMember(ctx, { custName: 'Maria Teste Silva' });
    await ctx.db.insert(addresses).values({ cstId: member.cstId, kind: 1, adZipcode: '01310100' });
    const user = await createUser(ctx, { roles: ['v2access', 'v2search'], name: 'Maria Teste', cstId: member.cstId });
    const punctuated = `${user.cpf.slice(0, 3)}.${user.cpf.slice(3, 6)}.${user.cpf.slice(6, 9)}-${user.cpf.slice(9)}`;
    const res = await login({ username: punctuated, password: user.password, code: '', subscriberId: 'push-123' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(200);
    const payload = verifyToken(body.data, 'test-secret');
    expect(payload).toMatchObject({
      cstID: member.cstId, name: 'Maria Teste', username: user.cpf, subscriberId: 'push-123', cep: '01310100',
      roles: expect.arrayContaining(['v2access', 'v2search']),
    });
    const cookies = res.cookies as { name: string; httpOnly?: boolean; sameSite?: string }[];
    expect(cookies.find((c) => c.name === 'assoc_sid')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(cookies.find((c) => c.name === 'XSRF-TOKEN')?.httpOnly).toBeFalsy();
  });

  it('refuses a wrong password and an unknown CPF with the same message, writing a failure each', async () => {
    const user = await createUser(ctx, { roles: ['v2access'] });
    const wrong = await login({ username: user.cpf, password: 'errada' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(loginMessages.invalidCredentials);
    const unknown = await login({ username: nextCpf(), password: 'qualquer' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(loginMessages.invalidCredentials);
    const n = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from login_failures where cpf = ${user.cpf}`);
    expect(n.rows[0]!.n).toBe(1);
  });

  it('validates the body with pt-BR messages', async () => {
    const empty = await login({ username: '', password: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Campo obrigatório');
    const short = await login({ username: '123', password: 'x' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('Tamanho mínimo de 11 caracteres');
    const longCode = await login({ username: nextCpf(), password: 'x', code: '1234567' });
    expect(longCode.statusCode).toBe(400);
  });

  it('refuses an inactive user', async () => {
    const user = await createUser(ctx, { roles: ['v2access'], active: false });
    const res = await login({ username: user.cpf, password: user.password });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(loginMessages.inactiveUser);
  });

  it('slows down and then refuses repeated failures for the same CPF and address, in pt-BR', async () => {
    const user = await createUser(ctx, { roles: ['v2access'] });
    const ip = '10.1.2.3';
    for (let i = 0; i < ctx.config.LOGIN_MAX_FAILURES; i++) {
      expect((await login({ username: user.cpf, password: 'errada' }, ip)).statusCode).toBe(401);
    }
    const blocked = await login({ username: user.cpf, password: user.password }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(loginMessages.tooManyAttempts(ctx.config.LOGIN_WINDOW_MINUTES));
    // Another address is not affected, and success clears that address's failures.
    expect((await login({ username: user.cpf, password: user.password }, '10.9.9.9')).statusCode).toBe(200);
  });

  it('answers requirecode from outside for an external user with an authenticator, then accepts the right code only', async () => {
    const secret = generateSecret();
    const user = await createUser(ctx, { roles: ['v2access'], fnAllowExternal: true, totpSecret: secret });
    const first = await login({ username: user.cpf, password: user.password, code: '' }, EXTERNAL_IP);
    expect(first.json()).toEqual({ status: 200, data: 'requirecode' });
    expect(first.cookies).toHaveLength(0);
    const bad = await login({ username: user.cpf, password: user.password, code: '000000' === (await generate({ secret })) ? '111111' : '000000' }, EXTERNAL_IP);
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toBe(loginMessages.invalidCode);
    const good = await login({ username: user.cpf, password: user.password, code: await generate({ secret }) }, EXTERNAL_IP);
    expect(good.statusCode).toBe(200);
    expect(good.json().data).not.toBe('requirecode');
    // Inside the trusted networks the same user needs no code.
    expect((await login({ username: user.cpf, password: user.password }, '192.168.0.10')).json().data).not.toBe('requirecode');
  });

  it('refuses staff from outside without fnAllowExternal, or without an authenticator set up', async () => {
    const notAllowed = await createUser(ctx, { roles: ['v2access'] });
    const r1 = await login({ username: notAllowed.cpf, password: notAllowed.password }, EXTERNAL_IP);
    expect(r1.statusCode).toBe(403);
    expect(r1.json().message).toBe(loginMessages.externalNotAllowed);
    const noCode = await createUser(ctx, { roles: ['v2access'], fnAllowExternal: true });
    const r2 = await login({ username: noCode.cpf, password: noCode.password }, EXTERNAL_IP);
    expect(r2.statusCode).toBe(403);
    expect(r2.json().message).toBe(loginMessages.externalCodeNotConfigured);
  });

  it('lets portal members in from anywhere, asking the code only when they set one up', async () => {
    const plain = await createUser(ctx, { roles: ['v2portal'] });
    expect((await login({ username: plain.cpf, password: plain.password }, EXTERNAL_IP)).statusCode).toBe(200);
    const withCode = await createUser(ctx, { roles: ['v2portal'], totpSecret: generateSecret() });
    expect((await login({ username: withCode.cpf, password: withCode.password }, EXTERNAL_IP)).json().data).toBe('requirecode');
  });
});

describe('session', () => {
  it('GET session is null and GET ping 401 without a session; GET logout revokes it so the cookie no longer works', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/v1/session' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toBeNull();
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/ping' })).statusCode).toBe(401);
    const user = await createUser(ctx, { roles: ['v2access', 'admin'], name: 'João Sessão' });
    const client = await signIn(ctx, user.cpf);
    const session = await client.get('/api/v1/session');
    expect(session.json()).toMatchObject({ name: 'João Sessão', cpf: user.cpf, roles: expect.arrayContaining(['admin']), xsrfToken: client.xsrf });
    expect((await client.get('/api/v1/ping')).json()).toEqual({ status: 200 });
    const out = await client.get('/api/v1/logout');
    expect(out.statusCode).toBe(200);
    expect((await client.get('/api/v1/session')).json()).toBeNull();
    const after = await client.get('/api/v1/ping');
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Sessão expirada, faça um novo login para continuar');
  });

  it('an expired session answers 401', async () => {
    const user = await createUser(ctx, { roles: ['v2access'] });
    const client = await signIn(ctx, user.cpf);
    await ctx.db.execute(sql`update sessions set expires_at = now() - interval '1 minute' where user_id = ${user.userId}`);
    expect((await client.get('/api/v1/ping')).statusCode).toBe(401);
  });

  it('gives staff without a member record the association CEP for the weather', async () => {
    const user = await createUser(ctx, { roles: ['v2access'] });
    const client = await signIn(ctx, user.cpf);
    expect((await client.get('/api/v1/session')).json().cep).toBe(ctx.config.ASSOCIATION_CEP);
  });

  it('role changes apply at the next request', async () => {
    const user = await createUser(ctx, { roles: ['v2access'] });
    const client = await signIn(ctx, user.cpf);
    expect((await client.get('/api/v1/session')).json().roles).not.toContain('superadmin');
    await ctx.db.execute(sql`insert into user_roles (user_id, role) values (${user.userId}, 'superadmin')`);
    expect((await client.get('/api/v1/session')).json().roles).toContain('superadmin');
  });

  it('a deactivated user loses the session at once', async () => {
    const user = await createUser(ctx, { roles: ['v2access'] });
    const client = await signIn(ctx, user.cpf);
    await ctx.db.execute(sql`update users set active = false where user_id = ${user.userId}`);
    expect((await client.get('/api/v1/ping')).statusCode).toBe(401);
  });
});

describe('GET tree', () => {
  it('serves the menu filtered by the user roles, with job links in the spec target format', async () => {
    const staff = await signIn(ctx, (await createUser(ctx, { roles: ['v2access', 'v2atd', 'v2menucad', 'v2menucadterceiro'] })).cpf);
    const tree = (await staff.get('/api/v1/tree')).json() as { label: string; target?: string; children?: { label: string; target?: string }[] }[];
    const labels = tree.map((n) => n.label);
    expect(labels).toEqual(['Painel', 'Atendimento', 'Cadastros']);
    const atendimento = tree.find((n) => n.label === 'Atendimento')!;
    expect(atendimento.children!.some((c) => c.target?.startsWith('job:contagem-excel '))).toBe(true);
    expect(atendimento.children!.some((c) => c.target?.endsWith('^21'))).toBe(true);
    expect(tree.find((n) => n.label === 'Cadastros')!.children!.map((c) => c.label)).toEqual(['Terceiros']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { accessAdminMessages, allRoles, roleCatalogue } from '@assoc/domain';
import { createTestApp, createUser, nextCpf, signIn, signedInAs, type Client, type TestContext } from '../../../test/helper.js';
import { audits, profiles, sessions, users } from '../../db/schema/index.js';
import { verifyPassword } from '../../lib/password.js';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof signedInAs>>;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signedInAs(ctx, ['v2access', 'superadmin']);
});
afterAll(async () => {
  await ctx.close();
});

const put = (client: Client, url: string, payload: unknown) => client.request({ method: 'PUT', url, payload: payload as object });
const del = (client: Client, url: string) => client.request({ method: 'DELETE', url });
const profileAudits = (entityId: string) =>
  ctx.db
    .select()
    .from(audits)
    .where(and(eq(audits.category, 'acessos'), eq(audits.entityId, entityId)));

const calls: Array<{ method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object }> = [
  { method: 'GET', url: '/api/v1/roles' },
  { method: 'GET', url: '/api/v1/acessos/perfis' },
  { method: 'POST', url: '/api/v1/acessos/perfis', payload: { name: 'X', roles: [] } },
  { method: 'PUT', url: '/api/v1/acessos/perfis/1', payload: { name: 'X', roles: [] } },
  { method: 'DELETE', url: '/api/v1/acessos/perfis/1' },
  { method: 'GET', url: '/api/v1/acessos/usuarios' },
  { method: 'POST', url: '/api/v1/acessos/usuarios', payload: {} },
  { method: 'PUT', url: '/api/v1/acessos/usuarios/1', payload: {} },
  { method: 'POST', url: '/api/v1/acessos/usuarios/1/limpar-autenticador' },
];

describe('Acessos: access', () => {
  it('answers 401 without a session and 403 to a non-superadmin on every call', async () => {
    const { client } = await signedInAs(ctx, ['v2access', 'admin']);
    for (const call of calls) {
      const anon = await ctx.app.inject({ method: call.method, url: call.url, payload: call.payload });
      expect(anon.statusCode, `${call.method} ${call.url}`).toBe(401);
      const denied = await client.request({ method: call.method, url: call.url, payload: call.payload });
      expect(denied.statusCode, `${call.method} ${call.url}`).toBe(403);
    }
  });

  it('every call declares superadmin', () => {
    const ours = ctx.app.apiRoutes.filter((r) => r.url.includes('/acessos') || r.url === '/api/v1/roles');
    expect(ours).toHaveLength(calls.length);
    for (const r of ours) expect(r.roles).toEqual(['superadmin']);
  });

  it('GET roles answers the whole catalogue with descriptions', async () => {
    const res = await admin.client.get('/api/v1/roles');
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<{ role: string; description: string }>;
    expect(list.map((r) => r.role)).toEqual(allRoles);
    expect(list.find((r) => r.role === 'superadmin')!.description).toBe(roleCatalogue.superadmin);
  });
});

describe('Acessos: perfis', () => {
  it('creates, updates and deletes a profile, with audit rows', async () => {
    const created = await admin.client.post('/api/v1/acessos/perfis', {
      name: 'Financeiro Teste',
      description: 'Equipe',
      roles: ['v2access', 'v2menufinanceiro'],
    });
    expect(created.statusCode).toBe(200);
    const profile = created.json();
    expect(profile).toMatchObject({ name: 'Financeiro Teste', description: 'Equipe', roles: ['v2access', 'v2menufinanceiro'], userCount: 0 });

    const list = await admin.client.get('/api/v1/acessos/perfis');
    expect(list.json().some((p: { permId: number }) => p.permId === profile.permId)).toBe(true);

    const dup = await admin.client.post('/api/v1/acessos/perfis', { name: 'financeiro teste', roles: [] });
    expect(dup.statusCode).toBe(409);

    const updated = await put(admin.client, `/api/v1/acessos/perfis/${profile.permId}`, {
      name: 'Financeiro 2',
      description: '',
      roles: ['v2access'],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Financeiro 2', roles: ['v2access'] });

    const removed = await del(admin.client, `/api/v1/acessos/perfis/${profile.permId}`);
    expect(removed.statusCode).toBe(200);
    expect(await ctx.db.select().from(profiles).where(eq(profiles.permId, profile.permId))).toHaveLength(0);

    const rows = await profileAudits(`perfil:${profile.permId}`);
    expect(rows.map((r) => r.action).sort()).toEqual(['delete', 'insert', 'update']);
    const update = rows.find((r) => r.action === 'update')!;
    expect(update.userId).toBe(admin.user.userId);
    expect(update.before).toMatchObject({ roles: ['v2access', 'v2menufinanceiro'] });
    expect(update.after).toMatchObject({ roles: ['v2access'] });
  });

  it('refuses a role outside the catalogue', async () => {
    const res = await admin.client.post('/api/v1/acessos/perfis', { name: 'Inválido', roles: ['v2access', 'naoexiste'] });
    expect(res.statusCode).toBe(400);
    const existing = await admin.client.post('/api/v1/acessos/perfis', { name: 'Outro perfil', roles: [] });
    const upd = await put(admin.client, `/api/v1/acessos/perfis/${existing.json().permId}`, { name: 'Outro perfil', roles: ['hacker'] });
    expect(upd.statusCode).toBe(400);
  });

  it('refuses to delete a profile in use, with a pt-BR message', async () => {
    const user = await createUser(ctx, { roles: ['v2access'] });
    const res = await del(admin.client, `/api/v1/acessos/perfis/${user.permId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(accessAdminMessages.profileInUse(1));
  });
});

describe('Acessos: usuários', () => {
  const newUser = async (overrides: Record<string, unknown> = {}) => {
    const profile = (await admin.client.post('/api/v1/acessos/perfis', { name: `Perfil ${nextCpf()}`, roles: ['v2access'] })).json();
    return {
      cpf: nextCpf(),
      name: 'Maria da Silva',
      email: 'maria@example.com',
      permId: profile.permId,
      extraRoles: ['v2search'],
      fnAllowExternal: false,
      active: true,
      ...overrides,
    };
  };

  it('creates a user with no usable password; refuses an invalid or duplicate CPF', async () => {
    const body = await newUser();
    const res = await admin.client.post('/api/v1/acessos/usuarios', body);
    expect(res.statusCode).toBe(200);
    const created = res.json();
    expect(created).toMatchObject({ cpf: body.cpf, name: 'Maria da Silva', extraRoles: ['v2search'], active: true, hasAuthenticator: false });
    const [row] = await ctx.db.select().from(users).where(eq(users.userId, created.userId));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row!.passwordHash, '')).toBe(false);
    const signIn = await ctx.app.inject({ method: 'POST', url: '/api/v1/login', payload: { username: body.cpf, password: 'Senha@Teste1' } });
    expect(signIn.json().data).not.toBe('requirecode');
    expect(signIn.cookies.some((c: { name: string }) => c.name === 'assoc_sid')).toBe(false);

    const dup = await admin.client.post('/api/v1/acessos/usuarios', { ...body, name: 'Outra' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('CPF já cadastrado');

    const invalid = await admin.client.post('/api/v1/acessos/usuarios', { ...body, cpf: '12345678900' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toContain('CPF Inválido');

    const badEmail = await admin.client.post('/api/v1/acessos/usuarios', { ...body, cpf: nextCpf(), email: 'x@' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toContain('E-mail inválido');

    const unknownRole = await admin.client.post('/api/v1/acessos/usuarios', { ...body, cpf: nextCpf(), extraRoles: ['naoexiste'] });
    expect(unknownRole.statusCode).toBe(400);

    const [audit] = await profileAudits(`usuario:${created.userId}`);
    expect(audit!.action).toBe('insert');
    const text = JSON.stringify(audit!.after);
    expect(text).not.toContain('argon2');
    expect(text).not.toMatch(/passwordHash|totpSecret/);
  });

  it("a role change takes effect at the target user's next request", async () => {
    const target = await createUser(ctx, { roles: ['v2access'] });
    const client = await signIn(ctx, target.cpf);
    expect((await client.get('/api/v1/session')).json().roles).not.toContain('v2menufiltro');

    const upd = await put(admin.client, `/api/v1/acessos/perfis/${target.permId}`, {
      name: `Perfil alvo ${target.userId}`,
      roles: ['v2access', 'v2menufiltro'],
    });
    expect(upd.statusCode).toBe(200);
    expect((await client.get('/api/v1/session')).json().roles).toContain('v2menufiltro');

    // Extra roles through the user call, too.
    const body = {
      cpf: target.cpf,
      name: target.name,
      email: 'alvo@example.com',
      permId: target.permId,
      extraRoles: ['v2atd'],
      fnAllowExternal: false,
      active: true,
    };
    expect((await put(admin.client, `/api/v1/acessos/usuarios/${target.userId}`, body)).statusCode).toBe(200);
    expect((await client.get('/api/v1/session')).json().roles).toContain('v2atd');
  });

  it("deactivation revokes the user's sessions", async () => {
    const target = await createUser(ctx, { roles: ['v2access'] });
    const client = await signIn(ctx, target.cpf);
    expect((await client.get('/api/v1/session')).json()).not.toBeNull();
    const body = {
      cpf: target.cpf,
      name: target.name,
      email: 'alvo@example.com',
      permId: target.permId,
      extraRoles: [],
      fnAllowExternal: false,
      active: false,
    };
    const res = await put(admin.client, `/api/v1/acessos/usuarios/${target.userId}`, body);
    expect(res.statusCode).toBe(200);
    expect(res.json().active).toBe(false);
    expect((await client.get('/api/v1/session')).json()).toBeNull();
    const open = await ctx.db.select().from(sessions).where(eq(sessions.userId, target.userId));
    expect(open.every((s) => s.revokedAt !== null)).toBe(true);
  });

  it('a superadmin cannot deactivate themselves nor remove their own superadmin role', async () => {
    const me = await signedInAs(ctx, ['v2access', 'superadmin']);
    const base = {
      cpf: me.user.cpf,
      name: me.user.name,
      email: 'eu@example.com',
      permId: me.user.permId,
      extraRoles: [],
      fnAllowExternal: false,
      active: true,
    };
    const off = await put(me.client, `/api/v1/acessos/usuarios/${me.user.userId}`, { ...base, active: false });
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toBe(accessAdminMessages.selfDeactivate);

    const other = (await me.client.post('/api/v1/acessos/perfis', { name: `Sem super ${me.user.userId}`, roles: ['v2access'] })).json();
    const move = await put(me.client, `/api/v1/acessos/usuarios/${me.user.userId}`, { ...base, permId: other.permId });
    expect(move.statusCode).toBe(400);
    expect(move.json().message).toBe(accessAdminMessages.selfSuperadmin);

    const strip = await put(me.client, `/api/v1/acessos/perfis/${me.user.permId}`, { name: `Meu perfil ${me.user.userId}`, roles: ['v2access'] });
    expect(strip.statusCode).toBe(400);
    expect(strip.json().message).toBe(accessAdminMessages.selfSuperadmin);

    // With superadmin as an extra role, the profile may change.
    const ok = await put(me.client, `/api/v1/acessos/usuarios/${me.user.userId}`, { ...base, permId: other.permId, extraRoles: ['superadmin'] });
    expect(ok.statusCode).toBe(200);
    expect((await me.client.get('/api/v1/session')).json().roles).toContain('superadmin');
  });

  it('clears the authenticator; the audit holds no secret', async () => {
    const target = await createUser(ctx, { roles: ['v2access'], totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DP' });
    const res = await admin.client.post(`/api/v1/acessos/usuarios/${target.userId}/limpar-autenticador`);
    expect(res.statusCode).toBe(200);
    expect(res.json().hasAuthenticator).toBe(false);
    const [row] = await ctx.db.select().from(users).where(eq(users.userId, target.userId));
    expect(row!.totpSecret).toBeNull();
    const [audit] = await profileAudits(`usuario:${target.userId}`);
    expect(audit!.before).toMatchObject({ hasAuthenticator: true });
    expect(JSON.stringify([audit!.before, audit!.after])).not.toContain('JBSWY3DP');

    const list = await admin.client.get('/api/v1/acessos/usuarios');
    const listed = list.json().find((u: { userId: number }) => u.userId === target.userId);
    expect(listed).toMatchObject({ cpf: target.cpf, hasAuthenticator: false, active: true });
  });
});

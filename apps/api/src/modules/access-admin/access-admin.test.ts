import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { accessAdminMessages, allRoles, roleCatalogue, accessAdminContracts, authContracts } from '@assoc/domain';
import { call, prepare, urlOf, createTestApp, createUser, nextCpf, signIn, signedInAs, type TestContext } from '../../../test/helper.js';
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

const profileAudits = (entityId: string) =>
  ctx.db
    .select()
    .from(audits)
    .where(and(eq(audits.category, 'acessos'), eq(audits.entityId, entityId)));

const calls = [
  prepare(accessAdminContracts.roles),
  prepare(accessAdminContracts.listProfiles),
  prepare(accessAdminContracts.addProfile, { rawBody: { name: 'X', roles: [] } }),
  prepare(accessAdminContracts.updateProfile, { params: { permId: 1 }, rawBody: { name: 'X', roles: [] } }),
  prepare(accessAdminContracts.removeProfile, { params: { permId: 1 } }),
  prepare(accessAdminContracts.listUsers),
  prepare(accessAdminContracts.addUser, { rawBody: {} }),
  prepare(accessAdminContracts.updateUser, { params: { userId: 1 }, rawBody: {} }),
  prepare(accessAdminContracts.clearAuthenticator, { params: { userId: 1 } }),
];

describe('Acessos: access', () => {
  it('answers 401 without a session and 403 to a non-superadmin on every call', async () => {
    const { client } = await signedInAs(ctx, ['v2access', 'admin']);
    for (const route of calls) {
      const anon = await route.send(ctx.app);
      expect(anon.status, route.label).toBe(401);
      const denied = await route.send(client);
      expect(denied.status, route.label).toBe(403);
    }
  });

  it('every call declares superadmin', () => {
    const ours = ctx.app.apiRoutes.filter((r) => r.url.includes('/acessos') || r.url === urlOf(accessAdminContracts.roles));
    expect(ours).toHaveLength(calls.length);
    for (const r of ours) expect(r.roles).toEqual(['superadmin']);
  });

  it('GET roles answers the whole catalogue with descriptions', async () => {
    const res = await call(admin.client, accessAdminContracts.roles);
    expect(res.status).toBe(200);
    const list = res.body;
    expect(list.map((r) => r.role)).toEqual(allRoles);
    expect(list.find((r) => r.role === 'superadmin')!.description).toBe(roleCatalogue.superadmin);
  });
});

describe('Acessos: perfis', () => {
  it('creates, updates and deletes a profile, with audit rows', async () => {
    const created = await call(admin.client, accessAdminContracts.addProfile, {
      body: {
        name: 'Financeiro Teste',
        description: 'Equipe',
        roles: ['v2access', 'v2menufinanceiro'],
      },
    });
    expect(created.status).toBe(200);
    const profile = created.body;
    expect(profile).toMatchObject({ name: 'Financeiro Teste', description: 'Equipe', roles: ['v2access', 'v2menufinanceiro'], userCount: 0 });

    const list = await call(admin.client, accessAdminContracts.listProfiles);
    expect(list.body.some((p: { permId: number }) => p.permId === profile.permId)).toBe(true);

    const dup = await call(admin.client, accessAdminContracts.addProfile, { body: { name: 'financeiro teste', roles: [] } });
    expect(dup.status).toBe(409);

    const updated = await call(admin.client, accessAdminContracts.updateProfile, {
      params: { permId: profile.permId },
      body: {
        name: 'Financeiro 2',
        description: '',
        roles: ['v2access'],
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Financeiro 2', roles: ['v2access'] });

    const removed = await call(admin.client, accessAdminContracts.removeProfile, { params: { permId: profile.permId } });
    expect(removed.status).toBe(200);
    expect(await ctx.db.select().from(profiles).where(eq(profiles.permId, profile.permId))).toHaveLength(0);

    const rows = await profileAudits(`perfil:${profile.permId}`);
    expect(rows.map((r) => r.action).sort()).toEqual(['delete', 'insert', 'update']);
    const update = rows.find((r) => r.action === 'update')!;
    expect(update.userId).toBe(admin.user.userId);
    expect(update.before).toMatchObject({ roles: ['v2access', 'v2menufinanceiro'] });
    expect(update.after).toMatchObject({ roles: ['v2access'] });
  });

  it('refuses a role outside the catalogue', async () => {
    const res = await call(admin.client, accessAdminContracts.addProfile, { body: { name: 'Inválido', roles: ['v2access', 'naoexiste'] } });
    expect(res.status).toBe(400);
    const existing = await call(admin.client, accessAdminContracts.addProfile, { body: { name: 'Outro perfil', roles: [] } });
    const upd = await call(admin.client, accessAdminContracts.updateProfile, {
      params: { permId: existing.body.permId },
      body: { name: 'Outro perfil', roles: ['hacker'] },
    });
    expect(upd.status).toBe(400);
  });

  it('refuses to delete a profile in use, with a pt-BR message', async () => {
    const user = await createUser(ctx, { roles: ['v2access'] });
    const res = await call(admin.client, accessAdminContracts.removeProfile, { params: { permId: user.permId } });
    expect(res.status).toBe(409);
    expect(res.error.message).toBe(accessAdminMessages.profileInUse(1));
  });
});

describe('Acessos: usuários', () => {
  const newUser = async (overrides: Record<string, unknown> = {}) => {
    const profile = (await call(admin.client, accessAdminContracts.addProfile, { body: { name: `Perfil ${nextCpf()}`, roles: ['v2access'] } })).body;
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
    const res = await call(admin.client, accessAdminContracts.addUser, { body: body });
    expect(res.status).toBe(200);
    const created = res.body;
    expect(created).toMatchObject({ cpf: body.cpf, name: 'Maria da Silva', extraRoles: ['v2search'], active: true, hasAuthenticator: false });
    const [row] = await ctx.db.select().from(users).where(eq(users.userId, created.userId));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row!.passwordHash, '')).toBe(false);
    const signIn = await call(ctx.app, authContracts.login, { body: { username: body.cpf, password: 'Senha@Teste1' } });
    expect(signIn.body.data).not.toBe('requirecode');
    expect(signIn.res.cookies.some((c: { name: string }) => c.name === 'assoc_sid')).toBe(false);

    const dup = await call(admin.client, accessAdminContracts.addUser, { body: { ...body, name: 'Outra' } });
    expect(dup.status).toBe(409);
    expect(dup.error.message).toBe('CPF já cadastrado');

    const invalid = await call(admin.client, accessAdminContracts.addUser, { body: { ...body, cpf: '12345678900' } });
    expect(invalid.status).toBe(400);
    expect(invalid.error.message).toContain('CPF Inválido');

    const badEmail = await call(admin.client, accessAdminContracts.addUser, { body: { ...body, cpf: nextCpf(), email: 'x@' } });
    expect(badEmail.status).toBe(400);
    expect(badEmail.error.message).toContain('E-mail inválido');

    const unknownRole = await call(admin.client, accessAdminContracts.addUser, { body: { ...body, cpf: nextCpf(), extraRoles: ['naoexiste'] } });
    expect(unknownRole.status).toBe(400);

    const [audit] = await profileAudits(`usuario:${created.userId}`);
    expect(audit!.action).toBe('insert');
    const text = JSON.stringify(audit!.after);
    expect(text).not.toContain('argon2');
    expect(text).not.toMatch(/passwordHash|totpSecret/);
  });

  it("a role change takes effect at the target user's next request", async () => {
    const target = await createUser(ctx, { roles: ['v2access'] });
    const client = await signIn(ctx, target.cpf);
    expect((await call(client, authContracts.session)).body!.roles).not.toContain('v2menufiltro');

    const upd = await call(admin.client, accessAdminContracts.updateProfile, {
      params: { permId: target.permId },
      body: {
        name: `Perfil alvo ${target.userId}`,
        roles: ['v2access', 'v2menufiltro'],
      },
    });
    expect(upd.status).toBe(200);
    expect((await call(client, authContracts.session)).body!.roles).toContain('v2menufiltro');

    // Extra roles through the user call, too.
    const body = {
      cpf: target.cpf,
      name: target.name,
      email: 'alvo@example.com',
      permId: target.permId!,
      extraRoles: ['v2atd'],
      fnAllowExternal: false,
      active: true,
    };
    expect((await call(admin.client, accessAdminContracts.updateUser, { params: { userId: target.userId }, body: body })).status).toBe(200);
    expect((await call(client, authContracts.session)).body!.roles).toContain('v2atd');
  });

  it("deactivation revokes the user's sessions", async () => {
    const target = await createUser(ctx, { roles: ['v2access'] });
    const client = await signIn(ctx, target.cpf);
    expect((await call(client, authContracts.session)).body).not.toBeNull();
    const body = {
      cpf: target.cpf,
      name: target.name,
      email: 'alvo@example.com',
      permId: target.permId!,
      extraRoles: [],
      fnAllowExternal: false,
      active: false,
    };
    const res = await call(admin.client, accessAdminContracts.updateUser, { params: { userId: target.userId }, body: body });
    expect(res.status).toBe(200);
    expect(res.body.active).toBe(false);
    expect((await call(client, authContracts.session)).body).toBeNull();
    const open = await ctx.db.select().from(sessions).where(eq(sessions.userId, target.userId));
    expect(open.every((s) => s.revokedAt !== null)).toBe(true);
  });

  it('a superadmin cannot deactivate themselves nor remove their own superadmin role', async () => {
    const me = await signedInAs(ctx, ['v2access', 'superadmin']);
    const base = {
      cpf: me.user.cpf,
      name: me.user.name,
      email: 'eu@example.com',
      permId: me.user.permId!,
      extraRoles: [],
      fnAllowExternal: false,
      active: true,
    };
    const off = await call(me.client, accessAdminContracts.updateUser, { params: { userId: me.user.userId }, body: { ...base, active: false } });
    expect(off.status).toBe(400);
    expect(off.error.message).toBe(accessAdminMessages.selfDeactivate);

    const other = (await call(me.client, accessAdminContracts.addProfile, { body: { name: `Sem super ${me.user.userId}`, roles: ['v2access'] } }))
      .body;
    const move = await call(me.client, accessAdminContracts.updateUser, {
      params: { userId: me.user.userId },
      body: { ...base, permId: other.permId },
    });
    expect(move.status).toBe(400);
    expect(move.error.message).toBe(accessAdminMessages.selfSuperadmin);

    const strip = await call(me.client, accessAdminContracts.updateProfile, {
      params: { permId: me.user.permId },
      body: { name: `Meu perfil ${me.user.userId}`, roles: ['v2access'] },
    });
    expect(strip.status).toBe(400);
    expect(strip.error.message).toBe(accessAdminMessages.selfSuperadmin);

    // With superadmin as an extra role, the profile may change.
    const ok = await call(me.client, accessAdminContracts.updateUser, {
      params: { userId: me.user.userId },
      body: { ...base, permId: other.permId, extraRoles: ['superadmin'] },
    });
    expect(ok.status).toBe(200);
    expect((await call(me.client, authContracts.session)).body!.roles).toContain('superadmin');
  });

  it('clears the authenticator; the audit holds no secret', async () => {
    const target = await createUser(ctx, { roles: ['v2access'], totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DP' });
    const res = await call(admin.client, accessAdminContracts.clearAuthenticator, { params: { userId: target.userId } });
    expect(res.status).toBe(200);
    expect(res.body.hasAuthenticator).toBe(false);
    const [row] = await ctx.db.select().from(users).where(eq(users.userId, target.userId));
    expect(row!.totpSecret).toBeNull();
    const [audit] = await profileAudits(`usuario:${target.userId}`);
    expect(audit!.before).toMatchObject({ hasAuthenticator: true });
    expect(JSON.stringify([audit!.before, audit!.after])).not.toContain('JBSWY3DP');

    const list = await call(admin.client, accessAdminContracts.listUsers);
    const listed = list.body.find((u: { userId: number }) => u.userId === target.userId);
    expect(listed).toMatchObject({ cpf: target.cpf, hasAuthenticator: false, active: true });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionMessages } from '@assoc/domain';
import { seedDemoEnabled } from '../src/config.js';
import { createFirstAdmin } from '../src/db/seed/first-admin.js';
import { seedAccess } from '../src/db/seed/access.seed.js';
import { createTestApp, signIn, type TestContext } from './helper.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

describe('first start (issue 8 §3)', () => {
  it('seeds the demo data only when asked: by default with the embedded database, never in production', () => {
    expect(seedDemoEnabled({ NODE_ENV: 'development', DATABASE_URL: undefined, SEED_DEMO: undefined })).toBe(true);
    expect(seedDemoEnabled({ NODE_ENV: 'development', DATABASE_URL: 'postgres://db/assoc', SEED_DEMO: undefined })).toBe(false);
    expect(seedDemoEnabled({ NODE_ENV: 'development', DATABASE_URL: 'postgres://db/assoc', SEED_DEMO: 'true' })).toBe(true);
    expect(seedDemoEnabled({ NODE_ENV: 'development', DATABASE_URL: undefined, SEED_DEMO: 'false' })).toBe(false);
    expect(seedDemoEnabled({ NODE_ENV: 'production', DATABASE_URL: undefined, SEED_DEMO: undefined })).toBe(false);
    expect(seedDemoEnabled({ NODE_ENV: 'production', DATABASE_URL: undefined, SEED_DEMO: 'true' })).toBe(false);
  });

  it('creates one superadmin with a one-time password who must change it before anything else', async () => {
    const admin = await createFirstAdmin(ctx.db, {});
    expect(admin.oneTimePassword).toMatch(/^\S{16}$/);
    const client = await signIn(ctx, admin.cpf, admin.oneTimePassword!);

    const session = (await client.get('/api/v1/session')).json();
    expect(session).toMatchObject({ cpf: admin.cpf, mustChangePassword: true });
    expect(session.roles).toContain('superadmin');
    for (const url of ['/api/v1/tree', '/api/v1/ping', '/api/v1/acessos/usuarios']) {
      const refused = await client.get(url);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: sessionMessages.mustChangePassword });
    }

    // The way out: a code for the /reset form, then the reset itself (which ends this session).
    const code = await client.post('/api/v1/login/senhaprovisoria');
    expect(code.statusCode).toBe(200);
    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/login/resetpasswordchange',
      payload: {
        code: code.json().q,
        cpf: admin.cpf,
        password: 'Horizonte-Vermelho-Cadeado-42',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect((await client.get('/api/v1/ping')).statusCode).toBe(401);

    const again = await signIn(ctx, admin.cpf, 'Horizonte-Vermelho-Cadeado-42');
    expect((await again.get('/api/v1/session')).json()).toMatchObject({ mustChangePassword: false });
    expect((await again.get('/api/v1/acessos/usuarios')).statusCode).toBe(200);
    const notPending = await again.post('/api/v1/login/senhaprovisoria');
    expect(notPending.statusCode).toBe(403);
    expect(notPending.json()).toEqual({ message: sessionMessages.noPendingPasswordChange });
  });

  it('ADMIN_CPF and ADMIN_PASSWORD choose the account; the change is still required', async () => {
    const admin = await createFirstAdmin(ctx.db, { cpf: '529.982.247-25', password: 'Senha-Inicial-Forte-7' });
    expect(admin).toEqual({ cpf: '52998224725', oneTimePassword: null });
    const client = await signIn(ctx, '52998224725', 'Senha-Inicial-Forte-7');
    expect((await client.get('/api/v1/tree')).statusCode).toBe(403);
  });

  it('gives each demo user its own salt', async () => {
    const other = await createTestApp();
    try {
      await seedAccess(other.db);
      const { rows } = await other.pool.query<{ password_hash: string }>('select password_hash from users');
      expect(rows.length).toBeGreaterThanOrEqual(5);
      expect(new Set(rows.map((r) => r.password_hash)).size).toBe(rows.length);
    } finally {
      await other.close();
    }
  });
});

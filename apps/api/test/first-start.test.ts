import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionMessages, accessAdminContracts, authContracts, firstStartContracts, menuContracts, passwordResetContracts } from '@assoc/domain';
import { loadConfig, repoRoot, seedDemoEnabled } from '../src/config.js';
import { createFirstAdmin, deliverFirstAdmin, firstAdminFile } from '../src/db/seed/first-admin.js';
import { seedAccess } from '../src/db/seed/access.seed.js';
import { call, prepare, createTestApp, signIn, type TestContext } from './helper.js';

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

    const session = (await call(client, authContracts.session)).body;
    expect(session).toMatchObject({ cpf: admin.cpf, mustChangePassword: true });
    expect(session!.roles).toContain('superadmin');
    for (const route of [prepare(menuContracts.tree), prepare(authContracts.ping), prepare(accessAdminContracts.listUsers)]) {
      const refused = await route.send(client);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ message: sessionMessages.mustChangePassword });
    }

    // The way out: a code for the /reset form, then the reset itself (which ends this session).
    const code = await call(client, firstStartContracts.pendingPasswordCode);
    expect(code.status).toBe(200);
    const changed = await call(ctx.app, passwordResetContracts.changePassword, {
      body: {
        code: code.body.q,
        cpf: admin.cpf,
        password: 'Horizonte-Vermelho-Cadeado-42',
      },
    });
    expect(changed.status).toBe(200);
    expect((await call(client, authContracts.ping)).status).toBe(401);

    const again = await signIn(ctx, admin.cpf, 'Horizonte-Vermelho-Cadeado-42');
    expect((await call(again, authContracts.session)).body).toMatchObject({ mustChangePassword: false });
    expect((await call(again, accessAdminContracts.listUsers)).status).toBe(200);
    const notPending = await call(again, firstStartContracts.pendingPasswordCode);
    expect(notPending.status).toBe(403);
    expect(notPending.body).toEqual({ message: sessionMessages.noPendingPasswordChange });
  });

  it('ADMIN_CPF and ADMIN_PASSWORD choose the account; the change is still required', async () => {
    const admin = await createFirstAdmin(ctx.db, { cpf: '529.982.247-25', password: 'Senha-Inicial-Forte-7' });
    expect(admin).toEqual({ cpf: '52998224725', oneTimePassword: null });
    const client = await signIn(ctx, '52998224725', 'Senha-Inicial-Forte-7');
    expect((await call(client, menuContracts.tree)).status).toBe(403);
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

describe('secrets and configuration at first start (issue 22 item 12)', () => {
  const tmpDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'assoc-first-'));

  it('without a terminal the one-time password goes to DATA_DIR/first-admin.txt (mode 600), never to the log; the first password change removes it', async () => {
    const dataDir = tmpDir();
    const app = await createTestApp({ DATA_DIR: dataDir }, { database: ctx.database });
    try {
      const admin = await createFirstAdmin(app.db, {});
      const logged: string[] = [];
      deliverFirstAdmin(admin, { dataDir, terminal: null, log: (line) => logged.push(line) });
      const file = firstAdminFile(dataDir);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(fs.readFileSync(file, 'utf8')).toContain(admin.oneTimePassword!);
      expect(logged.join('\n')).not.toContain(admin.oneTimePassword!);
      expect(logged.join('\n')).not.toContain(admin.cpf.slice(0, 3) + '.' + admin.cpf.slice(3, 6));
      expect(logged.join('\n')).toContain(file);

      const client = await signIn(app, admin.cpf, admin.oneTimePassword!);
      const code = await call(client, firstStartContracts.pendingPasswordCode);
      const changed = await call(app.app, passwordResetContracts.changePassword, {
        body: { code: code.body.q, cpf: admin.cpf, password: 'Horizonte-Vermelho-Cadeado-43' },
      });
      expect(changed.status).toBe(200);
      expect(fs.existsSync(file)).toBe(false);
    } finally {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('on a terminal the password is shown there and no file is written; the log gets nothing', async () => {
    const dataDir = tmpDir();
    try {
      const shown: string[] = [];
      const logged: string[] = [];
      deliverFirstAdmin(
        { cpf: '52998224725', oneTimePassword: 'Abcdefgh23456789' },
        { dataDir, terminal: (l) => shown.push(l), log: (l) => logged.push(l) },
      );
      expect(shown.join('\n')).toContain('Abcdefgh23456789');
      expect(logged).toEqual([]);
      expect(fs.existsSync(firstAdminFile(dataDir))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses invalid configuration with a message naming the variable', () => {
    expect(() => loadConfig({ TRUST_PROXY: '1.2.3.4/99' })).toThrow(/TRUST_PROXY.*1\.2\.3\.4\/99/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/8,proxy.local' })).toThrow(/TRUST_PROXY.*proxy\.local/);
    expect(() => loadConfig({ TRUSTED_NETWORKS: '10.0.0.0/8,192.168.0.0/40' })).toThrow(/TRUSTED_NETWORKS.*192\.168\.0\.0\/40/);
    expect(() => loadConfig({ PG_PORT: '70000' })).toThrow(/PG_PORT/);
    expect(() => loadConfig({ PORT: 'http' })).toThrow(/PORT/);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, ::1, loopback', TRUSTED_NETWORKS: '10.0.0.0/8,fc00::/7' }).TRUST_PROXY).toBe(
      '10.0.0.0/8, ::1, loopback',
    );
  });

  it('the server stops at an invalid configuration before creating anything: DATA_DIR untouched', () => {
    const dataDir = path.join(tmpDir(), 'data');
    const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/api/src/server.ts')], {
      cwd: path.join(repoRoot, 'apps/api'),
      env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, TRUST_PROXY: '1.2.3.4/99', PG_PORT: '1', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 150_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/Configuração inválida.*TRUST_PROXY/);
    expect(fs.existsSync(dataDir)).toBe(false);
  }, 180_000);
});

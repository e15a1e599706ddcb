import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityEventMessages, type SecurityEventItem } from '@assoc/domain';
import { createTestApp, createUser, signIn, signedInAs, type TestContext } from '../../../test/helper.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const login = (payload: Record<string, unknown>, remoteAddress = '10.70.0.1') =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/login', payload, remoteAddress });

describe('GET security-events (issue 8 §10)', () => {
  it('answers 401 without a session, 403 to a non-superadmin', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/security-events' })).statusCode).toBe(401);
    const { client } = await signedInAs(ctx, ['v2access', 'admin']);
    const res = await client.get('/api/v1/security-events');
    expect(res.statusCode).toBe(403);
  });

  it('refuses a bad filter with a pt-BR message', async () => {
    const { client } = await signedInAs(ctx, ['v2access', 'superadmin']);
    const kind = await client.get('/api/v1/security-events?kind=nada');
    expect(kind.statusCode).toBe(400);
    expect(kind.json().message).toBe(securityEventMessages.badKind);
    const date = await client.get('/api/v1/security-events?from=2026-02-30');
    expect(date.statusCode).toBe(400);
    expect(date.json().message).toBe(securityEventMessages.badDate);
    const range = await client.get('/api/v1/security-events?from=2026-03-02&to=2026-03-01');
    expect(range.statusCode).toBe(400);
    expect(range.json().message).toBe(securityEventMessages.badRange);
  });

  it('lists sign-in, failure, sign-out, an ended session and the access changes, newest first, with filters', async () => {
    const { client: admin } = await signedInAs(ctx, ['v2access', 'superadmin']);
    const user = await createUser(ctx, { roles: ['v2access'], name: 'Zuleica Eventos' });
    expect((await login({ username: user.cpf, password: 'errada' })).statusCode).toBe(401);
    const me = await signIn(ctx, user.cpf);
    expect((await me.get('/api/v1/logout')).statusCode).toBe(200);
    // An administrator deactivates the user: an access change and an ended session.
    const users = (await admin.get('/api/v1/acessos/usuarios')).json() as {
      userId: number;
      cpf: string;
      name: string;
      email: string | null;
      permId: number;
      extraRoles: string[];
      fnAllowExternal: boolean;
    }[];
    const record = users.find((u) => u.userId === user.userId)!;
    const deactivate = await admin.request({
      method: 'PUT',
      url: `/api/v1/acessos/usuarios/${user.userId}`,
      payload: {
        cpf: record.cpf,
        name: record.name,
        email: 'zuleica@example.com',
        permId: record.permId,
        extraRoles: record.extraRoles,
        fnAllowExternal: record.fnAllowExternal,
        active: false,
      },
    });
    expect(deactivate.statusCode, deactivate.body).toBe(200);

    const res = await admin.get('/api/v1/security-events?user=zuleica');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const page = res.json() as { items: SecurityEventItem[]; total: number };
    expect(page.items.map((e) => e.kind)).toEqual(['access_change', 'session_ended', 'logout', 'login_ok', 'login_fail']);
    expect(page.total).toBe(5);
    const [change, ended, out, ok, fail] = page.items;
    expect(fail).toMatchObject({ subjectName: 'Zuleica Eventos', cpf: user.cpf, actorName: null, ip: '10.70.0.1', reason: 'bad_credentials' });
    expect(ok).toMatchObject({ subjectName: 'Zuleica Eventos', actorName: 'Zuleica Eventos', ip: '127.0.0.1', reason: null });
    expect(out!.kind).toBe('logout');
    expect(ended).toMatchObject({ reason: 'deactivated', actorName: 'Usuário de Teste' });
    expect(change).toMatchObject({ target: `usuario:${user.userId}`, action: 'update', subjectName: 'Zuleica Eventos' });
    expect(JSON.stringify(page)).not.toContain(user.password);

    // By CPF (with punctuation), kind and dates.
    const punctuated = `${user.cpf.slice(0, 3)}.${user.cpf.slice(3, 6)}.${user.cpf.slice(6, 9)}-${user.cpf.slice(9)}`;
    const byCpf = (await admin.get(`/api/v1/security-events?user=${encodeURIComponent(punctuated)}&kind=login_fail`)).json() as {
      items: SecurityEventItem[];
    };
    expect(byCpf.items.map((e) => e.kind)).toEqual(['login_fail']);
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
    expect((await admin.get(`/api/v1/security-events?user=zuleica&from=${today}&to=${today}`)).json().total).toBe(5);
    expect((await admin.get('/api/v1/security-events?user=zuleica&to=2020-01-01')).json().total).toBe(0);
    const paged = (await admin.get('/api/v1/security-events?user=zuleica&pageSize=2&page=2')).json() as { items: SecurityEventItem[]; total: number };
    expect(paged.items.map((e) => e.kind)).toEqual(['logout', 'login_ok']);
  });
});

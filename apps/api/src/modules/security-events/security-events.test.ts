import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityEventMessages, accessAdminContracts, authContracts, securityEventsContracts } from '@assoc/domain';
import { call, createTestApp, createUser, signIn, signedInAs, type TestContext } from '../../../test/helper.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const login = (payload: Record<string, unknown>, remoteAddress = '10.70.0.1') =>
  call(ctx.app, authContracts.login, { rawBody: payload, remoteAddress });

describe('GET security-events (issue 8 §10)', () => {
  it('answers 401 without a session, 403 to a non-superadmin', async () => {
    expect((await call(ctx.app, securityEventsContracts.list)).status).toBe(401);
    const { client } = await signedInAs(ctx, ['v2access', 'admin']);
    const res = await call(client, securityEventsContracts.list);
    expect(res.status).toBe(403);
  });

  it('refuses a bad filter with a pt-BR message', async () => {
    const { client } = await signedInAs(ctx, ['v2access', 'superadmin']);
    const kind = await call(client, securityEventsContracts.list, { query: { kind: 'nada' } });
    expect(kind.status).toBe(400);
    expect(kind.error.message).toBe(securityEventMessages.badKind);
    const date = await call(client, securityEventsContracts.list, { query: { from: '2026-02-30' } });
    expect(date.status).toBe(400);
    expect(date.error.message).toBe(securityEventMessages.badDate);
    const range = await call(client, securityEventsContracts.list, { query: { from: '2026-03-02', to: '2026-03-01' } });
    expect(range.status).toBe(400);
    expect(range.error.message).toBe(securityEventMessages.badRange);
  });

  it('lists sign-in, failure, sign-out, an ended session and the access changes, newest first, with filters', async () => {
    const { client: admin } = await signedInAs(ctx, ['v2access', 'superadmin']);
    const user = await createUser(ctx, { roles: ['v2access'], name: 'Zuleica Eventos' });
    expect((await login({ username: user.cpf, password: 'errada' })).status).toBe(401);
    const me = await signIn(ctx, user.cpf);
    expect((await call(me, authContracts.logout)).status).toBe(200);
    // An administrator deactivates the user: an access change and an ended session.
    const users = (await call(admin, accessAdminContracts.listUsers)).body;
    const record = users.find((u) => u.userId === user.userId)!;
    const deactivate = await call(admin, accessAdminContracts.updateUser, {
      params: { userId: user.userId },
      body: {
        cpf: record.cpf,
        name: record.name,
        email: 'zuleica@example.com',
        permId: record.permId!,
        extraRoles: record.extraRoles,
        fnAllowExternal: record.fnAllowExternal,
        active: false,
      },
    });
    expect(deactivate.status, deactivate.res.body).toBe(200);

    const res = await call(admin, securityEventsContracts.list, { query: { user: 'zuleica' } });
    expect(res.status).toBe(200);
    expect(res.res.headers['cache-control']).toBe('no-store');
    const page = res.body;
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
    const byCpf = (await call(admin, securityEventsContracts.list, { query: { user: punctuated, kind: 'login_fail' } })).body;
    expect(byCpf.items.map((e) => e.kind)).toEqual(['login_fail']);
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
    expect((await call(admin, securityEventsContracts.list, { query: { user: 'zuleica', from: today, to: today } })).body.total).toBe(5);
    expect((await call(admin, securityEventsContracts.list, { query: { user: 'zuleica', to: '2020-01-01' } })).body.total).toBe(0);
    const paged = (await call(admin, securityEventsContracts.list, { query: { user: 'zuleica', pageSize: 2, page: 2 } })).body;
    expect(paged.items.map((e) => e.kind)).toEqual(['logout', 'login_ok']);
  });
});

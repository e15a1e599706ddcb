import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestContext } from '../../../test/helper.js';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestApp(); });
afterAll(async () => { await ctx.close(); });

describe('POST login', () => {
  it('signs in with CPF and password and returns the coded string', async () => {
    const user = await createUser(ctx, { roles: ['v2access', 'v2search'], name: 'Maria Teste' });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/login', payload: { username: user.cpf, password: user.password, code: '', subscriberId: '' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(200);
    const payload = JSON.parse(Buffer.from(body.data.split('.')[1], 'base64url').toString());
    expect(payload).toMatchObject({ name: 'Maria Teste', username: user.cpf, roles: expect.arrayContaining(['v2access', 'v2search']) });
    const client = await signIn(ctx, user.cpf);
    const session = await client.get('/api/v1/session');
    expect(session.statusCode).toBe(200);
    expect(session.json().name).toBe('Maria Teste');
  });
});

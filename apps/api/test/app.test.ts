import { authContracts } from '@assoc/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiUrl, call, createTestApp, signedInAs, type TestContext } from './helper.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

describe('server basics', () => {
  it('serves the OpenAPI document with the spec paths', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v1/login', '/api/v1/logout', '/api/v1/ping', '/api/v1/tree']));
  });

  it('sends security headers, CSP included', async () => {
    const res = await call(ctx.app, authContracts.login, { rawBody: {} });
    expect(res.res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    // Every reply carries them, unknown paths and the web app's files included.
    const missing = await ctx.app.inject({ method: 'GET', url: '/nao-existe' });
    expect(missing.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('answers unknown API paths with a JSON message, signed in or not', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: apiUrl('nao-existe') });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Recurso não encontrado' });
    const { client } = await signedInAs(ctx, ['v2access']);
    expect((await client.request({ method: 'POST', url: apiUrl('nao-existe'), payload: {} })).statusCode).toBe(404);
  });

  it('answers a malformed JSON body with 400 and a message', async () => {
    const res = await call(ctx.app, authContracts.login, { rawBody: '{nope', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(typeof res.error.message).toBe('string');
  });

  it('names the refused field in the message of a validation refusal, so the web puts the error under it', async () => {
    const res = await call(ctx.app, authContracts.login, { body: { username: 'x'.repeat(40), password: 'a' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: expect.stringMatching(/^username: /) });
  });

  it('documents every error status a route can answer (429 of the sign-in, 410 of an expired reset link)', async () => {
    // The OpenAPI document has no contract: read the part this test needs through a schema, not a cast.
    const doc = z
      .object({ paths: z.record(z.string(), z.record(z.string(), z.looseObject({ responses: z.record(z.string(), z.unknown()) }))) })
      .parse((await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json());
    expect(Object.keys(doc.paths['/api/v1/login']!.post!.responses)).toEqual(expect.arrayContaining(['200', '400', '429']));
    expect(Object.keys(doc.paths['/api/v1/login/resetpasswordchange']!.post!.responses)).toContain('410');
  });
});

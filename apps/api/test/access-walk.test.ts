import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoles, processMessages, type Role } from '@assoc/domain';
import { createTestApp, signedInAs, type TestContext } from './helper.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const sampleUrl = (url: string) => `${url.replace(/:[A-Za-z_]+/g, '1')}`;

/** Walks every registered /api/v1 route: 401 without a session; 403 for a signed-in user lacking its role. */
describe('access walk over every API route', () => {
  it('has routes to walk', () => {
    expect(ctx.app.apiRoutes.length).toBeGreaterThan(4);
  });

  it('every non-public route answers 401 without a session', async () => {
    const guarded = ctx.app.apiRoutes.filter((r) => !r.public);
    for (const route of guarded) {
      const res = await ctx.app.inject({
        method: route.method as 'GET',
        url: sampleUrl(route.url),
        payload: route.method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json().message, `${route.method} ${route.url}`).toBe(
        route.apiKey ? processMessages.apiKeyMissing : 'Sessão expirada, faça um novo login para continuar',
      );
    }
  });

  it('every API-key route answers 401 to a session holding every role and to a wrong key', async () => {
    const keyed = ctx.app.apiRoutes.filter((r) => r.apiKey);
    expect(keyed.map((r) => `${r.method} ${r.url}`)).toContain('POST /api/v1/process/importar');
    const { client } = await signedInAs(ctx, allRoles);
    for (const route of keyed) {
      for (const headers of [
        {},
        { 'x-api-key': 'apk_chave_inexistente_0000000000000000' },
        { authorization: 'Bearer apk_chave_inexistente_00000000000' },
      ]) {
        const res = await client.request({ method: route.method as 'POST', url: sampleUrl(route.url), payload: {}, headers });
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
        expect(res.json().message).toBe(processMessages.apiKeyMissing);
      }
    }
  });

  it('every role-restricted route answers 403 to a signed-in user holding every role but the ones it accepts', async () => {
    const restricted = ctx.app.apiRoutes.filter((r) => !r.public && r.roles !== undefined && [r.roles].flat().length > 0);
    expect(restricted.length).toBeGreaterThan(0);
    // One signed-in user per set of accepted roles (a sign-in hashes a password: the walk stays fast as routes grow).
    const clients = new Map<string, Awaited<ReturnType<typeof signedInAs>>['client']>();
    for (const route of restricted) {
      const accepted = [route.roles].flat() as Role[];
      const key = [...accepted].sort().join(',');
      if (!clients.has(key))
        clients.set(
          key,
          (
            await signedInAs(
              ctx,
              allRoles.filter((r) => !accepted.includes(r)),
            )
          ).client,
        );
      const client = clients.get(key)!;
      const res = await client.request({
        method: route.method as 'GET',
        url: sampleUrl(route.url),
        payload: route.method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(typeof res.json().message).toBe('string');
    }
  });

  it('writes and state-changing GETs (config.xsrf) without the XSRF header are refused even with a valid session', async () => {
    // API-key routes have no session and so no XSRF token: the walk above refuses them without a valid key.
    const writes = ctx.app.apiRoutes.filter((r) => ((!r.public && r.method !== 'GET') || r.xsrf) && !r.apiKey);
    expect(writes.length).toBeGreaterThan(0);
    // Issue 8 §8: the GETs that change state are flagged (a cross-site link must not start them).
    expect(
      ctx.app.apiRoutes
        .filter((r) => r.xsrf)
        .map((r) => `${r.method} ${r.url}`)
        .sort(),
    ).toEqual(
      expect.arrayContaining([
        'GET /api/v1/gettoken',
        'GET /api/v1/jobs/send/:jobCommand',
        'GET /api/v1/jobs/send/:jobCommand/:userData',
        'GET /api/v1/logout',
        'GET /api/v1/searchhistory/:cstId',
      ]),
    );
    const { client } = await signedInAs(ctx, allRoles);
    for (const route of writes) {
      const res = await ctx.app.inject({
        method: route.method as 'POST',
        url: sampleUrl(route.url),
        payload: {},
        headers: { cookie: client.cookie },
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json().message).toContain('XSRF');
    }
  });
});

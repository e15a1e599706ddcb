import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as domain from '@assoc/domain';
import { allRoles, defineContract, genericMessages, processMessages, type Role, type RouteContract } from '@assoc/domain';
import { defineRoute } from '../src/lib/define-route.js';
import { call, createMember, createTestApp, createUser, signIn, signedInAs, type TestContext } from './helper.js';

/**
 * A test-only contract with the object-level rule (issue 23 item 5): no call of the product has it yet (the portal
 * issue will add them), so the walk proves the rule on this one; it walks every contract that declares `self`.
 */
/** The same, self-only (no role grants it about anyone else: the portal's own form). */
const selfOnlyContract = defineContract({
  method: 'GET',
  path: '/teste/proprio/:cstId',
  params: z.object({
    cstId: z
      .string()
      .regex(/^\d{1,9}$/)
      .transform(Number),
  }),
  reply: z.object({ cstId: z.number().int() }),
  access: { roles: [], self: 'cstId' },
  summary: 'Contrato de teste da regra self sem papéis',
  tags: ['teste'],
});

const selfContract = defineContract({
  method: 'GET',
  path: '/teste/self/:cstId',
  params: z.object({
    cstId: z
      .string()
      .regex(/^\d{1,9}$/)
      .transform(Number),
  }),
  reply: z.object({ cstId: z.number().int() }),
  access: { roles: ['v2access'], allOf: ['v2userallowupdate'], self: 'cstId' },
  summary: 'Contrato de teste da regra self',
  tags: ['teste'],
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp(
    {},
    {
      testRoutes: async (api) => {
        defineRoute(api, selfContract, async (request) => ({ cstId: request.params.cstId }));
        defineRoute(api, selfOnlyContract, async (request) => ({ cstId: request.params.cstId }));
      },
    },
  );
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

  it('every contract access is the route table entry: its roles, its all-of roles and its self rule', async () => {
    // Every contract group the domain exports (an object whose values are contracts), plus the test-only one.
    const isContract = (value: unknown): value is RouteContract =>
      !!value && typeof value === 'object' && 'method' in value && 'path' in value && 'access' in value;
    const contracts: RouteContract[] = [selfContract, selfOnlyContract];
    for (const value of Object.values(domain))
      if (value && typeof value === 'object') for (const item of Object.values(value)) if (isContract(item)) contracts.push(item);
    const routes = new Map(ctx.app.apiRoutes.map((r) => [`${r.method} ${r.url}`, r]));
    let checked = 0;
    for (const contract of contracts) {
      const route = routes.get(`${contract.method} /api/v1${contract.path}`);
      if (!route || !('roles' in contract.access)) continue;
      checked++;
      const { roles, allOf, self, owner } = contract.access;
      const name = `${contract.method} ${contract.path}`;
      expect(route.allOf ?? [], name).toEqual(allOf ?? []);
      if (self) expect(route.self, name).toEqual({ param: self, roles });
      else if (owner) expect(route.owner, name).toEqual({ param: owner, roles });
      else expect([route.roles].flat(), name).toEqual([...roles]);
    }
    expect(checked).toBeGreaterThan(20);
    // The member record's finer roles are the contracts' (no second list beside them).
    expect(routes.get('PUT /api/v1/user/:cstId')!.allOf).toEqual(['v2userallowupdate']);
    expect(routes.get('POST /api/v1/user/:cstId')!.allOf).toEqual(['v2menunovoassociado', 'v2userallowupdate']);
  });

  it('every route with all-of roles answers 403 to a user holding every role but one of them', async () => {
    const routes = ctx.app.apiRoutes.filter((r) => r.allOf?.length && !r.self);
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['POST /api/v1/user/:cstId', 'PUT /api/v1/user/:cstId', 'GET /api/v1/audits/:id', 'GET /api/v1/label/:a/:b/:c']),
    );
    const clients = new Map<Role, Awaited<ReturnType<typeof signedInAs>>['client']>();
    for (const route of routes) {
      for (const missing of route.allOf!) {
        if (!clients.has(missing))
          clients.set(
            missing,
            (
              await signedInAs(
                ctx,
                allRoles.filter((r) => r !== missing),
              )
            ).client,
          );
        const res = await clients.get(missing)!.request({
          method: route.method as 'GET',
          url: sampleUrl(route.url),
          payload: route.method === 'GET' ? undefined : {},
        });
        expect(res.statusCode, `${route.method} ${route.url} sem ${missing}`).toBe(403);
        expect(res.json().message).toBe(genericMessages.forbidden);
      }
    }
  });

  it('every route with a self rule answers 404 about another member and serves the caller own member, to a user without its roles', async () => {
    const routes = ctx.app.apiRoutes.filter((r) => r.self);
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['GET /api/v1/teste/self/:cstId', 'GET /api/v1/teste/proprio/:cstId']),
    );
    const own = await createMember(ctx);
    const other = await createMember(ctx);
    const { client: granted } = await signedInAs(ctx, allRoles);
    for (const route of routes) {
      const { param, roles } = route.self!;
      const urlFor = (cstId: number) => sampleUrl(route.url.replace(`:${param}`, String(cstId)));
      const payload = route.method === 'GET' ? undefined : {};
      // What the call answers about the caller's own member to a user its roles grant (a sample period may not
      // exist: that 404 is the data's, and the member must get the same answer, not the access rule's).
      const expected = (await granted.request({ method: route.method as 'GET', url: urlFor(own.cstId), payload })).statusCode;
      // A portal member: every role but the ones that grant the call (and for an all-of rule, but each of those).
      for (const lacking of [roles, ...(route.allOf ?? []).map((role) => [role])]) {
        const account = await createUser(ctx, { roles: allRoles.filter((r) => !lacking.includes(r)), cstId: own.cstId });
        const member = await signIn(ctx, account.cpf);
        const about = await member.request({ method: route.method as 'GET', url: urlFor(other.cstId), payload });
        expect(about.statusCode, `${route.method} ${route.url} sobre outro`).toBe(404);
        expect(about.json().message).toBe(genericMessages.notFound);
        const self = await member.request({ method: route.method as 'GET', url: urlFor(own.cstId), payload });
        if (roles.length === 0) expect([403, 404], `${route.method} ${route.url} sobre si`).not.toContain(self.statusCode);
        else expect(self.statusCode, `${route.method} ${route.url} sobre si`).toBe(expected);
      }
      // A user whose roles grant it: any member. A self-only call (no roles) grants no one: 404 even with every role.
      const res = await granted.request({ method: route.method as 'GET', url: urlFor(other.cstId), payload });
      if (roles.length === 0) expect(res.statusCode, `${route.method} ${route.url} só do próprio`).toBe(404);
      // Two fresh members alike: the granted user gets the same answer about either (the data's, never the rule's).
      else expect(res.statusCode, `${route.method} ${route.url} com os papéis`).toBe(expected);
      if (roles.length > 0) expect([403, 401], `${route.method} ${route.url} com os papéis`).not.toContain(res.statusCode);
    }
    // A user with no member of their own is refused about anyone.
    const { client: stranger } = await signedInAs(ctx, []);
    expect((await call(stranger, selfContract, { params: { cstId: own.cstId } })).status).toBe(404);
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

import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { genericMessages, hasRole, isoDateInAppZone, memberContracts, roleCatalogue, type Role } from '@assoc/domain';
import { charges, customers, jobs, statementEntries } from '../src/db/schema/index.js';
import type { ApiRouteInfo } from '../src/modules/auth/session.js';
import {
  call,
  createBillableHolder,
  createDependent,
  createLedgerPeriods,
  createTestApp,
  createUser,
  getMember,
  signIn,
  signedInAs,
  type Client,
  type TestContext,
} from './helper.js';

/**
 * The object-level walk (issue 28): every route a portal member (v2portal only) can reach, called with another
 * member's ids, answers 404 (403 where the call is not a member's at all) and writes nothing. The list of routes is
 * derived from the route table, so a route added later is walked too; a path parameter with no recipe below fails.
 */
let ctx: TestContext;
const staffRoles = (Object.keys(roleCatalogue) as Role[]).filter((r) => r !== 'v2portal');

/** The other member's (or other user's) value of each path parameter a portal-reachable route may name. */
let recipes: Record<string, string>;
/**
 * Parameters that name no one's object (a postal code): their routes are not walked here (they answer the same to
 * everyone). Anything else without a recipe fails the walk.
 */
const notAnId = new Set(['cep']);
/** Ids of a member's (or a user's own) objects: another's answers exactly like an unknown one, 404. */
const objectIds = new Set(['cstId', 'cobId', 'extId', 'key', 'fileId', 'jobId', 'sessionId']);
let member: Client;

function inDays(n: number): string {
  const [y, mo, d] = isoDateInAppZone().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, mo - 1, d + n)).toISOString().slice(0, 10);
}

/** A holder with a dependent, a closed and an open period with entries, an open boleto charge. */
async function family(staff: Client) {
  const holder = await createBillableHolder(ctx);
  const dependent = await createDependent(ctx, holder.cstId);
  const periods = await createLedgerPeriods(ctx, holder.cstId, [[24674]], [1500]);
  const version = (await getMember(staff, holder.cstId)).version;
  const saved = await call(staff, memberContracts.update, {
    params: { cstId: holder.cstId },
    rawBody: { version, cobrancas: [{ cobId: -1, local: 1, cobVencimento: inDays(10), cobValor: 24674, lancamentos: 1, operation: 'insert' }] },
  });
  expect(saved.status, saved.res.body).toBe(200);
  const [charge] = await ctx.db.select().from(charges).where(eq(charges.cstId, holder.cstId));
  const [entry] = await ctx.db.select().from(statementEntries).where(eq(statementEntries.cstId, holder.cstId));
  return { holder, dependent, periods, charge: charge!, entry: entry! };
}

/** Whether a v2portal-only user gets past the guard: signed-in calls, self and owner rules, roles with v2portal. */
const portalReachable = (route: ApiRouteInfo) => !route.public && !route.apiKey && route.roles !== undefined && hasRole(['v2portal'], route.roles);

/** A checksum of every table (the sessions' bookkeeping columns left out: each request touches last_seen_at). */
async function databaseChecksum(): Promise<Record<string, string>> {
  const { rows } = await ctx.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const sums: Record<string, string> = {};
  for (const { table_name: table } of rows) {
    const source = table === 'sessions' ? sql`(select session_id, user_id, revoked_at, recovered_at from sessions)` : sql.identifier(table);
    const { rows: sum } = await ctx.db.execute<{ n: string; sum: string | null }>(
      sql`select count(*)::text as n, md5(string_agg(md5(t::text), '' order by md5(t::text))) as sum from ${source} t`,
    );
    sums[table] = `${sum[0]!.n}:${sum[0]!.sum ?? ''}`;
  }
  return sums;
}

beforeAll(async () => {
  ctx = await createTestApp();
  const { client: staff } = await signedInAs(ctx, staffRoles);
  const own = await family(staff);
  const other = await family(staff);
  const account = await createUser(ctx, { roles: ['v2portal'], cstId: own.holder.cstId });
  member = await signIn(ctx, account.cpf);
  // Another user's live session (the other member's own portal sign-in).
  const otherAccount = await createUser(ctx, { roles: ['v2portal'], cstId: other.holder.cstId });
  await signIn(ctx, otherAccount.cpf);
  const [otherSession] = (
    await ctx.db.execute<{ id: number }>(sql`select session_id as id from sessions where user_id = ${otherAccount.userId} limit 1`)
  ).rows;
  // The other member's photo (its key is also its file's id) and a job of the other user.
  const jpeg = await sharp({ create: { width: 30, height: 40, channels: 3, background: '#808080' } })
    .jpeg()
    .toBuffer();
  const photoKey = await ctx.app.services.photos.storePhoto(jpeg);
  await ctx.db.update(customers).set({ custPhotoKey: photoKey }).where(eq(customers.cstId, other.holder.cstId));
  const jobId = crypto.randomUUID();
  await ctx.db.insert(jobs).values({ jobId, jobName: 'irgerar', jobDescription: 'Tarefa de outro', userId: otherAccount.userId, jobStatus: 30 });
  const year = String(Number(isoDateInAppZone().slice(0, 4)));
  recipes = {
    cstId: String(other.holder.cstId),
    cobId: String(other.charge.cobId),
    extId: String(other.entry.extId),
    fecID: String(other.periods.locked[0]),
    period: String(other.periods.locked[0]),
    ano: year,
    sessionId: String(otherSession!.id),
    size: '2',
    key: photoKey,
    fileId: photoKey,
    jobId,
    ownerId: String(otherAccount.userId),
  };
});
afterAll(async () => {
  await ctx?.close();
});

describe('object-level walk over every route a portal member can reach (issue 28)', () => {
  it('derives the routes from the route table, the portal calls among them', () => {
    const urls = ctx.app.apiRoutes.filter(portalReachable).map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'GET /api/v1/user/extrato/:cstId/:fecID',
        'GET /api/v1/user/extratopdf/:cstId/:period',
        'GET /api/v1/user/emailextrato/:cstId/:fecID',
        'GET /api/v1/user/ir/:cstId/:ano',
        'GET /api/v1/user/irpdf/:cstId/:period',
        'GET /api/v1/user/emailir/:cstId/:ano',
        'GET /api/v1/user/decsaude/:cstId/:period',
        'GET /api/v1/user/boleto/:cobId',
        'GET /api/v1/portal/financeiro/:cstId',
        'DELETE /api/v1/sessions/minhas/:sessionId',
        'GET /api/v1/sessions/minhas',
      ]),
    );
    // Staff-only calls stay out of reach (the guard's 403).
    expect(urls).not.toContain('GET /api/v1/user/extrato/estorno/:extId');
    expect(urls).not.toContain('GET /api/v1/user/boleto/email/:cobId');
  });

  it("answers 404 (or 403) to every reachable route about another member's ids, and writes nothing", async () => {
    const params = (url: string) => [...url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
    const routes = ctx.app.apiRoutes.filter(portalReachable).filter((r) => params(r.url).length > 0 && !params(r.url).some((p) => notAnId.has(p)));
    const missing = routes.flatMap((r) => params(r.url).filter((p) => !(p in recipes)));
    expect(missing, 'parâmetros sem receita no walk do portal: acrescente-os a `recipes`').toEqual([]);
    const before = await databaseChecksum();
    for (const route of routes) {
      const url = route.url.replace(/:([A-Za-z_]+)/g, (_, name: string) => recipes[name]!);
      const res = await member.request({ method: route.method as 'GET', url, payload: route.method === 'GET' ? undefined : {} });
      const name = `${route.method} ${route.url}`;
      if (route.self || route.owner || params(route.url).some((p) => objectIds.has(p))) {
        // The object-level rules: exactly the "not found" of an unknown id.
        expect(res.statusCode, name).toBe(404);
        if (route.self || route.owner) expect(res.json().message, name).toBe(genericMessages.notFound);
      } else expect([403, 404], `${name}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
    }
    expect(await databaseChecksum()).toEqual(before);
  });

  it('the rule cannot be walked around: ids out of range, negative, or of the dependent of another holder answer 404', async () => {
    const before = await databaseChecksum();
    for (const cobId of ['0', '999999999']) {
      const res = await member.request({ method: 'GET', url: `/api/v1/user/boleto/${cobId}` });
      expect([400, 404]).toContain(res.statusCode);
    }
    const res = await member.request({ method: 'GET', url: `/api/v1/portal/financeiro/${recipes.cstId}` });
    expect(res.statusCode).toBe(404);
    expect(await databaseChecksum()).toEqual(before);
  });
});

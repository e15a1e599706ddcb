import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { type MemberRecord, type Role, memberContracts } from '@assoc/domain';
import { users } from '../../db/schema/index.js';
import { call, createSavableMember, createTestApp, createUser, signIn, signedInAs, type Client, type TestContext } from '../../../test/helper.js';
import { connected, testSockets } from '../../../test/sockets.js';

/**
 * Turning a member's portal sign-in off closes the account's open sockets once the member save commits
 * (app.events.endSessions after the transaction), and never when the save fails.
 */
let ctx: TestContext;
let url: string;
let staff: Client;
const sockets = testSockets();
const staffRoles: Role[] = ['v2access', 'v2userallowupdate', 'v2tabconfiguracao', 'v2userdadospessoaisview'];

beforeAll(async () => {
  ctx = await createTestApp({}, { features: { realtime: true } });
  url = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  staff = (await signedInAs(ctx, staffRoles)).client;
});
afterAll(async () => {
  sockets.closeAll();
  await ctx?.close();
});

const open = (client: Client): Socket => sockets.open(url, client);

async function portalMember() {
  const member = await createSavableMember(ctx);
  const account = await createUser(ctx, { roles: ['v2portal'], cstId: member.cstId });
  const socket = open(await signIn(ctx, account.cpf));
  await connected(socket);
  const record = (await call(staff, memberContracts.get, { params: { cstId: member.cstId } })).body;
  expect(record.portalAcesso![0]!.active).toBe(true);
  return { member, account, socket, record };
}
const turnOff = (record: MemberRecord, extra: Record<string, unknown> = {}) =>
  call(staff, memberContracts.update, {
    params: { cstId: record.cstId },
    rawBody: { version: record.version, portalAcesso: [{ ...record.portalAcesso![0], active: false, operation: 'update' }], ...extra },
  });
const closedWithin = (socket: Socket, ms: number) =>
  new Promise<string | null>((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
const activeOf = async (userId: number) => (await ctx.db.select({ active: users.active }).from(users).where(eq(users.userId, userId)))[0]!.active;

describe('portal sign-in turned off: the account sockets', () => {
  it('are disconnected at once when the member save commits', async () => {
    const { account, socket, record } = await portalMember();
    const closed = closedWithin(socket, 5_000);
    const res = await turnOff(record);
    expect(res.status, res.res.body).toBe(200);
    expect(await closed).toBe('io server disconnect');
    expect(await activeOf(account.userId)).toBe(false);
  });

  it('stay connected when the save fails: a stale version (409) or a later list rolling the save back', async () => {
    const { account, socket, record } = await portalMember();
    let reason: string | null = null;
    socket.once('disconnect', (why) => (reason = why));
    const stale = await turnOff({ ...record, version: record.version + 1 });
    expect(stale.status).toBe(409);
    // The save rolled back after every list was applied (portalAcesso's too): the member's audit, its last write, is
    // refused by the database as a concurrent change (40001 → 409), as a real conflict would be.
    await ctx.db.execute(
      sql`create or replace function test_fail_audit() returns trigger language plpgsql as $$ begin raise exception 'falha de teste' using errcode = '40001'; end $$`,
    );
    await ctx.db.execute(
      sql.raw(
        `create trigger test_fail_audit before insert on audits for each row when (new.owner_id = ${record.cstId} and new.category = 'users' and new.action = 'update') execute function test_fail_audit()`,
      ),
    );
    try {
      const rolledBack = await turnOff(record);
      expect(rolledBack.status, rolledBack.res.body).toBe(409);
    } finally {
      await ctx.db.execute(sql`drop trigger test_fail_audit on audits`);
    }
    // Barrier instead of a wait: a round trip on the socket is answered after any disconnect sent before it.
    await socket.timeout(10_000).emitWithAck('SendToAll', 'ainda aqui');
    const closed = Promise.resolve(reason);
    expect(await closed).toBeNull();
    expect(socket.connected).toBe(true);
    expect(await activeOf(account.userId)).toBe(true);
  });
});

import { accessAdminContracts, authContracts, connectionsContracts, jobsContracts } from '@assoc/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import type { HubsMessage, Job } from '@assoc/domain';
import { call, createTestApp, signedInAs, type TestContext } from './helper.js';
import { connected, testSockets } from './sockets.js';

let a: TestContext;
let b: TestContext;
let urlA: string;
let urlB: string;
const sockets = testSockets();
const open = sockets.open;

beforeAll(async () => {
  a = await createTestApp({}, { features: { jobs: true, realtime: true } });
  // A second instance on the same database, queueing only: jobs run on A.
  b = await createTestApp({ JOBS_WORKER: 'false' }, { database: a.database, features: { jobs: true, realtime: true } });
  urlA = await a.app.listen({ port: 0, host: '127.0.0.1' });
  urlB = await b.app.listen({ port: 0, host: '127.0.0.1' });
  a.app.jobs.registry.register({
    command: 'teste-tempo-real',
    label: 'Teste tempo real',
    question: '?',
    role: 'v2atd',
    allowDuplicates: true,
    handler: async (job) => {
      for (let i = 1; i <= 3; i++) {
        await job.progress(i, 3);
        await new Promise((r) => setTimeout(r, 300));
      }
    },
  });
  b.app.jobs.registry.register({
    command: 'teste-tempo-real',
    label: 'Teste tempo real',
    question: '?',
    role: 'v2atd',
    allowDuplicates: true,
    handler: async () => {},
  });
});
afterAll(async () => {
  sockets.closeAll();
  await b?.close();
  await a?.close();
});

const next = <T>(socket: Socket, event: string, accept: (payload: T) => boolean = () => true, timeoutMs = 10_000) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    const listener = (payload: T) => {
      if (!accept(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });

describe('real-time channel', () => {
  it('refuses a handshake without a valid session', async () => {
    const anonymous = open(urlB);
    await expect(connected(anonymous)).rejects.toThrow('Sessão expirada, faça um novo login para continuar');
    const forged = open(urlB, undefined, { cookie: 'assoc_sid=forjado' });
    await expect(connected(forged)).rejects.toThrow('Sessão expirada');
  });

  it('delivers jobprogress of a job run on instance A to the owner connected to instance B, and only to them', async () => {
    const { client } = await signedInAs(a, ['v2access', 'v2atd']);
    const { client: someoneElse } = await signedInAs(a, ['v2access', 'v2atd']);
    const owner = open(urlB, client);
    const other = open(urlB, someoneElse);
    await Promise.all([connected(owner), connected(other)]);
    const strays: Job[] = [];
    other.on('jobprogress', (job: Job) => strays.push(job));

    const received: Job[] = [];
    owner.on('jobprogress', (job: Job) => received.push(job));
    const done = next<Job>(owner, 'jobprogress', (job) => job.jobStatus === 30);
    const res = await call(client, jobsContracts.sendWithData, { params: { jobCommand: 'teste-tempo-real', userData: 0 } });
    expect(res.status).toBe(200);
    const finished = await done;
    expect(finished.jobId).toBe(res.body.jobId);
    expect(finished).toMatchObject({ jobCurrent: 3, jobTotal: 3, jobDescription: 'Teste tempo real' });
    expect(received.some((j) => j.jobStatus === 0 && j.jobCurrent > 0 && j.jobCurrent < 3)).toBe(true);
    expect(strays).toEqual([]);
  });

  it('lists connected users of every instance (GET connected, admin) and tells admins of arrivals and departures (hubs)', async () => {
    const { client: admin } = await signedInAs(a, ['v2access', 'admin']);
    const adminSocket = open(urlA, admin);
    await connected(adminSocket);
    const { client: staff, user } = await signedInAs(a, ['v2access']);

    const arrival = next<HubsMessage>(adminSocket, 'hubs', (m) => m.op === 'add' && m.user.username === user.cpf);
    const staffSocket = open(urlB, staff);
    await connected(staffSocket);
    const added = await arrival;
    expect(added.user).toEqual({ cstId: null, username: user.cpf, name: user.name, connectionId: staffSocket.id });

    const res = await call(admin, connectionsContracts.connected);
    expect(res.status).toBe(200);
    const list = res.body;
    expect(list.map((u) => u.connectionId)).toEqual(expect.arrayContaining([adminSocket.id, staffSocket.id]));
    expect((await call(staff, connectionsContracts.connected)).status).toBe(403);

    const departure = next<HubsMessage>(adminSocket, 'hubs', (m) => m.op === 'del' && m.user.connectionId === added.user.connectionId);
    staffSocket.disconnect();
    await departure;
  });

  it('closes the sockets of a session that signs out, on every instance, and only those', async () => {
    const { client: leaving } = await signedInAs(a, ['v2access']);
    const { client: staying } = await signedInAs(a, ['v2access']);
    const leavingSocket = open(urlB, leaving);
    const stayingSocket = open(urlB, staying);
    await Promise.all([connected(leavingSocket), connected(stayingSocket)]);
    const closed = new Promise<string>((resolve) => leavingSocket.once('disconnect', (reason) => resolve(reason)));
    expect((await call(leaving, authContracts.logout)).status).toBe(200);
    expect(await closed).toBe('io server disconnect');
    // Barrier instead of a wait: a round trip on the staying socket, answered after any disconnect sent before it.
    expect(await stayingSocket.timeout(10_000).emitWithAck('SendToAll', 'ainda aqui')).toEqual({
      ok: false,
      message: 'Você não tem permissão para executar esta operação',
    });
    expect(stayingSocket.connected).toBe(true);
  });

  it('broadcasts SendToAll from a superadmin to everyone, and refuses it from others', async () => {
    const { client: superadmin } = await signedInAs(a, ['v2access', 'superadmin']);
    const { client: staff } = await signedInAs(a, ['v2access']);
    const sender = open(urlA, superadmin);
    const listener = open(urlB, staff);
    await Promise.all([connected(sender), connected(listener)]);

    const refused = await listener.emitWithAck('SendToAll', 'olá');
    expect(refused).toEqual({ ok: false, message: 'Você não tem permissão para executar esta operação' });

    const heard = next<{ from: string; message: string }>(listener, 'SendToAll');
    expect(await sender.emitWithAck('SendToAll', 'Sistema reinicia às 18h')).toEqual({ ok: true });
    expect(await heard).toEqual({ from: 'Usuário de Teste', message: 'Sistema reinicia às 18h' });
  });

  it("refuses a handshake from a foreign Origin, and accepts this server's own", async () => {
    const { client } = await signedInAs(a, ['v2access']);
    const foreign = open(urlB, client, { origin: 'https://atacante.example' });
    await expect(connected(foreign)).rejects.toThrow('Origem não permitida para o canal em tempo real');
    const lookalike = open(urlB, client, { origin: `http://127.0.0.1.atacante.example:${new URL(urlB).port}` });
    await expect(connected(lookalike)).rejects.toThrow('Origem não permitida');
    const own = open(urlB, client, { origin: urlB });
    await connected(own);
    const published = open(urlB, client, { origin: new URL(a.config.PUBLIC_URL).origin });
    await connected(published);
  });

  it('a socket opened before a demotion can no longer SendToAll nor receive admin-only events', async () => {
    const { client: boss, user: bossUser } = await signedInAs(a, ['v2access', 'admin', 'superadmin']);
    const { client: stillAdmin } = await signedInAs(a, ['v2access', 'admin']);
    const demoted = open(urlB, boss);
    const watcher = open(urlA, stillAdmin);
    await Promise.all([connected(demoted), connected(watcher)]);
    expect(await demoted.emitWithAck('SendToAll', 'antes')).toEqual({ ok: true });

    // Demoted in the database (as Acessos does), with the socket still open.
    await a.pool.query(`delete from profile_roles where perm_id = $1 and role in ('admin', 'superadmin')`, [bossUser.permId]);

    expect(await demoted.emitWithAck('SendToAll', 'depois')).toEqual({ ok: false, message: 'Você não tem permissão para executar esta operação' });
    const strays: HubsMessage[] = [];
    demoted.on('hubs', (m: HubsMessage) => strays.push(m));
    const { client: newcomer, user: newcomerUser } = await signedInAs(a, ['v2access']);
    const seen = next<HubsMessage>(watcher, 'hubs', (m) => m.op === 'add' && m.user.username === newcomerUser.cpf);
    await connected(open(urlB, newcomer));
    await seen;
    // Barrier instead of a wait: a message to everyone sent after the newcomer's arrival reaches the demoted socket
    // after any hubs event it would have received for that arrival.
    const { client: herald } = await signedInAs(a, ['v2access', 'superadmin']);
    const heraldSocket = open(urlA, herald);
    await connected(heraldSocket);
    const heard = next<{ from: string; message: string }>(demoted, 'SendToAll', (m) => m.message === 'barreira');
    expect(await heraldSocket.emitWithAck('SendToAll', 'barreira')).toEqual({ ok: true });
    await heard;
    expect(strays).toEqual([]);
    expect(demoted.connected).toBe(true);
  });

  it('deactivating a user disconnects their sockets on every instance', async () => {
    const { client: admin } = await signedInAs(a, ['v2access', 'superadmin']);
    const { client: target, user } = await signedInAs(a, ['v2access']);
    const onB = open(urlB, target);
    const onA = open(urlA, target);
    await Promise.all([connected(onB), connected(onA)]);
    const closed = Promise.all([onA, onB].map((s) => new Promise<string>((resolve) => s.once('disconnect', (reason) => resolve(reason)))));
    const listed = (await call(admin, accessAdminContracts.listUsers)).body;
    const record = listed.find((u) => u.userId === user.userId)!;
    const res = await call(admin, accessAdminContracts.updateUser, {
      params: { userId: user.userId },
      body: {
        ...record,
        cpf: user.cpf,
        name: user.name,
        email: record.email ?? 'alvo@example.com',
        permId: user.permId!,
        extraRoles: [],
        fnAllowExternal: false,
        active: false,
      },
    });
    expect(res.status).toBe(200);
    expect(await closed).toEqual(['io server disconnect', 'io server disconnect']);
  });
});

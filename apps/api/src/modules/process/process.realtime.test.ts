import { processContracts } from '@assoc/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeEvents } from '@assoc/domain';
import { call, createTestApp, signedInAs, type TestContext } from '../../../test/helper.js';
import { connected, testSockets } from '../../../test/sockets.js';
import { importBatch, nextCnj } from './process.testing.js';
import { multipartBody } from '../../../test/multipart.js';

type Processo = RealtimeEvents['processo'];

let a: TestContext;
let b: TestContext;
let urlB: string;
let apiKey: string;
const sockets = testSockets();
const open = sockets.open;

beforeAll(async () => {
  a = await createTestApp({}, { features: { realtime: true } });
  b = await createTestApp({ JOBS_WORKER: 'false' }, { database: a.database, features: { realtime: true } });
  await a.app.listen({ port: 0, host: '127.0.0.1' });
  urlB = await b.app.listen({ port: 0, host: '127.0.0.1' });
  const { client: admin } = await signedInAs(a, ['v2access', 'superadmin']);
  apiKey = (await call(admin, processContracts.createApiKey, { body: { nome: 'Tempo real' } })).body.chave;
});
afterAll(async () => {
  sockets.closeAll();
  await b?.close();
  await a?.close();
});

function importThrough(ctx: TestContext, batch: unknown) {
  const body = multipartBody([{ name: 'dados', value: JSON.stringify(batch) }]);
  return call(ctx.app, processContracts.import, { rawBody: body.payload, headers: { ...body.headers, 'x-api-key': apiKey } });
}

describe('real-time processo message across instances', () => {
  it('a movement imported through instance A reaches a v2menuprocesso client of instance B (andamento with proId), not a user without the role', async () => {
    const { client: staff } = await signedInAs(a, ['v2menuprocesso']);
    const { client: outsider } = await signedInAs(a, ['v2access']);
    const staffSocket = open(urlB, staff);
    const outsiderSocket = open(urlB, outsider);
    await Promise.all([connected(staffSocket), connected(outsiderSocket)]);
    const strays: Processo[] = [];
    outsiderSocket.on('processo', (m: Processo) => strays.push(m));
    const received: Processo[] = [];
    staffSocket.on('processo', (m: Processo) => received.push(m));

    const numero = nextCnj();
    const created = await importThrough(a, importBatch(numero));
    expect(created.status, created.res.body).toBe(200);
    const proId = created.body.proId;
    await expect.poll(() => received.some((m) => m.command === 'reload'), { timeout: 10_000 }).toBe(true);

    // How fast it arrives (≤ 200 ms p95) is bench/process.bench.ts's real-time figure; here only that it arrives.
    const movement = await importThrough(a, importBatch(numero, [{ id: 'rt-1', data: '2024-05-01', texto: 'Intimação eletrônica expedida.' }]));
    expect(movement.body.andamentosNovos).toBe(1);
    await expect.poll(() => received.find((m) => m.command === 'andamento' && m.proId === proId), { timeout: 10_000 }).toBeTruthy();

    // The same batch again changes nothing and announces nothing. Barrier instead of a wait: a later movement on a
    // second process must be announced, and announcements arrive in order, so anything the repeat had announced
    // would arrive before it.
    const other = nextCnj();
    const announced = received.length;
    const second = await importThrough(a, importBatch(other));
    await expect.poll(() => received.length, { timeout: 10_000 }).toBeGreaterThan(announced);
    const count = received.length;
    await importThrough(a, importBatch(numero, [{ id: 'rt-1', data: '2024-05-01', texto: 'Intimação eletrônica expedida.' }]));
    await importThrough(a, importBatch(other, [{ id: 'rt-2', data: '2024-05-02', texto: 'Conclusos para despacho.' }]));
    await expect.poll(() => received.some((m) => m.command === 'andamento' && m.proId === second.body.proId), { timeout: 10_000 }).toBe(true);
    expect(received.slice(count)).toEqual([{ command: 'andamento', proId: second.body.proId }]);
    expect(received.length).toBe(count + 1);
    expect(strays).toEqual([]);
  });
});

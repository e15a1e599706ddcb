import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { binaryReply, defineContract } from '@assoc/domain';
import { call, expectOk, urlOf } from './contract-call.js';

// The test helper itself (issue 23 §4): a reply that does not follow its contract fails the call, so a contract
// change fails every API test that calls the route. A bare Fastify app answers as the real routes would.
const app = Fastify();
const base = { access: { signedIn: true }, summary: 'teste', tags: ['teste'] } as const;
const debt = defineContract({
  ...base,
  method: 'GET',
  path: '/divida/:cstId',
  params: z.object({ cstId: z.coerce.number() }),
  query: z.object({ ate: z.string().optional() }),
  reply: z.object({ cstId: z.number(), divida: z.number() }),
});
const renamed = defineContract({ ...debt, reply: z.object({ cstId: z.number(), dividaTotal: z.number() }) });
const save = defineContract({ ...base, method: 'POST', path: '/salvar', body: z.object({ nome: z.string() }), reply: z.null(), status: 204 });
const file = defineContract({ ...base, method: 'GET', path: '/arquivo', reply: binaryReply });

beforeAll(async () => {
  app.get('/api/v1/divida/:cstId', async (request, reply) => {
    const { cstId } = request.params as { cstId: string };
    if (cstId === 'abc') return reply.code(400).send({ message: 'Identificador inválido' });
    return { cstId: Number(cstId), divida: 1234, query: request.query };
  });
  app.post('/api/v1/salvar', async (request, reply) => reply.code(204).send({ seen: request.body }));
  app.get('/api/v1/arquivo', async (_request, reply) => reply.type('application/pdf').send(Buffer.from('%PDF-1.4')));
  await app.ready();
});
afterAll(() => app.close());

describe('call(target, contract, options)', () => {
  it('builds the URL from the contract and parses the success reply by its schema', async () => {
    expect(urlOf(debt, { params: { cstId: 7 }, query: { ate: '2024-01-31' } })).toBe('/api/v1/divida/7?ate=2024-01-31');
    const res = await call(app, debt, { params: { cstId: 7 } });
    expect(res.status).toBe(200);
    // Parsed: the field the schema does not name is left out.
    expect(res.body).toEqual({ cstId: 7, divida: 1234 });
    expect(await expectOk(call(app, debt, { params: { cstId: 8 } }))).toEqual({ cstId: 8, divida: 1234 });
  });

  it('fails when the reply does not follow the contract (a renamed reply field)', async () => {
    await expect(call(app, renamed, { params: { cstId: 7 } })).rejects.toThrow(/does not follow its contract.*dividaTotal/);
  });

  it('answers a refusal as its { message }, a 204 as nothing and a file as its bytes', async () => {
    const bad = await call(app, debt, { params: { cstId: 'abc' } });
    expect([bad.status, bad.error.message]).toEqual([400, 'Identificador inválido']);
    const saved = await call(app, save, { body: { nome: 'x' } });
    expect([saved.status, saved.body]).toEqual([204, undefined]);
    const pdf = await call(app, file);
    expect(Buffer.isBuffer(pdf.body) && pdf.body.toString()).toBe('%PDF-1.4');
  });
});

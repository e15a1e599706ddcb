import { cepContracts } from '@assoc/domain';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signedInAs, type Client, type TestContext } from '../../../test/helper.js';

/** A local ViaCEP stand-in (the machine has no internet). */
async function startFakeViaCep(mode: 'ok' | 'hang' | 'error' = 'ok') {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (mode === 'hang') return;
    if (mode === 'error') return json(500, { error: 'boom' });
    const match = /^\/ws\/(\d{8})\/json\/$/.exec(req.url ?? '');
    if (!match) return json(404, {});
    hits.push(match[1]!);
    if (match[1] === '99999999') return json(200, { erro: 'true' });
    if (match[1] === '13560000') return json(200, { cep: '13560-000', logradouro: '', bairro: '', localidade: 'São Carlos', uf: 'SP' });
    return json(200, {
      cep: '01310-100',
      logradouro: 'Avenida Paulista',
      complemento: 'até 610 - lado par',
      bairro: 'Bela Vista',
      localidade: 'São Paulo',
      uf: 'SP',
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/ws`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let upstream: Awaited<ReturnType<typeof startFakeViaCep>>;
let ctx: TestContext;
let anyone: Client;
beforeAll(async () => {
  upstream = await startFakeViaCep();
  ctx = await createTestApp({ CEP_URL: upstream.url, CEP_TIMEOUT_MS: 2000 });
  // Any signed-in user: no role at all.
  anyone = (await signedInAs(ctx, [])).client;
});
afterAll(async () => {
  await ctx.close();
  await upstream.close();
});

describe('GET cep/{cep}', () => {
  it('answers the address (street type split off) and then serves it from the cache', async () => {
    const res = await call(anyone, cepContracts.lookup, { params: { cep: '01310100' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ logradouro: 'Avenida Paulista', tipoLogradouro: 'Avenida', bairro: 'Bela Vista', cidade: 'São Paulo', uf: 'SP' });
    expect((await call(anyone, cepContracts.lookup, { params: { cep: '01310100' } })).body).toEqual(res.body);
    expect(upstream.hits.filter((c) => c === '01310100')).toHaveLength(1);
  });

  it('answers a city-wide CEP with empty street and bairro', async () => {
    expect((await call(anyone, cepContracts.lookup, { params: { cep: 13560000 } })).body).toEqual({
      logradouro: '',
      tipoLogradouro: '',
      bairro: '',
      cidade: 'São Carlos',
      uf: 'SP',
    });
  });

  it('answers 404 for an unknown CEP and 400 for anything but 8 digits', async () => {
    const unknown = await call(anyone, cepContracts.lookup, { params: { cep: 99999999 } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'CEP não encontrado' });
    for (const cep of ['0131010', '013101000', '01310-10', 'abcdefgh']) {
      const res = await call(anyone, cepContracts.lookup, { params: { cep } });
      expect(res.status, cep).toBe(400);
      expect(res.body).toEqual({ message: 'CEP inválido' });
    }
  });

  it('needs a session', async () => {
    expect((await call(ctx.app, cepContracts.lookup, { params: { cep: '01310100' } })).status).toBe(401);
  });
});

describe('GET cep/{cep} with the upstream down', () => {
  const cases: Array<[string, () => Promise<{ url: string; close(): Promise<void> }>]> = [
    ['never answering', () => startFakeViaCep('hang')],
    ['failing with 500', () => startFakeViaCep('error')],
    [
      'refusing connections',
      async () => {
        const fake = await startFakeViaCep();
        await fake.close();
        return { url: fake.url, close: async () => {} };
      },
    ],
  ];
  for (const [label, start] of cases) {
    it(`answers 503 fast when the upstream is ${label}`, async () => {
      const down = await start();
      const app = await createTestApp({ CEP_URL: down.url, CEP_TIMEOUT_MS: 300 });
      try {
        const { client } = await signedInAs(app, []);
        const started = Date.now();
        const res = await call(client, cepContracts.lookup, { params: { cep: '04538133' } });
        expect(res.status).toBe(503);
        expect(res.body).toEqual({ message: 'Serviço de CEP indisponível' });
        expect(Date.now() - started).toBeLessThan(300 + 700);
      } finally {
        await app.close();
        await down.close();
      }
    });
  }
});

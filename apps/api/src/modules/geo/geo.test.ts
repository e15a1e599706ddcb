import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geoMessages, geoContracts } from '@assoc/domain';
import { call, createTestApp, signedInAs, type Client, type CallTarget, type TestContext } from '../../../test/helper.js';
import { createGeoClient, defaultGeocodeInterval, GeoUpstreamError } from './geo.client.js';
import { tileSources } from './geo.tiles.js';

/** A local Nominatim stand-in (the machine has no internet). */
async function startFakeNominatim(mode: 'ok' | 'hang' | 'error' = 'ok') {
  const hits: URLSearchParams[] = [];
  const agents: string[] = [];
  const server = http.createServer((req, res) => {
    const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (mode === 'hang') return;
    if (mode === 'error') return json(500, { error: 'boom' });
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname !== '/search') return json(404, {});
    hits.push(url.searchParams);
    agents.push(String(req.headers['user-agent']));
    const q = url.searchParams;
    if (q.get('street') === '1000 avenida paulista' && q.get('state') === 'São Paulo') return json(200, [{ lat: '-23.5657', lon: '-46.6515' }]);
    if (q.get('city') === 'são carlos' && !q.get('street')) return json(200, [{ lat: '-22.0174', lon: '-47.8908' }]);
    return json(200, []);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/search`,
    hits,
    agents,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const coords = (target: CallTarget, query: Record<string, string>) => call(target, geoContracts.coordinates, { query });

describe('GET geo/coordenadas', () => {
  let upstream: Awaited<ReturnType<typeof startFakeNominatim>>;
  let ctx: TestContext;
  let anyone: Client;
  beforeAll(async () => {
    upstream = await startFakeNominatim();
    ctx = await createTestApp({ MAP_GEOCODE_URL: upstream.url, MAP_GEOCODE_TIMEOUT_MS: 2000, MAP_GEOCODE_USER_AGENT: 'assoc-teste/1.0' });
    anyone = (await signedInAs(ctx, [])).client;
  });
  afterAll(async () => {
    await ctx.close();
    await upstream.close();
  });

  it('answers the coordinates of an address, then serves them from the cache', async () => {
    const query = { logradouro: 'Avenida Paulista', numero: '1000', bairro: 'Bela Vista', cidade: 'São Paulo', uf: 'sp', cep: '01310100' };
    const res = await coords(anyone, query);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ lat: -23.5657, lon: -46.6515, precisao: 'endereco' });
    expect(upstream.agents).toEqual(['assoc-teste/1.0']);
    // Another bairro and case: the same cached answer, no second upstream call.
    const again = await coords(anyone, { ...query, bairro: 'Centro', logradouro: 'AVENIDA PAULISTA' });
    expect(again.body).toEqual(res.body);
    expect(upstream.hits).toHaveLength(1);
  });

  it('falls back to the city (approximate) and answers 404 when nothing matches, cached too', async () => {
    const city = await coords(anyone, { logradouro: 'Rua Inexistente', cidade: 'São Carlos', uf: 'SP' });
    expect(city.body).toEqual({ lat: -22.0174, lon: -47.8908, precisao: 'cidade' });
    const before = upstream.hits.length;
    const none = await coords(anyone, { cidade: 'Lugar Nenhum', uf: 'SP' });
    expect(none.status).toBe(404);
    expect(none.body).toEqual({ message: geoMessages.notFound });
    expect((await coords(anyone, { cidade: 'Lugar Nenhum', uf: 'SP' })).status).toBe(404);
    expect(upstream.hits.length).toBe(before + 1);
  });

  it('answers 400 without a city and UF or a CEP, and 401 without a session', async () => {
    for (const query of [{}, { cidade: 'São Paulo' }, { uf: 'SP' }, { cep: '123' }, { cidade: 'São Paulo', uf: 'São Paulo' }] as Record<
      string,
      string
    >[]) {
      const res = await coords(anyone, query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body).toEqual({ message: geoMessages.invalid });
    }
    expect((await coords(ctx.app, { cep: '01310100' })).status).toBe(401);
  });

  it('answers the tile server and its attribution, and lets the browser load the tiles (CSP)', async () => {
    const res = await call(anyone, geoContracts.settings);
    expect(res.body).toEqual({ tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: ctx.config.MAP_TILE_ATTRIBUTION });
    expect(res.res.headers['content-security-policy']).toMatch(/img-src 'self' data: blob: https:\/\/tile\.openstreetmap\.org/);
  });
});

describe('GET geo/coordenadas with the geocoder down', () => {
  for (const mode of ['hang', 'error'] as const) {
    it(`answers 503 quickly when the upstream ${mode === 'hang' ? 'does not answer' : 'fails'}`, async () => {
      const upstream = await startFakeNominatim(mode);
      const ctx = await createTestApp({ MAP_GEOCODE_URL: upstream.url, MAP_GEOCODE_TIMEOUT_MS: 300 });
      try {
        const { client } = await signedInAs(ctx, []);
        const started = Date.now();
        const res = await coords(client, { cidade: 'Campinas', uf: 'SP' });
        expect(res.status).toBe(503);
        expect(res.body).toEqual({ message: geoMessages.unavailable });
        expect(Date.now() - started).toBeLessThan(1500);
      } finally {
        await ctx.close();
        await upstream.close();
      }
    });
  }

  it('unreachable host: 503', async () => {
    const ctx = await createTestApp({ MAP_GEOCODE_URL: 'http://127.0.0.1:1/search', MAP_GEOCODE_TIMEOUT_MS: 300 });
    try {
      const { client } = await signedInAs(ctx, []);
      expect((await coords(client, { cep: '01310100' })).status).toBe(503);
    } finally {
      await ctx.close();
    }
  });
});

describe('tileSources', () => {
  it('gives the CSP source of a tile template', () => {
    expect(tileSources('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toEqual(['https://tile.openstreetmap.org']);
    expect(tileSources('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toEqual(['https://*.tile.example.org']);
    expect(tileSources('http://localhost:8080/tiles/{z}/{x}/{y}.png')).toEqual(['http://localhost:8080']);
    expect(tileSources('https://a{s}.x.org/{z}/{x}/{y}.png')).toEqual([]);
  });
});

describe('geocoder client', () => {
  it('spaces its requests by minIntervalMs (the public Nominatim: 1 s), and a wait past the lookup time fails', async () => {
    expect(defaultGeocodeInterval('https://nominatim.openstreetmap.org/search')).toBe(1000);
    expect(defaultGeocodeInterval('http://127.0.0.1:8080/search')).toBe(0);
    expect(defaultGeocodeInterval('não é url')).toBe(0);
    const upstream = await startFakeNominatim();
    try {
      const client = createGeoClient({ url: upstream.url, userAgent: 'assoc-teste/1.0', minIntervalMs: 300 });
      const started = Date.now();
      const signal = AbortSignal.timeout(5000);
      await client.search({ city: 'são carlos' }, signal);
      await client.search({ city: 'são carlos' }, signal);
      await client.search({ city: 'são carlos' }, signal);
      expect(Date.now() - started).toBeGreaterThanOrEqual(590);
      expect(upstream.hits).toHaveLength(3);
      // Its turn comes after the lookup's time: the wait itself fails, nothing is sent.
      await client.search({ city: 'são carlos' }, AbortSignal.timeout(5000));
      await expect(client.search({ city: 'são carlos' }, AbortSignal.timeout(50))).rejects.toThrow(GeoUpstreamError);
      expect(upstream.hits).toHaveLength(4);
    } finally {
      await upstream.close();
    }
  });
});

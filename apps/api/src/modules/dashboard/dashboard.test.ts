import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDateInAppZone, dashboardContracts } from '@assoc/domain';
import { call, createMember, createTestApp, signedInAs, type Client, type TestContext } from '../../../test/helper.js';
import { createDashboardService } from './dashboard.service.js';
import type { DashboardRepository } from './dashboard.repository.js';
import type { WeatherClient } from './dashboard.weather.js';

/** A local stand-in for the three public services (the machine has no internet). */
interface FakeUpstream {
  url: string;
  hits: { cep: number; geo: number; forecast: number };
  lastGeoQuery?: URLSearchParams;
  lastForecastQuery?: URLSearchParams;
  close(): Promise<void>;
}

async function startFakeUpstream(mode: 'ok' | 'hang' | 'error' = 'ok'): Promise<FakeUpstream> {
  const hits = { cep: 0, geo: 0, forecast: 0 };
  const fake = { hits } as FakeUpstream;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (mode === 'hang') return; // never answers
    if (mode === 'error') return json(500, { error: 'boom' });
    const cep = /^\/cep\/(\d{8})\/json\/$/.exec(url.pathname);
    if (cep) {
      hits.cep++;
      if (cep[1] === '99999999') return json(200, { erro: true });
      return json(200, { cep: '01310-100', logradouro: 'Avenida Paulista', localidade: 'São Paulo', uf: 'SP' });
    }
    if (url.pathname === '/geo') {
      hits.geo++;
      fake.lastGeoQuery = url.searchParams;
      return json(200, {
        results: [
          { name: 'São Paulo', latitude: -5.1, longitude: -42.8, admin1: 'Piauí' },
          { name: 'São Paulo', latitude: -23.55, longitude: -46.63, admin1: 'São Paulo' },
        ],
      });
    }
    if (url.pathname === '/forecast') {
      hits.forecast++;
      fake.lastForecastQuery = url.searchParams;
      return json(200, {
        current: { temperature_2m: 24.3, weather_code: 2 },
        daily: { temperature_2m_max: [27.9], temperature_2m_min: [17.2] },
      });
    }
    json(404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

const upstreamConfig = (base: string, timeoutMs = 2000) => ({
  CEP_URL: `${base}/cep`,
  GEOCODE_URL: `${base}/geo`,
  WEATHER_URL: `${base}/forecast`,
  WEATHER_TIMEOUT_MS: timeoutMs,
});

let upstream: FakeUpstream;
let ctx: TestContext;
let staff: Client;
beforeAll(async () => {
  upstream = await startFakeUpstream();
  ctx = await createTestApp(upstreamConfig(upstream.url));
  staff = (await signedInAs(ctx, ['v2access'])).client;
});
afterAll(async () => {
  await ctx.close();
  await upstream.close();
});

describe('GET aniversarios', () => {
  it("lists today's living holders and dependents by name (pt-BR), without the deceased", async () => {
    const today = isoDateInAppZone();
    const [, month, day] = today.split('-');
    const on = (year: number) => (month === '02' && day === '29' ? `${year - (year % 4)}-02-29` : `${year}-${month}-${day}`);
    const other = `1980-${month === '06' ? '07' : '06'}-15`;
    const holder = await createMember(ctx, { custName: 'Bruno Aniversariante', custBirthdate: on(1970) });
    const dependent = await createMember(ctx, {
      custName: 'Álvaro Aniversariante Filho',
      custBirthdate: on(2004),
      parentId: holder.cstId,
      custStatus: null,
      custAssocSituacao: null,
    });
    await createMember(ctx, { custName: 'Zé Falecido', custBirthdate: on(1940), custDeceased: '2020-01-01', custAssocSituacao: 5 });
    await createMember(ctx, { custName: 'Ana Situação Cinco', custBirthdate: on(1945), custAssocSituacao: 5 });
    await createMember(ctx, { custName: 'Outro Dia', custBirthdate: other });

    const res = await call(staff, dashboardContracts.birthdays);
    expect(res.status).toBe(200);
    const people = res.body;
    expect(people.map((p) => p.custName)).toEqual(['Álvaro Aniversariante Filho', 'Bruno Aniversariante']);
    expect(people[0]).toMatchObject({ cstId: dependent.cstId, parentId: holder.cstId, titular: 'Bruno Aniversariante' });
    expect(people[1]!.custAge).toBe(Number(today.slice(0, 4)) - Number(on(1970).slice(0, 4)));
  });

  it('shows 29 February birthdays on 28 February of a non-leap year', async () => {
    const calls: unknown[][] = [];
    const repo = {
      birthdays: async (_db: unknown, ...args: unknown[]) => {
        calls.push(args);
        return [];
      },
    } as unknown as DashboardRepository;
    const service = createDashboardService({ db: ctx.db, repo, weather: {} as WeatherClient, timeoutMs: 100, cacheMinutes: 1 });
    await service.birthdays(new Date('2027-02-28T15:00:00Z'));
    await service.birthdays(new Date('2028-02-28T15:00:00Z'));
    // 01:00 UTC on 1 March is still 28 February in São Paulo.
    await service.birthdays(new Date('2027-03-01T01:00:00Z'));
    expect(calls).toEqual([
      [2, 28, true],
      [2, 28, false],
      [2, 28, true],
    ]);
  });

  it('needs v2access', async () => {
    expect((await call(ctx.app, dashboardContracts.birthdays)).status).toBe(401);
    const { client } = await signedInAs(ctx, ['v2search', 'v2portal']);
    expect((await call(client, dashboardContracts.birthdays)).status).toBe(403);
  });
});

describe('GET weather/{cep}', () => {
  it('answers the weather through CEP -> city -> coordinates -> forecast, then serves it from the cache', async () => {
    const res = await call(staff, dashboardContracts.weather, { params: { cep: '01310100' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      cep: '01310100',
      city: 'São Paulo',
      uf: 'SP',
      temperature: 24.3,
      min: 17.2,
      max: 27.9,
      description: 'Parcialmente nublado',
      icon: 'partly-cloudy',
    });
    expect(upstream.lastGeoQuery?.get('name')).toBe('São Paulo');
    expect(upstream.lastGeoQuery?.get('countryCode')).toBe('BR');
    // The city in the CEP's state was chosen among the homonyms.
    expect(upstream.lastForecastQuery?.get('latitude')).toBe('-23.55');
    expect(upstream.lastForecastQuery?.get('timezone')).toBe('America/Sao_Paulo');
    expect(upstream.hits).toEqual({ cep: 1, geo: 1, forecast: 1 });

    const again = await call(staff, dashboardContracts.weather, { params: { cep: '01310100' } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);
    expect(upstream.hits).toEqual({ cep: 1, geo: 1, forecast: 1 });
  });

  it('answers 404 for a CEP the address service does not know', async () => {
    const res = await call(staff, dashboardContracts.weather, { params: { cep: 99999999 } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'CEP não encontrado' });
  });

  it('answers 400 for a CEP that is not 8 digits', async () => {
    for (const cep of ['0131010', '013101000', '01310-10', 'abcdefgh']) {
      const res = await call(staff, dashboardContracts.weather, { params: { cep } });
      expect(res.status, cep).toBe(400);
      expect(res.body).toEqual({ message: 'CEP inválido' });
    }
  });

  it('needs v2access', async () => {
    expect((await call(ctx.app, dashboardContracts.weather, { params: { cep: '01310100' } })).status).toBe(401);
    const { client } = await signedInAs(ctx, ['v2search', 'v2portal']);
    expect((await call(client, dashboardContracts.weather, { params: { cep: '01310100' } })).status).toBe(403);
  });
});

describe('GET weather/{cep} with the upstream down', () => {
  const cases: Array<[string, () => Promise<{ url: string; close(): Promise<void> }>]> = [
    ['never answering', () => startFakeUpstream('hang')],
    ['failing with 500', () => startFakeUpstream('error')],
    [
      'refusing connections',
      async () => {
        const fake = await startFakeUpstream();
        await fake.close();
        return { url: fake.url, close: async () => {} };
      },
    ],
  ];
  for (const [label, start] of cases) {
    it(`answers 503 within the timeout when the upstream is ${label}`, async () => {
      const down = await start();
      const app = await createTestApp(upstreamConfig(down.url, 300));
      try {
        const { client } = await signedInAs(app, ['v2access']);
        const started = Date.now();
        const res = await call(client, dashboardContracts.weather, { params: { cep: '01310100' } });
        const elapsed = Date.now() - started;
        expect(res.status).toBe(503);
        expect(res.body).toEqual({ message: 'Serviço de clima indisponível' });
        expect(elapsed).toBeLessThan(300 + 700);
      } finally {
        await app.close();
        await down.close();
      }
    });
  }
});

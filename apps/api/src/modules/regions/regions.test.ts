import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { genericMessages, regionContracts } from '@assoc/domain';
import { audits, circunscricoes } from '../../db/schema/index.js';
import { demoRegions, seedRegions } from '../../db/seed/regions.seed.js';
import { call, createTestApp, signedInAs, type Client, type TestContext } from '../../../test/helper.js';

let ctx: TestContext;
let admin: Client;
let adminName: string;
/** A second user of /regioes: the other side of the lost-update tests (decision 5). */
let admin2: Client;
beforeAll(async () => {
  ctx = await createTestApp();
  const { client, user } = await signedInAs(ctx, ['v2access', 'v2menucad', 'v2menucadloc']);
  admin = client;
  adminName = user.name;
  admin2 = (await signedInAs(ctx, ['v2access', 'v2menucad', 'v2menucadloc'])).client;
});
afterAll(async () => {
  await ctx.close();
});

const list = (client: Client) => call(client, regionContracts.list);
const getRegion = (client: Client, id: number) => call(client, regionContracts.get, { params: { id } });
const add = (client: Client, payload: Record<string, unknown>) => call(client, regionContracts.add, { rawBody: payload });
const put = (client: Client, id: number, payload: Record<string, unknown>) =>
  call(client, regionContracts.update, { params: { id }, rawBody: payload });
const del = (client: Client, id: number, version?: number) => call(client, regionContracts.remove, { params: { id }, query: { version } });

const saoPaulo = { regionId: 3550308, uf: 'SP', cidade: 'São Paulo' };
const guarulhos = { regionId: 3518800, uf: 'SP', cidade: 'Guarulhos' };
const osasco = { regionId: 3534401, uf: 'SP', cidade: 'Osasco' };
const niteroi = { regionId: 3303302, uf: 'RJ', cidade: 'Niterói' };
const rio = { regionId: 3304557, uf: 'RJ', cidade: 'Rio de Janeiro' };

async function auditsOf(entityId: number) {
  return ctx.db
    .select()
    .from(audits)
    .where(and(eq(audits.category, 'regioes'), eq(audits.entityId, String(entityId))))
    .orderBy(audits.auditId);
}

/** Everything a write could touch: regions, their city rows and the audit rows. */
async function snapshot() {
  const result = await ctx.db.execute(sql`select
    (select coalesce(json_agg(r order by r.region_id), '[]') from regions r) as regions,
    (select coalesce(json_agg(c order by c.region_id, c.city_id), '[]') from region_cities c) as cities,
    (select count(*)::int from audits where category = 'regioes') as audits`);
  return result.rows[0];
}

describe('options of the modal', () => {
  it('GET regiao/uf: the 27 UFs by code with their names (a static path, not regiao/{id})', async () => {
    const res = await call(admin, regionContracts.ufs);
    expect(res.status, res.error.message).toBe(200);
    const ufs = res.body;
    expect(ufs).toHaveLength(27);
    expect(ufs.map((u) => u.uf)).toEqual([...ufs.map((u) => u.uf)].sort());
    expect(ufs[0]).toEqual({ uf: 'AC', ufName: 'Acre' });
    expect(ufs.find((u) => u.uf === 'SP')).toEqual({ uf: 'SP', ufName: 'São Paulo' });
  });

  it('GET regiao/cidades/{uf}: the municipalities of the UF by name (pt-BR collation)', async () => {
    const res = await call(admin, regionContracts.cities, { params: { uf: 'SP' } });
    expect(res.status, res.error.message).toBe(200);
    const cities = res.body;
    expect(cities).toHaveLength(645);
    expect(cities).toContainEqual({ cityId: 3550308, cityName: 'São Paulo' });
    expect(cities[0]).toEqual({ cityId: 3500105, cityName: 'Adamantina' });
    // Accented names sit with their letter: Águas de Lindóia between Aguaí and Agudos, São Paulo after Santos.
    const at = (name: string) => cities.findIndex((c) => c.cityName === name);
    expect(at('Águas de Lindóia')).toBeGreaterThan(at('Aguaí'));
    expect(at('Águas de Lindóia')).toBeLessThan(at('Agudos'));
    expect(at('Santos')).toBeLessThan(at('São Paulo'));
    expect(at('São Paulo')).toBeLessThan(at('Sorocaba'));
    // The UF in lower case is the same UF.
    expect((await call(admin, regionContracts.cities, { params: { uf: 'rj' } })).body).toContainEqual({
      cityId: 3304557,
      cityName: 'Rio de Janeiro',
    });
  });

  it('GET regiao/cidades/{uf}: 404 for an unknown UF, 400 for a malformed one', async () => {
    const unknown = await call(admin, regionContracts.cities, { params: { uf: 'XX' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'UF não encontrada' });
    expect((await call(admin, regionContracts.cities, { params: { uf: 'SPX' } })).status).toBe(400);
  });
});

describe('regions', () => {
  let id: number;
  let created: Record<string, unknown>;

  it('adds (200, the record with its cities sorted by UF then city, official names), lists it and audits the insert', async () => {
    const res = await add(admin, {
      regionId: -1,
      regionName: '  1ª RAJ - Teste  ',
      regioes: [saoPaulo, { ...niteroi, cidade: 'qualquer' }, guarulhos],
    });
    expect(res.status, res.error.message).toBe(200);
    created = res.body;
    id = created.regionId as number;
    expect(id).toBeGreaterThan(0);
    expect(created).toEqual({ regionId: id, regionName: '1ª RAJ - Teste', regioes: [niteroi, guarulhos, saoPaulo], version: 1 });

    const rows = (await list(admin)).body;
    expect(rows).toContainEqual({ regionId: id, regionName: '1ª RAJ - Teste', version: 1 });
    const [audit] = await auditsOf(id);
    expect(audit).toMatchObject({ action: 'insert', userName: adminName, before: null, after: created });
  });

  it('GET regiao/{id}: the region with its city list; 404 for an unknown one', async () => {
    const res = await getRegion(admin, id);
    expect(res.status, res.error.message).toBe(200);
    expect(res.body).toEqual(created);
    const unknown = await getRegion(admin, 999999);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Registro não encontrado' });
  });

  it('GET regiao: the table rows (regionId, regionName) sorted by name in pt-BR collation', async () => {
    for (const regionName of ['Água Branca Teste', 'Zona Teste', 'avenida Teste']) {
      expect((await add(admin, { regionName, regioes: [osasco] })).status).toBe(200);
    }
    const names = (await list(admin)).body.map((r) => r.regionName);
    expect(names).toEqual(['1ª RAJ - Teste', 'Água Branca Teste', 'avenida Teste', 'Zona Teste']);
    // The raw reply: the parsed one would drop an extra field.
    expect(Object.keys((await list(admin)).res.json()[0]).sort()).toEqual(['regionId', 'regionName', 'version']);
  });

  it('updates (200) the name and replaces the cities; audits before/after with both city lists', async () => {
    const res = await put(admin, id, { regionId: id, regionName: '1ª RAJ - Grande Teste', regioes: [osasco, rio, saoPaulo], version: 1 });
    expect(res.status, res.error.message).toBe(200);
    const after = { regionId: id, regionName: '1ª RAJ - Grande Teste', regioes: [rio, osasco, saoPaulo], version: 2 };
    expect(res.body).toEqual(after);
    expect((await getRegion(admin, id)).body).toEqual(after);
    const rows = await auditsOf(id);
    expect(rows.at(-1)).toMatchObject({ action: 'update', userName: adminName, before: created, after });
    created = after;
  });

  const invalid: Array<[string, Record<string, unknown>, string]> = [
    ['an empty name', { regionName: '', regioes: [saoPaulo] }, 'regionName: Campo obrigatório'],
    ['a one-letter name', { regionName: ' X ', regioes: [saoPaulo] }, 'regionName: Tamanho mínimo de 2 caracteres'],
    ['a name over 64', { regionName: 'R'.repeat(65), regioes: [saoPaulo] }, 'regionName: Tamanho máxumo de 64 caracteres'],
    ['an empty list', { regionName: 'Região vazia', regioes: [] }, 'regioes: Lista deve conter pelo menos uma cidade'],
    ['no list', { regionName: 'Região vazia' }, 'regioes: Lista deve conter pelo menos uma cidade'],
    ['a city twice', { regionName: 'Região repetida', regioes: [saoPaulo, guarulhos, saoPaulo] }, 'regioes: Cidade já cadastrada na lista abaixo'],
    [
      'an unknown city code',
      { regionName: 'Região inexistente', regioes: [saoPaulo, { regionId: 9999999, uf: 'SP', cidade: 'Nenhuma' }] },
      'Cidade não encontrada (código 9999999)',
    ],
    ['a city under another UF', { regionName: 'Região trocada', regioes: [{ ...saoPaulo, uf: 'RJ' }] }, 'A cidade São Paulo não pertence à UF RJ'],
  ];

  it.each(invalid)('refuses %s with 400 and the pt-BR message, on add and on update, changing nothing', async (_case, values, message) => {
    const before = await snapshot();
    const added = await add(admin, values);
    expect(added.status, added.error.message).toBe(400);
    expect(added.body).toEqual({ message });
    const update = await put(admin, id, { ...values, version: created.version });
    expect(update.status, update.error.message).toBe(400);
    expect(update.body).toEqual({ message });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a live region name taken by another (any case) with 409, on add and on update, changing nothing', async () => {
    const before = await snapshot();
    const added = await add(admin, { regionName: '1ª raj - GRANDE TESTE', regioes: [osasco] });
    expect(added.status).toBe(409);
    expect(added.body).toEqual({ message: 'Já existe uma região com este nome' });
    const other = (await list(admin)).body.find((r) => r.regionName === 'Zona Teste')!;
    const clash = await put(admin, other.regionId, { regionName: '1ª RAJ - Grande Teste', regioes: [osasco], version: other.version });
    expect(clash.status).toBe(409);
    expect(clash.body).toEqual({ message: 'Já existe uma região com este nome' });
    expect(await snapshot()).toEqual(before);
    // Saving a region under its own name is no clash.
    expect((await put(admin, id, { regionName: '1ª RAJ - GRANDE TESTE', regioes: created.regioes, version: 2 })).status).toBe(200);
    expect((await put(admin, id, { ...created, version: 3 })).status).toBe(200);
    created = { ...created, version: 4 };
  });

  it('deletes (soft, 200 with the record), hides it, and PUT recovers it with its cities; both audited', async () => {
    const res = await del(admin, id, 4);
    expect(res.status, res.error.message).toBe(200);
    // The deleted record with its new version: what a restore names.
    const deleted = { ...created, version: 5 };
    expect(res.body).toEqual(deleted);
    expect((await list(admin)).body.some((r) => r.regionId === id)).toBe(false);
    expect((await getRegion(admin, id)).status).toBe(404);
    const again = await del(admin, id, 5);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'Registro já foi apagado' });
    // The row and its cities are still there.
    const [row] = (
      await ctx.db.execute(sql`select deleted_at, (select count(*)::int from region_cities where region_id = ${id}) as n
      from regions where region_id = ${id}`)
    ).rows as Array<{ deleted_at: unknown; n: number }>;
    expect(row!.deleted_at).not.toBeNull();
    expect(row!.n).toBe(3);

    // A deleted region's name is free for a new one; recovering the old one then clashes.
    const taken = await add(admin, { regionName: created.regionName, regioes: [osasco] });
    expect(taken.status, taken.error.message).toBe(200);
    const clash = await put(admin, id, deleted);
    expect(clash.status).toBe(409);
    expect(clash.body).toEqual({ message: 'Já existe uma região com este nome' });
    expect((await del(admin, taken.body.regionId, 1)).status).toBe(200);

    const restored = await put(admin, id, deleted);
    expect(restored.status, restored.error.message).toBe(200);
    const recovered = { ...created, version: 6 };
    expect(restored.body).toEqual(recovered);
    expect((await getRegion(admin, id)).body).toEqual(recovered);
    const rows = await auditsOf(id);
    expect(rows.slice(-2).map((r) => r.action)).toEqual(['delete', 'restore']);
    expect(rows.at(-2)).toMatchObject({ before: created, after: null, userName: adminName });
    expect(rows.at(-1)).toMatchObject({ before: deleted, after: recovered });
  });

  it('answers 404 for an unknown key on update and delete', async () => {
    const update = await put(admin, 999999, { regionName: 'Nenhuma', regioes: [osasco], version: 1 });
    expect(update.status).toBe(404);
    expect(update.body).toEqual({ message: 'Registro não encontrado' });
    expect((await del(admin, 999999, 1)).body).toEqual({ message: 'Registro não encontrado' });
  });

  it('lost updates: two users load v1; the second save, over the first, gets 409 and keeps the first name and cities (decision 5)', async () => {
    const regionId = (await add(admin, { regionName: 'Região disputada', regioes: [osasco] })).body.regionId;
    const first = (await getRegion(admin, regionId)).body;
    const second = (await getRegion(admin2, regionId)).body;
    expect([first.version, second.version]).toEqual([1, 1]);
    const saved = await put(admin, regionId, { ...first, regioes: [osasco, guarulhos] });
    expect(saved.status, saved.error.message).toBe(200);
    expect(saved.body.version).toBe(2);

    const before = await snapshot();
    const stale = await put(admin2, regionId, { ...second, regionName: 'Região do segundo', regioes: [rio] });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ message: genericMessages.staleRecord });
    const staleDelete = await del(admin2, regionId, 1);
    expect(staleDelete.status).toBe(409);
    expect(staleDelete.body).toEqual({ message: genericMessages.staleRecord });
    expect(await snapshot()).toEqual(before);
    expect((await getRegion(admin, regionId)).body).toEqual(saved.body);

    // Two saves sent at once on version 2: one wins, the other gets 409.
    const current = saved.body;
    const results = await Promise.all([
      put(admin, regionId, { ...current, regioes: [saoPaulo] }),
      put(admin2, regionId, { ...current, regioes: [niteroi] }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await getRegion(admin, regionId)).body).toEqual(results.find((r) => r.status === 200)!.body);
  });

  it('answers 403 to every call for a user without v2menucadloc, changing nothing; the screen roles open them all', async () => {
    const before = await snapshot();
    const { client } = await signedInAs(ctx, ['v2access', 'v2menucad']);
    const body = { regionName: 'Sem permissão', regioes: [osasco] };
    for (const res of [
      await list(client),
      await getRegion(client, id),
      await call(client, regionContracts.ufs),
      await call(client, regionContracts.cities, { params: { uf: 'SP' } }),
      await add(client, body),
      await put(client, id, body),
      await del(client, id),
    ])
      expect(res.status).toBe(403);
    // The menu role alone is not enough either (the screen needs every role).
    const menuOnly = await signedInAs(ctx, ['v2menucad', 'v2menucadloc']);
    expect((await list(menuOnly.client)).status).toBe(403);
    expect(await snapshot()).toEqual(before);
    const allowed = await signedInAs(ctx, ['v2access', 'v2menucad', 'v2menucadloc']);
    expect((await call(allowed.client, regionContracts.ufs)).status).toBe(200);
  });
});

describe('demo seed', () => {
  it('writes the RAJ regions with their cities, and a re-seed keeps their ids (circunscrições point at them)', async () => {
    const first = await seedRegions(ctx.db);
    expect([...first.keys()]).toEqual(demoRegions.map((r) => r.regionName));
    const capital = first.get('1ª RAJ - Grande São Paulo')!;
    const record = (await getRegion(admin, capital)).body;
    expect(record.regioes.map((c) => `${c.uf}, ${c.cidade}`)).toEqual([
      'SP, Guarulhos',
      'SP, Mogi das Cruzes',
      'SP, Osasco',
      'SP, Santo André',
      'SP, São Bernardo do Campo',
      'SP, São Paulo',
    ]);
    await ctx.db.insert(circunscricoes).values({ cirNome: 'Circunscrição do seed', cirRegional: 'Capital', cirRaj: capital });

    const second = await seedRegions(ctx.db);
    expect(second).toEqual(first);
    const [counts] = (
      await ctx.db.execute(sql`select
      (select count(*)::int from regions where region_name in ${demoRegions.map((r) => r.regionName)} and deleted_at is null) as demo,
      (select count(*)::int from region_cities where region_id = ${capital}) as cities`)
    ).rows;
    expect(counts).toEqual({ demo: demoRegions.length, cities: 6 });
  });
});

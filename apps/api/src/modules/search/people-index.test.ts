import { searchContracts } from '@assoc/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { call, createMember, createTestApp, signedInAs, type Client, type TestContext } from '../../../test/helper.js';
import { seedPeople } from '../../db/seed/people.seed.js';
import { addresses, customers, terceiros } from '../../db/schema/index.js';
import type { PeopleIndexFeed } from './people-index.feed.js';
import { createSearchRepository } from './search.repository.js';
import { createSearchService } from './search.service.js';

let ctx: TestContext;
let feed: PeopleIndexFeed;
let staff: Client;

/** The database's current version of the searchable people. */
const currentVersion = async () => {
  const { rows } = await ctx.pool.query<{ v: string }>(`select v::text from data_versions where name = 'people'`);
  return Number(rows[0]!.v);
};
/** Waits until the index has applied every change committed so far. */
const caughtUp = async () => expect(await feed.waitFor(await currentVersion(), 10_000)).toBe(true);

beforeAll(async () => {
  ctx = await createTestApp({}, { features: { searchIndex: true } });
  staff = (await signedInAs(ctx, ['v2search'])).client;
  // More people than the alphabetical walk (2,000 rows), so every path of both searches runs.
  await seedPeople(ctx.db, { scale: 1500, log: () => {} });
  feed = ctx.app.peopleIndex!;
  await caughtUp();
}, 120_000);
afterAll(async () => {
  await ctx.close();
});

describe('in-process search index', () => {
  it('answers exactly what the SQL search answers, in the same order', async () => {
    const repo = createSearchRepository();
    const bySql = createSearchService({ db: ctx.db, repo });
    const byIndex = createSearchService({ db: ctx.db, repo, feed });
    const version = await currentVersion();
    expect(feed.isCurrent(version)).toBe(true);

    const { rows } = await ctx.pool.query<{ cpf: string; numero: string; name: string }>(
      `select cust_cpf as cpf, cust_numero_interno as numero, cust_name as name from customers
        where cust_cpf is not null and cust_numero_interno is not null order by cst_id limit 12 offset 40`,
    );
    const { rows: docs } = await ctx.pool.query<{ doc: string }>(`select ter_cpf_cnpj as doc from terceiros order by ter_id limit 4`);
    const queries = [
      'maria',
      'jose',
      'josé',
      'joao',
      'ana',
      'antonio',
      'silva',
      'santos',
      'oliveira',
      'souza',
      'ferreira',
      'magalhaes',
      'conceição',
      'CONCEICAO',
      'aparecida',
      'batista',
      'mar',
      'fer',
      'sil',
      'ria',
      'ana ',
      'maria silva',
      'silva maria',
      'jose santos',
      'ana oliveira',
      'de',
      'da silva',
      'zz',
      'xyzwq',
      'a b',
      'lu ma',
      'ltda',
      'comercio',
      'servicos',
      ...rows.flatMap((r) => [
        r.cpf,
        r.cpf.slice(0, 5),
        `${r.cpf.slice(0, 3)}.${r.cpf.slice(3, 6)}`,
        r.numero,
        r.numero.slice(0, 4),
        r.name,
        r.name.split(' ').slice(-1)[0]!,
      ]),
      ...docs.flatMap((d) => [d.doc, d.doc.slice(0, 6)]),
      '0',
      '1',
      '12',
      '000',
      '99999999999999',
    ];
    let nonEmpty = 0;
    for (const text of queries) {
      const expected = await bySql.search(text);
      if (expected.length) nonEmpty++;
      expect(await byIndex.search(text, version), text).toEqual(expected);
    }
    expect(nonEmpty).toBeGreaterThan(queries.length * 0.7);
  });

  it('follows inserts, renames, address changes and deletes of members, and their families', async () => {
    const holder = await createMember(ctx, { custName: 'Índice Vivo Titular' });
    const dependent = await createMember(ctx, { custName: 'Índice Vivo Dependente', parentId: holder.cstId, custCpf: null });
    await ctx.db.insert(addresses).values({ cstId: holder.cstId, kind: 1, adPhoneDdd: '11', adPhone: '33334444' });
    await caughtUp();
    const find = (text: string) => feed.index.searchNames([text]).map((r) => ({ id: r.cstId, titular: r.titular, phone: r.ph1 }));
    expect(find('indice vivo')).toEqual([
      { id: dependent.cstId, titular: 'Índice Vivo Titular', phone: '33334444' },
      { id: holder.cstId, titular: null, phone: '33334444' },
    ]);

    await ctx.db.update(customers).set({ custName: 'Índice Vivo Renomeado' }).where(eq(customers.cstId, holder.cstId));
    await ctx.db.update(addresses).set({ adPhone: '55556666' }).where(eq(addresses.cstId, holder.cstId));
    await caughtUp();
    expect(find('indice vivo')).toEqual([
      { id: dependent.cstId, titular: 'Índice Vivo Renomeado', phone: '55556666' },
      { id: holder.cstId, titular: null, phone: '55556666' },
    ]);
    expect(find('titular')).toEqual([]); // the old name is gone

    await ctx.db.delete(customers).where(eq(customers.cstId, dependent.cstId));
    await caughtUp();
    expect(find('indice vivo').map((r) => r.id)).toEqual([holder.cstId]);
  });

  it('announces an update only when a searchable column changes (migration 0032)', async () => {
    const holder = await createMember(ctx, { custName: 'Índice Sem Aviso' });
    await ctx.db.insert(addresses).values({ cstId: holder.cstId, kind: 1, adPhoneDdd: '11', adPhone: '30304040' });
    await caughtUp();
    const before = await currentVersion();
    // Not shown in a suggestion: no new version, nothing for the index to reload.
    await ctx.db.update(customers).set({ custEmail: 'sem.aviso@example.com' }).where(eq(customers.cstId, holder.cstId));
    await ctx.db.update(addresses).set({ adCity: 'Campinas' }).where(eq(addresses.cstId, holder.cstId));
    await ctx.db
      .update(customers)
      .set({ version: sql`version + 1` })
      .where(eq(customers.cstId, holder.cstId));
    expect(await currentVersion()).toBe(before);
    // Shown in a suggestion: one new version each, applied by the index.
    await ctx.db.update(customers).set({ custCelularDdd: '21', custCelular: '988887777' }).where(eq(customers.cstId, holder.cstId));
    await ctx.db.update(addresses).set({ adPhone: '30305050' }).where(eq(addresses.cstId, holder.cstId));
    expect(await currentVersion()).toBe(before + 2);
    await caughtUp();
    expect(feed.index.searchNames(['indice', 'sem', 'aviso']).map((r) => ({ cel: r.cel, ph1: r.ph1 }))).toEqual([
      { cel: '988887777', ph1: '30305050' },
    ]);
  });

  it('drops a deleted third party and keeps the answer right while a change is on its way', async () => {
    const [ter] = await ctx.db.insert(terceiros).values({ terTipo: 1, terCPFCNPJ: '11222333000181', terNome: 'Índice Fornecedora Ltda' }).returning();
    // Right after the commit the request carries the new version: the search is right at once (SQL if need be).
    const res = await call(staff, searchContracts.search, { body: { text: 'indice fornecedora' } });
    expect(res.body.map((p: { cstId: number }) => p.cstId)).toEqual([ter!.terId]);
    await caughtUp();
    expect(feed.index.searchNames(['indice', 'fornecedora']).map((r) => r.cstId)).toEqual([ter!.terId]);
    await ctx.db.update(terceiros).set({ deletedAt: new Date() }).where(eq(terceiros.terId, ter!.terId));
    expect((await call(staff, searchContracts.search, { body: { text: 'indice fornecedora' } })).body).toEqual([]);
    await caughtUp();
    expect(feed.index.searchNames(['indice', 'fornecedora'])).toEqual([]);
  });

  it('reconnects and reloads after losing its connection, missing no change made meanwhile', async () => {
    const killed = await ctx.pool.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'listen people_changed'`,
    );
    expect(killed.rowCount).toBe(1);
    const member = await createMember(ctx, { custName: 'Índice Durante Queda' });
    // Answered by SQL while the index is down, by the index once it is back.
    expect((await call(staff, searchContracts.search, { body: { text: 'indice durante' } })).body.map((p: { cstId: number }) => p.cstId)).toEqual([
      member.cstId,
    ]);
    await caughtUp();
    expect(feed.index.searchNames(['indice', 'durante']).map((r) => r.cstId)).toEqual([member.cstId]);
  });

  it('reloads everything after a TRUNCATE', async () => {
    expect(feed.index.terceiros.byId.size).toBeGreaterThan(0);
    await ctx.db.execute(sql`truncate terceiros`);
    await caughtUp();
    expect(feed.index.terceiros.byId.size).toBe(0);
    expect(feed.index.members.byId.size).toBeGreaterThan(3000);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helper.js';
import { seedLedger } from './ledger.seed.js';
import { seedMemberLinks, seedPeople } from './people.seed.js';
import { seedRegistries } from './registries.seed.js';
import { seedServices } from './services.seed.js';
import { seedLocations } from './locations.seed.js';
import { seedAccess } from './access.seed.js';
import { createClosingRepository } from '../../modules/closing/closing.repository.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await seedPeople(ctx.db, { scale: 60, log: () => {} });
  // The last closed month is closed by the product's closing, run as a demo user.
  await seedAccess(ctx.db);
  await seedRegistries(ctx.db);
  await seedServices(ctx.db);
  await seedLocations(ctx.db);
  await seedMemberLinks(ctx.db);
});
afterAll(async () => {
  await ctx?.close();
});

const summary = async () =>
  (
    await ctx.db.execute<{ n: number; total: string; holders: number; kinds: string }>(sql`
      select count(*)::int as n, sum(ext_valor)::text as total, count(distinct cst_id)::int as holders,
        string_agg(distinct ext_tipo, ',' order by ext_tipo) as kinds from statement_entries`)
  ).rows[0]!;

describe('demo ledger', () => {
  it('writes 24 closed months and the open one, every kind of entry, the same twice in a row', async () => {
    await seedLedger(ctx.db);
    const first = await summary();
    await seedLedger(ctx.db);
    expect(await summary()).toEqual(first);
    expect(first.kinds).toBe('credito,estorno,fechamento,lancamento,pagamento');
    const periods = await ctx.db.execute<{ open: number; closed: number }>(
      sql`select count(*) filter (where locked_at is null)::int as open, count(*) filter (where locked_at is not null)::int as closed from closing_periods`,
    );
    expect(periods.rows[0]).toEqual({ open: 1, closed: 24 });
    // Every reversal negates a charge of its holder; every entry is in the holder's ledger (a holder's id).
    const bad = await ctx.db.execute<{ n: number }>(sql`
      select count(*)::int as n from statement_entries c join statement_entries p on p.ext_id = c.ext_estorno_parent
      where p.ext_valor <> -c.ext_valor or p.cst_id <> c.cst_id`);
    expect(bad.rows[0]!.n).toBe(0);
    const notHolders = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from statement_entries e join customers c on c.cst_id = e.cst_id where c.parent_id is not null`,
    );
    expect(notHolders.rows[0]!.n).toBe(0);
    // A holder with services sees the open period then the closed ones.
    const [holder] = (
      await ctx.db.execute<{ cstId: number }>(sql`select cst_id as "cstId" from statement_entries where ext_tipo = 'fechamento' limit 1`)
    ).rows;
    const periodsOf = await ctx.app.services.ledger.periodsOf(ctx.db, holder!.cstId);
    expect(periodsOf[0]!.label).toBe('Em aberto');
    expect(periodsOf[0]!.value).toBeLessThan(0);
    expect(periodsOf.length).toBeGreaterThan(12);
  });

  it("closes its last closed month with the product's closing: the run, the keys, every line the closing plans and its charges", async () => {
    await seedLedger(ctx.db);
    const [last] = (
      await ctx.db.execute<{ fecId: number; ano: number; mes: number }>(sql`
        select fec_id as "fecId", fec_ano as ano, fec_mes as mes from closing_periods where locked_at is not null
        order by fec_ano desc, fec_mes desc limit 1`)
    ).rows;
    const runs = await ctx.db.execute<{ fecId: number; status: string }>(sql`select fec_id as "fecId", status from closings`);
    expect(runs.rows).toEqual([{ fecId: last!.fecId, status: 'done' }]);
    const written = (
      await ctx.db.execute<{ n: number; total: string; unkeyed: number }>(sql`
        select count(*)::int as n, coalesce(sum(ext_valor), 0)::text as total,
          count(*) filter (where ext_key is null or ext_key not like ${`fech:${last!.fecId}:%`})::int as unkeyed
        from statement_entries where fec_id = ${last!.fecId} and ext_tipo = 'fechamento'`)
    ).rows[0]!;
    expect(written.n).toBeGreaterThan(0);
    expect(written.unkeyed).toBe(0);
    // What the closing's own plan (domain serviceRowLines) makes of that month, as if nothing were written yet
    // (period 0 has no keys): exactly the period's closing entries.
    const holders = await createClosingRepository().holders(ctx.db, 'all');
    const month = { ano: last!.ano, mes: last!.mes };
    const planned = (await ctx.app.services.closing.plan(ctx.db, 0, month, holders, true)).flatMap((p) => p.entries);
    expect({ n: planned.length, total: String(planned.reduce((s, e) => s + e.valor, 0)) }).toEqual({ n: written.n, total: written.total });
    // And nothing left for the real period: a closing run now would write no line.
    const left = (await ctx.app.services.closing.plan(ctx.db, last!.fecId, month, holders, true)).flatMap((p) => p.entries);
    expect(left).toEqual([]);
    const charges = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from charges where fec_id = ${last!.fecId}`);
    expect(charges.rows[0]!.n).toBeGreaterThan(0);
  });

  it("writes every earlier closed month as the closing's rules would: the same lines, values, texts and keys", async () => {
    await seedLedger(ctx.db);
    const periods = (
      await ctx.db.execute<{ fecId: number; ano: number; mes: number }>(sql`
        select p.fec_id as "fecId", p.fec_ano as ano, p.fec_mes as mes from closing_periods p
        where p.locked_at is not null and not exists (select 1 from closings c where c.fec_id = p.fec_id)
        order by p.fec_ano, p.fec_mes`)
    ).rows;
    expect(periods).toHaveLength(23);
    const holders = await createClosingRepository().holders(ctx.db, 'all');
    const line = (e: { key: string; cstId: number; respId: number | null; valor: number; descricao: string }) =>
      `${e.cstId}|${e.key}|${e.respId}|${e.valor}|${e.descricao}`;
    let compared = 0;
    for (const p of periods) {
      // In writing order: holder by holder, as the closing's plan lists them.
      const written = (
        await ctx.db.execute<{ key: string; cstId: number; respId: number | null; valor: number; descricao: string }>(sql`
          select replace(ext_key, ${`fech:${p.fecId}:`}, 'fech:0:') as key, cst_id as "cstId", resp_id as "respId", ext_valor as valor,
            ext_descricao as descricao
          from statement_entries where fec_id = ${p.fecId} and ext_tipo = 'fechamento' order by cst_id, ext_id`)
      ).rows.map(line);
      // The plan's holders in id order (a stable sort keeps each holder's lines in the plan's writing order).
      const planned = (await ctx.app.services.closing.plan(ctx.db, 0, { ano: p.ano, mes: p.mes }, holders, true))
        .flatMap((h) => h.entries)
        .sort((a, b) => a.cstId - b.cstId)
        .map((e) => line({ key: e.key, cstId: e.cstId, respId: e.respId ?? null, valor: e.valor, descricao: e.descricao }));
      expect(written, `${p.mes}/${p.ano}`).toEqual(planned);
      compared += written.length;
    }
    expect(compared).toBeGreaterThan(0);
    // The rules' cases are in the demo: administrative rates, pro rata months, and services that post at the end.
    const cases = (
      await ctx.db.execute<{ taxa: number; proRata: number }>(sql`
        select count(*) filter (where ext_key like 'fech:%:taxa:%')::int as taxa, count(*) filter (where ext_descricao like '%dias)')::int as "proRata"
        from statement_entries where ext_tipo = 'fechamento'`)
    ).rows[0]!;
    expect(cases.taxa).toBeGreaterThan(0);
  });
});

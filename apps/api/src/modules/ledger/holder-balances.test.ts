import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditContracts } from '@assoc/domain';
import {
  billableBank,
  call,
  createCatalogueService,
  createFamily,
  createMember,
  createServiceRows,
  createTestApp,
  createUser,
  expectOk,
  signIn,
  TEST_PASSWORD,
  type TestContext,
} from '../../../test/helper.js';
import type { Actor } from '../../lib/actor.js';
import { runClosing } from '../closing/closing.job.js';
import { holderDebtSql, owingHoldersSql } from './ledger.repository.js';
import { createClosingRepository } from '../closing/closing.repository.js';

/**
 * holder_balances (migration 0039, issue 24 "Speed"): the database's running total of every holder's entries, which
 * `holderBalanceSql` reads. Whatever writes the ledger, it stays equal to the sum of the entries (the definition).
 */
let ctx: TestContext;
let actor: Actor;

beforeAll(async () => {
  ctx = await createTestApp();
  const user = await createUser(ctx, { roles: ['v2access', 'v2cobrancanew', 'v2menufinanceiro'] });
  actor = { userId: user.userId, name: user.name };
});
afterAll(() => ctx?.close());

const ledger = () => ctx.app.services.ledger;

/** Holders whose cached balance differs from the sum of their entries (both ways: a missing or a stray row). */
async function mismatches() {
  const result = await ctx.db.execute<{ cstId: number; cached: string | null; summed: string | null }>(sql`
    select coalesce(b.cst_id, s.cst_id) as "cstId", b.balance as cached, s.total as summed
    from holder_balances b
    full join (select cst_id, sum(ext_valor) as total from statement_entries group by cst_id) s on s.cst_id = b.cst_id
    where coalesce(b.balance, 0) <> coalesce(s.total, 0)`);
  return result.rows;
}
const summed = async (cstId: number) =>
  Number(
    (await ctx.db.execute<{ t: string }>(sql`select coalesce(sum(ext_valor), 0) as t from statement_entries where cst_id = ${cstId}`)).rows[0]!.t,
  );
const cached = async (cstId: number) =>
  (await ctx.db.execute<{ b: string }>(sql`select balance as b from holder_balances where cst_id = ${cstId}`)).rows.map((r) => Number(r.b));

describe('holder_balances', () => {
  it('equals the sum of the entries for every holder after entries, a credit, a reversal and a closing', async () => {
    const fee = await createCatalogueService(ctx, { svcValor: 4_321, svcTaxaAdm: 2, svcTaxaAdmNs: 5 });
    const { holder, dependents } = await createFamily(ctx, {
      holder: { custSocio: 'S', ...billableBank, services: [{ svcId: fee.svcId }] },
      dependents: [{ services: [{ svcId: fee.svcId, valor: 1_500 }] }],
    });
    const other = await createMember(ctx, { custSocio: 'N', bnkId: null });
    await createServiceRows(ctx, other.cstId, [{ svcId: fee.svcId }]);

    // Several holders in one statement, a repeated key (skipped: counted once), a credit.
    const entries = [
      { cstId: other.cstId, descricao: 'Mensalidade', valor: 2_000, key: 'hb:1' },
      { cstId: holder.cstId, respId: dependents[0]!.cstId, descricao: 'Consulta', valor: 7_000, key: 'hb:2' },
      { cstId: holder.cstId, descricao: 'Bar', valor: 555, key: 'hb:3' },
    ];
    await ctx.db.transaction((tx) => ledger().addEntries(tx, entries, actor, { audit: 'caller' }));
    await ctx.db.transaction((tx) => ledger().addEntries(tx, entries, actor, { audit: 'caller' }));
    const { entry } = await ctx.db.transaction((tx) =>
      ledger().addEntry(tx, { cstId: other.cstId, descricao: 'Acerto', valor: -300, tipo: 'credito' }, actor),
    );
    // A credit through its call (two signatures), then a reversal.
    const first = await createUser(ctx, { roles: ['v2access', 'v2cobrancanew'] });
    const second = await createUser(ctx, { roles: ['v2access', 'v2cobrancanew'] });
    const client = await signIn(ctx, first.cpf);
    await expectOk(
      call(client, creditContracts.issue, {
        params: { cstId: holder.cstId },
        body: {
          creditoRef: 'Acerto de mensalidade',
          creditoValor: 1_234,
          creditoUsername1: first.cpf,
          creditoPassword1: TEST_PASSWORD,
          creditoUsername2: second.cpf,
          creditoPassword2: TEST_PASSWORD,
          creditoKey: 'hb-credito',
        },
      }),
    );
    await ctx.db.transaction((tx) => ledger().reverse(tx, entry.extId, actor));
    expect(await mismatches()).toEqual([]);
    expect(await cached(holder.cstId)).toEqual([7_000 + 555 - 1_234]);

    // The closing: every service row's line, then the charges (read from the cache), the lock and the next period.
    const outcome = await runClosing(
      { jobId: crypto.randomUUID(), userId: actor.userId!, db: ctx.db, progress: async () => {} },
      { service: ctx.app.services.closing, repo: createClosingRepository(), ledger: ledger() },
    );
    expect(outcome.result).toContain('fechado');
    expect(await mismatches()).toEqual([]);
    for (const cstId of [holder.cstId, other.cstId]) {
      expect(await ledger().balance(ctx.db, cstId)).toBe(await summed(cstId));
      expect(await cached(cstId)).toEqual([await summed(cstId)]);
    }
    // The set form (the open balance's) is the same number: every holder whose holderDebtSql is > 0, with it.
    const differ = await ctx.db.execute(sql`
      select * from (select c.cst_id, ${holderDebtSql(sql`c.cst_id`)} as debt from customers c where c.parent_id is null) one
      full join ${owingHoldersSql()} o on o.cst_id = one.cst_id
      where coalesce(o.debt, 0) <> one.debt or one.cst_id is null`);
    expect(differ.rows).toEqual([]);
    // The closing charged the holder what it owes now: the cache agrees with the charges it wrote.
    const charge = await ctx.db.execute<{ v: number }>(sql`select cob_valor as v from charges where cst_id = ${holder.cstId}`);
    expect(charge.rows.map((r) => r.v)).toEqual([await summed(holder.cstId)]);
  });

  it('two transactions writing for the same holders at once both count, without a deadlock', async () => {
    const a = await createMember(ctx);
    const b = await createMember(ctx);
    const fecId = (await ledger().openPeriod(ctx.db)).fecId;
    const insert = (rows: [number, number][]) =>
      `insert into statement_entries (cst_id, fec_id, ext_descricao, ext_valor) values ${rows
        .map(([cst, valor]) => `(${cst}, ${fecId}, 'Concorrente', ${valor})`)
        .join(', ')}`;
    const first = await ctx.pool.connect();
    const second = await ctx.pool.connect();
    try {
      await first.query('begin');
      await second.query('begin');
      // Opposite row orders: the trigger still locks the holders' rows in cst_id order.
      await first.query(
        insert([
          [a.cstId, 100],
          [b.cstId, 200],
        ]),
      );
      const waiting = second.query(
        insert([
          [b.cstId, 20],
          [a.cstId, 10],
        ]),
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      await first.query('commit');
      await waiting;
      await second.query('commit');
    } finally {
      first.release();
      second.release();
    }
    expect(await cached(a.cstId)).toEqual([110]);
    expect(await cached(b.cstId)).toEqual([220]);
    expect(await mismatches()).toEqual([]);
  });

  it('follows what gets past the triggers (the E2E fixtures: replica role) and a truncate of the entries', async () => {
    const a = await createMember(ctx);
    const fecId = (await ledger().openPeriod(ctx.db)).fecId;
    const client = await ctx.pool.connect();
    try {
      await client.query('set session_replication_role = replica');
      await client.query(`insert into statement_entries (cst_id, fec_id, ext_descricao, ext_valor) values ($1, $2, 'x', 900), ($1, $2, 'y', 50)`, [
        a.cstId,
        fecId,
      ]);
      expect(await cached(a.cstId)).toEqual([950]);
      await client.query(`delete from statement_entries where cst_id = $1 and ext_valor = 900`, [a.cstId]);
      expect(await cached(a.cstId)).toEqual([50]);
      await client.query(`update statement_entries set ext_valor = 70 where cst_id = $1`, [a.cstId]);
      expect(await cached(a.cstId)).toEqual([70]);
    } finally {
      await client.query('set session_replication_role = default');
      client.release();
    }
    expect(await mismatches()).toEqual([]);
    await ctx.db.execute(sql`truncate table statement_entries cascade`);
    expect((await ctx.db.execute(sql`select 1 from holder_balances`)).rows).toEqual([]);
  });
});

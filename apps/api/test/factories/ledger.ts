import { sql } from 'drizzle-orm';
import { charges, customerServices } from '../../src/db/schema/index.js';
import type { TestContext } from '../helper.js';

let periodMonth = 0;
/**
 * Ledger fixture (the ledger's own tables, written as the closing would): each locked period is opened, given its
 * entries and locked; then an open period with its entries. Only one period is open at a time.
 */
export async function createLedgerPeriods(ctx: TestContext, cstId: number, locked: number[][], open: number[] = []) {
  const entry = (fecId: number, value: number) => sql`(${cstId}, ${fecId}, 'Lançamento de teste', ${value}, ${value < 0 ? 'credito' : 'lancamento'})`;
  const write = async (values: number[], lock: boolean) => {
    periodMonth += 1;
    const year = 2001 + Math.floor(periodMonth / 12);
    const month = (periodMonth % 12) + 1;
    await ctx.db.execute(sql`update closing_periods set locked_at = now() where locked_at is null`);
    const result = await ctx.db.execute<{ fec_id: number }>(
      sql`insert into closing_periods (fec_ano, fec_mes) values (${year}, ${month}) returning fec_id`,
    );
    const fecId = result.rows[0]!.fec_id;
    if (values.length)
      await ctx.db.execute(
        sql`insert into statement_entries (cst_id, fec_id, ext_descricao, ext_valor, ext_tipo) values ${sql.join(
          values.map((v) => entry(fecId, v)),
          sql`, `,
        )}`,
      );
    if (lock) await ctx.db.execute(sql`update closing_periods set locked_at = now() where fec_id = ${fecId}`);
  };
  for (const values of locked) await write(values, true);
  await write(open, false);
}

/** One entry of the open period, written as a bank return or a closing would (not through the ledger service). */
export async function createOpenPeriodEntry(ctx: TestContext, cstId: number, value: number, tipo: string, descricao = 'Pagamento') {
  await ctx.db.execute(sql`insert into statement_entries (cst_id, fec_id, ext_descricao, ext_valor, ext_tipo)
    select ${cstId}, fec_id, ${descricao}, ${value}, ${tipo} from closing_periods where locked_at is null`);
}

/** Charge rows as a bank file or an old save left them. */
export async function createCharges(ctx: TestContext, rows: (typeof charges.$inferInsert)[]) {
  return ctx.db.insert(charges).values(rows).returning();
}

/** A member's service rows (enrolments), written directly. */
export async function createServiceRows(ctx: TestContext, rows: (typeof customerServices.$inferInsert)[]) {
  return ctx.db.insert(customerServices).values(rows).returning();
}

import { sql } from 'drizzle-orm';
import { charges, closingPeriods, statementEntries } from '../../src/db/schema/index.js';
import type { TestContext } from '../helper.js';

let periodMonth = 0;
/**
 * A ledger period written as the closing would (the ledger's own tables, not its service): the open period is
 * locked first, since only one is open at a time; then the next month (from January 2001, one test file's
 * months never repeat) is opened, and locked too when `locked`.
 */
export async function createLedgerPeriod(ctx: TestContext, options: { locked?: boolean } = {}) {
  periodMonth += 1;
  await ctx.db.execute(sql`update closing_periods set locked_at = now() where locked_at is null`);
  const [period] = await ctx.db
    .insert(closingPeriods)
    .values({ fecAno: 2001 + Math.floor(periodMonth / 12), fecMes: (periodMonth % 12) + 1 })
    .returning({ fecId: closingPeriods.fecId });
  if (options.locked) await lockLedgerPeriod(ctx, period!.fecId);
  return period!.fecId;
}

/** Locks a period as the closing does. */
export async function lockLedgerPeriod(ctx: TestContext, fecId: number) {
  await ctx.db.execute(sql`update closing_periods set locked_at = now() where fec_id = ${fecId}`);
}

/** The open period's id (undefined when every period is locked). */
export async function openLedgerPeriodId(ctx: TestContext): Promise<number | undefined> {
  const result = await ctx.db.execute<{ fec_id: number }>(sql`select fec_id from closing_periods where locked_at is null`);
  return result.rows[0]?.fec_id;
}

export type StatementEntryValues = typeof statementEntries.$inferInsert;

/** Statement entries written directly (a closing's fees, a bank return's payments), not through the ledger service. */
export async function createStatementEntries(ctx: TestContext, rows: StatementEntryValues[]) {
  if (!rows.length) return [];
  return ctx.db.insert(statementEntries).values(rows).returning();
}

/**
 * One member's ledger: each list of `locked` is a locked period with those entries (cents; a negative value is a
 * credit), then an open period with the `open` entries. Answers the periods' ids.
 */
export async function createLedgerPeriods(ctx: TestContext, cstId: number, locked: number[][], open: number[] = []) {
  const entries = (fecId: number, values: number[]) =>
    createStatementEntries(
      ctx,
      values.map((extValor) => ({ cstId, fecId, extDescricao: 'Lançamento de teste', extValor, extTipo: extValor < 0 ? 'credito' : 'lancamento' })),
    );
  const lockedIds: number[] = [];
  for (const values of locked) {
    const fecId = await createLedgerPeriod(ctx);
    await entries(fecId, values);
    await lockLedgerPeriod(ctx, fecId);
    lockedIds.push(fecId);
  }
  const openId = await createLedgerPeriod(ctx);
  await entries(openId, open);
  return { locked: lockedIds, open: openId };
}

/** One entry of the open period, written as a bank return or a closing would (not through the ledger service). */
export async function createOpenPeriodEntry(ctx: TestContext, cstId: number, value: number, tipo: string, descricao = 'Pagamento') {
  await ctx.db.execute(sql`insert into statement_entries (cst_id, fec_id, ext_descricao, ext_valor, ext_tipo)
    select ${cstId}, fec_id, ${descricao}, ${value}, ${tipo} from closing_periods where locked_at is null`);
}

/** Charge rows as a bank file or an old save left them. */
export async function createChargeRows(ctx: TestContext, rows: (typeof charges.$inferInsert)[]) {
  return ctx.db.insert(charges).values(rows).returning();
}

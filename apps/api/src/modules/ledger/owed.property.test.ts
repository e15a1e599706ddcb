import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { debitPlaceIds, holderBalance, NO_BILLING, BOLETO, owedBy, chargeContracts } from '@assoc/domain';
import { call, createTestApp, signedInAs, type Client, type TestContext } from '../../../test/helper.js';
import { holderBalanceSql, holderDebtSql } from './ledger.repository.js';

/**
 * Issue 22 item 1, property test: over generated ledgers (every debit place; charges paid, rejected and open; payments
 * by direct debit, by boleto and by hand; credits; consumption in the open month; reversals of debits and of credits),
 * what a holder owes is one number: the domain's `holderBalance` / `owedBy`, the ledger's SQL (`holderBalanceSql`,
 * `holderDebtSql`), `GET cobranca/divida` (its service function for every holder, the route for a sample) and the
 * statement's balance (the open period's final balance; a closed period's final balance is the balance up to it).
 * Deterministic: a seeded PRNG, the ledgers written in bulk into the real database as the closing would (each period
 * opened, written, locked).
 */

const HOLDERS = 1_050;
/** Four closed months and the open one. */
const PERIODS = 5;

/** mulberry32: a small deterministic PRNG (no dependency). */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    chance: (p: number) => next() < p,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
  };
}

type Tipo = 'fechamento' | 'lancamento' | 'credito' | 'pagamento' | 'estorno';
interface GenEntry {
  key: string;
  period: number;
  valor: number;
  tipo: Tipo;
  descricao: string;
  parentKey: string | null;
}
interface GenCharge {
  period: number;
  valor: number;
  outcome: 'paid' | 'rejected' | 'open';
}
interface GenLedger {
  cstId: number;
  bnkId: number;
  entries: GenEntry[];
  charges: GenCharge[];
}

/** One holder's ledger: what each closing billed, how it was collected and paid, and what happened in between. */
function generate(rand: ReturnType<typeof prng>, cstId: number, bnkId: number): GenLedger {
  const entries: GenEntry[] = [];
  const charges: GenCharge[] = [];
  const add = (period: number, valor: number, tipo: Tipo, descricao: string, parentKey: string | null = null) => {
    const entry = { key: `p:${entries.length}`, period, valor, tipo, descricao, parentKey };
    entries.push(entry);
    return entry;
  };
  const payByPlace = bnkId === BOLETO ? 'Pagamento recebido — boleto' : 'Pagamento recebido — débito em conta';
  for (let k = 0; k < PERIODS; k += 1) {
    const closed = k < PERIODS - 1;
    // Consumption and postings, in any month (the open one included).
    if (rand.chance(0.4)) add(k, rand.int(100, 9_000), 'lancamento', 'Consumo bar e lanchonete');
    // Payments by hand (any place; the only way on place 20), sometimes more than what is owed.
    if (rand.chance(bnkId === NO_BILLING ? 0.6 : 0.15)) add(k, -rand.int(100, 40_000), 'pagamento', 'Pagamento em mãos');
    if (rand.chance(0.12)) add(k, -rand.int(100, 5_000), 'credito', 'Crédito — ajuste');
    // Reversals of an earlier entry not yet reversed (a debit or a credit; never a reversal).
    if (rand.chance(0.2)) {
      const reversed = new Set(entries.map((e) => e.parentKey));
      const candidates = entries.filter((e) => e.tipo !== 'estorno' && !reversed.has(e.key));
      const parent = candidates[rand.int(0, candidates.length - 1)];
      if (parent) add(k, -parent.valor, 'estorno', `Estorno: ${parent.descricao}`, parent.key);
    }
    if (!closed) continue;
    // The closing: what the month's services billed, then its charge at the holder's debit place (none on place 20).
    const billed = Array.from({ length: rand.int(0, 3) }, () => add(k, rand.int(500, 60_000), 'fechamento', 'Mensalidade').valor);
    const total = billed.reduce((sum, v) => sum + v, 0);
    if (total === 0 || bnkId === NO_BILLING) continue;
    const latest = k === PERIODS - 2;
    const roll = rand.int(1, 100);
    const outcome = roll <= 60 ? 'paid' : latest && roll <= 80 ? 'open' : 'rejected';
    charges.push({ period: k, valor: total, outcome });
    // A charge paid at the bank (debit or boleto) is a payment entry in the next month's ledger.
    if (outcome === 'paid') add(k + 1, -total, 'pagamento', payByPlace);
  }
  return { cstId, bnkId, entries, charges };
}

let ctx: TestContext;
let staff: Client;
let ledgers: GenLedger[];
let fecIds: number[];

beforeAll(async () => {
  ctx = await createTestApp();
  staff = (await signedInAs(ctx, ['v2access', 'v2cobrancaview', 'v2tabextratos'])).client;
  const rand = prng(22_001);
  const created = await ctx.db.execute<{ cst_id: number }>(sql`
    insert into customers (cust_name, cust_status, cust_assoc_situacao, bnk_id)
    select 'Associado Gerado ' || i, 'M', 1, (${`{${debitPlaceIds.join(',')}}`}::int[])[1 + i % ${debitPlaceIds.length}]
    from generate_series(0, ${HOLDERS - 1}) i order by i returning cst_id`);
  const ids = created.rows.map((r) => r.cst_id).sort((a, b) => a - b);
  ledgers = ids.map((cstId, i) => generate(rand, cstId, debitPlaceIds[i % debitPlaceIds.length]!));

  // The periods one after the other, as the closing writes them: open, entries (then the reversals), lock.
  await ctx.db.execute(sql`update closing_periods set locked_at = now() where locked_at is null`);
  fecIds = [];
  for (let k = 0; k < PERIODS; k += 1) {
    const period = await ctx.db.execute<{ fec_id: number }>(
      sql`insert into closing_periods (fec_ano, fec_mes) values (2011, ${k + 1}) returning fec_id`,
    );
    const fecId = period.rows[0]!.fec_id;
    fecIds.push(fecId);
    const rows = (reversals: boolean) =>
      JSON.stringify(
        ledgers.flatMap((l) =>
          l.entries
            .filter((e) => e.period === k && (e.tipo === 'estorno') === reversals)
            .map((e) => ({ cst_id: l.cstId, key: e.key, valor: e.valor, tipo: e.tipo, descricao: e.descricao, parent_key: e.parentKey })),
        ),
      );
    await ctx.db.execute(sql`
      insert into statement_entries (cst_id, fec_id, ext_descricao, ext_valor, ext_tipo, ext_key)
      select r.cst_id, ${fecId}, r.descricao, r.valor, r.tipo, r.key
      from jsonb_to_recordset(${rows(false)}::jsonb) as r(cst_id int, key text, valor int, tipo text, descricao text)`);
    await ctx.db.execute(sql`
      insert into statement_entries (cst_id, fec_id, ext_descricao, ext_valor, ext_tipo, ext_key, ext_estorno_parent)
      select r.cst_id, ${fecId}, r.descricao, r.valor, r.tipo, r.key, p.ext_id
      from jsonb_to_recordset(${rows(true)}::jsonb) as r(cst_id int, key text, valor int, tipo text, descricao text, parent_key text)
      join statement_entries p on p.cst_id = r.cst_id and p.ext_key = r.parent_key`);
    if (k < PERIODS - 1) await ctx.db.execute(sql`update closing_periods set locked_at = now() where fec_id = ${fecId}`);
  }
  const charges = JSON.stringify(
    ledgers.flatMap((l) =>
      l.charges.map((c) => ({
        cst_id: l.cstId,
        bnk_id: l.bnkId,
        valor: c.valor,
        due: `2011-${String(c.period + 2).padStart(2, '0')}-04`,
        code: c.outcome === 'paid' ? 0 : c.outcome === 'rejected' ? 1 : null,
      })),
    ),
  );
  await ctx.db.execute(sql`
    insert into charges (cst_id, bnk_id, cob_banco, cob_convenio, cob_carteira, cob_nosso_numero, cob_vencimento, cob_valor, cob_retorno, cdr_cod_ret)
    select r.cst_id, r.bnk_id,
      case when r.bnk_id = ${BOLETO} then '001' end, case when r.bnk_id = ${BOLETO} then '1474166' end,
      case when r.bnk_id = ${BOLETO} then '17' end, case when r.bnk_id = ${BOLETO} then nextval('charges_nosso_numero_seq') end,
      r.due::date, r.valor, case when r.code is not null then r.due::date + 1 end, r.code
    from jsonb_to_recordset(${charges}::jsonb) as r(cst_id int, bnk_id int, valor int, due text, code int)`);
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

const entriesOf = (l: GenLedger) => l.entries.map((e) => ({ extValor: e.valor }));

describe('what a holder owes: one definition (issue 22 item 1)', () => {
  it('the generated ledgers cover every debit place with charges paid, rejected and open, payments of each kind, credits and reversals', () => {
    expect(ledgers.length).toBeGreaterThanOrEqual(1_000);
    for (const bnkId of debitPlaceIds) {
      const place = ledgers.filter((l) => l.bnkId === bnkId);
      expect(place.length, `place ${bnkId}`).toBeGreaterThan(100);
      const kinds = new Set(place.flatMap((l) => l.entries.map((e) => `${e.tipo}:${e.descricao.split(':')[0]}`)));
      for (const kind of ['fechamento:Mensalidade', 'lancamento:Consumo bar e lanchonete', 'credito:Crédito — ajuste', 'pagamento:Pagamento em mãos'])
        expect(kinds.has(kind), `${bnkId} ${kind}`).toBe(true);
      expect(place.some((l) => l.entries.some((e) => e.tipo === 'estorno' && e.valor > 0))).toBe(true); // a credit reversed
      expect(place.some((l) => l.entries.some((e) => e.tipo === 'estorno' && e.valor < 0))).toBe(true); // a debit reversed
      const outcomes = new Set(place.flatMap((l) => l.charges.map((c) => c.outcome)));
      if (bnkId === NO_BILLING) expect(outcomes.size).toBe(0);
      else {
        expect([...outcomes].sort()).toEqual(['open', 'paid', 'rejected']);
        expect(kinds.has(bnkId === BOLETO ? 'pagamento:Pagamento recebido — boleto' : 'pagamento:Pagamento recebido — débito em conta')).toBe(true);
      }
    }
    // Some owe, some are in credit, some are settled.
    const balances = ledgers.map((l) => holderBalance(entriesOf(l)));
    expect(balances.some((b) => b > 0) && balances.some((b) => b < 0)).toBe(true);
  });

  it('the domain, the SQL expression, GET cobranca/divida and the statement’s balance agree for every holder and period', async () => {
    const ids = ledgers.map((l) => l.cstId);
    const inSql = await ctx.db.execute<{ cstId: number; balance: string; debt: string }>(sql`
      select c.cst_id as "cstId", ${holderBalanceSql(sql`c.cst_id`)} as balance, ${holderDebtSql(sql`c.cst_id`)} as debt
      from customers c where c.cst_id = any(${`{${ids.join(',')}}`}::int[])`);
    const byId = new Map(inSql.rows.map((r) => [r.cstId, r]));
    const open = fecIds.at(-1)!;
    const closed = fecIds.length - 2;
    const mismatches: string[] = [];
    const check = async (l: GenLedger) => {
      const balance = holderBalance(entriesOf(l));
      const owed = owedBy(entriesOf(l));
      const row = byId.get(l.cstId)!;
      // A closed period's final balance is the balance of the entries up to it.
      const upTo = holderBalance(entriesOf({ ...l, entries: l.entries.filter((e) => e.period <= closed) }));
      const [debt, statement, lastClosed] = await Promise.all([
        ctx.app.services.charges.debt(l.cstId),
        ctx.app.services.ledger.statement(l.cstId, open),
        ctx.app.services.ledger.statement(l.cstId, fecIds[closed]!),
      ]);
      const got = [Number(row.balance), Number(row.debt), debt.divida, statement.saldoFinal, lastClosed.saldoFinal];
      const want = [balance, owed, owed, balance, upTo];
      if (got.some((v, i) => v !== want[i])) mismatches.push(`${l.cstId} (local ${l.bnkId}): ${got.join('/')} ≠ ${want.join('/')}`);
    };
    for (let i = 0; i < ledgers.length; i += 8) await Promise.all(ledgers.slice(i, i + 8).map(check));
    expect(mismatches).toEqual([]);
  }, 60_000);

  it('GET cobranca/divida answers the same over HTTP (a sample of each debit place)', async () => {
    for (const bnkId of debitPlaceIds) {
      for (const l of ledgers.filter((x) => x.bnkId === bnkId).slice(0, 5)) {
        const res = await call(staff, chargeContracts.debt, { params: { cstId: l.cstId } });
        expect(res.status, res.res.body).toBe(200);
        expect(res.body).toEqual({ cstId: l.cstId, divida: owedBy(entriesOf(l)) });
      }
    }
  });
});

import { sql, type SQL } from 'drizzle-orm';
import { BOLETO, NO_BILLING, serviceType } from '@assoc/domain';
import type { Db, Executor } from '../client.js';
import type { AppServices } from '../../lib/module.js';
import { runClosing } from '../../modules/closing/closing.job.js';
import { createClosingRepository } from '../../modules/closing/closing.repository.js';
import { createClosingService } from '../../modules/closing/closing.service.js';
import { createLedgerRepository } from '../../modules/ledger/ledger.repository.js';
import { createLedgerService, type LedgerService } from '../../modules/ledger/ledger.service.js';
import { DEMO_BOLETO } from './charges.seed.js';

/** Months of closed statements before the open one. */
const CLOSED_MONTHS = 24;
const TIME_ZONE = 'America/Sao_Paulo';

/**
 * The demo ledger (issue 14, decision 19): two years of closed monthly periods and the open one (the current month),
 * for every holder at any scale, set-based (one INSERT … SELECT per kind of entry and month) and deterministic (amounts
 * and choices from the ids and the month index, never random). Run after seedMemberLinks (and seedAccess: the closing
 * runs as a demo user): each month the closing charges the service rows of the holder and their dependents by the
 * closing's rules (docs/CLOSING.md "The demo's periods"), the next month pays the previous closing with a 'pagamento' credit entry — by debit, by boleto, or by hand on place 20
 * (about 1 holder in 29 misses a month; some boletos of the latest closing are still open), about 1 in 97 gets a
 * credit and 1 in 61 a reversal of one charge; the open month holds the last payment and some bar consumption. The
 * periods are written one after the other as the real closing does (open, entries, lock), so the ledger's triggers
 * check them. The LAST closed month is closed by the product's own closing (`runClosing` of modules/closing, the
 * job's code with its plan, ledger writes, charges, check and lock; see `closeByTheProduct`), so the newest period of
 * the demo, its charges included, is exactly what the product writes; its reversals go into the open month (a reversal
 * after a closing lands in the open period). Empties the ledger, the closings and the charges first (`npm run seed`
 * wipes the demo data).
 */
/**
 * A feature's entries of one month of the demo ledger (the CCH's paid requests, the reimbursements' paid procedures, the refunds' credits),
 * written inside seedLedger's month loop before the month is locked: `month` is the month's first day (SQL), `open` true
 * for the open (current) month.
 */
export type LedgerMonthHook = (tx: Executor, fecId: number, month: SQL, open: boolean) => Promise<void>;

export async function seedLedger(
  db: Db,
  log: (line: string) => void = () => {},
  opts: {
    /** Seeds what the month hooks read, after the truncate (which cascades to the tables that reference the entries). */
    afterTruncate?: () => Promise<void>;
    /** Each month's feature entries, in this order. */
    months?: readonly LedgerMonthHook[];
  } = {},
) {
  const started = Date.now();
  // Cascades to the charges, the closing runs, the CCH requests and the refunds (they reference the periods or the entries).
  await db.execute(sql`truncate table statement_entries, closing_periods restart identity cascade`);
  // What the months' entries are written from and the truncate emptied (the CCH's requests, the refunds).
  await opts.afterTruncate?.();
  await db.execute(sql`select setval('charges_nosso_numero_seq', 1, false)`);
  const { rows } = await db.execute<{ month: string }>(sql`
    select to_char(date_trunc('month', now() at time zone ${TIME_ZONE})::date - make_interval(months => ${CLOSED_MONTHS}), 'YYYY-MM-DD') as month`);
  const first = rows[0]!.month;
  let previous: number | null = null;
  /** The month closed by the product's closing: the last before the open one. */
  const realClosing = CLOSED_MONTHS - 1;
  for (let k = 0; k <= CLOSED_MONTHS; k++) {
    const open = k === CLOSED_MONTHS;
    const month = sql`(${first}::date + make_interval(months => ${k}))`;
    const at = (days: number, hours: number) =>
      sql`((${month} + make_interval(days => ${days}, hours => ${hours}))::timestamp at time zone ${TIME_ZONE})`;
    previous = await db.transaction(async (tx) => {
      // The open month was opened by the product's closing when it locked the month before.
      const period = open
        ? await tx.execute<{ fecId: number }>(sql`select fec_id as "fecId" from closing_periods where locked_at is null`)
        : await tx.execute<{ fecId: number }>(sql`
        insert into closing_periods (fec_ano, fec_mes, created_at)
        select extract(year from ${month})::int, extract(month from ${month})::int, ${at(0, 0)} returning fec_id as "fecId"`);
      const fecId = period.rows[0]!.fecId;

      // The payment of the previous closing, as a credit entry ('pagamento', issue 22 item 1: what a holder owes is read
      // from the ledger only): by direct debit, by boleto, or by hand on place 20 (no bank collection). About 1 holder
      // in 29 misses a month; in the open month about a third of the boleto holders (and the first of them) have not paid
      // the latest boleto yet, so it stays open.
      if (previous !== null) {
        await tx.execute(sql`
          insert into statement_entries (cst_id, fec_id, ext_date, ext_descricao, resp_id, ext_responsavel, ext_valor, ext_tipo,
            ext_created_by_name, ext_created)
          select x.cst_id, ${fecId}, ${at(4, 9)},
            case coalesce(h.bnk_id, ${BOLETO}) when ${BOLETO} then 'Pagamento recebido — boleto'
                                               when ${NO_BILLING} then 'Pagamento em mãos — secretaria'
                                               else 'Pagamento recebido — débito em conta' end,
            x.cst_id, left(h.cust_name, 80), -x.total, 'pagamento',
            case when h.bnk_id = ${NO_BILLING} then 'Financeiro' else 'Retorno bancário' end, ${at(4, 9)}
          from (select cst_id, sum(ext_valor) as total from statement_entries where fec_id = ${previous} and ext_tipo = 'fechamento'
                group by cst_id) x
          join customers h on h.cst_id = x.cst_id
          where x.total > 0 and (x.cst_id * 13 + ${k} * 7) % 29 <> 0
            and not (${open} and coalesce(h.bnk_id, ${BOLETO}) = ${BOLETO}
                     and (x.cst_id % 3 = 0 or x.cst_id = (select min(b.cst_id) from customers b
                                                           join statement_entries f on f.cst_id = b.cst_id and f.fec_id = ${previous}
                                                                                    and f.ext_tipo = 'fechamento'
                                                          where b.parent_id is null and coalesce(b.bnk_id, ${BOLETO}) = ${BOLETO})))
          order by x.cst_id`);
      }
      // The features' entries of the month (seed.ts: the CCH's paid requests and cancels, the paid reimbursements, the refunds).
      for (const hook of opts.months ?? []) await hook(tx, fecId, month, open);
      if (open) {
        // This month so far: bar and snack consumption of about 1 holder in 9.
        await tx.execute(sql`
          insert into statement_entries (cst_id, fec_id, ext_date, ext_descricao, resp_id, ext_responsavel, ext_valor, ext_tipo,
            ext_created_by_name, ext_created)
          select h.cst_id, ${fecId}, least(${at(1, 12)}, now()), 'Consumo bar e lanchonete', h.cst_id, left(h.cust_name, 80),
            1500 + (h.cst_id * 37) % 4500, 'lancamento', 'Lançamentos', least(${at(1, 12)}, now())
          from customers h where h.parent_id is null and h.cst_id % 9 = 0
          order by h.cst_id`);
        // The reversals of the product's closing (written after it, so in the open period).
        await reverseOneCharge(tx, fecId, previous!, k - 1, sql`least(${at(2, 16)}, now())`);
        return fecId;
      }

      // Credits (about 1 holder in 97).
      await tx.execute(sql`
        insert into statement_entries (cst_id, fec_id, ext_date, ext_descricao, resp_id, ext_responsavel, ext_valor, ext_tipo,
          ext_created_by_name, ext_created)
        select h.cst_id, ${fecId}, ${at(15, 14)}, 'Crédito — ajuste de mensalidade', h.cst_id, left(h.cust_name, 80),
          -(1000 + (h.cst_id % 40) * 100), 'credito', 'Financeiro', ${at(15, 14)}
        from customers h where h.parent_id is null and (h.cst_id * 17 + ${k} * 11) % 97 = 0
        order by h.cst_id`);
      if (k === realClosing) return fecId;

      // The closing of the month, set-based but with the closing's own rules (domain closing.rules.ts `serviceRowLines`,
      // `inWritingOrder`, `closingLineKey`; ledger.seed.test checks every month against them): the monthly service
      // types (Fixo 0, Serviço 3) in force some day of the month, the row's value or the service's, pro rata by days
      // when the service says so (half up), the administrative rate of the holder (sócio or not) as a line of its own,
      // the keys of the closing, the services that post at the end last.
      await tx.execute(sql`
        with m as (select ${month}::date as first, (${month} + interval '1 month' - interval '1 day')::date as last),
        r as (
          select coalesce(p.parent_id, p.cst_id) as holder, p.cst_id as resp, left(p.cust_name, 80) as resp_name, cs.csl_id,
            s.svc_id, s.svc_name, s.svc_lanca_no_fim as at_end, s.svc_pro_rata as pro_rata, m.first,
            case when cs.valor > 0 then cs.valor else s.svc_valor end::bigint as full_value,
            least(coalesce(cs.csl_fim, m.last), m.last) - greatest(coalesce(cs.csl_inicio, m.first), m.first) + 1 as days,
            m.last - m.first + 1 as month_days,
            round(coalesce(case when h.cust_socio = 'S' then s.svc_taxa_adm else s.svc_taxa_adm_ns end, 0) * 100)::bigint as rate_bp
          from customer_services cs
          join customers p on p.cst_id = cs.cst_id
          join customers h on h.cst_id = coalesce(p.parent_id, p.cst_id)
          join services s on s.svc_id = cs.svc_id and s.deleted_at is null
          cross join m
          where s.svc_service_type in (${serviceType.fixo}, ${serviceType.servico})
            and (cs.csl_inicio is null or cs.csl_inicio <= m.last) and (cs.csl_fim is null or cs.csl_fim >= m.first)
        ), v as (
          select r.*, r.pro_rata and r.days < r.month_days as partial,
            case when r.pro_rata and r.days < r.month_days then (r.full_value * r.days * 2 + r.month_days) / (2 * r.month_days)
                 else r.full_value end as valor
          from r where r.days > 0
        ), lines as (
          select holder, resp, resp_name, csl_id, svc_id, at_end, 'servico' as kind, valor,
            svc_name || ' ' || to_char(first, 'MM/YYYY') || case when partial then ' (' || days || '/' || month_days || ' dias)' else '' end
              as descricao
          from v where valor > 0
          union all
          select holder, resp, resp_name, csl_id, svc_id, at_end, 'taxa', (valor * rate_bp * 2 + 10000) / 20000,
            'Taxa administrativa — ' || svc_name
          from v where valor > 0 and rate_bp > 0
        )
        insert into statement_entries (cst_id, fec_id, ext_date, ext_descricao, resp_id, ext_responsavel, svc_id, csl_id, ext_valor,
          ext_tipo, ext_key, ext_created_by_name, ext_created)
        select holder, ${fecId}, ${at(27, 10)}, left(descricao, 120), resp, resp_name, svc_id, csl_id, valor::int, 'fechamento',
          'fech:' || ${fecId} || ':' || kind || ':' || csl_id, 'Fechamento mensal', ${at(27, 10)}
        from lines where valor > 0
        order by holder, at_end, csl_id, kind`);
      // Reversals of one charge (about 1 holder in 61).
      await reverseOneCharge(tx, fecId, fecId, k, at(27, 16));
      await tx.execute(sql`
        update closing_periods set locked_at = ${at(28, 18)}, locked_by_name = 'Fechamento mensal' where fec_id = ${fecId}`);
      return fecId;
    });
    if (k === realClosing) {
      const closingStarted = Date.now();
      await closeByTheProduct(db, previous, at(27, 10));
      log(`Extratos: o último mês fechado pelo fechamento do produto em ${((Date.now() - closingStarted) / 1000).toFixed(1)} s`);
    }
  }
  await db.execute(sql`vacuum (analyze) statement_entries, closing_periods, charges`);
  const count = await db.execute<{ n: number }>(sql`select count(*)::int as n from statement_entries`);
  log(
    `Extratos: ${CLOSED_MONTHS} meses fechados e o mês em aberto, ${count.rows[0]!.n} lançamentos em ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** About 1 holder in 61 has one of the closing entries of period `closed` reversed, in period `fecId`. */
async function reverseOneCharge(tx: Executor, fecId: number, closed: number, k: number, at: SQL) {
  await tx.execute(sql`
    insert into statement_entries (cst_id, fec_id, ext_date, ext_descricao, resp_id, ext_responsavel, svc_id, csl_id, ext_valor,
      ext_tipo, ext_estorno_parent, ext_key, ext_created_by_name, ext_created)
    select e.cst_id, ${fecId}, ${at}, left('Estorno: ' || e.ext_descricao, 120), e.resp_id, e.ext_responsavel, e.svc_id,
      e.csl_id, -e.ext_valor, 'estorno', e.ext_id, 'estorno:' || e.ext_id, 'Financeiro', ${at}
    from (select distinct on (cst_id) * from statement_entries
          where fec_id = ${closed} and ext_tipo = 'fechamento' and (cst_id * 19 + ${k} * 5) % 61 = 0
          order by cst_id, ext_id) e`);
}

/**
 * The ledger's service for the demo generator's writers (the closing, the postings): without the documents service,
 * since neither renders a statement.
 */
export function seedLedgerService(db: Db): LedgerService {
  const documents = new Proxy({} as AppServices['documents'], {
    get: () => {
      throw new Error('seed: documents indisponível no gerador de demonstração');
    },
  });
  return createLedgerService({ db, repo: createLedgerRepository(), documents });
}

/** The demo's closing job id (closings.job_id): fixed, so a re-seed names the same run. */
const DEMO_CLOSING_JOB = '00000000-0000-4000-8000-000000000024';

/**
 * Closes the open period `fecId` with the product's closing (issue 24: the demo and the product never disagree):
 * `runClosing`, the job's own code, over the closing's repository and service and the ledger's service, as the
 * Financeiro demo user (else the first user). Only the entries' date is the seed's (`entryDate`, the month's 28th),
 * since the job writes "now" and the demo closes a past month; the charges, the check, the lock and the next period
 * are the job's. The job's checkpoints are dropped at the end, as the jobs engine does.
 */
async function closeByTheProduct(db: Db, fecId: number, entryDate: SQL) {
  const { rows } = await db.execute<{ userId: number | null; date: string }>(sql`
    select (select user_id from users order by (cpf = '33366699957') desc, user_id limit 1) as "userId", ${entryDate}::text as date`);
  const userId = rows[0]!.userId;
  if (userId === null) throw new Error('seedLedger: o fechamento da demonstração precisa de um usuário (seedAccess antes)');
  const date = new Date(rows[0]!.date);
  const ledger = seedLedgerService(db);
  const dated: LedgerService = {
    ...ledger,
    addEntries: (tx, entries, actor, options) =>
      ledger.addEntries(
        tx,
        entries.map((e) => ({ ...e, date })),
        actor,
        options,
      ),
  };
  const repo = createClosingRepository();
  const jobs = {} as AppServices['jobs'];
  const service = createClosingService({ db, repo, ledger: dated, jobs, boleto: DEMO_BOLETO });
  const open = await db.execute<{ fecId: number }>(sql`select fec_id as "fecId" from closing_periods where locked_at is null`);
  if (open.rows[0]?.fecId !== fecId) throw new Error('seedLedger: o período em aberto não é o esperado');
  await runClosing({ jobId: DEMO_CLOSING_JOB, userId, db, progress: async () => {} }, { service, repo, ledger: dated });
  await db.execute(sql`delete from job_chunks where job_id = ${DEMO_CLOSING_JOB}`);
}

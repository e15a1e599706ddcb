import { sql } from 'drizzle-orm';
import type { EfetuadoPeriod, EfetuadoService } from '@assoc/domain';
import type { Executor } from '../../db/client.js';
import { timestampOf } from '../../lib/sql.js';

/**
 * What the Efetuado reports read: the entries a closing wrote into its period (types `fechamento` and `lancamento`:
 * the month's fees, their administrative rates and the postings and instalments of the month; credits, payments and
 * reversals are not "made" charges) and the charges it created (`charges.fec_id`).
 */
const MADE = sql.raw(`e.ext_tipo in ('fechamento', 'lancamento')`);
/** The administrative rate lines of the closing (key `fech:<fecId>:taxa:<cslId>`, docs/CLOSING.md). */
const IS_RATE = sql.raw(`coalesce(e.ext_key like 'fech:%:taxa:%', false)`);
/** A health plan: a service of a product marked as health (`products.suc_health`, the Produtos registry's flag). */
const HEALTH = sql.raw(`p.suc_health`);

export interface PeriodRow {
  fecId: number;
  ano: number;
  mes: number;
  lockedAt: string | null;
}

export interface ServiceTotalRow {
  svcId: number | null;
  name: string | null;
  rate: number;
  rateNs: number;
  members: number;
  value: number;
  adminRate: number;
}

export interface PlaceTotalRow {
  bnkId: number;
  count: number;
  total: number;
}

export interface LineRow {
  fecAno: number;
  fecMes: number;
  cstId: number;
  holder: string;
  numero: string | null;
  who: string;
  service: string;
  description: string;
  value: number;
}

export interface PayrollRow {
  cstId: number;
  holder: string;
  numero: string | null;
  dueDate: string;
  value: number;
}

const asNumber = (v: unknown) => Number(v ?? 0);

export function createEfetuadoRepository() {
  /** Lines of entries in `where` (a condition over e, cp, s, p), holder by holder (the holder's own lines first). */
  async function lines(db: Executor, where: ReturnType<typeof sql>): Promise<LineRow[]> {
    const { rows } = await db.execute<Record<string, unknown>>(sql`
      select cp.fec_ano as "fecAno", cp.fec_mes as "fecMes", e.cst_id as "cstId", h.cust_name as holder,
             h.cust_numero_interno as numero, coalesce(r.cust_name, nullif(e.ext_responsavel, ''), h.cust_name) as who,
             coalesce(s.svc_name, '') as service, e.ext_descricao as description, e.ext_valor as value
        from statement_entries e
        join closing_periods cp on cp.fec_id = e.fec_id
        join customers h on h.cst_id = e.cst_id
        left join customers r on r.cst_id = e.resp_id
        left join services s on s.svc_id = e.svc_id
        left join products p on p.suc_id = s.suc_id
       where ${MADE} and ${where}
       order by cp.fec_ano, cp.fec_mes, h.cust_name collate "pt_br", e.cst_id,
                (coalesce(e.resp_id, e.cst_id) <> e.cst_id), coalesce(e.resp_id, e.cst_id), e.ext_id`);
    return rows.map((r) => ({ ...(r as unknown as LineRow), value: asNumber(r.value) }));
  }

  return {
    /** Closed periods, newest first. */
    async closedPeriods(db: Executor): Promise<EfetuadoPeriod[]> {
      const { rows } = await db.execute<{ fecId: number; ano: number; mes: number; lockedAt: unknown }>(sql`
        select fec_id as "fecId", fec_ano as ano, fec_mes as mes, locked_at as "lockedAt"
          from closing_periods where locked_at is not null order by fec_ano desc, fec_mes desc`);
      return rows.map((r) => ({
        fecId: r.fecId,
        periodo: `${String(r.mes).padStart(2, '0')}/${r.ano}`,
        fechadoEm: timestampOf(r.lockedAt as string).toISOString(),
      }));
    },

    /** The period, if it exists and is closed. */
    async closedPeriod(db: Executor, fecId: number): Promise<PeriodRow | null> {
      const { rows } = await db.execute<Record<string, unknown>>(sql`
        select fec_id as "fecId", fec_ano as ano, fec_mes as mes, locked_at as "lockedAt"
          from closing_periods where fec_id = ${fecId} and locked_at is not null`);
      return (rows[0] as unknown as PeriodRow | undefined) ?? null;
    },

    /** Services not deleted, for the picker (by name). */
    async services(db: Executor): Promise<EfetuadoService[]> {
      const { rows } = await db.execute<Record<string, unknown>>(sql`
        select s.svc_id as "svcId", s.svc_name as "svcName", p.suc_name as "sucName", f.sup_name as "supName",
               p.suc_health as saude, s.svc_service_type as "svcServiceType"
          from services s join products p on p.suc_id = s.suc_id join suppliers f on f.sup_id = p.sup_id
         where s.deleted_at is null order by s.svc_name collate "pt_br", s.svc_id`);
      return rows as unknown as EfetuadoService[];
    },

    async service(db: Executor, svcId: number): Promise<{ svcId: number; name: string } | null> {
      const { rows } = await db.execute<{ svcId: number; name: string }>(
        sql`select svc_id as "svcId", svc_name as name from services where svc_id = ${svcId}`,
      );
      return rows[0] ?? null;
    },

    /** Per service of the period: members charged (people, not holders), the fees and the rate lines apart. */
    async serviceTotals(db: Executor, fecId: number): Promise<ServiceTotalRow[]> {
      const { rows } = await db.execute<Record<string, unknown>>(sql`
        select e.svc_id as "svcId", s.svc_name as name, coalesce(s.svc_taxa_adm, 0) as rate, coalesce(s.svc_taxa_adm_ns, 0) as "rateNs",
               count(distinct coalesce(e.resp_id, e.cst_id)) filter (where not ${IS_RATE})::int as members,
               coalesce(sum(e.ext_valor) filter (where not ${IS_RATE}), 0)::bigint as value,
               coalesce(sum(e.ext_valor) filter (where ${IS_RATE}), 0)::bigint as "adminRate"
          from statement_entries e left join services s on s.svc_id = e.svc_id
         where e.fec_id = ${fecId} and ${MADE}
         group by e.svc_id, s.svc_name, s.svc_taxa_adm, s.svc_taxa_adm_ns
         order by s.svc_name collate "pt_br" nulls last, e.svc_id`);
      return rows.map((r) => ({
        svcId: r.svcId as number | null,
        name: r.name as string | null,
        rate: asNumber(r.rate),
        rateNs: asNumber(r.rateNs),
        members: asNumber(r.members),
        value: asNumber(r.value),
        adminRate: asNumber(r.adminRate),
      }));
    },

    /** The charges the closing of the period created, per debit place. */
    async placeTotals(db: Executor, fecId: number): Promise<PlaceTotalRow[]> {
      const { rows } = await db.execute<Record<string, unknown>>(sql`
        select bnk_id as "bnkId", count(*)::int as count, sum(cob_valor)::bigint as total
          from charges where fec_id = ${fecId} group by bnk_id order by bnk_id`);
      return rows.map((r) => ({ bnkId: asNumber(r.bnkId), count: asNumber(r.count), total: asNumber(r.total) }));
    },

    /** The health lines of one closed period. */
    healthLines: (db: Executor, fecId: number) => lines(db, sql`e.fec_id = ${fecId} and ${HEALTH}`),

    /** The health lines of the closed periods whose month meets [start, end]. */
    healthLinesBetween: (db: Executor, start: string, end: string) =>
      lines(
        db,
        sql`${HEALTH} and cp.locked_at is not null
            and make_date(cp.fec_ano, cp.fec_mes, 1) <= ${end}::date
            and (make_date(cp.fec_ano, cp.fec_mes, 1) + interval '1 month' - interval '1 day')::date >= ${start}::date`,
      ),

    /** Every line of one service in one closed period. */
    serviceLines: (db: Executor, svcId: number, fecId: number) => lines(db, sql`e.fec_id = ${fecId} and e.svc_id = ${svcId}`),

    /** The payroll charges (bank 10, the association's "folha do TJSP") falling due in [start, end]. */
    async payrollCharges(db: Executor, start: string, end: string): Promise<PayrollRow[]> {
      const { rows } = await db.execute<Record<string, unknown>>(sql`
        select c.cst_id as "cstId", h.cust_name as holder, h.cust_numero_interno as numero,
               to_char(c.cob_vencimento, 'YYYY-MM-DD') as "dueDate", c.cob_valor as value
          from charges c join customers h on h.cst_id = c.cst_id
         where c.bnk_id = 10 and c.cob_vencimento between ${start}::date and ${end}::date
         order by c.cob_vencimento, h.cust_name collate "pt_br", c.cob_id`);
      return rows.map((r) => ({ ...(r as unknown as PayrollRow), value: asNumber(r.value) }));
    },
  };
}
export type EfetuadoRepository = ReturnType<typeof createEfetuadoRepository>;

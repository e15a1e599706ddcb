import { sql, type SQL } from 'drizzle-orm';
import type { ClosingService, ClosingServiceRow } from '@assoc/domain';
import type { Executor } from '../../db/client.js';
import { holidaysBetween } from '../charges/charges.repository.js';
import { holderBalanceSql } from '../ledger/ledger.repository.js';

/** A holder as the closing reads it: the sócio flag (the rate), the debit place, billing day and account (the charge). */
export type ClosingHolder = {
  cstId: number;
  socio: boolean;
  bnkId: number | null;
  billingDay: number | null;
  branch: string | null;
  branchDigit: string | null;
  account: string | null;
  accountDigit: string | null;
};

/** A service row of a holder or dependent in force in the month, with its service. */
export interface ClosingInputRow {
  holderId: number;
  row: ClosingServiceRow;
  service: ClosingService;
}

/** An instalment of a posting due in the month. */
export type DueInstalment = {
  pinId: number;
  cstId: number;
  respId: number;
  svcId: number;
  descricao: string;
  parcela: number;
  parcelas: number;
  valor: number;
};

/** One charge the closing writes (or corrects, while its bank return has not come). */
export interface ClosingChargeRow {
  cstId: number;
  bnkId: number;
  valor: number;
  vencimento: string;
  agencia: string | null;
  agenciaDv: string | null;
  conta: string | null;
  contaDv: string | null;
  boleto: { bank: string; agreement: string; wallet: string } | null;
}

/** The closing run row (closings). */
export interface ClosingRunRow {
  cloId: number;
  fecId: number;
  fecAno: number;
  fecMes: number;
  jobId: string | null;
  status: 'running' | 'done' | 'failed';
  startedBy: number | null;
  startedByName: string;
  startedAt: Date;
  finishedAt: Date | null;
  holders: number | null;
  entries: number | null;
  total: number | null;
  charges: number | null;
  chargesTotal: number | null;
  difference: number | null;
  message: string | null;
}

const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;
/** Holders of a chunk, or every holder (the preview). */
type Holders = readonly number[] | 'all';
const holderFilter = (column: SQL, holders: Holders) => (holders === 'all' ? sql`true` : sql`${column} = any(${intArray(holders)})`);

const RUN_COLUMNS = sql`c.clo_id as "cloId", c.fec_id as "fecId", p.fec_ano as "fecAno", p.fec_mes as "fecMes", c.job_id as "jobId",
  c.status, c.started_by as "startedBy", c.started_by_name as "startedByName", c.started_at as "startedAt",
  c.finished_at as "finishedAt", c.holders, c.entries, c.total::float8 as total, c.charges, c.charges_total::float8 as "chargesTotal",
  c.difference::float8 as difference, c.message`;

const runOf = (row: Record<string, unknown>): ClosingRunRow => ({
  ...(row as unknown as ClosingRunRow),
  startedAt: new Date(row.startedAt as string),
  finishedAt: row.finishedAt ? new Date(row.finishedAt as string) : null,
});

/** The closing's SQL (issue 24); every function takes the caller's transaction or the pool. */
export function createClosingRepository() {
  return {
    /** Holders after `after` in id order, at most `limit` (the closing's keyset chunks), or every holder. */
    async holders(tx: Executor, range: { after: number; limit: number } | 'all'): Promise<ClosingHolder[]> {
      const page = range === 'all' ? sql`` : sql` and h.cst_id > ${range.after} order by h.cst_id limit ${range.limit}`;
      const result = await tx.execute<ClosingHolder>(sql`
        select h.cst_id as "cstId", h.cust_socio = 'S' as socio, h.bnk_id as "bnkId", h.cust_cobranca_dia as "billingDay",
          h.bnkacc_branch as branch, h.bnkacc_branch_digit as "branchDigit", h.bnkacc_account as account,
          h.bnkacc_account_digit as "accountDigit"
        from customers h where h.parent_id is null${page}`);
      return result.rows;
    },

    async holderCount(tx: Executor): Promise<number> {
      const result = await tx.execute<{ n: number }>(sql`select count(*)::int as n from customers where parent_id is null`);
      return result.rows[0]?.n ?? 0;
    },

    /**
     * The service rows of these holders and their dependents in force some day of [first, last], of living services.
     * The services come in a query of their own and are shared by their rows: at 30,000 holders the preview reads
     * ~54,000 rows, and parsing the service's columns on each was most of the query's cost (issue 24 "Speed").
     */
    async serviceRows(tx: Executor, holders: Holders, first: string, last: string): Promise<ClosingInputRow[]> {
      const living = await tx.execute<Record<string, unknown>>(sql`
        select s.svc_id as "svcId", s.svc_name as "svcName", s.svc_valor as "svcValor", s.svc_taxa_adm::float8 as "svcTaxaAdm",
          s.svc_taxa_adm_ns::float8 as "svcTaxaAdmNs", s.svc_pro_rata as "svcProRata", s.svc_lanca_no_fim as "svcLancaNoFim",
          s.svc_service_type as "svcServiceType"
        from services s where s.deleted_at is null`);
      const services = new Map<number, ClosingService>(
        living.rows.map((r) => [
          r.svcId as number,
          {
            svcId: r.svcId as number,
            svcName: r.svcName as string,
            svcValor: r.svcValor as number,
            svcTaxaAdm: r.svcTaxaAdm as number,
            svcTaxaAdmNs: r.svcTaxaAdmNs as number,
            svcProRata: r.svcProRata as boolean,
            svcLancaNoFim: r.svcLancaNoFim as boolean,
            svcServiceType: r.svcServiceType as number,
          },
        ]),
      );
      const result = await tx.execute<Record<string, unknown>>(sql`
        select coalesce(p.parent_id, p.cst_id) as "holderId", cs.csl_id as "cslId", cs.cst_id as "cstId", cs.valor,
          to_char(cs.csl_inicio, 'YYYY-MM-DD') as "cslInicio", to_char(cs.csl_fim, 'YYYY-MM-DD') as "cslFim", cs.svc_id as "svcId"
        from customer_services cs
        join customers p on p.cst_id = cs.cst_id
        where (${holderFilter(sql`p.cst_id`, holders)} or ${holderFilter(sql`p.parent_id`, holders)})
          and (cs.csl_inicio is null or cs.csl_inicio <= ${last}::date) and (cs.csl_fim is null or cs.csl_fim >= ${first}::date)
        order by 1, cs.csl_id`);
      const rows: ClosingInputRow[] = [];
      for (const r of result.rows) {
        // A row of a deleted service is not charged (the services read above are the living ones).
        const service = services.get(r.svcId as number);
        if (!service) continue;
        rows.push({
          holderId: r.holderId as number,
          row: {
            cslId: r.cslId as number,
            cstId: r.cstId as number,
            valor: r.valor as number,
            cslInicio: r.cslInicio as string | null,
            cslFim: r.cslFim as string | null,
          },
          service,
        });
      }
      return rows;
    },

    /** The postings' instalments that fall in month (ano, mes), of these holders. */
    async dueInstalments(tx: Executor, holders: Holders, ano: number, mes: number): Promise<DueInstalment[]> {
      const result = await tx.execute<DueInstalment>(sql`
        select pin_id as "pinId", cst_id as "cstId", resp_id as "respId", svc_id as "svcId", descricao, parcela, parcelas, valor
        from posting_instalments where ano = ${ano} and mes = ${mes} and ${holderFilter(sql`cst_id`, holders)}
        order by cst_id, pin_id`);
      return result.rows;
    },

    /** The keys already written in period `fecId` for these holders (a resumed or repeated closing skips them). */
    async writtenKeys(tx: Executor, fecId: number, holders: Holders): Promise<Set<string>> {
      const result = await tx.execute<{ key: string }>(sql`
        select ext_key as key from statement_entries
        where fec_id = ${fecId} and ext_key is not null and ${holderFilter(sql`cst_id`, holders)}`);
      return new Set(result.rows.map((r) => r.key));
    },

    /** Each holder's balance (`holderBalanceSql`, the one definition of what a holder owes). */
    async balances(tx: Executor, holders: Holders): Promise<Map<number, number>> {
      const result = await tx.execute<{ cstId: number; balance: string }>(sql`
        select h.cst_id as "cstId", ${holderBalanceSql(sql`h.cst_id`)} as balance
        from customers h where h.parent_id is null and ${holderFilter(sql`h.cst_id`, holders)}`);
      return new Map(result.rows.map((r) => [r.cstId, Number(r.balance)]));
    },

    /** The Feriados registry's holidays between two ISO dates (the charges' own query). */
    holidays: holidaysBetween,

    /**
     * Writes the closing's charges of a chunk of holders: one per holder and period (a repeated run corrects the value
     * and due date of a charge whose bank return has not come, and removes one whose holder owes nothing any more).
     * A boleto takes the next nosso número when it is created.
     */
    async writeCharges(tx: Executor, fecId: number, holders: readonly number[], rows: readonly ClosingChargeRow[], createdBy: number | null) {
      await tx.execute(sql`
        delete from charges where fec_id = ${fecId} and cst_id = any(${intArray(holders)}) and cob_retorno is null
          and cst_id <> all(${intArray(rows.map((r) => r.cstId))})`);
      if (rows.length === 0) return;
      const input = JSON.stringify(
        rows.map((r) => ({
          cst_id: r.cstId,
          bnk_id: r.bnkId,
          valor: r.valor,
          venc: r.vencimento,
          ag: r.agencia,
          agdv: r.agenciaDv,
          conta: r.conta,
          contadv: r.contaDv,
          banco: r.boleto?.bank ?? null,
          convenio: r.boleto?.agreement ?? null,
          carteira: r.boleto?.wallet ?? null,
        })),
      );
      await tx.execute(sql`
        insert into charges (cst_id, bnk_id, cob_agencia, cob_agencia_dv, cob_conta, cob_conta_dv, cob_banco, cob_convenio,
          cob_carteira, cob_nosso_numero, cob_vencimento, cob_valor, fec_id, created_by)
        select r.cst_id, r.bnk_id, r.ag, r.agdv, r.conta, r.contadv, r.banco, r.convenio, r.carteira,
          case when r.banco is not null then nextval('charges_nosso_numero_seq') end, r.venc::date, r.valor, ${fecId}, ${createdBy}
        from jsonb_to_recordset(${input}::jsonb) as r(cst_id int, bnk_id int, valor int, venc text, ag text, agdv text, conta text,
          contadv text, banco text, convenio text, carteira text)
        order by r.cst_id
        on conflict (fec_id, cst_id) where fec_id is not null do update
          set cob_valor = excluded.cob_valor, cob_vencimento = excluded.cob_vencimento, version = charges.version + 1
          where charges.cob_retorno is null and (charges.cob_valor, charges.cob_vencimento) <> (excluded.cob_valor, excluded.cob_vencimento)`);
    },

    /**
     * The closing's check: the sum of the period's charges against the sum of what the billed holders owe (their
     * positive balances; holders of place 20 are not billed). Both in cents.
     */
    async totals(tx: Executor, fecId: number): Promise<{ charges: number; chargesTotal: number; owed: number }> {
      const result = await tx.execute<{ charges: number; chargesTotal: string; owed: string }>(sql`
        select (select count(*)::int from charges where fec_id = ${fecId}) as charges,
          (select coalesce(sum(cob_valor), 0) from charges where fec_id = ${fecId}) as "chargesTotal",
          (select coalesce(sum(greatest(0, ${holderBalanceSql(sql`h.cst_id`)})), 0)
             from customers h where h.parent_id is null and h.bnk_id is distinct from 20) as owed`);
      const row = result.rows[0]!;
      return { charges: row.charges, chargesTotal: Number(row.chargesTotal), owed: Number(row.owed) };
    },

    /** The closing run of a job, or a new one for the open period. */
    async runOfJob(tx: Executor, jobId: string): Promise<ClosingRunRow | null> {
      const result = await tx.execute<Record<string, unknown>>(sql`
        select ${RUN_COLUMNS} from closings c join closing_periods p on p.fec_id = c.fec_id where c.job_id = ${jobId}`);
      return result.rows[0] ? runOf(result.rows[0]) : null;
    },

    /** Marks failed the runs left 'running' by jobs that are no longer open (a crashed worker whose job was given up). */
    async failAbandoned(tx: Executor, message: string) {
      await tx.execute(sql`
        update closings c set status = 'failed', finished_at = now(), message = ${message}
        where c.status = 'running' and not exists (select 1 from jobs j where j.job_id = c.job_id and j.job_status <= 10)`);
    },

    async insertRun(tx: Executor, run: { fecId: number; jobId: string; userId: number | null; userName: string }): Promise<void> {
      await tx.execute(sql`
        insert into closings (fec_id, job_id, started_by, started_by_name)
        values (${run.fecId}, ${run.jobId}, ${run.userId}, ${run.userName.slice(0, 64)})`);
    },

    async finishRun(
      tx: Executor,
      cloId: number,
      outcome: {
        status: 'done' | 'failed';
        holders?: number;
        entries?: number;
        total?: number;
        charges?: number;
        chargesTotal?: number;
        difference?: number;
        message: string;
      },
    ) {
      await tx.execute(sql`
        update closings set status = ${outcome.status}, finished_at = now(), holders = ${outcome.holders ?? null},
          entries = ${outcome.entries ?? null}, total = ${outcome.total ?? null}, charges = ${outcome.charges ?? null},
          charges_total = ${outcome.chargesTotal ?? null}, difference = ${outcome.difference ?? null}, message = ${outcome.message.slice(0, 200)}
        where clo_id = ${cloId}`);
    },

    async runs(tx: Executor): Promise<ClosingRunRow[]> {
      const result = await tx.execute<Record<string, unknown>>(sql`
        select ${RUN_COLUMNS} from closings c join closing_periods p on p.fec_id = c.fec_id order by c.clo_id desc limit 120`);
      return result.rows.map(runOf);
    },

    async serviceNames(tx: Executor, ids: readonly number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const result = await tx.execute<{ id: number; name: string }>(
        sql`select svc_id as id, svc_name as name from services where svc_id = any(${intArray(ids)})`,
      );
      return new Map(result.rows.map((r) => [r.id, r.name]));
    },
  };
}

export type ClosingRepository = ReturnType<typeof createClosingRepository>;

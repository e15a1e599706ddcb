import { sql } from 'drizzle-orm';
import type { CchEnrolment, CchSpendingRow, CchValues, CchValueSet } from '@assoc/domain';
import type { Executor } from '../../db/client.js';

/** The columns of a stored request as the record schema names them (dates as ISO text, money in cents). */
const RECORD = sql`
  r.cch_id as "cchId", r.cst_id as "cstId", r.cch_beneficio as "cchBeneficio", r.cch_recurso as "cchRecurso", r.cch_status as "cchStatus",
  r.cch_plano_saude as "cchPlanoSaude", r.cch_data_procedimento::text as "cchDataProcedimento",
  to_json(r.cch_data_solicitacao) #>> '{}' as "cchDataSolicitacao", to_json(r.cch_data_credito) #>> '{}' as "cchDataCredito",
  r.cch_scan_key::text as "cchScanKey", r.cch_scan_key_original::text as "cchScanKeyOriginal",
  r.cch_valor_total as "cchValorTotal", r.cch_valor_convenio as "cchValorConvenio", r.cch_valor_solicitado as "cchValorSolicitado",
  r.cch_tuss as "cchTUSS", r.cch_quantidade as "cchQuantidade", r.cch_procedimento as "cchProcedimento", r.cch_obs as "cchObs",
  r.cch_deliberacao as "cchDeliberacao", r.cch_importado as "cchImportado", r.cch_banco_cliente as "cchBancoCliente",
  r.cch_banco_cpf as "cchBancoCPF", r.cch_banco_numero as "cchBancoNumero", r.cch_banco_agencia as "cchBancoAgencia",
  r.cch_banco_conta as "cchBancoConta", r.cch_banco_conta_digito as "cchBancoContaDigito",
  r.cch_data_pagamento::text as "cchDataPagamento", r.cch_valor_pago as "cchValorPago", r.ext_id as "extId", r.ext_estorno_id as "extEstornoId",
  r.version, h.cust_name as titular, p.cust_name as usuario, h.cst_id as "holderId"`;

const FROM = sql`
  from cch_requests r
  join customers p on p.cst_id = r.cst_id
  join customers h on h.cst_id = coalesce(p.parent_id, p.cst_id)`;

/** A request as stored, with its holder and person (what the service turns into the record schema). */
export type StoredCchRequest = {
  cchId: number;
  cstId: number;
  cchBeneficio: number;
  cchRecurso: boolean;
  cchStatus: number;
  cchPlanoSaude: number | null;
  cchDataProcedimento: string;
  cchDataSolicitacao: string;
  cchDataCredito: string | null;
  cchScanKey: string | null;
  cchScanKeyOriginal: string | null;
  cchValorTotal: number;
  cchValorConvenio: number | null;
  cchValorSolicitado: number;
  cchTUSS: string;
  cchQuantidade: number;
  cchProcedimento: string | null;
  cchObs: string | null;
  cchDeliberacao: string | null;
  cchImportado: boolean;
  cchBancoCliente: string | null;
  cchBancoCPF: string | null;
  cchBancoNumero: string | null;
  cchBancoAgencia: string | null;
  cchBancoConta: string | null;
  cchBancoContaDigito: string | null;
  cchDataPagamento: string | null;
  cchValorPago: number | null;
  extId: number | null;
  extEstornoId: number | null;
  version: number;
  titular: string;
  usuario: string;
  holderId: number;
};

/** The request's own columns a save writes (the rest is the server's). */
export type CchRequestRow = Pick<
  StoredCchRequest,
  | 'cchBeneficio'
  | 'cchRecurso'
  | 'cchStatus'
  | 'cchPlanoSaude'
  | 'cchDataProcedimento'
  | 'cchValorTotal'
  | 'cchValorConvenio'
  | 'cchValorSolicitado'
  | 'cchTUSS'
  | 'cchQuantidade'
  | 'cchProcedimento'
  | 'cchObs'
  | 'cchDeliberacao'
  | 'cchBancoCliente'
  | 'cchBancoCPF'
  | 'cchBancoNumero'
  | 'cchBancoAgencia'
  | 'cchBancoConta'
  | 'cchBancoContaDigito'
  | 'cchDataPagamento'
  | 'cchValorPago'
>;

/** A domain interface as a query's row type (the driver's rows are records). */
type Row<T> = { [K in keyof T]: T[K] };

const VALUE_COLUMNS = sql`
  data_base::text as "dataBase", beneficio1, beneficio2, beneficio3, beneficio4, beneficio5, fisioterapia,
  fisioterapia_sessoes as "fisioterapiaSessoes", acupuntura, acupuntura_sessoes as "acupunturaSessoes"`;

/** cch_requests, cch_value_sets and the CCH enrolment rows (migration 0041). */
export function createCchRepository() {
  return {
    async list(db: Executor, f: { status: number; q: string | null; page: number; pageSize: number }) {
      const digits = f.q ? f.q.replace(/\D/g, '') : '';
      const pattern = `%${(f.q ?? '').replace(/[\\%_]/g, '\\$&')}%`;
      const search = f.q
        ? digits.length === 11
          ? sql`and (p.cust_cpf = ${digits} or h.cust_cpf = ${digits})`
          : sql`and (p.search_name like f_unaccent(lower(${pattern})) or h.search_name like f_unaccent(lower(${pattern})))`
        : sql``;
      const where = sql`where r.cch_status = ${f.status} ${search}`;
      // The page by the status index, then the count apart: a window count over the page query read every row of the status.
      const page = await db.execute<StoredCchRequest & { hasDoc: boolean }>(sql`
        select ${RECORD}, r.cch_scan_key is not null as "hasDoc"
        ${FROM}
        ${where}
         order by r.cch_data_solicitacao desc, r.cch_id desc
         limit ${f.pageSize} offset ${(f.page - 1) * f.pageSize}`);
      const total = f.q
        ? await db.execute<{ n: number }>(sql`select count(*)::int as n ${FROM} ${where}`)
        : await db.execute<{ n: number }>(sql`select count(*)::int as n from cch_requests r where r.cch_status = ${f.status}`);
      return { rows: page.rows, total: total.rows[0]!.n };
    },

    async get(db: Executor, cchId: number, lock = false): Promise<StoredCchRequest | null> {
      const result = await db.execute<StoredCchRequest>(
        sql`select ${RECORD} ${FROM} where r.cch_id = ${cchId} ${lock ? sql`for update of r` : sql``}`,
      );
      return result.rows[0] ?? null;
    },

    /** The person a request is for, with the holder whose ledger pays it. */
    async person(db: Executor, cstId: number) {
      const result = await db.execute<{
        cstId: number;
        holderId: number;
        name: string;
        holderName: string;
        holderCpf: string | null;
        numero: string | null;
      }>(sql`
        select p.cst_id as "cstId", h.cst_id as "holderId", p.cust_name as name, h.cust_name as "holderName", h.cust_cpf as "holderCpf",
               h.cust_numero_interno::text as numero
          from customers p join customers h on h.cst_id = coalesce(p.parent_id, p.cst_id)
         where p.cst_id = ${cstId}`);
      return result.rows[0] ?? null;
    },

    /**
     * What the balances of a person in a year are computed from, in one statement: the person's CCH enrolment (the
     * newest plgCCH / plgCCHAdd row in force; null when none), every value set, and the person's requests of that year.
     * With `lock` the person's enrolment rows are locked first: the save of a request locks them, so two requests of one
     * person are checked against the balances one after the other.
     */
    async balanceInputs(db: Executor, cstId: number, year: number, lock = false) {
      // The lock is a statement of its own: the read below then takes its snapshot after the lock is granted, so it
      // sees what the transaction that held the lock committed (one statement would read its snapshot from before the wait).
      if (lock)
        await db.execute(sql`
          select 1 from customer_services cs join service_plugins sp on sp.svc_id = cs.svc_id
           where cs.cst_id = ${cstId} and sp.plugin in ('plgCCH', 'plgCCHAdd') and cs.csl_date1 is not null
           for update of cs`);
      const result = await db.execute<{
        cslId: number | null;
        svcId: number | null;
        cslDate1: string | null;
        plan: number | null;
        int4: number | null;
        int5: number | null;
        sets: (CchValues & { dataBase: string | null })[];
        requests: CchSpendingRow[];
      }>(sql`
        with enrolment as (
          select cs.csl_id, cs.svc_id, cs.csl_date1, cs.csl_int1, cs.csl_int4, cs.csl_int5
            from customer_services cs join service_plugins sp on sp.svc_id = cs.svc_id
           where cs.cst_id = ${cstId} and sp.plugin in ('plgCCH', 'plgCCHAdd') and cs.csl_date1 is not null
             and (cs.csl_fim is null or cs.csl_fim >= current_date)
           order by cs.csl_date1 desc, cs.csl_id desc limit 1
        )
        select e.csl_id as "cslId", e.svc_id as "svcId", e.csl_date1::text as "cslDate1", e.csl_int1 as plan, e.csl_int4 as int4, e.csl_int5 as int5,
          (select coalesce(json_agg(json_build_object('dataBase', v.data_base::text, 'beneficio1', v.beneficio1, 'beneficio2', v.beneficio2,
                    'beneficio3', v.beneficio3, 'beneficio4', v.beneficio4, 'beneficio5', v.beneficio5, 'fisioterapia', v.fisioterapia,
                    'fisioterapiaSessoes', v.fisioterapia_sessoes, 'acupuntura', v.acupuntura, 'acupunturaSessoes', v.acupuntura_sessoes)
                    order by v.data_base nulls first), '[]'::json) from cch_value_sets v) as sets,
          (select coalesce(json_agg(json_build_object('cchId', r.cch_id, 'cchBeneficio', r.cch_beneficio, 'cchStatus', r.cch_status,
                    'cchTUSS', r.cch_tuss, 'cchDataProcedimento', r.cch_data_procedimento::text, 'cchValorSolicitado', r.cch_valor_solicitado,
                    'cchValorPago', r.cch_valor_pago, 'cchQuantidade', r.cch_quantidade)), '[]'::json)
             from cch_requests r
            where r.cst_id = ${cstId} and r.cch_data_procedimento >= make_date(${year}, 1, 1)
              and r.cch_data_procedimento < make_date(${year + 1}, 1, 1)) as requests
        from (select 1) one left join enrolment e on true`);
      const row = result.rows[0]!;
      const enrolment: (CchEnrolment & { cslId: number; svcId: number; plan: number | null }) | null =
        row.cslId !== null && row.svcId !== null && row.cslDate1 !== null
          ? {
              cslId: row.cslId,
              svcId: row.svcId,
              cslDate1: row.cslDate1,
              plan: row.plan,
              ignoreEnrolmentDate: row.int4 === 1,
              ignoreHistory: row.int5 === 1,
            }
          : null;
      const valueSets: CchValueSet[] = row.sets.map(({ dataBase, ...values }) => ({ dataBase, values }));
      return { enrolment, valueSets, requests: row.requests };
    },

    async valueSets(db: Executor): Promise<CchValueSet[]> {
      const result = await db.execute<Row<CchValues & { dataBase: string | null }>>(
        sql`select ${VALUE_COLUMNS} from cch_value_sets order by data_base nulls first`,
      );
      return result.rows.map(({ dataBase, ...values }) => ({ dataBase, values }));
    },

    async insert(tx: Executor, row: CchRequestRow & { cstId: number; scanKey: string | null; userId: number; userName: string }): Promise<number> {
      const result = await tx.execute<{ cchId: number }>(sql`
        insert into cch_requests (cst_id, cch_beneficio, cch_recurso, cch_status, cch_plano_saude, cch_data_procedimento, cch_valor_total,
          cch_valor_convenio, cch_valor_solicitado, cch_tuss, cch_quantidade, cch_procedimento, cch_obs, cch_deliberacao, cch_banco_cliente,
          cch_banco_cpf, cch_banco_numero, cch_banco_agencia, cch_banco_conta, cch_banco_conta_digito, cch_data_pagamento, cch_valor_pago,
          cch_scan_key, cch_scan_key_original, created_by, created_by_name)
        values (${row.cstId}, ${row.cchBeneficio}, ${row.cchRecurso}, ${row.cchStatus}, ${row.cchPlanoSaude}, ${row.cchDataProcedimento}::date,
          ${row.cchValorTotal}, ${row.cchValorConvenio}, ${row.cchValorSolicitado}, ${row.cchTUSS}, ${row.cchQuantidade}, ${row.cchProcedimento},
          ${row.cchObs}, ${row.cchDeliberacao}, ${row.cchBancoCliente}, ${row.cchBancoCPF}, ${row.cchBancoNumero}, ${row.cchBancoAgencia},
          ${row.cchBancoConta}, ${row.cchBancoContaDigito}, ${row.cchDataPagamento}::date, ${row.cchValorPago}, ${row.scanKey}::uuid,
          ${row.scanKey}::uuid, ${row.userId}, ${row.userName.slice(0, 64)})
        returning cch_id as "cchId"`);
      return result.rows[0]!.cchId;
    },

    /** Writes a save over the version it read; answers false when the row moved on (the caller answers 409). */
    async update(tx: Executor, cchId: number, version: number, row: CchRequestRow & { scanKey: string | null }): Promise<boolean> {
      const result = await tx.execute(sql`
        update cch_requests set cch_beneficio = ${row.cchBeneficio}, cch_recurso = ${row.cchRecurso}, cch_status = ${row.cchStatus},
          cch_plano_saude = ${row.cchPlanoSaude}, cch_data_procedimento = ${row.cchDataProcedimento}::date, cch_valor_total = ${row.cchValorTotal},
          cch_valor_convenio = ${row.cchValorConvenio}, cch_valor_solicitado = ${row.cchValorSolicitado}, cch_tuss = ${row.cchTUSS},
          cch_quantidade = ${row.cchQuantidade}, cch_procedimento = ${row.cchProcedimento}, cch_obs = ${row.cchObs},
          cch_deliberacao = ${row.cchDeliberacao}, cch_banco_cliente = ${row.cchBancoCliente}, cch_banco_cpf = ${row.cchBancoCPF},
          cch_banco_numero = ${row.cchBancoNumero}, cch_banco_agencia = ${row.cchBancoAgencia}, cch_banco_conta = ${row.cchBancoConta},
          cch_banco_conta_digito = ${row.cchBancoContaDigito}, cch_data_pagamento = ${row.cchDataPagamento}::date,
          cch_valor_pago = ${row.cchValorPago}, cch_scan_key = ${row.scanKey}::uuid, version = version + 1, updated_at = now()
         where cch_id = ${cchId} and version = ${version}`);
      return (result.rowCount ?? 0) > 0;
    },

    async scanInUse(db: Executor, fileId: string) {
      const result = await db.execute(sql`
        select 1 from cch_requests where cch_scan_key = ${fileId}::uuid or cch_scan_key_original = ${fileId}::uuid limit 1`);
      return result.rows.length > 0;
    },

    async setCredit(tx: Executor, cchId: number, extId: number) {
      await tx.execute(sql`update cch_requests set ext_id = ${extId}, cch_data_credito = now() where cch_id = ${cchId}`);
    },

    async setCancelled(tx: Executor, cchId: number, reversalId: number | null) {
      await tx.execute(sql`
        update cch_requests set cch_status = 6, ext_estorno_id = ${reversalId}, version = version + 1, updated_at = now() where cch_id = ${cchId}`);
    },

    async remove(tx: Executor, cchId: number, version: number): Promise<boolean> {
      const result = await tx.execute(sql`delete from cch_requests where cch_id = ${cchId} and version = ${version}`);
      return (result.rowCount ?? 0) > 0;
    },

    async plans(db: Executor) {
      const result = await db.execute<{ label: string; value: number }>(sql`
        select suc_name as label, suc_id as value from products where suc_id in (21, 22) order by suc_id`);
      return result.rows;
    },

    /** The holder's bank account (the payment panel's defaults). */
    async bankOf(db: Executor, cstId: number) {
      const result = await db.execute<{
        name: string;
        cpf: string | null;
        bnkId: number | null;
        branch: string | null;
        account: string | null;
        digit: string | null;
      }>(sql`
        select h.cust_name as name, h.cust_cpf as cpf, h.bnk_id as "bnkId", h.bnkacc_branch as branch, h.bnkacc_account as account,
               h.bnkacc_account_digit as digit
          from customers p join customers h on h.cst_id = coalesce(p.parent_id, p.cst_id) where p.cst_id = ${cstId}`);
      return result.rows[0] ?? null;
    },

    /** The terms of registry codes (those the shipped subset lacks). */
    async registryTerms(db: Executor, codes: readonly string[]): Promise<Map<string, string>> {
      if (codes.length === 0) return new Map();
      const result = await db.execute<{ code: string; term: string }>(sql`
        select tuss_codigo as code, tuss_terminologia as term from tuss_codes
         where deleted_at is null and tuss_codigo = any(${sql.param([...codes])}::text[])`);
      return new Map(result.rows.map((r) => [r.code, r.term]));
    },

    async insertValueSet(tx: Executor, set: CchValues & { dataBase: string; userId: number; userName: string }) {
      await tx.execute(sql`
        insert into cch_value_sets (data_base, beneficio1, beneficio2, beneficio3, beneficio4, beneficio5, fisioterapia, fisioterapia_sessoes,
          acupuntura, acupuntura_sessoes, created_by, created_by_name)
        values (${set.dataBase}::date, ${set.beneficio1}, ${set.beneficio2}, ${set.beneficio3}, ${set.beneficio4}, ${set.beneficio5},
          ${set.fisioterapia}, ${set.fisioterapiaSessoes}, ${set.acupuntura}, ${set.acupunturaSessoes}, ${set.userId}, ${set.userName.slice(0, 64)})`);
    },

    /** Serialises the increases (one at a time: each is checked against the values it read). */
    async lockValueSets(tx: Executor) {
      await tx.execute(sql`lock table cch_value_sets in share row exclusive mode`);
    },
  };
}
export type CchRepository = ReturnType<typeof createCchRepository>;

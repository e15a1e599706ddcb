import { sql } from 'drizzle-orm';
import type { ReimbursementPatient, RessarcimentoItem } from '@assoc/domain';
import type { Executor } from '../../db/client.js';

/** The file store's owner kind of a procedure's document (owner id: the procId). */
export const REIMBURSEMENT_DOC_OWNER = 'ressarcimento';

/** A procedure as the member's list gives it (marker none). */
const PROCEDURE_OBJECT = `json_build_object(
    'procId', p.proc_id, 'procProcedimentoId', p.proc_procedimento_id, 'procProcedimentoData', p.proc_procedimento_data::text,
    'procProcedimentoValor', p.proc_procedimento_valor, 'procProtocolo', p.proc_protocolo, 'procCCH', p.proc_cch,
    'procObservacao', p.proc_observacao, 'procKey', p.proc_key::text, 'keyLength', p.key_length,
    'procRetornoStatus', p.proc_retorno_status, 'procRetornoData', p.proc_retorno_data::text, 'procRetornoValor', p.proc_retorno_valor,
    'procRetornoMotivo', p.proc_retorno_motivo, 'extId', p.ext_id, 'operation', 'none')`;

/** A claim with its procedures (in the order they were added), over the claim's row `r`. */
const CLAIM_OBJECT = `json_build_object(
    'resId', r.res_id, 'cstId', r.cst_id, 'resTitularNome', r.res_titular_nome, 'resPacienteCstId', r.res_paciente_cst_id,
    'resPacienteNome', r.res_paciente_nome, 'resMarcaOtica', r.res_marca_otica, 'resProtocoloAssoc', r.res_protocolo_assoc,
    'resRecebidoData', to_char(r.res_recebido_data at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'resRecebidoPor', r.res_recebido_por,
    'procedimentos', coalesce((select json_agg(${PROCEDURE_OBJECT} order by p.proc_id) from reimbursement_procedures p where p.res_id = r.res_id), '[]'::json),
    'operation', 'none')`;

/** The member's claims as one JSON array over the member's row `c` (read in the member's own statement), newest first. */
const CLAIMS_JSON = `coalesce((select json_agg(${CLAIM_OBJECT} order by r.res_recebido_data desc, r.res_id desc)
  from reimbursements r where r.cst_id = c.cst_id), '[]'::json)`;

const fromJson = (value: unknown) => (value ?? []) as RessarcimentoItem[];

export type StoredClaim = {
  resId: number;
  cstId: number;
  resPacienteCstId: number;
};
export type StoredProcedure = {
  procId: number;
  resId: number;
  procProcedimentoId: number;
  procRetornoStatus: number | null;
  procRetornoData: string | null;
  procRetornoValor: number | null;
  procKey: string | null;
  extId: number | null;
};
export interface ProcedureValues {
  procProcedimentoId: number;
  procProcedimentoData: string;
  procProcedimentoValor: number;
  procProtocolo: string | null;
  procCCH: boolean;
  procObservacao: string | null;
  procKey: string | null;
  keyLength: number | null;
}
export interface ReturnValues {
  procRetornoStatus: number | null;
  procRetornoData: string | null;
  procRetornoValor: number | null;
  procRetornoMotivo: string | null;
}

const PROCEDURE_COLUMNS = sql`p.proc_id as "procId", p.res_id as "resId", p.proc_procedimento_id as "procProcedimentoId",
  p.proc_retorno_status as "procRetornoStatus", p.proc_retorno_data::text as "procRetornoData", p.proc_retorno_valor as "procRetornoValor",
  p.proc_key::text as "procKey", p.ext_id as "extId"`;

/** reimbursements and reimbursement_procedures (migration 0044). */
export function createReimbursementsRepository() {
  return {
    json: { expression: CLAIMS_JSON, fromJson },

    async load(tx: Executor, cstId: number): Promise<RessarcimentoItem[]> {
      const result = await tx.execute<{ rows: unknown }>(sql`select ${sql.raw(CLAIMS_JSON)} as rows from (select ${cstId}::int as cst_id) c`);
      return fromJson(result.rows[0]?.rows);
    },

    /**
     * A new claim of the holder for `patientId` (the holder or one of its dependents), with both names read from the
     * people in the same statement; null (nothing written) when the patient is not of this family.
     */
    async insertClaim(
      tx: Executor,
      row: { cstId: number; patientId: number; marcaOtica: string; protocolo: string | null; by: string; userId: number },
    ): Promise<number | null> {
      const result = await tx.execute<{ resId: number }>(sql`
        insert into reimbursements (cst_id, res_titular_nome, res_paciente_cst_id, res_paciente_nome, res_marca_otica, res_protocolo_assoc,
          res_recebido_por, created_by)
        select h.cst_id, left(h.cust_name, 64), p.cst_id, left(p.cust_name, 64), ${row.marcaOtica}, ${row.protocolo}, ${row.by.slice(0, 64)}, ${row.userId}
          from customers h join customers p on p.cst_id = ${row.patientId} and (p.cst_id = h.cst_id or p.parent_id = h.cst_id)
         where h.cst_id = ${row.cstId}
        returning res_id as "resId"`);
      return result.rows[0]?.resId ?? null;
    },

    /** A claim of the holder, locked for the save; null when it is no claim of this holder. */
    async lockClaim(tx: Executor, cstId: number, resId: number): Promise<StoredClaim | null> {
      const result = await tx.execute<StoredClaim>(sql`
        select res_id as "resId", cst_id as "cstId", res_paciente_cst_id as "resPacienteCstId"
          from reimbursements where res_id = ${resId} and cst_id = ${cstId} for update`);
      return result.rows[0] ?? null;
    },

    async updateClaim(tx: Executor, resId: number, values: { marcaOtica: string; protocolo: string | null }) {
      await tx.execute(sql`
        update reimbursements set res_marca_otica = ${values.marcaOtica}, res_protocolo_assoc = ${values.protocolo} where res_id = ${resId}`);
    },

    async procedures(tx: Executor, resId: number): Promise<StoredProcedure[]> {
      const result = await tx.execute<StoredProcedure>(
        sql`select ${PROCEDURE_COLUMNS} from reimbursement_procedures p where p.res_id = ${resId} order by p.proc_id for update`,
      );
      return result.rows;
    },

    /** A new claim's procedures in one statement, each document linked to its procedure in the file store (same transaction). */
    async insertProcedures(tx: Executor, resId: number, rows: readonly (ProcedureValues & ReturnValues)[]) {
      if (rows.length === 0) return;
      await tx.execute(sql`
        with input as (
          select * from json_to_recordset(${JSON.stringify(rows)}::json) as x(
            "procProcedimentoId" int, "procProcedimentoData" date, "procProcedimentoValor" int, "procProtocolo" text, "procCCH" boolean,
            "procObservacao" text, "procKey" uuid, "keyLength" int, "procRetornoStatus" int, "procRetornoData" date, "procRetornoValor" int,
            "procRetornoMotivo" text)
        ), written as (
          insert into reimbursement_procedures (res_id, proc_procedimento_id, proc_procedimento_data, proc_procedimento_valor, proc_protocolo,
            proc_cch, proc_observacao, proc_key, key_length, proc_retorno_status, proc_retorno_data, proc_retorno_valor, proc_retorno_motivo)
          select ${resId}, i."procProcedimentoId", i."procProcedimentoData", i."procProcedimentoValor", i."procProtocolo", i."procCCH",
                 i."procObservacao", i."procKey", i."keyLength", i."procRetornoStatus", i."procRetornoData", i."procRetornoValor", i."procRetornoMotivo"
            from input i
          returning proc_id, proc_key
        )
        insert into file_links (owner_kind, owner_id, file_id)
        select ${REIMBURSEMENT_DOC_OWNER}, w.proc_id::text, w.proc_key from written w where w.proc_key is not null
        on conflict do nothing`);
    },

    async updateReturn(tx: Executor, procId: number, ret: ReturnValues) {
      await tx.execute(sql`
        update reimbursement_procedures set proc_retorno_status = ${ret.procRetornoStatus}, proc_retorno_data = ${ret.procRetornoData},
          proc_retorno_valor = ${ret.procRetornoValor}, proc_retorno_motivo = ${ret.procRetornoMotivo}
         where proc_id = ${procId}`);
    },

    /**
     * The stored files of these keys that `userId` uploaded and no procedure names yet (a document is one procedure's),
     * with their size: one statement for a claim's documents.
     */
    async freeUploads(tx: Executor, keys: readonly string[], userId: number): Promise<Map<string, number>> {
      if (keys.length === 0) return new Map();
      const result = await tx.execute<{ id: string; size: number }>(sql`
        select f.id::text as id, f.size::int as size from files f
         where f.id = any(${`{${keys.join(',')}}`}::uuid[]) and f.created_by = ${userId}
           and not exists (select 1 from reimbursement_procedures p where p.proc_key = f.id)`);
      return new Map(result.rows.map((r) => [r.id, Number(r.size)]));
    },

    /**
     * The paid procedures of these claims not yet credited (ext_id null), each with the health-plan service row its
     * credit goes on: the patient's plan (plgHealth, of a health IR group) in force on the return date, else the
     * patient's latest, else the holder's (null when neither has one). One statement.
     */
    async uncredited(tx: Executor, resIds: readonly number[]) {
      if (resIds.length === 0) return [];
      const result = await tx.execute<{
        procId: number;
        resId: number;
        procProcedimentoId: number;
        procRetornoData: string;
        procRetornoValor: number;
        holderId: number;
        patientId: number;
        svcId: number | null;
        cslId: number | null;
      }>(sql`
        select p.proc_id as "procId", p.res_id as "resId", p.proc_procedimento_id as "procProcedimentoId", p.proc_retorno_data::text as "procRetornoData",
               p.proc_retorno_valor as "procRetornoValor", r.cst_id as "holderId", r.res_paciente_cst_id as "patientId",
               plan.svc_id as "svcId", plan.csl_id as "cslId"
          from reimbursement_procedures p join reimbursements r on r.res_id = p.res_id
          left join lateral (
            select cs.svc_id, cs.csl_id
              from customer_services cs
              join service_plugins sp on sp.svc_id = cs.svc_id and sp.plugin = 'plgHealth'
              join services s on s.svc_id = cs.svc_id
              join extrato_groups g on g.extgrp_id = s.irgrp_id and g.extgrp_saude
             where cs.cst_id in (r.res_paciente_cst_id, r.cst_id)
             order by cs.cst_id = r.res_paciente_cst_id desc,
                      (coalesce(cs.csl_inicio, '-infinity'::date) <= p.proc_retorno_data and coalesce(cs.csl_fim, 'infinity'::date) >= p.proc_retorno_data) desc,
                      cs.csl_inicio desc nulls last, cs.csl_id desc
             limit 1) plan on true
         where p.res_id in (${sql.join(
           resIds.map((id) => sql`${id}`),
           sql`, `,
         )}) and p.proc_retorno_status = 1 and p.ext_id is null
         order by p.proc_id`);
      return result.rows;
    },

    async setCredit(tx: Executor, procId: number, extId: number) {
      await tx.execute(sql`update reimbursement_procedures set ext_id = ${extId} where proc_id = ${procId}`);
    },

    /** The family of a person (its holder first, then the dependents by name), each with its health-plan card. */
    async patients(db: Executor, cstId: number): Promise<ReimbursementPatient[] | null> {
      const result = await db.execute<ReimbursementPatient & { found: boolean }>(sql`
        with h as (select coalesce(parent_id, cst_id) as id from customers where cst_id = ${cstId})
        select p.cst_id as "cstId", p.cust_name as "custName",
               (select cs.csl_str1 from customer_services cs join service_plugins sp on sp.svc_id = cs.svc_id and sp.plugin = 'plgHealth'
                 where cs.cst_id = p.cst_id and cs.csl_str1 is not null and cs.csl_str1 <> ''
                 order by (cs.csl_fim is null or cs.csl_fim >= current_date) desc, cs.csl_inicio desc nulls last, cs.csl_id desc
                 limit 1) as carteirinha
          from customers p join h on p.cst_id = h.id or p.parent_id = h.id
         order by p.parent_id is not null, p.cust_name collate pt_br, p.cst_id`);
      if (result.rows.length === 0) return null;
      return result.rows.map(({ cstId: id, custName, carteirinha }) => ({ cstId: id, custName, carteirinha: carteirinha ?? null }));
    },

    /** The document of a claim's procedure (`procId`), or of its first procedure with one. */
    async documentKey(db: Executor, resId: number, procId: number | undefined) {
      const result = await db.execute<{ key: string | null; found: boolean }>(sql`
        select (select p.proc_key::text from reimbursement_procedures p
                 where p.res_id = r.res_id and p.proc_key is not null ${procId ? sql`and p.proc_id = ${procId}` : sql``}
                 order by p.proc_id limit 1) as key
          from reimbursements r where r.res_id = ${resId}`);
      return result.rows[0] ? { key: result.rows[0].key } : null;
    },
  };
}
export type ReimbursementsRepository = ReturnType<typeof createReimbursementsRepository>;

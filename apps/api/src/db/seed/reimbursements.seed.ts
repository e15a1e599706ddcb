import { Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import { procedureTypes } from '@assoc/domain';
import type { Db, Executor } from '../client.js';
import type { BlobStore } from '../../modules/files/files.store.js';
import { textPdf } from '../../modules/process/process.pdf.js';
import { REIMBURSEMENT_DOC_OWNER } from '../../modules/reimbursements/reimbursements.service.js';

const TIME_ZONE = 'America/Sao_Paulo';

/** The procedure types' labels as a SQL array (index = type), for the ledger entries' text. */
const TYPE_LABELS = sql.raw(`array[${procedureTypes.map((t) => `'${t.label}'`).join(', ')}]`);

/**
 * The reimbursements' demo (issue 27 "Demo data"), before the ledger (seedLedger writes the credits of the paid
 * procedures into the months they were paid, `seedReimbursementsLedgerMonth`; `linkReimbursementsLedger` points each at
 * its entry after): for about one living holder in five whose family has a health plan with a card, one or two claims of
 * the last eighteen months, for the holder or a dependent with a card (the optical mark from it), each with one to three
 * procedures in every return status — the recent ones still pending, older ones mostly paid (80 % of the value), some
 * returned for documents or denied with a reason; the first such holder has one procedure in each status. Set-based and
 * deterministic (derived from the ids), at any scale.
 */
export async function seedReimbursements(db: Db, log: (line: string) => void = () => {}) {
  await db.execute(sql`truncate table reimbursement_procedures, reimbursements restart identity`);
  await db.execute(sql`
    with today as (select (now() at time zone ${TIME_ZONE})::date as d),
    cards as (
      select distinct on (cs.cst_id) cs.cst_id, coalesce(p.parent_id, p.cst_id) as holder, cs.csl_str1 as card
        from customer_services cs
        join service_plugins sp on sp.svc_id = cs.svc_id and sp.plugin = 'plgHealth'
        join customers p on p.cst_id = cs.cst_id and p.cust_deceased is null
       where cs.csl_str1 is not null and cs.csl_str1 <> ''
       order by cs.cst_id, cs.csl_id desc
    ),
    holders as (
      select c.cst_id, c.cust_name from customers c
       where c.parent_id is null and c.cust_deceased is null and c.cust_assoc_situacao <> 5
         and exists (select 1 from cards k where k.holder = c.cst_id)
         -- About one in five, and at least one at any scale (the showcase).
         and (c.cst_id % 5 = 2 or c.cst_id = (select min(k.holder) from cards k join customers x on x.cst_id = k.holder
                                               where x.cust_deceased is null and x.cust_assoc_situacao <> 5))
    ),
    claims as (
      select h.cst_id as holder, h.cust_name as holder_name, i, h.cst_id * 31 + i * 17 as hash,
             (select k.cst_id from cards k where k.holder = h.cst_id order by (k.cst_id * 7 + i) % 11, k.cst_id limit 1) as patient
        from holders h cross join lateral generate_series(1, 1 + h.cst_id % 2) i
    )
    insert into reimbursements (cst_id, res_titular_nome, res_paciente_cst_id, res_paciente_nome, res_marca_otica, res_protocolo_assoc,
      res_recebido_data, res_recebido_por)
    select cl.holder, left(cl.holder_name, 64), cl.patient, left(p.cust_name, 64), left(k.card, 8),
           case when cl.hash % 3 = 0 then null else 'A' || lpad((cl.hash % 100000)::text, 6, '0') end,
           (((select d from today) - (5 + (cl.hash::bigint * 7919) % 540)::int)::timestamp + interval '10 hours') at time zone ${TIME_ZONE},
           'Secretaria de Saúde'
      from claims cl
      join customers p on p.cst_id = cl.patient
      join cards k on k.cst_id = cl.patient
     order by 7, cl.holder, cl.i`);
  await db.execute(sql`
    with today as (select (now() at time zone ${TIME_ZONE})::date as d),
    first as (select min(res_id) as res_id from reimbursements),
    base as (
      select r.res_id, (r.res_recebido_data at time zone ${TIME_ZONE})::date as received, j, r.res_id = (select res_id from first) as showcase,
             r.res_id * 53 + j * 29 as h
        from reimbursements r
        cross join lateral generate_series(1, case when r.res_id = (select res_id from first) then 4 else 1 + r.res_id % 3 end) j
    ),
    shaped as (
      select b.*, 5000 + (b.h::bigint * 7919) % 45000 as valor,
             case when b.showcase then (array[null, 1, 2, 3])[b.j]
                  when (select d from today) - b.received < 30 then null
                  else (array[1, 1, 1, 1, 1, 2, 3, null])[1 + b.h % 8] end as status
        from base b
    )
    insert into reimbursement_procedures (res_id, proc_procedimento_id, proc_procedimento_data, proc_procedimento_valor, proc_protocolo, proc_cch,
      proc_observacao, proc_retorno_status, proc_retorno_data, proc_retorno_valor, proc_retorno_motivo)
    select s.res_id, 1 + s.h % 6, s.received - (3 + s.h % 20), s.valor,
           case when s.h % 4 = 0 then null else 'NF ' || (10000 + s.h % 90000) end, s.h % 5 = 0,
           case when s.h % 3 = 0 then 'Recibo do prestador anexado' end,
           s.status,
           case when s.status = 1 then least((select d from today), s.received + 15 + s.h % 10) end,
           case when s.status = 1 then s.valor * 8 / 10 end,
           case s.status when 2 then 'Recibo ilegível: reenviar o documento' when 3 then 'Procedimento sem cobertura do plano' end
      from shaped s
     order by s.res_id, s.j`);
  const count = await db.execute<{ claims: number; procedures: number; holders: number }>(sql`
    select (select count(*)::int from reimbursements) as claims, (select count(*)::int from reimbursement_procedures) as procedures,
           (select count(distinct cst_id)::int from reimbursements) as holders`);
  const c = count.rows[0]!;
  log(`Ressarcimentos: ${c.claims} pedidos com ${c.procedures} procedimentos de ${c.holders} titulares`);
}

/**
 * The ledger side, inside seedLedger's month loop (a month's entries are written before it is locked): the credit of
 * each procedure paid in that month on the patient's health plan (of a health IR group, else the holder's), key
 * ressarcimento:{procId}, as the service writes it.
 */
export async function seedReimbursementsLedgerMonth(tx: Executor, fecId: number, month: SQL) {
  await tx.execute(sql`
    insert into statement_entries (cst_id, fec_id, ext_date, ext_descricao, resp_id, ext_responsavel, svc_id, csl_id, ext_valor, ext_tipo, ext_key,
      ext_created_by_name, ext_created)
    select r.cst_id, ${fecId}, least((p.proc_retorno_data::timestamp + interval '12 hours') at time zone ${TIME_ZONE}, now()),
           'Reembolso nº ' || r.res_id || ' - ' || (${TYPE_LABELS})[p.proc_procedimento_id], r.res_paciente_cst_id, left(r.res_paciente_nome, 80),
           plan.svc_id, plan.csl_id, -p.proc_retorno_valor, 'credito', 'ressarcimento:' || p.proc_id, 'Secretaria de Saúde',
           least((p.proc_retorno_data::timestamp + interval '12 hours') at time zone ${TIME_ZONE}, now())
      from reimbursement_procedures p
      join reimbursements r on r.res_id = p.res_id
      cross join lateral (
        select cs.svc_id, cs.csl_id from customer_services cs
          join service_plugins sp on sp.svc_id = cs.svc_id and sp.plugin = 'plgHealth'
          join services s on s.svc_id = cs.svc_id
          join extrato_groups g on g.extgrp_id = s.irgrp_id and g.extgrp_saude
         where cs.cst_id in (r.res_paciente_cst_id, r.cst_id)
         order by cs.cst_id = r.res_paciente_cst_id desc, cs.csl_id desc limit 1) plan
     where p.proc_retorno_status = 1 and date_trunc('month', p.proc_retorno_data) = ${month}
     order by p.proc_retorno_data, p.proc_id`);
}

/** After the ledger: each paid procedure points at its credit. */
export async function linkReimbursementsLedger(db: Db) {
  await db.execute(sql`
    update reimbursement_procedures p set ext_id = e.ext_id
      from statement_entries e where e.ext_key = 'ressarcimento:' || p.proc_id and p.proc_retorno_status = 1`);
}

/** The demo's procedure receipt (one small PDF in the file store), the document of every demo procedure. */
const DEMO_RECEIPT_ID = '00000000-0000-4000-8000-0000000005e1';

/** The documents of the demo's procedures (GET user/ressarcimento/{resId}). */
export async function seedReimbursementDocuments(db: Db, store: BlobStore) {
  const data = await textPdf('Recibo de despesa médica', ['Recibo do prestador com o procedimento e o valor pago.', 'Documento de demonstração.']);
  const put = await store.put(DEMO_RECEIPT_ID, Readable.from([Buffer.from(data)]));
  await db.execute(sql`
    insert into files (id, name, mime_type, size, sha256, storage_key, created_at)
    values (${DEMO_RECEIPT_ID}::uuid, 'recibo-reembolso.pdf', 'application/pdf', ${put.size}, ${put.sha256}, ${put.key}, now())
    on conflict (id) do nothing`);
  await db.execute(sql`update reimbursement_procedures set proc_key = ${DEMO_RECEIPT_ID}::uuid, key_length = ${put.size}`);
  await db.execute(sql`
    insert into file_links (owner_kind, owner_id, file_id)
    select ${REIMBURSEMENT_DOC_OWNER}, proc_id::text, ${DEMO_RECEIPT_ID}::uuid from reimbursement_procedures on conflict do nothing`);
}

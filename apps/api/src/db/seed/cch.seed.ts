import { Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../client.js';
import { CCH_DOC_OWNER } from '../../modules/cch/cch.service.js';
import type { BlobStore } from '../../modules/files/files.store.js';
import { textPdf } from '../../modules/process/process.pdf.js';

const TIME_ZONE = 'America/Sao_Paulo';

/**
 * The CCH's demo (issue 26 "Demo data"), before the ledger (seedLedger writes the credits of the paid requests and the
 * reversals of the cancelled ones into the months they happened, `seedCchLedgerMonth`, one of its `months` hooks):
 * - the yearly amounts: the service's values and two past increases (March of last year and of this year);
 * - one code in the TUSS registry (/tuss);
 * - enrolments ('Inscrição no CCH', plgCCHAdd) for every fourth living holder and every third dependent of those, long
 *   past their grace, plus one holder enrolled two months ago (inside the grace: its procedures are refused);
 * - requests over the last two years in every status: recent ones waiting (PENDENTE, EM ANÁLISE) or approved, older ones
 *   mostly paid, some denied or cancelled; the first enrolled holder has one in each status. Values stay within the
 *   yearly amounts. Deterministic (derived from the ids).
 */
export async function seedCch(db: Db, log: (line: string) => void = () => {}) {
  await db.execute(sql`truncate table cch_requests, cch_value_sets, tuss_codes restart identity`);
  // The TUSS registry (/tuss) with one code the shipped subset lacks, as a superadmin would add it (its term is ours,
  // not the ANS's: the demo must not pass off an invented term as TUSS).
  await db.execute(sql`
    insert into tuss_codes (tuss_codigo, tuss_terminologia) values ('31001017', 'Procedimento incluído pelo superadmin (demonstração)')`);
  const year = Number((await db.execute<{ y: number }>(sql`select extract(year from now() at time zone ${TIME_ZONE})::int as y`)).rows[0]!.y);
  await db.execute(sql`
    insert into cch_value_sets (data_base, beneficio1, beneficio2, beneficio3, beneficio4, beneficio5, fisioterapia, fisioterapia_sessoes,
      acupuntura, acupuntura_sessoes, created_by_name)
    values (null, 250000, 400000, 120000, 80000, 60000, 100000, 16, 60000, 10, 'Cadastro do serviço'),
           (make_date(${year - 1}, 3, 1), 280000, 450000, 135000, 90000, 70000, 110000, 18, 70000, 12, 'Aumento de CCH'),
           -- Never in the future (in January and February: the first of last month), so a new increase can start today.
           (least(make_date(${year}, 3, 1), (date_trunc('month', current_date) - interval '1 month')::date), 300000, 500000, 150000, 100000, 80000, 120000, 20, 80000, 12, 'Aumento de CCH')`);

  await db.execute(sql`
    delete from customer_services cs using service_plugins sp where sp.svc_id = cs.svc_id and sp.plugin in ('plgCCH', 'plgCCHAdd')`);
  await db.execute(sql`
    with svc as (select s.svc_id from services s join service_plugins sp on sp.svc_id = s.svc_id where sp.plugin = 'plgCCHAdd' limit 1),
    holders as (
      select c.cst_id from customers c
       where c.parent_id is null and c.cust_deceased is null and c.cust_assoc_situacao <> 5 and c.cst_id % 4 = 1
    ), people as (
      select cst_id from holders
      union all
      select d.cst_id from customers d join holders h on h.cst_id = d.parent_id where d.cust_deceased is null and d.cst_id % 3 = 0
    )
    insert into customer_services (cst_id, svc_id, valor, csl_quantidade, csl_int1, csl_date1, csl_inicio)
    select p.cst_id, svc.svc_id, 0, 1, 21 + p.cst_id % 2, date '2015-01-05' + (p.cst_id * 7 % 1500), date '2015-01-05' + (p.cst_id * 7 % 1500)
      from people p cross join svc`);
  // One holder enrolled two months ago: inside the grace (carência).
  await db.execute(sql`
    insert into customer_services (cst_id, svc_id, valor, csl_quantidade, csl_int1, csl_date1, csl_inicio)
    select c.cst_id, s.svc_id, 0, 1, 21, (now() at time zone ${TIME_ZONE})::date - 60, (now() at time zone ${TIME_ZONE})::date - 60
      from customers c
      cross join (select s.svc_id from services s join service_plugins sp on sp.svc_id = s.svc_id where sp.plugin = 'plgCCHAdd' limit 1) s
     where c.cst_id = (select min(x.cst_id) from customers x
                        where x.parent_id is null and x.cust_deceased is null and x.cust_assoc_situacao <> 5 and x.cst_id % 4 = 3)`);

  await db.execute(sql`
    with today as (select (now() at time zone ${TIME_ZONE})::date as d),
    enrolled as (
      select cs.cst_id, cs.csl_int1 as plan, cs.csl_date1 from customer_services cs join service_plugins sp on sp.svc_id = cs.svc_id
       where sp.plugin = 'plgCCHAdd' and cs.csl_date1 < (select d from today) - 400
    ),
    first as (select min(e.cst_id) as cst_id from enrolled e join customers c on c.cst_id = e.cst_id where c.parent_id is null),
    base as (
      select e.cst_id, e.plan, i, e.cst_id = (select cst_id from first) as showcase,
             (e.cst_id * 37 + i * 53) as h
        from enrolled e
        cross join lateral generate_series(1, case when e.cst_id = (select cst_id from first) then 6 else 3 + e.cst_id % 7 end) i
    ),
    shaped as (
      select b.*,
             case when b.showcase then (array[5, 20, 40, 120, 200, 260])[b.i] else 5 + (b.h % 690) end as age,
             case when b.showcase then 0 else b.h % 20 end as s,
             case when b.showcase then (array[1, 2, 1, 2, 3, 1])[b.i] else 1 + (b.cst_id + b.i) % 5 end as beneficio
        from base b
    ),
    statused as (
      select sh.*,
             case when sh.showcase then sh.i
                  when sh.age < 45 then case when sh.s < 8 then 2 when sh.s < 14 then 1 else 3 end
                  else case when sh.s < 12 then 5 when sh.s < 15 then 4 when sh.s < 17 then 6 else 3 end end as status,
             case sh.beneficio when 4 then '31000100' when 5 then '31000200'
                  else (array['10101012', '10101020', '10101039', '50000144', '31601014', '50000470', '50000853'])[1 + sh.h % 7] end as tuss,
             10000 + (sh.h::bigint * 7919) % 20000 as total
        from shaped sh
    )
    insert into cch_requests (cst_id, cch_beneficio, cch_status, cch_plano_saude, cch_data_procedimento, cch_data_solicitacao,
      cch_valor_total, cch_valor_convenio, cch_valor_solicitado, cch_tuss, cch_quantidade, cch_obs, cch_deliberacao,
      cch_banco_cliente, cch_banco_cpf, cch_banco_numero, cch_banco_agencia, cch_banco_conta, cch_banco_conta_digito,
      cch_data_pagamento, cch_valor_pago, created_by_name)
    select st.cst_id, st.beneficio, st.status, case when st.beneficio = 3 then null else st.plan end,
           (select d from today) - st.age,
           (((select d from today) - st.age + 3)::timestamp + interval '10 hours') at time zone ${TIME_ZONE},
           st.total, case when st.h % 3 = 0 then st.total / 5 else 0 end,
           case when st.h % 3 = 0 then st.total - st.total / 5 else st.total end,
           st.tuss, case when st.tuss in ('50000144', '31601014') then 1 + st.h % 4 else 1 end,
           case when st.status = 1 then 'Aguardando a nota fiscal legível' end,
           case when st.status = 4 then 'Procedimento sem cobertura pelo benefício' end,
           case when st.status in (5, 6) then left(h.cust_name, 64) end,
           case when st.status in (5, 6) then h.cust_cpf end,
           case when st.status in (5, 6) then '001' end,
           case when st.status in (5, 6) then coalesce(h.bnkacc_branch, '1234') end,
           case when st.status in (5, 6) then coalesce(h.bnkacc_account, '123456') end,
           case when st.status in (5, 6) then coalesce(h.bnkacc_account_digit, '0') end,
           case when st.status in (5, 6) then least((select d from today), (select d from today) - st.age + 20) end,
           case when st.status in (5, 6) then case when st.h % 3 = 0 then st.total - st.total / 5 else st.total end end,
           'Secretaria do CCH'
      from statused st
      join customers p on p.cst_id = st.cst_id
      join customers h on h.cst_id = coalesce(p.parent_id, p.cst_id)
     order by (select d from today) - st.age, st.cst_id, st.i`);
  const count = await db.execute<{ n: number; people: number }>(
    sql`select count(*)::int as n, count(distinct cst_id)::int as people from cch_requests`,
  );
  log(`CCH: ${count.rows[0]!.n} solicitações de ${count.rows[0]!.people} inscritos`);
}

/**
 * The ledger side of the CCH's demo, inside seedLedger's month loop (a month's entries must be written before it is
 * locked): the credit of each request paid in that month (key cch:{cchId}, as the service writes it) and, the month
 * after (or in the open month itself), the reversal of each cancelled one.
 */
export async function seedCchLedgerMonth(tx: Executor, fecId: number, month: SQL, open: boolean) {
  await tx.execute(sql`
    insert into statement_entries (cst_id, fec_id, svc_id, csl_id, ext_date, ext_descricao, resp_id, ext_responsavel, ext_valor, ext_tipo,
      ext_key, ext_created_by_name, ext_created)
    select h.cst_id, ${fecId}, en.svc_id, en.csl_id, least((r.cch_data_pagamento::timestamp + interval '11 hours') at time zone ${TIME_ZONE}, now()),
           'CCH nº ' || r.cch_id || ' - ' || case r.cch_beneficio when 4 then 'Benefício 4 (E)' when 5 then 'Benefício 5 (D)'
                                                  else 'Benefício ' || r.cch_beneficio end,
           p.cst_id, left(p.cust_name, 80), -r.cch_valor_pago, 'credito', 'cch:' || r.cch_id, 'Secretaria do CCH',
           least((r.cch_data_pagamento::timestamp + interval '11 hours') at time zone ${TIME_ZONE}, now())
      from cch_requests r
      join customers p on p.cst_id = r.cst_id
      join customers h on h.cst_id = coalesce(p.parent_id, p.cst_id)
      -- On the person's CCH enrolment, as the service writes it (the informe reads the service's IR group).
      left join lateral (
        select cs.svc_id, cs.csl_id from customer_services cs join service_plugins sp on sp.svc_id = cs.svc_id
         where cs.cst_id = p.cst_id and sp.plugin in ('plgCCH', 'plgCCHAdd') order by cs.csl_date1 desc nulls last, cs.csl_id desc limit 1
      ) en on true
     where r.cch_status in (5, 6) and date_trunc('month', r.cch_data_pagamento) = ${month}
     order by r.cch_data_pagamento, r.cch_id`);
  await tx.execute(sql`
    insert into statement_entries (cst_id, fec_id, svc_id, csl_id, ext_date, ext_descricao, resp_id, ext_responsavel, ext_valor, ext_tipo,
      ext_estorno_parent, ext_key, ext_created_by_name, ext_created)
    select e.cst_id, ${fecId}, e.svc_id, e.csl_id, least((${month}::date + 9)::timestamp at time zone ${TIME_ZONE}, now()), left('Estorno: ' || e.ext_descricao, 120),
           e.resp_id, e.ext_responsavel, -e.ext_valor, 'estorno', e.ext_id, 'estorno:' || e.ext_id, 'Secretaria do CCH',
           least((${month}::date + 9)::timestamp at time zone ${TIME_ZONE}, now())
      from cch_requests r
      join statement_entries e on e.ext_key = 'cch:' || r.cch_id
     where r.cch_status = 6
       and (date_trunc('month', r.cch_data_pagamento) + interval '1 month' = ${month} or (${open} and date_trunc('month', r.cch_data_pagamento) = ${month}))`);
}

/** After the ledger: each request points at its credit (and reversal), with the credit's date. */
export async function linkCchLedger(db: Db) {
  await db.execute(sql`
    update cch_requests r set ext_id = e.ext_id, cch_data_credito = e.ext_date
      from statement_entries e where e.ext_key = 'cch:' || r.cch_id and r.cch_status in (5, 6)`);
  await db.execute(sql`
    update cch_requests r set ext_estorno_id = e.ext_id
      from statement_entries e where e.ext_estorno_parent = r.ext_id and r.cch_status = 6`);
}

/** The demo's scanned receipt (one small PDF in the file store), the document of two requests in three. */
const DEMO_SCAN_ID = '00000000-0000-4000-8000-00000000cc01';

/** The scans of the demo's requests (the list's download column; GET cch/doc). */
export async function seedCchScans(db: Db, store: BlobStore) {
  const data = await textPdf('Recibo de procedimento médico', [
    'Recibo do prestador com a descrição do procedimento e o valor pago.',
    'Documento de demonstração.',
  ]);
  const put = await store.put(DEMO_SCAN_ID, Readable.from([Buffer.from(data)]));
  await db.execute(sql`
    insert into files (id, name, mime_type, size, sha256, storage_key, created_at)
    values (${DEMO_SCAN_ID}::uuid, 'recibo.pdf', 'application/pdf', ${put.size}, ${put.sha256}, ${put.key}, now())
    on conflict (id) do nothing`);
  await db.execute(sql`
    update cch_requests set cch_scan_key = ${DEMO_SCAN_ID}::uuid, cch_scan_key_original = ${DEMO_SCAN_ID}::uuid where cch_id % 3 <> 0`);
  await db.execute(sql`
    insert into file_links (owner_kind, owner_id, file_id)
    select ${CCH_DOC_OWNER}, cch_id::text, ${DEMO_SCAN_ID}::uuid from cch_requests where cch_id % 3 <> 0 on conflict do nothing`);
}

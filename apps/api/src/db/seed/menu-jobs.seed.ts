import { sql } from 'drizzle-orm';
import type { Db } from '../client.js';

/**
 * Demo data of the menu's jobs of issue 30 item 1, before the ledger (its closings then charge these rows like any
 * other): at any scale,
 * - life insurance (plgSeguroVida) with proposal, death capital, premium and validity, of both insurers: about one
 *   living holder in seven, and the first living holder one policy of each insurer (seguro-vida-export-1 / -2);
 * - plan 22 (the people seed gives plan 21 only, its bands covering every age): about one holder in ten without a
 *   health plan, and the first such holder (declaracaosaude-email / -export ^22);
 * - a person crossing an age range next month: the first living person in an svcMudaFaixa band that has a next band
 *   turns its svcMax + 1 on the 15th of next month ('Mudança de faixa etária').
 * The snack-bar export reads the members; the mobile statement e-mail the calls of seedMobileCalls. The portal demo
 * member (`exclude`) is left as it is.
 */
export async function seedMenuJobs(db: Db, opts: { exclude?: number; log?: (line: string) => void } = {}) {
  const exclude = opts.exclude ?? 0;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      with holder as (
        select c.cst_id, row_number() over (order by c.cst_id) as rn
          from customers c
         where c.parent_id is null and c.cust_deceased is null and c.cust_assoc_situacao <> 5 and c.cst_id <> ${exclude}
      ), life as (
        select s.svc_id, s.svc_name, s.svc_valor, p.sup_id, row_number() over (partition by p.sup_id order by s.svc_id) as k
          from services s
          join service_plugins pl on pl.svc_id = s.svc_id and pl.plugin = 'plgSeguroVida'
          join products p on p.suc_id = s.suc_id
         where s.deleted_at is null
      ), insurer as (select sup_id, dense_rank() over (order by sup_id) as n from (select distinct sup_id from life) i),
      pick as (
        -- One in seven: insurer by the id's parity, its first or second service by the id.
        select h.cst_id, l.svc_id, l.svc_name, l.svc_valor
          from holder h
          join insurer i on i.n = 1 + h.cst_id % 2
          join life l on l.sup_id = i.sup_id and l.k = 1 + (h.cst_id / 2) % 2
         where h.cst_id % 7 = 3 and h.rn > 1
        union all
        -- The first holder: the first service of each insurer.
        select h.cst_id, l.svc_id, l.svc_name, l.svc_valor
          from holder h join insurer i on i.n <= 2 join life l on l.sup_id = i.sup_id and l.k = 1
         where h.rn = 1
      )
      insert into customer_services (cst_id, svc_id, valor, csl_quantidade, csl_str1, csl_str2, csl_value1, csl_value2, csl_date1, csl_inicio)
      select p.cst_id, p.svc_id, p.svc_valor, 1, lpad(((p.cst_id::bigint * 104729 + p.svc_id) % 100000000000)::text, 11, '0'),
             case when p.cst_id % 3 = 0 then 'Beneficiário: cônjuge' end,
             case when p.svc_name ~ '300 mil' then 30000000 when p.svc_name ~ '100 mil' then 10000000
                  when p.svc_name ~* 'ampliado' then 15000000 else 5000000 end,
             p.svc_valor, date '2027-12-31', date '2024-01-01'
        from pick p
       order by p.cst_id, p.svc_id`);

    // Plan 22: the band of the holder's age.
    await tx.execute(sql`
      with candidate as (
        select c.cst_id, c.cust_birthdate, row_number() over (order by c.cst_id) as rn
          from customers c
         where c.parent_id is null and c.cust_assoc_situacao <> 5 and c.cust_deceased is null and c.cust_birthdate is not null
           and c.cst_id <> ${exclude}
           and not exists (select 1 from customer_services cs join services s on s.svc_id = cs.svc_id
                            join products p on p.suc_id = s.suc_id where cs.cst_id = c.cst_id and p.suc_health)
      )
      insert into customer_services (cst_id, svc_id, valor, csl_quantidade, csl_str1, csl_date1, csl_inicio)
      select c.cst_id, b.svc_id, b.svc_valor, 1, lpad((c.cst_id * 7919 % 1000000000)::text, 9, '0'), date '2027-12-31', date '2024-01-01'
        from candidate c
        join lateral (select sv.svc_id, sv.svc_valor from services sv
                       where sv.suc_id = 22 and sv.deleted_at is null and sv.svc_muda_faixa
                         and extract(year from age(c.cust_birthdate)) between sv.svc_min and sv.svc_max
                       order by sv.svc_id limit 1) b on true
       where c.rn = 1 or c.cst_id % 10 = 4`);

    // Someone crossing an age range next month.
    await tx.execute(sql`
      with today as (select (now() at time zone 'America/Sao_Paulo')::date as d),
      target as (
        select c.cst_id, s.svc_max
          from customer_services cs
          join services s on s.svc_id = cs.svc_id and s.svc_muda_faixa and s.deleted_at is null
          join customers c on c.cst_id = cs.cst_id
          join customers h on h.cst_id = coalesce(c.parent_id, c.cst_id)
         where c.cust_deceased is null and h.cust_assoc_situacao <> 5 and cs.csl_fim is null and c.cst_id <> ${exclude}
           and exists (select 1 from services n where n.suc_id = s.suc_id and n.svc_muda_faixa and n.deleted_at is null
                          and n.svc_min = s.svc_max + 1)
         order by c.cst_id limit 1)
      update customers c
         set cust_birthdate = (date_trunc('month', today.d) + interval '1 month' + interval '14 days' - make_interval(years => t.svc_max + 1))::date
        from target t, today
       where c.cst_id = t.cst_id`);
  });
  const count = await db.execute<{ life: number; plan22: number }>(sql`
    select (select count(*)::int from customer_services cs join service_plugins pl on pl.svc_id = cs.svc_id and pl.plugin = 'plgSeguroVida') as life,
           (select count(*)::int from customer_services cs join services s on s.svc_id = cs.svc_id where s.suc_id = 22) as plan22`);
  opts.log?.(`Tarefas do menu: ${count.rows[0]!.life} seguros de vida, ${count.rows[0]!.plan22} inscrições no plano 22`);
}

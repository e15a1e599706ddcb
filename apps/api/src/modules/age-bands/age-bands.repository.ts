import { sql } from 'drizzle-orm';
import type { AgeBandRow } from '@assoc/domain';
import type { Executor } from '../../db/client.js';

/**
 * The service rows whose age range changes next month: a row of an svcMudaFaixa service, in force during next month,
 * of a living person (holder not Falecido) whose birthday in next month takes their age past the service's svcMax.
 * The new band is the product's svcMudaFaixa service whose svcMin..svcMax holds the new age (the lowest id when
 * several do; none: null). Ordered by the birthday, then name and row id. `today` is the app zone's date.
 */
const changes = (today: string) => sql`
  with m as (select (date_trunc('month', ${today}::date) + interval '1 month')::date as d0,
                    (date_trunc('month', ${today}::date) + interval '2 month' - interval '1 day')::date as d1),
  x as (
    select cs.csl_id, c.cst_id, h.cst_id as holder_id, h.cust_name as titular, h.cust_numero_interno as matricula,
           c.cust_name as nome, c.cust_birthdate as nascimento, s.suc_id, s.svc_name as servico, p.suc_name as produto,
           cs.valor as valor_atual, extract(year from age(m.d1, c.cust_birthdate))::int as idade,
           extract(year from age(m.d0 - 1, c.cust_birthdate))::int as idade_antes, s.svc_max
      from customer_services cs
      join services s on s.svc_id = cs.svc_id and s.svc_muda_faixa
      join products p on p.suc_id = s.suc_id
      join customers c on c.cst_id = cs.cst_id
      join customers h on h.cst_id = coalesce(c.parent_id, c.cst_id)
      cross join m
     where c.cust_birthdate is not null and c.cust_deceased is null and coalesce(h.cust_assoc_situacao, 0) <> 5
       and (cs.csl_inicio is null or cs.csl_inicio <= m.d1)
       and (cs.csl_fim is null or cs.csl_fim >= m.d0)
       and extract(month from c.cust_birthdate) = extract(month from m.d0))
  select x.csl_id as "cslId", x.cst_id as "cstId", x.holder_id as "holderId", x.titular, x.matricula, x.nome,
         to_char(x.nascimento, 'YYYY-MM-DD') as nascimento, x.idade,
         to_char(x.nascimento + make_interval(years => x.idade), 'DD/MM/YYYY') as aniversario,
         x.produto, x.servico, x.valor_atual as "valorAtual", n.svc_name as "novoServico", n.svc_valor as "novoValor",
         count(*) over ()::int as total
    from x
    left join lateral (select sv.svc_name, sv.svc_valor from services sv
                        where sv.suc_id = x.suc_id and sv.svc_muda_faixa and sv.deleted_at is null
                          and x.idade between sv.svc_min and sv.svc_max
                        order by sv.svc_id limit 1) n on true
   where x.idade_antes <= x.svc_max and x.idade > x.svc_max
   order by x.nascimento + make_interval(years => x.idade), x.nome, x.csl_id`;

export function createAgeBandsRepository() {
  return {
    /** One page of the changes and how many there are in all. */
    async page(db: Executor, today: string, limit: number, offset: number): Promise<{ rows: AgeBandRow[]; total: number }> {
      const { rows } = await db.execute<AgeBandRow & { total: number } & Record<string, unknown>>(
        sql`${changes(today)} limit ${limit} offset ${offset}`,
      );
      let total = rows[0]?.total ?? 0;
      if (rows.length === 0 && offset > 0) {
        const all = await db.execute<{ n: number }>(sql`select count(*)::int as n from (${changes(today)}) t`);
        total = all.rows[0]?.n ?? 0;
      }
      return { rows: rows.map(({ total: _t, ...row }) => row as AgeBandRow), total };
    },
    /** Every change (the export). */
    async all(db: Executor, today: string): Promise<AgeBandRow[]> {
      const { rows } = await db.execute<AgeBandRow & { total: number } & Record<string, unknown>>(changes(today));
      return rows.map(({ total: _t, ...row }) => row as AgeBandRow);
    },
  };
}
export type AgeBandsRepository = ReturnType<typeof createAgeBandsRepository>;

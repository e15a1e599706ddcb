import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';

export interface InsuredRow {
  cslId: number;
  name: string;
  cpf: string | null;
  birthdate: string | null;
  sex: number | null;
  numero: string | null;
  holderName: string;
  service: string;
  proposal: string | null;
  capital: number | null;
  premium: number | null;
  validity: string | null;
  start: string | null;
  comment: string | null;
}

/** The life-insurance rows the insurers' files list (plgSeguroVida, spec 1 §3 "Member service"). */
export function createLifeInsuranceRepository() {
  return {
    /**
     * The insurers: suppliers of a product with a plgSeguroVida service (not deleted), by supplier id. Insurer 1 is the
     * first, insurer 2 the second (docs/JOBS.md "Arquivos das seguradoras").
     */
    async insurers(db: Executor) {
      const { rows } = await db.execute<{ supId: number; name: string; cnpj: string | null }>(sql`
        select distinct sp.sup_id as "supId", coalesce(nullif(sp.sup_fantasia, ''), sp.sup_name) as name, sp.sup_cnpj as cnpj
          from service_plugins pl
          join services s on s.svc_id = pl.svc_id and s.deleted_at is null
          join products p on p.suc_id = s.suc_id and p.deleted_at is null
          join suppliers sp on sp.sup_id = p.sup_id and sp.deleted_at is null
         where pl.plugin = 'plgSeguroVida'
         order by sp.sup_id`);
      return rows;
    },

    /**
     * The insurer's insured: each plgSeguroVida row of its products in force on `today` (cslInicio / cslFim), of a
     * living person, by name then row id (a stable order: the same data writes the same file).
     */
    async insured(db: Executor, supId: number, today: string): Promise<InsuredRow[]> {
      const { rows } = await db.execute<InsuredRow & Record<string, unknown>>(sql`
        select cs.csl_id as "cslId", c.cust_name as name, c.cust_cpf as cpf, to_char(c.cust_birthdate, 'YYYY-MM-DD') as birthdate,
               c.cust_sex as sex, h.cust_numero_interno as numero, h.cust_name as "holderName", s.svc_name as service,
               cs.csl_str1 as proposal, cs.csl_value1 as capital, coalesce(cs.csl_value2, cs.valor) as premium,
               to_char(cs.csl_date1, 'YYYY-MM-DD') as validity, to_char(cs.csl_inicio, 'YYYY-MM-DD') as start, cs.csl_str2 as comment
          from customer_services cs
          join service_plugins pl on pl.svc_id = cs.svc_id and pl.plugin = 'plgSeguroVida'
          join services s on s.svc_id = cs.svc_id
          join products p on p.suc_id = s.suc_id
          join customers c on c.cst_id = cs.cst_id
          join customers h on h.cst_id = coalesce(c.parent_id, c.cst_id)
         where p.sup_id = ${supId}
           and (cs.csl_inicio is null or cs.csl_inicio <= ${today}::date)
           and (cs.csl_fim is null or cs.csl_fim >= ${today}::date)
           and c.cust_deceased is null and coalesce(h.cust_assoc_situacao, 0) <> 5
         order by c.cust_name, cs.csl_id`);
      return rows;
    },
  };
}
export type LifeInsuranceRepository = ReturnType<typeof createLifeInsuranceRepository>;

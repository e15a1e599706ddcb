import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import type { PhoneCall } from './phone-invoice.parse.js';

/** The phone-plan row a billed line belongs to: the person who has it, its holder, the service. */
export type PhoneLineOwner = { phone: string; cslId: number; svcId: number; person: number; holder: number; name: string };

/** What Importar arquivo's types read and write beside the import rows (mobile_calls, the phone-plan rows). */
export function createFileImportRepository() {
  return {
    /** The months (YYYY-MM) among these that an earlier invoice import already wrote, with when. */
    async importedMonths(db: Executor, months: readonly string[]) {
      const result = await db.execute<{ month: string; at: string }>(sql`
        select lpad(mc_ano::text, 4, '0') || '-' || lpad(mc_mes::text, 2, '0') as month, to_json(min(created_at)) #>> '{}' as at
          from mobile_calls
         where mc_import like 'fatura:%' and lpad(mc_ano::text, 4, '0') || '-' || lpad(mc_mes::text, 2, '0') = any(${sql.param([...months])}::text[])
         group by 1 order by 1`);
      return result.rows;
    },

    /** The phone-plan rows (plugin plgCelular; the line in csl_str1) of these lines, the newest row of a line first. */
    async owners(db: Executor, phones: readonly string[]): Promise<Map<string, PhoneLineOwner>> {
      const result = await db.execute<PhoneLineOwner>(sql`
        select distinct on (cs.csl_str1) cs.csl_str1 as phone, cs.csl_id as "cslId", cs.svc_id as "svcId", p.cst_id as person,
               coalesce(p.parent_id, p.cst_id) as holder, p.cust_name as name
          from customer_services cs
          join service_plugins sp on sp.svc_id = cs.svc_id and sp.plugin = 'plgCelular'
          join customers p on p.cst_id = cs.cst_id
         where cs.csl_str1 = any(${sql.param([...phones])}::text[])
         order by cs.csl_str1, (cs.csl_fim is null) desc, cs.csl_id desc`);
      return new Map(result.rows.map((r) => [r.phone, r]));
    },

    /** The calls, one statement, marked with their import (`fatura:{importId}`). */
    async insertCalls(tx: Executor, importId: number, calls: readonly (PhoneCall & { owner: PhoneLineOwner })[]) {
      if (calls.length === 0) return;
      for (let i = 0; i < calls.length; i += 5000) {
        const input = JSON.stringify(
          calls.slice(i, i + 5000).map((c) => ({
            cst_id: c.owner.holder,
            resp_id: c.owner.person,
            responsavel: c.owner.name.slice(0, 80),
            at: `${c.date}T${c.time}`,
            numero: c.phone,
            tipo: c.kind,
            destino: c.destination,
            qtde: c.quantity,
            valor: c.value,
          })),
        );
        await tx.execute(sql`
          insert into mobile_calls (cst_id, resp_id, mc_responsavel, mc_ano, mc_mes, mc_data, mc_numero, mc_tipo, mc_destino, mc_qtde, mc_valor, mc_import)
          select i.cst_id, i.resp_id, i.responsavel, extract(year from i.at)::int, extract(month from i.at)::int,
                 i.at at time zone 'America/Sao_Paulo', i.numero, i.tipo, i.destino, i.qtde, i.valor, ${`fatura:${importId}`}
            from jsonb_to_recordset(${input}::jsonb)
                 as i(cst_id int, resp_id int, responsavel text, at timestamp, numero text, tipo text, destino text, qtde int, valor int)`);
      }
    },
  };
}
export type FileImportRepository = ReturnType<typeof createFileImportRepository>;

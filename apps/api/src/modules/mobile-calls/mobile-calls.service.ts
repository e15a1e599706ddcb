import { sql } from 'drizzle-orm';
import { mobileCallsMessages, type MobileCallsReply } from '@assoc/domain';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';

const label = (ano: number, mes: number) => `${String(mes).padStart(2, '0')}/${ano}`;

/** GET celular/{cstId}/{ano}/{mes} (spec 1 §2, §7): a holder's (or a dependent's holder's) calls of one month. */
export function createMobileCallsService(db: Db) {
  return {
    async statement(cstId: number, ano: number, mes: number): Promise<MobileCallsReply> {
      const person = await db.execute<{ holder: number }>(sql`select coalesce(parent_id, cst_id) as holder from customers where cst_id = ${cstId}`);
      const holder = person.rows[0]?.holder;
      if (holder === undefined) throw notFound(mobileCallsMessages.memberNotFound);
      const months = await db.execute<{ ano: number; mes: number }>(sql`
        select distinct mc_ano as ano, mc_mes as mes from mobile_calls where cst_id = ${holder} order by 1 desc, 2 desc`);
      const periodos = months.rows.map((m) => ({ ano: m.ano, mes: m.mes, label: label(m.ano, m.mes) }));
      const chosen = ano === 0 || mes === 0 ? periodos[0] : { ano, mes };
      if (!chosen) return { ano: 0, mes: 0, periodos, chamadas: [], total: 0 };
      const calls = await db.execute<MobileCallsReply['chamadas'][number] & Record<string, unknown>>(sql`
        select mc_id as "mcId", to_char(mc_data at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as data,
               mc_numero as numero, mc_tipo as tipo, mc_responsavel as responsavel, mc_destino as destino,
               mc_qtde as qtde, mc_valor as valor
          from mobile_calls
         where cst_id = ${holder} and mc_ano = ${chosen.ano} and mc_mes = ${chosen.mes}
         order by mc_data, mc_id`);
      const total = calls.rows.reduce((sum, c) => sum + c.valor, 0);
      return { ano: chosen.ano, mes: chosen.mes, periodos, chamadas: calls.rows, total };
    },
  };
}

export type MobileCallsService = ReturnType<typeof createMobileCallsService>;

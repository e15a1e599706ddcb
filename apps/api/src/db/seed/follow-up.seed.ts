import { sql } from 'drizzle-orm';
import { cpfFromBase } from '@assoc/domain';
import type { Db } from '../client.js';

/** The demo attendance user (access.seed.ts), the rows' author. */
const ATTENDANCE_CPF = cpfFromBase('222555888');

/** What the demo rows say (atdTitulo). */
const TITLES = [
  'Solicitou a segunda via do boleto',
  'Dúvida sobre o reajuste do plano de saúde',
  'Pediu inclusão de dependente no plano',
  'Reclamou de cobrança em duplicidade',
  'Elogiou o atendimento da secretaria',
  'Pediu informações sobre a colônia de férias',
  'Quer cancelar a linha de telefonia móvel',
  'Atualização de endereço residencial',
  'Dúvida sobre o informe de rendimentos',
  'Pediu retorno sobre o pedido de ressarcimento',
];

/**
 * Demo follow-up rows (atendimentos, issue 13): one holder in 15 has 1 to 3 rows, spread over the year before
 * 2026-06-30, by the demo attendance user; type, subject, status and text follow from the holder's id, so the same
 * scale gives the same rows (the table is emptied first). One set-based statement.
 */
export async function seedFollowUps(db: Db, log: (line: string) => void = () => {}) {
  const titles = sql.raw(`array[${TITLES.map((t) => `'${t.replace(/'/g, "''")}'`).join(',')}]`);
  await db.execute(sql`truncate table atendimentos restart identity`);
  const result = await db.execute(sql`
    insert into atendimentos (cst_id, atd_data, atd_tipo, atd_departamento, atd_assunto, atd_titulo, atd_criado_por, atd_criado_por_id, atd_status)
    select c.cst_id,
      timestamptz '2026-06-30 18:00:00+00' - ((k * 7919 + g * 104729) % 365) * interval '1 day' - ((k * 31 + g * 977) % 32400) * interval '1 second',
      1 + (k + g) % 3,
      1,
      5 + (k * 3 + g * 5) % 13,
      (${titles})[1 + (k + g * 7) % ${TITLES.length}],
      coalesce(u.name, 'Atendimento'),
      u.user_id,
      1 + (k * 7 + g * 2) % 3
    from customers c
    -- k numbers the chosen holders (every 15th id), so the counts and lists vary from one holder to the next.
    cross join lateral (select c.cst_id / 15 as k) as n
    cross join lateral generate_series(1, 1 + n.k % 3) as g
    left join lateral (select user_id, name from users where cpf = ${ATTENDANCE_CPF} limit 1) u on true
    where c.parent_id is null and c.cst_id % 15 = 0`);
  log(`Atendimentos de demonstração: ${result.rowCount ?? 0}`);
}

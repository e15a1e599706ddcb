import { sql } from 'drizzle-orm';
import { terminalMessages } from '@assoc/domain';
import type { Db } from '../client.js';

/**
 * The terminal's demo (issue 29 item 4): the demo superadmin's history shows each outcome — two queries that ran (one
 * truncated at 1,000 rows), one refused by the parser's check and one PostgreSQL refused (a secret column) — so
 * /terminal opens with queries to click. Only when the demo superadmin exists (SEED_DEMO).
 */
export async function seedTerminal(db: Db, log: (line: string) => void = () => {}) {
  await db.execute(sql`truncate table terminal_queries restart identity`);
  const entries = [
    {
      minutes: 50,
      sql: 'select cst_id, cust_name, cust_email from customers where parent_id is null order by cust_name',
      outcome: 'ok',
      rows: 1000,
      truncated: true,
      ms: 38,
      message: null,
    },
    {
      minutes: 40,
      sql: 'select cust_status, count(*) from customers group by 1 order by 2 desc',
      outcome: 'ok',
      rows: 5,
      truncated: false,
      ms: 21,
      message: null,
    },
    {
      minutes: 30,
      sql: 'update customers set cust_email = null',
      outcome: 'refused',
      rows: null,
      truncated: false,
      ms: null,
      message: terminalMessages.notSelect('UPDATE'),
    },
    {
      minutes: 20,
      sql: 'select name, password_hash from users',
      outcome: 'error',
      rows: null,
      truncated: false,
      ms: 3,
      message: terminalMessages.permissionDenied('permission denied for table users'),
    },
  ] as const;
  const { rows } = await db.execute<{ n: number }>(sql`
    insert into terminal_queries (user_id, user_name, at, sql, outcome, row_count, truncated, elapsed_ms, message)
    select u.user_id, u.name, now() - make_interval(mins => e.minutes), e.sql, e.outcome, e.row_count, e.truncated, e.elapsed_ms, e.message
      from users u
      cross join jsonb_to_recordset(${JSON.stringify(entries.map((e) => ({ ...e, row_count: e.rows, elapsed_ms: e.ms })))}::jsonb)
           as e(minutes int, sql text, outcome text, row_count int, truncated boolean, elapsed_ms int, message text)
     where u.cpf = '11144477735'
    returning 1 as n`);
  log(`Terminal: ${rows.length} consultas no histórico do superadministrador de demonstração`);
}

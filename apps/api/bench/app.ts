/**
 * What the benches over the members bench's database share: the app built over it, the bench user's headers, the
 * server time of the calls being measured, and the lines every bench prints.
 */
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../src/config.js';
import { buildApp } from '../src/app.js';
import { benchSession, LOG_LEVEL, type MembersBenchDatabase } from './members.bench.js';
import { WEB_DIST } from './web.js';

export const log = (line = '') => console.log(line);

/** The load average beside every figure: a bench on a busy machine says so. */
export const machine = () => `carga ${os.loadavg()[0]!.toFixed(2)} em ${os.cpus().length} núcleos`;

export interface BenchAppOptions {
  /** Names the app's DATA_DIR (<tmp>/assoc-bench-<name>). */
  name: string;
  /** Serve the built web app (WEB_DIST) for the benches that drive Chromium. */
  serveWeb?: boolean;
  /** false: no job worker (the bench calls the job's function itself). */
  jobs?: boolean;
}

/** The production app over the bench's database, its log discarded (the log level still costs what it costs). */
export async function openBenchApp(bench: MembersBenchDatabase, { name, serveWeb = false, jobs = true }: BenchAppOptions) {
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: path.join(os.tmpdir(), `assoc-bench-${name}`),
    SESSION_SECRET: 'bench-secret',
    LOG_LEVEL,
  });
  return buildApp({
    config,
    db: bench.db,
    pool: bench.pool,
    serveWeb,
    ...(serveWeb ? { webRoot: WEB_DIST } : {}),
    ...(jobs ? {} : { features: { jobs: false } }),
    logger: { stream: { write: () => undefined } },
  });
}

/** The bench user's (every staff role) cookie and XSRF header for `app.inject`. */
export async function benchHeaders(app: FastifyInstance): Promise<Record<string, string>> {
  const session = await benchSession(app);
  return { cookie: session.cookie, 'x-xsrf-token': session.xsrf };
}

/**
 * Server time (Fastify's reply.elapsedTime) of every answer while a list is set: `timer.record(list)` before the
 * calls to measure, `timer.record(null)` after. Registered before `app.ready()`.
 */
export function serverTimer(app: FastifyInstance) {
  let into: number[] | null = null;
  app.addHook('onResponse', async (_request, reply) => {
    into?.push(reply.elapsedTime);
  });
  return {
    record(list: number[] | null) {
      into = list;
    },
  };
}

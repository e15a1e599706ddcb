/**
 * Closing benchmark (npm run bench, issue 24 "Speed"): at BENCH_SCALE holders (default 30,000; about 63,000 people and
 * 4 services each) with the demo's two years of ledger, the preview of the closing ≤ 3 s and the closing of one month
 * (entries, charges, check, lock) ≤ 30 s end to end.
 *
 * Uses the members bench's database (`openMembersBenchDatabase`: run after members.bench.ts, or it seeds it) through a
 * copy (`CREATE DATABASE … TEMPLATE`), since a closing locks the open period for good: the copy is dropped at the end.
 * The closing runs as the job does (`runClosing`: chunks of 1,000 holders with their checkpoints), in this process.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.js';
import { buildApp } from '../src/app.js';
import { runClosing } from '../src/modules/closing/closing.job.js';
import { createClosingRepository } from '../src/modules/closing/closing.repository.js';
import { copyMembersBenchDatabase, LOG_LEVEL } from './members.bench.js';
import { runBench } from './stats.js';

const TARGET_PREVIEW_MS = 3_000;
const TARGET_CLOSING_MS = 30_000;
const COPY = 'assoc_closing_bench';
const log = (line = '') => console.log(line);
const machine = () => `carga ${os.loadavg()[0]!.toFixed(2)} em ${os.cpus().length} núcleos`;

async function main() {
  const copy = await copyMembersBenchDatabase(COPY);
  const { db, pool, holders } = copy;
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: path.join(os.tmpdir(), 'assoc-bench-closing'), SESSION_SECRET: 'bench', LOG_LEVEL });
  const app = await buildApp({ config, db, pool, serveWeb: false, features: { jobs: false }, logger: { stream: { write: () => undefined } } });
  try {
    await app.ready();
    const user = await db.execute<{ id: number }>(sql`select user_id as id from users order by user_id limit 1`);
    log(`Fechamento: ${holders} titulares; ${machine()}`);
    let t0 = performance.now();
    const preview = await app.services.closing.preview();
    const previewMs = performance.now() - t0;
    log(`  prévia: ${previewMs.toFixed(0)} ms (meta ≤ ${TARGET_PREVIEW_MS} ms): ${preview.entries} lançamentos, ${preview.chargesCount} cobranças`);
    t0 = performance.now();
    const outcome = await runClosing(
      { jobId: crypto.randomUUID(), userId: user.rows[0]!.id, db, progress: async () => {} },
      { service: app.services.closing, repo: createClosingRepository(), ledger: app.services.ledger },
    );
    const closingMs = performance.now() - t0;
    const ok = previewMs <= TARGET_PREVIEW_MS && closingMs <= TARGET_CLOSING_MS;
    log('Resultado:');
    log(
      `  fechamento: ${(closingMs / 1000).toFixed(1)} s (meta ≤ ${TARGET_CLOSING_MS / 1000} s); prévia ${(previewMs / 1000).toFixed(2)} s; ${outcome.result}; ${machine()} ${ok ? 'OK' : 'ABAIXO DA META'}`,
    );
    return ok;
  } finally {
    await app.close().catch(() => {});
    await copy.drop();
  }
}

runBench(import.meta.url, main);

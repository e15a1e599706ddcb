/**
 * Timing figures that were once assertions of the unit suite (issue 23 §8: a loaded test machine stretches any one
 * answer, so the tests keep the behaviour and the figures live here):
 *  - `GET login/resetpassword/{user}` answers an existing, an unknown, an inactive and an e-mail-less CPF, and a
 *    malformed one, each after the same floor: the medians of the kinds differ by < 120 ms (so the answer's time
 *    never tells whether the CPF exists);
 *  - the demo photos' second run (`seedPhotos` over stored photos) takes < 5 s.
 * Env: BENCH_TIMING_RUNS (20 answers of each kind), BENCH_TIMING_PG_PORT (54366), BENCH_TIMING_DATA_DIR (temp folder),
 * BENCH_DATABASE_URL.
 */
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { cpfFromBase } from '@assoc/domain';
import { loadConfig } from '../src/config.js';
import { startDatabase } from '../src/db/database.js';
import { createDb, createPool, runMigrations } from '../src/db/client.js';
import { users } from '../src/db/schema/index.js';
import { seedDemoData } from '../src/db/seed/seed.js';
import { seedPhotos } from '../src/db/seed/photos.seed.js';
import { hashPassword } from '../src/lib/password.js';
import { buildApp } from '../src/app.js';
import { percentile, runBench } from './stats.js';

const env = process.env;
const RUNS = Number(env.BENCH_TIMING_RUNS ?? 20);
const DATA_DIR = env.BENCH_TIMING_DATA_DIR ?? path.join(os.tmpdir(), 'assoc-bench-timing');
const PG_PORT = Number(env.BENCH_TIMING_PG_PORT ?? 54366);
const TARGETS = { resetSpreadMs: 120, photosSecondRunMs: 5_000 };
const log = (line = '') => console.log(line);

async function main() {
  const database = await startDatabase({ databaseUrl: env.BENCH_DATABASE_URL, dataDir: DATA_DIR, port: PG_PORT, database: 'postgres' });
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  await admin.query('drop database if exists assoc_timing_bench with (force)');
  await admin.query('create database assoc_timing_bench');
  await admin.end();
  const url = new URL(database.url);
  url.pathname = '/assoc_timing_bench';
  const pool = createPool(url.toString(), 10);
  const db = createDb(pool);
  await runMigrations(db);
  // Requests per CPF and address are limited (3 per window by default): the bench asks far more often.
  const config = loadConfig({ DATA_DIR, SESSION_SECRET: 'bench', LOG_LEVEL: 'warn', RESET_MAX_REQUESTS: 1_000_000 });
  const app = await buildApp({ config, db, pool, serveWeb: false });
  try {
    await seedDemoData(db, { scale: 50 });
    const passwordHash = await hashPassword('Bench@1234');
    const known = cpfFromBase('999777111');
    const inactive = cpfFromBase('999777222');
    const noEmail = cpfFromBase('999777333');
    await db.insert(users).values([
      { cpf: known, name: 'Bench Conhecido', passwordHash, email: 'conhecido@exemplo.com.br' },
      { cpf: inactive, name: 'Bench Inativo', passwordHash, email: 'inativo@exemplo.com.br', active: false },
      { cpf: noEmail, name: 'Bench Sem Email', passwordHash },
    ]);
    const kinds: Record<string, string> = {
      existente: known,
      desconhecido: cpfFromBase('999777444'),
      inativo: inactive,
      'sem e-mail': noEmail,
      malformado: 'abc',
    };
    const times: Record<string, number[]> = Object.fromEntries(Object.keys(kinds).map((k) => [k, []]));
    for (let run = 0; run < RUNS; run++) {
      // Interleaved, so a busy moment of the machine falls on every kind alike.
      for (const [kind, cpf] of Object.entries(kinds)) {
        const started = performance.now();
        const res = await app.inject({ method: 'GET', url: `/api/v1/login/resetpassword/${cpf}`, remoteAddress: `10.9.${run % 250}.1` });
        times[kind]!.push(performance.now() - started);
        if (res.statusCode !== 200) throw new Error(`resetpassword ${kind}: ${res.statusCode} ${res.body}`);
      }
    }
    const medians = Object.fromEntries(
      Object.entries(times).map(([kind, list]) => [
        kind,
        percentile(
          [...list].sort((a, b) => a - b),
          50,
        ),
      ]),
    );
    const spread = Math.max(...Object.values(medians)) - Math.min(...Object.values(medians));

    const store = app.services.files.store;
    let started = performance.now();
    await seedPhotos(db, store);
    const firstPhotosMs = performance.now() - started;
    started = performance.now();
    await seedPhotos(db, store);
    const secondPhotosMs = performance.now() - started;

    log();
    log(`Resultado (tempos antes verificados nos testes; carga ${os.loadavg()[0]!.toFixed(2)})`);
    for (const [kind, median] of Object.entries(medians)) log(`  resetpassword ${kind.padEnd(13)} p50 ${median.toFixed(1)} ms`);
    log(`  resetpassword diferença entre medianas ${spread.toFixed(1)} ms (meta < ${TARGETS.resetSpreadMs} ms)`);
    log(`  fotos de demonstração: 1ª execução ${(firstPhotosMs / 1000).toFixed(2)} s, 2ª ${(secondPhotosMs / 1000).toFixed(2)} s (meta < 5 s)`);
    const ok = spread < TARGETS.resetSpreadMs && secondPhotosMs < TARGETS.photosSecondRunMs;
    log(`  metas: ${ok ? 'atingidas' : 'NÃO atingidas'}`);
  } finally {
    await app.close().catch(() => {});
    await pool.end().catch(() => {});
    await database.stop().catch(() => {});
  }
}

runBench(import.meta.url, main);

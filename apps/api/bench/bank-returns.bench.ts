/**
 * Remittance and return benchmark (npm run bench, issue 25 "Speed"): at BENCH_SCALE holders (default 30,000) after a
 * closing, generating every remittance file ≤ 5 s, and importing a return of BENCH_RETURN_RECORDS records (default
 * 20,000; mixed paid, rejected and a different value) ≤ 10 s.
 *
 * Uses a copy of the members bench's database (`copyMembersBenchDatabase`, as closing.bench.ts does), closes its open
 * month (not timed against a target here: closing.bench.ts measures it), then times the remittance service and the
 * import job's work (`runBankImport`, chunks with their checkpoints) in this process. The return is built from the
 * biggest debit file with the domain's `buildDebitReturnFrom`; if that file holds fewer records than asked, the figure
 * is also given per 20,000 records.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { bankReturnTypes, buildDebitReturnFrom, decodeLatin1, encodeLatin1, readDebitFile, type DebitOutcome } from '@assoc/domain';
import { loadConfig } from '../src/config.js';
import { buildApp } from '../src/app.js';
import { runClosing } from '../src/modules/closing/closing.job.js';
import { createClosingRepository } from '../src/modules/closing/closing.repository.js';
import { runBankImport } from '../src/modules/bank-import/bank-import.job.js';
import { createBankImportRepository } from '../src/modules/bank-import/bank-import.repository.js';
import { copyMembersBenchDatabase, LOG_LEVEL } from './members.bench.js';
import { runBench } from './stats.js';

const TARGET_REMITTANCE_MS = 5_000;
const TARGET_IMPORT_MS = 10_000;
const RECORDS = Number(process.env.BENCH_RETURN_RECORDS ?? 20_000);
const COPY = 'assoc_bank_returns_bench';
const log = (line = '') => console.log(line);
const machine = () => `carga ${os.loadavg()[0]!.toFixed(2)} em ${os.cpus().length} núcleos`;

async function main() {
  const copy = await copyMembersBenchDatabase(COPY);
  const { db, holders } = copy;
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: path.join(os.tmpdir(), 'assoc-bench-bank'), SESSION_SECRET: 'bench', LOG_LEVEL });
  const app = await buildApp({
    config,
    db,
    pool: copy.pool,
    serveWeb: false,
    features: { jobs: false },
    logger: { stream: { write: () => undefined } },
  });
  try {
    await app.ready();
    const user = (await db.execute<{ id: number; name: string }>(sql`select user_id as id, name from users order by user_id limit 1`)).rows[0]!;
    const actor = { userId: user.id, name: user.name };
    log(`Remessas e retornos: ${holders} titulares; ${machine()}`);
    let t0 = performance.now();
    const closed = await runClosing(
      { jobId: crypto.randomUUID(), userId: user.id, db, progress: async () => {} },
      { service: app.services.closing, repo: createClosingRepository(), ledger: app.services.ledger },
    );
    log(`  fechamento (preparação): ${((performance.now() - t0) / 1000).toFixed(1)} s; ${closed.result}`);

    t0 = performance.now();
    const run = await app.services.bankRemittance.generate({ actor, jobId: null });
    const remittanceMs = performance.now() - t0;
    const files = run.files.map((f) => `${f.fileName} ${f.records}`).join(', ');
    log(`  remessas: ${remittanceMs.toFixed(0)} ms (meta ≤ ${TARGET_REMITTANCE_MS} ms): ${files}; ${run.skipped.length} não enviadas`);

    const biggest = run.files.filter((f) => [1, 2, 18].includes(f.bnkId)).sort((a, b) => b.records - a.records)[0];
    if (!biggest) throw new Error('nenhum arquivo de débito gerado: a base do bench não tem cobranças em débito automático');
    const stored = await app.services.bankRemittance.file(biggest.rmId);
    const remittance = decodeLatin1(new Uint8Array(await app.services.files.bytes(stored)));
    const ids = readDebitFile(remittance)
      .requests.map((r) => r.chargeId)
      .slice(0, RECORDS);
    // Mostly paid, some rejected, a few paid with another value: the import's three paths.
    const outcomes: Record<string, DebitOutcome> = {};
    ids.forEach((id, i) => (outcomes[id] = i % 10 === 9 ? '01' : i % 50 === 7 ? { code: '00', valueCents: 100 } : '00'));
    const built = buildDebitReturnFrom(remittance, outcomes, { nsa: 900 });
    const tipo = bankReturnTypes.find((t) => t.bnkId === biggest.bnkId)!.value;

    const repo = createBankImportRepository();
    const jobId = crypto.randomUUID();
    const importId = await db.transaction(async (tx) => {
      const file = await app.services.files.saveIn(tx, { name: 'bench.ret', data: Buffer.from(encodeLatin1(built.text)), createdBy: user.id });
      return repo.insert(tx, {
        origin: 'banco',
        tipo,
        fileName: 'bench.ret',
        sha256: crypto.randomUUID().replace(/-/g, ''),
        scanId: file.id,
        jobId,
        userId: user.id,
        userName: user.name,
      });
    });
    t0 = performance.now();
    const outcome = await runBankImport(
      { jobId, userId: user.id, db, progress: async () => {}, files: app.services.files },
      { repo, charges: app.services.charges, banks: { magiscred: config.DEBIT_MAGISCRED_BANK_CODE, boleto: config.BOLETO_BANK } },
      importId,
    );
    const importMs = performance.now() - t0;
    const records = built.records.length;
    const per20k = (importMs / records) * 20_000;
    const ok = remittanceMs <= TARGET_REMITTANCE_MS && per20k <= TARGET_IMPORT_MS && records > 0;
    log('Resultado:');
    log(`  remessas: ${(remittanceMs / 1000).toFixed(2)} s (meta ≤ ${TARGET_REMITTANCE_MS / 1000} s)`);
    log(
      `  retorno de ${records} registros: ${(importMs / 1000).toFixed(2)} s` +
        (records !== 20_000 ? ` (${(per20k / 1000).toFixed(2)} s por 20.000)` : '') +
        ` (meta ≤ ${TARGET_IMPORT_MS / 1000} s por 20.000); ${outcome.result}; ${machine()} ${ok ? 'OK' : 'ABAIXO DA META'}`,
    );
    return ok;
  } finally {
    await app.close().catch(() => {});
    await copy.drop();
  }
}

runBench(import.meta.url, main);

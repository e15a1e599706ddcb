/**
 * Income-tax benchmark (npm run bench, issue 14 "Speed"): the job "Gerar I.R. do ano base" (`ir-gerar`) for every
 * holder of a base year ≤ 60 s at the benchmark scale (BENCH_SCALE holders, default 30,000, two years of ledger).
 *
 * Uses the members bench's database (members.bench.ts), with the demo ledger (seeded here when missing, like the ledger
 * bench), and runs the job's handler once, timed, for the newest base year whose twelve months are all locked (or the
 * newest year with a locked period), with a no-op attachment and progress.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { seedLedger } from '../src/db/seed/ledger.seed.js';
import { generateIncomeTax } from '../src/modules/income-tax/income-tax.job.js';
import { openMembersBenchDatabase } from './members.bench.js';
import { runBench } from './stats.js';

const TARGET_MS = 60_000;
const log = (line = '') => console.log(line);

async function main() {
  const bench = await openMembersBenchDatabase({ fresh: false });
  try {
    const { rows: present } = await bench.db.execute<{ n: number }>(sql`select count(*)::int as n from closing_periods`);
    if (present[0]!.n === 0) {
      log('Base do benchmark sem razão: gerando o razão de demonstração...');
      await seedLedger(bench.db, log);
    }
    const { rows } = await bench.db.execute<{ ano: number; meses: number }>(sql`
      select fec_ano as ano, count(*)::int as meses from closing_periods where locked_at is not null group by 1 order by (count(*) = 12) desc, 1 desc limit 1`);
    const ano = rows[0]!.ano;
    let size = 0;
    let updates = 0;
    const started = performance.now();
    const outcome = await generateIncomeTax({
      db: bench.db,
      userData: String(ano),
      progress: async () => void updates++,
      attach: async (file) => void (size = file.data.length),
    });
    const ms = performance.now() - started;
    log(`\nI.R. do ano base ${ano} (${rows[0]!.meses} meses fechados), ${bench.holders.length} titulares:`);
    log(`  job ir-gerar: ${(ms / 1000).toFixed(1)} s (meta ≤ ${TARGET_MS / 1000} s), ${outcome.subtitle}, ${outcome.result}`);
    log(
      `  CSV de ${(size / 1024 / 1024).toFixed(1)} MB, ${updates} atualizações de progresso; carga ${os.loadavg()[0]!.toFixed(2)} em ${os.cpus().length} núcleos`,
    );
    return ms <= TARGET_MS;
  } finally {
    await bench.close();
  }
}

runBench(import.meta.url, main, 'fail');

/**
 * Statement jobs benchmark (npm run bench, issue 30 "Speed"): at the benchmark scale (BENCH_SCALE holders, default
 * 30,000, two years of ledger) the monthly statement e-mail job (`extrato-email`) queues every e-mail with its PDF
 * ≤ 60 s (PDFs rendered by the worker pool), and the printer file of 5,000 statements (`extrato-impressora`'s
 * renderBook + join) ≤ 60 s.
 *
 * Uses the members bench's database (members.bench.ts) with the demo ledger (seeded when missing). The e-mail job runs
 * once over the last closed period, through the job's own function (`emailDocuments`), after forgetting the earlier
 * runs' `document_sends` of that period (and their outbox rows) so every e-mail is queued again. The printer file is
 * rendered for the first 5,000 holders in the order of the address labels. The render pool's workers are started before
 * the timing (a running server keeps them). Besides the wall clock, the process's CPU time (main thread and workers,
 * PostgreSQL apart) and the main thread's busy time: the wall clock alone says little on a shared machine.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { seedLedger } from '../src/db/seed/ledger.seed.js';
import { emailDocuments, LABEL_JOIN, LABEL_ORDER, printDocuments } from '../src/modules/ledger/document-jobs.js';
import { openMembersBenchDatabase } from './members.bench.js';
import { log, machine, openBenchApp } from './app.js';
import { runBench } from './stats.js';

const TARGET_MS = 60_000;
const PRINTED = Number(process.env.BENCH_PRINTED ?? 5000);
const cpuSeconds = (from: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1e6;
};

async function main() {
  const bench = await openMembersBenchDatabase({ fresh: false });
  const { rows: present } = await bench.db.execute<{ n: number }>(sql`select count(*)::int as n from closing_periods`);
  if (present[0]!.n === 0) {
    log('Base do benchmark sem razão: gerando o razão de demonstração...');
    await seedLedger(bench.db, log);
  }
  const app = await openBenchApp(bench, { name: 'statements', jobs: false });
  try {
    const { rows } = await bench.db.execute<{ fec_id: number; ano: number; mes: number; locked_at: string }>(
      sql`select fec_id, fec_ano as ano, fec_mes as mes, locked_at from closing_periods where locked_at is not null order by fec_ano desc, fec_mes desc limit 1`,
    );
    const period = rows[0]!;
    const mes = `${String(period.mes).padStart(2, '0')}/${period.ano}`;
    await bench.db.execute(
      sql`delete from outbox where id in (select outbox_id from document_sends where kind = 'extrato' and period = ${period.fec_id})`,
    );
    await bench.db.execute(sql`delete from document_sends where kind = 'extrato' and period = ${period.fec_id}`);
    const spec = {
      kind: 'extrato' as const,
      optIn: sql`c.cust_extrato_por_email`,
      period: period.fec_id,
      report: 'extrato',
      fileName: `extrato-${period.ano}-${String(period.mes).padStart(2, '0')}.pdf`,
      subtitle: `Extrato ${mes}`,
      load: (tx: Parameters<typeof app.services.ledger.statementDocuments>[0], ids: readonly number[]) =>
        app.services.ledger.statementDocuments(tx, period.fec_id, ids),
    };
    // The render pool's workers started first, as in a running server (they stay between jobs; under tsx a worker's
    // start costs seconds of compiling that the bundled server does not pay).
    const { rows: some } = await bench.db.execute<{ cst_id: number }>(
      sql`select cst_id from customers where parent_id is null order by cst_id limit 64`,
    );
    const warm = await spec.load(
      bench.db,
      some.map((r) => r.cst_id),
    );
    await app.services.documents.renderMany('extrato', [...warm.values()].slice(0, 32));
    const jobId = crypto.randomUUID();
    // Where the time goes: the data, rendering (the pool) and queueing (file, outbox row, document_sends row per e-mail).
    const spent = { render: 0, queue: 0, load: 0 };
    const timed =
      <A extends unknown[], R>(key: keyof typeof spent, fn: (...args: A) => Promise<R>) =>
      async (...args: A) => {
        const t = performance.now();
        try {
          return await fn(...args);
        } finally {
          spent[key] += performance.now() - t;
        }
      };
    const documents = {
      ...app.services.documents,
      renderMany: timed('render', app.services.documents.renderMany),
      emailTo: timed('queue', app.services.documents.emailTo),
      emailMany: timed('queue', app.services.documents.emailMany),
    };
    // CPU of this process (main thread and render workers; PostgreSQL apart) and of the main thread: steadier than the
    // wall clock on a shared machine, and what an idle 2-core machine would need.
    let cpu0 = process.cpuUsage();
    let elu0 = performance.eventLoopUtilization();
    let started = performance.now();
    const emailed = await emailDocuments(
      { jobId, db: bench.db, progress: async () => {} },
      documents,
      { userId: 1, name: 'Bench' },
      {
        ...spec,
        load: timed('load', spec.load),
        template: { key: 'extrato', values: { mes } },
      },
    );
    const emailMs = performance.now() - started;
    const emailCpu = cpuSeconds(cpu0);
    const emailMain = performance.eventLoopUtilization(elu0).active / 1000;
    await bench.db.execute(sql`delete from job_chunks where job_id = ${jobId}`);
    log(`\nExtrato ${mes}, ${bench.holders.length} titulares:`);
    log(`  extrato-email: ${(emailMs / 1000).toFixed(1)} s (meta ≤ ${TARGET_MS / 1000} s): ${emailed.result}`);
    log(
      `    dados ${(spent.load / 1000).toFixed(1)} s, PDFs ${(spent.render / 1000).toFixed(1)} s (espera, sobreposta à fila), fila ${(spent.queue / 1000).toFixed(1)} s; CPU do processo ${emailCpu.toFixed(1)} s (thread principal ${emailMain.toFixed(1)} s)`,
    );
    log(`    ${((emailed.state.sent / emailMs) * 1000).toFixed(0)} e-mails com PDF por segundo; ${machine()}`);

    // The printer file of PRINTED statements: the first holders in the labels' order.
    const { rows: first } = await bench.db.execute<{ cst_id: number }>(
      sql`select c.cst_id from customers c ${LABEL_JOIN} where c.parent_id is null order by ${LABEL_ORDER} limit ${PRINTED}`,
    );
    const chosen = new Set(first.map((r) => r.cst_id));
    let size = 0;
    cpu0 = process.cpuUsage();
    elu0 = performance.eventLoopUtilization();
    started = performance.now();
    const printed = await printDocuments(
      { db: bench.db, progress: async () => {}, attach: async (file) => void (size = file.data.length) },
      app.services.documents,
      {
        ...spec,
        // Every holder of the labels' order, the first PRINTED of them loaded.
        optIn: sql`false`,
        load: async (tx, ids) =>
          spec.load(
            tx,
            ids.filter((id) => chosen.has(id)),
          ),
        now: new Date(period.locked_at),
      },
    );
    const printMs = performance.now() - started;
    const printCpu = cpuSeconds(cpu0);
    const printMain = performance.eventLoopUtilization(elu0).active / 1000;
    log(
      `  extrato-impressora (${printed.documents} extratos): ${(printMs / 1000).toFixed(1)} s (meta ≤ ${TARGET_MS / 1000} s), ${printed.pages} páginas, ${(size / 1024 / 1024).toFixed(1)} MB; CPU do processo ${printCpu.toFixed(1)} s (thread principal ${printMain.toFixed(1)} s); carga ${os.loadavg()[0]!.toFixed(2)}`,
    );
    return emailMs <= TARGET_MS && printMs <= TARGET_MS;
  } finally {
    await app.close().catch(() => {});
    await bench.close();
  }
}

runBench(import.meta.url, main, 'fail');

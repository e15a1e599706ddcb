/**
 * Filter benchmark (npm run bench, issue 29 "Speed"): at the members bench's scale (BENCH_SCALE holders, default
 * 30,000, ≈ 63,000 people), server time (Fastify's reply.elapsedTime) of `POST filter/executar` — the count and the
 * first page (50 rows, 5 columns) of a filter with 4 criteria (status, situação, an age range that moves with each
 * call, e-mail present) — p95 ≤ 150 ms; and the XLSX export of every member (10 columns, the job's work:
 * `buildExport`) ≤ 10 s.
 *
 * Uses the members bench's database (`openMembersBenchDatabase`, kept when it is at the scale). One call at a time
 * through `app.inject`, after warm-up calls.
 */
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import type { FilterExportBody, FilterQuery } from '@assoc/domain';
import { createFilterRepository } from '../src/modules/filter/filter.repository.js';
import { buildExport } from '../src/modules/filter/filter.service.js';
import { benchHeaders, log, machine, openBenchApp, serverTimer } from './app.js';
import { LOG_LEVEL, openMembersBenchDatabase } from './members.bench.js';
import { percentile, runBench } from './stats.js';

const env = process.env;
const RUNS = Number(env.BENCH_FILTER_RUNS ?? 300);
const EXPORTS = Number(env.BENCH_FILTER_EXPORTS ?? 2);
const TARGETS = { run: 150, export: 10_000 };

/** Four criteria; the age range moves with `i` so the calls are not all the same. */
const fourCriteria = (i: number): FilterQuery => ({
  combinator: 'and',
  rules: [
    { field: 'status', operator: 'in', value: ['M', 'N', 'H', 'J'] },
    { field: 'situacao', operator: 'in', value: [1, 2] },
    { field: 'idade', operator: 'between', value: [30 + (i % 20), 60 + (i % 20)] },
    { field: 'temEmail', operator: '=', value: true },
  ],
});

const TEN_COLUMNS = ['nome', 'numeroInterno', 'cpf', 'tipo', 'status', 'situacao', 'nascimento', 'email', 'localDebito', 'saldoAberto'];

async function main() {
  const started = Date.now();
  const bench = await openMembersBenchDatabase({ fresh: false });
  try {
    const people = (await bench.db.execute<{ n: number }>(sql`select count(*)::int as n from customers`)).rows[0]!.n;
    const app = await openBenchApp(bench, { name: 'filter' });
    const times: number[] = [];
    const timer = serverTimer(app);
    try {
      await app.ready();
      const headers = await benchHeaders(app);
      log(`Filtro: ${bench.holders.length} titulares, ${people} pessoas; log ${LOG_LEVEL}; ${machine()}`);
      let failures = 0;
      let lastTotal = 0;
      for (let i = 0; i < RUNS + 30; i++) {
        timer.record(i >= 30 ? times : null);
        const res = await app.inject({
          method: 'POST',
          url: '/api/v1/filter/executar',
          headers,
          payload: { query: fourCriteria(i), columns: ['nome', 'numeroInterno', 'cpf', 'status', 'situacao'], page: 1, pageSize: 50 },
        });
        if (res.statusCode !== 200) failures += 1;
        else lastTotal = (res.json() as { total: number }).total;
      }
      timer.record(null);

      const repo = createFilterRepository();
      const exportTimes: number[] = [];
      const request: FilterExportBody = { query: { combinator: 'and', rules: [] }, columns: TEN_COLUMNS, format: 'xlsx' };
      for (let i = 0; i < EXPORTS; i++) {
        const t0 = performance.now();
        const file = await buildExport(bench.db, repo, request);
        exportTimes.push(performance.now() - t0);
        if (i === 0) {
          const book = new ExcelJS.Workbook();
          await book.xlsx.load(file.data as unknown as ArrayBuffer);
          const rows = book.worksheets[0]!.rowCount - 1;
          if (rows !== people) throw new Error(`A planilha tem ${rows} linhas, e não ${people}`);
          log(`  planilha: ${rows} linhas + cabeçalho, ${TEN_COLUMNS.length} colunas, ${(file.data.length / 1024).toFixed(0)} KiB`);
        }
      }

      const sortedRuns = [...times].sort((a, b) => a - b);
      const runP95 = percentile(sortedRuns, 95);
      const worstExport = Math.max(...exportTimes);
      const ok = runP95 <= TARGETS.run && worstExport <= TARGETS.export && failures === 0;
      log('Resultado:');
      log(
        `  POST filter/executar (4 critérios, contagem e primeira página; ${lastTotal} pessoas na última): p50 ${percentile(sortedRuns, 50).toFixed(2)} ms, p95 ${runP95.toFixed(2)} ms (meta ≤ ${TARGETS.run} ms)${runP95 <= TARGETS.run ? ' OK' : ' ABAIXO DA META'}`,
      );
      log(
        `  exportação XLSX de todas as ${people} pessoas (10 colunas): ${exportTimes.map((t) => `${(t / 1000).toFixed(2)} s`).join(', ')} (meta ≤ ${TARGETS.export / 1000} s)${worstExport <= TARGETS.export ? ' OK' : ' ABAIXO DA META'}`,
      );
      log(`  ${failures} falhas; ${machine()}; ${((Date.now() - started) / 1000).toFixed(0)} s`);
      return ok;
    } finally {
      await app.close().catch(() => {});
    }
  } finally {
    await bench.close();
  }
}

runBench(import.meta.url, main);

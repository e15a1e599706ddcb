/**
 * Documents benchmark (npm run bench, issue 11): the monthly statement with 40 rows rendered N times in a batch
 * (target ≥ 100 PDFs/s on the 2-core machine: the statement job for thousands of members depends on it), and
 * the bond declaration's single render time (p95; the ≤ 100 ms p95 through the API adds the route's own cost).
 * The renderer reuses the fonts and plugins between renders. Env: BENCH_DOCUMENTS (400), BENCH_DOCUMENTS_SINGLE (200).
 */
import os from 'node:os';
import type { DocumentDefinition } from '../src/modules/documents/document.types.js';
import { declaracaoVinculo } from '../src/modules/documents/definitions/declaracao-vinculo.js';
import { extrato } from '../src/modules/documents/definitions/extrato.js';
import { createDocumentRenderer } from '../src/modules/documents/documents.renderer.js';
import { percentile } from './stats.js';

const env = process.env;
const BATCH = Number(env.BENCH_DOCUMENTS ?? 400);
const SINGLE = Number(env.BENCH_DOCUMENTS_SINGLE ?? 200);
const TARGET_PER_S = 100;
const TARGET_P95_MS = 100;
const ROWS = 40;
const log = (line = '') => console.log(line);

/** The monthly statement with its sample's first 40 entries. */
function statement(): { definition: DocumentDefinition; data: unknown } {
  const sample = extrato.sample();
  return { definition: extrato, data: { ...sample, entries: sample.entries.slice(0, ROWS) } };
}

async function main() {
  const renderer = createDocumentRenderer({
    context: () => ({ association: { name: 'Associação dos Magistrados', shortName: 'ASSOC' }, now: new Date() }),
  });
  const { definition, data } = statement();
  for (let i = 0; i < 10; i += 1) await renderer.render(definition, data);
  let bytes = 0;
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (let i = 0; i < BATCH; i += 1) bytes += (await renderer.render(definition, data)).length;
  const seconds = (performance.now() - start) / 1000;
  const perSecond = BATCH / seconds;
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000 / BATCH;

  const sample = declaracaoVinculo.sample();
  for (let i = 0; i < 10; i += 1) await renderer.render(declaracaoVinculo, sample);
  const times: number[] = [];
  for (let i = 0; i < SINGLE; i += 1) {
    const t = performance.now();
    await renderer.render(declaracaoVinculo, sample);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const p50 = percentile(times, 50);
  const p95 = percentile(times, 95);

  log(`Documents (${definition.name}, ${ROWS} rows; one process, load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores):`);
  log(
    `  batch of ${BATCH}: ${seconds.toFixed(2)} s, ${perSecond.toFixed(0)} PDFs/s (target ≥ ${TARGET_PER_S}), ${cpuMs.toFixed(1)} ms CPU and ${(bytes / BATCH / 1024).toFixed(0)} KiB per PDF`,
  );
  log(
    `  declaracao-vinculo, ${SINGLE} single renders: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (target ≤ ${TARGET_P95_MS} ms through the API)`,
  );
  if (perSecond < TARGET_PER_S || p95 > TARGET_P95_MS) log('  BELOW TARGET');
}

await main();

/**
 * Postings benchmark (npm run bench, issue 24 "Speed"): at BENCH_SCALE holders (default 30,000), a 10,000-line file
 * posted end to end ≤ 10 s: `POST lancamentos/files` (parse, every line checked, the batch and its job queued) and the
 * job `lancamentos` (10,000 ledger entries in the open period, the later instalments scheduled) until it is done.
 *
 * Uses a copy of the members bench database (`CREATE DATABASE … TEMPLATE`, as closing.bench.ts), since the entries
 * stay for good; the copy is dropped at the end. The app runs with its jobs engine, so the job runs as in production.
 */
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { pathOf, postingContracts } from '@assoc/domain';
import { loadConfig } from '../src/config.js';
import { buildApp } from '../src/app.js';
import { benchSession, copyMembersBenchDatabase, LOG_LEVEL } from './members.bench.js';
import { multipartBody } from '../test/multipart.js';
import { runBench } from './stats.js';

const LINES = Number(process.env.BENCH_POSTING_LINES ?? 10_000);
const TARGET_MS = 10_000;
const COPY = 'assoc_postings_bench';
const log = (line = '') => console.log(line);
const machine = () => `carga ${os.loadavg()[0]!.toFixed(2)} em ${os.cpus().length} núcleos`;

/** A multipart body with the field svcId and the file, as the screen sends it. */
const multipart = (svcId: number, name: string, data: Buffer) =>
  multipartBody([
    { name: 'svcId', value: String(svcId) },
    { name: 'file', filename: name, data, contentType: 'text/csv' },
  ]);

async function main() {
  const copy = await copyMembersBenchDatabase(COPY);
  const { db, pool } = copy;
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: path.join(os.tmpdir(), 'assoc-bench-postings'), SESSION_SECRET: 'bench', LOG_LEVEL });
  const app = await buildApp({ config, db, pool, serveWeb: false, logger: { stream: { write: () => undefined } } });
  try {
    await app.ready();
    // The file-mode service (a database seeded before the postings' demo may not have one).
    const svc = await db.execute<{ svcId: number }>(sql`
      update services set svc_lanc_plugin = 'lancbar'
       where svc_id = (select svc_id from services where deleted_at is null order by (svc_lanc_plugin = 'lancbar') desc nulls last, svc_id limit 1)
       returning svc_id as "svcId"`);
    const svcId = svc.rows[0]!.svcId;
    const people = await db.execute<{ cpf: string }>(sql`
      select c.cust_cpf as cpf from customers c
       where c.parent_id is null and c.cust_deceased is null and c.cust_assoc_situacao is distinct from 5 and c.cust_cpf is not null
       order by c.cst_id limit ${LINES}`);
    const cpfs = people.rows.map((r) => r.cpf);
    const lines = Array.from(
      { length: LINES },
      (_, i) => `${cpfs[i % cpfs.length]};${(12 + (i % 50)).toString()},${String(i % 100).padStart(2, '0')};1`,
    );
    const file = Buffer.from(`cpf;valor;parcelas\n${lines.join('\n')}\n`);
    const session = await benchSession(app);
    log(`Lançamentos por arquivo: ${LINES} linhas (${cpfs.length} titulares distintos); ${machine()}`);
    const t0 = performance.now();
    const { payload, headers } = multipart(svcId, 'bench.csv', file);
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/${pathOf(postingContracts.postFile)}`,
      payload,
      headers: { ...headers, cookie: session.cookie, 'x-xsrf-token': session.xsrf },
    });
    const acceptedMs = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`POST lancamentos/files: ${res.statusCode} ${res.body.slice(0, 500)}`);
    const { jobId } = res.json() as { jobId: string };
    let status = 10;
    let result = '';
    while (status <= 10) {
      await new Promise((r) => setTimeout(r, 50));
      const job = await db.execute<{ status: number; result: string }>(
        sql`select job_status as status, job_result as result from jobs where job_id = ${jobId}`,
      );
      status = job.rows[0]!.status;
      result = job.rows[0]!.result;
    }
    const totalMs = performance.now() - t0;
    const entries = await db.execute<{ n: number }>(sql`select count(*)::int as n from statement_entries where ext_key like ${'lanc:%'}`);
    const ok = status === 30 && totalMs <= TARGET_MS;
    log('Resultado:');
    log(
      `  arquivo de ${LINES} linhas: aceito em ${(acceptedMs / 1000).toFixed(2)} s, lançado em ${(totalMs / 1000).toFixed(2)} s (meta ≤ ${TARGET_MS / 1000} s); tarefa ${status}: ${result}; ${entries.rows[0]!.n} lançamentos; ${machine()} ${ok ? 'OK' : 'ABAIXO DA META'}`,
    );
    return ok;
  } finally {
    await app.close().catch(() => {});
    await copy.drop();
  }
}

runBench(import.meta.url, main);

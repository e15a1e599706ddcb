/**
 * Reimbursements benchmark (npm run bench, issue 27 "Speed"): at BENCH_SCALE holders (default 30,000) with the demo's
 * data, server time (Fastify's reply.elapsedTime) of the member save (`PUT user/{cstId}`) carrying a new reimbursement
 * claim of three procedures (each with its uploaded document; one returned Pago, so the save also writes its credit in
 * the ledger), p95 ≤ 25 ms.
 *
 * Works on a throw-away copy of the members bench's database (`copyMembersBenchDatabase`: the claims and credits it
 * writes do not stay). Each save: the holder's record read and three documents uploaded first (not timed), then the
 * save at the version read, one at a time through `app.inject`, after warm-up saves. BENCH_RES_SAVES (default 300).
 */
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.js';
import { buildApp } from '../src/app.js';
import { benchSession, copyMembersBenchDatabase, LOG_LEVEL } from './members.bench.js';
import { percentile, runBench } from './stats.js';

const env = process.env;
const SAVES = Number(env.BENCH_RES_SAVES ?? 300);
const WARMUP = 30;
const TARGET_MS = 25;
const log = (line = '') => console.log(line);
const machine = () => `carga ${os.loadavg()[0]!.toFixed(2)} em ${os.cpus().length} núcleos`;
const PDF = Buffer.from('%PDF-1.7\n% recibo\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

function multipart(data: Buffer) {
  const boundary = `----bench${crypto.randomBytes(6).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="recibo.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function main() {
  const started = Date.now();
  const copy = await copyMembersBenchDatabase('assoc_reimbursements_bench');
  try {
    // The holders whose patient (the holder) has a health plan of a health IR group (the Pago credit needs one).
    const { rows } = await copy.db.execute<{ id: number }>(sql`
      select distinct c.cst_id as id from customers c
        join customer_services cs on cs.cst_id = c.cst_id
        join service_plugins sp on sp.svc_id = cs.svc_id and sp.plugin = 'plgHealth'
        join services s on s.svc_id = cs.svc_id join extrato_groups g on g.extgrp_id = s.irgrp_id and g.extgrp_saude
       where c.parent_id is null and c.cust_deceased is null
       order by 1`);
    const holders = rows.map((r) => r.id);
    if (holders.length === 0) throw new Error('Nenhum titular com plano de saúde no banco do benchmark');
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: path.join(os.tmpdir(), 'assoc-bench-reimbursements'),
      SESSION_SECRET: 'bench-secret',
      LOG_LEVEL,
    });
    const app = await buildApp({ config, db: copy.db, pool: copy.pool, serveWeb: false, logger: { stream: { write: () => undefined } } });
    const times: number[] = [];
    let measuring = false;
    app.addHook('onResponse', async (request, reply) => {
      if (measuring && request.method === 'PUT' && request.routeOptions.url === '/api/v1/user/:cstId') times.push(reply.elapsedTime);
    });
    try {
      await app.ready();
      const session = await benchSession(app);
      const headers = { cookie: session.cookie, 'x-xsrf-token': session.xsrf };
      const upload = async () => {
        const body = multipart(PDF);
        const res = await app.inject({
          method: 'POST',
          url: '/api/v1/ressarcimento/upload',
          headers: { ...headers, 'content-type': body.contentType },
          payload: body.payload,
        });
        if (res.statusCode !== 201) throw new Error(`upload ${res.statusCode} ${res.body}`);
        return res.json() as { key: string; keyLength: number };
      };
      log(`Ressarcimentos: ${copy.holders} titulares, ${holders.length} com plano de saúde; ${SAVES} gravações; ${machine()}`);
      let failures = 0;
      for (let i = 0; i < SAVES + WARMUP; i++) {
        const cstId = holders[(i * 7919) % holders.length]!;
        const member = await app.inject({ method: 'GET', url: `/api/v1/user/${cstId}`, headers });
        const { version } = member.json() as { version: number };
        const docs = [await upload(), await upload(), await upload()];
        const procedimentos = docs.map((doc, j) => ({
          procProcedimentoId: 1 + j,
          procProcedimentoData: '2025-03-10',
          procProcedimentoValor: 10_000 + j * 1_000,
          procProtocolo: `NF ${i}-${j}`,
          procCCH: false,
          procObservacao: 'Benchmark',
          procKey: doc.key,
          keyLength: doc.keyLength,
          ...(j === 0 ? { procRetornoStatus: 1, procRetornoData: '2025-04-01', procRetornoValor: 8_000 } : {}),
          operation: 'insert',
        }));
        const claim = { resId: -1, resPacienteCstId: cstId, resMarcaOtica: '12345678', procedimentos, operation: 'insert' };
        measuring = i >= WARMUP;
        const res = await app.inject({ method: 'PUT', url: `/api/v1/user/${cstId}`, headers, payload: { version, ressarcimentos: [claim] } });
        measuring = false;
        if (res.statusCode !== 200) {
          failures += 1;
          if (failures <= 3) log(`  falha ${res.statusCode}: ${res.body.slice(0, 300)}`);
        }
      }
      // For reference, under the same load: the member save of the same holders with no change (version and audit only).
      const reference: number[] = [];
      const claimTimes = [...times];
      times.length = 0;
      for (let i = 0; i < Math.min(SAVES, 200) + WARMUP; i++) {
        const cstId = holders[(i * 7919) % holders.length]!;
        const { version } = (await app.inject({ method: 'GET', url: `/api/v1/user/${cstId}`, headers })).json() as { version: number };
        measuring = i >= WARMUP;
        await app.inject({ method: 'PUT', url: `/api/v1/user/${cstId}`, headers, payload: { version } });
        measuring = false;
      }
      reference.push(...times);
      times.length = 0;
      times.push(...claimTimes);
      const sorted = [...times].sort((a, b) => a - b);
      const referenceSorted = reference.sort((a, b) => a - b);
      const p95 = percentile(sorted, 95);
      const ok = p95 <= TARGET_MS && failures === 0;
      log('Resultado:');
      log(
        `  PUT user/{cstId} com um ressarcimento novo de 3 procedimentos: p50 ${percentile(sorted, 50).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms (meta ≤ ${TARGET_MS} ms) ${ok ? 'OK' : 'ABAIXO DA META'}`,
      );
      log(
        `  referência, PUT user/{cstId} sem alteração: p50 ${percentile(referenceSorted, 50).toFixed(2)} ms, p95 ${percentile(referenceSorted, 95).toFixed(2)} ms`,
      );
      log(`  ${failures} falhas; ${machine()}; ${((Date.now() - started) / 1000).toFixed(0)} s`);
      return ok;
    } finally {
      await app.close().catch(() => {});
    }
  } finally {
    await copy.drop();
  }
}

runBench(import.meta.url, main);

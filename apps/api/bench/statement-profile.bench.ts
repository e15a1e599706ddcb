/**
 * Where a monthly statement e-mail's time goes (issue 30 "Speed", profiling for statement-jobs.bench.ts): on the members
 * bench's database (BENCH_SCALE, BENCH_MEMBERS_DATA_DIR, BENCH_MEMBERS_PG_PORT as there; seeded when missing), for
 * BENCH_PROFILE holders (200) of the last closed period:
 *   - the data query (`statementDocuments`);
 *   - in-process rendering: one `generate` per holder, and one `generate` for a part of BENCH_PROFILE_PART (25) holders,
 *     with pdf-lib's serialisation (`save`, which embeds the font subsets) timed apart;
 *   - the split of a part's PDF into one PDF per holder (`splitPdf`);
 *   - the worker pool (2 workers): `renderMany` per holder vs in-process, i.e. the messages' cost;
 *   - the queueing of one e-mail (`documents.emailTo`: file, outbox row, `document_sends` row), sequential.
 * Not part of `npm run bench` (a profile, not a target).
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { PDFDocument } from '@pdfme/pdf-lib';
import { extrato } from '../src/modules/documents/definitions/extrato.js';
import { createGenerator } from '../src/modules/documents/documents.generator.js';
import { documentFonts, documentPlugins } from '../src/modules/documents/documents.renderer.js';
import { openMembersBenchDatabase } from './members.bench.js';
import { log, openBenchApp } from './app.js';
import { runBench } from './stats.js';

const N = Number(process.env.BENCH_PROFILE ?? 200);
const PART = Number(process.env.BENCH_PROFILE_PART ?? 25);
const ms = (t: number) => `${t.toFixed(1)} ms`;
/** CPU time of this thread's process since `from` (ms): steadier than the wall clock on a shared machine. */
const cpu = (from?: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(from);
  return (u.user + u.system) / 1000;
};

async function main() {
  const bench = await openMembersBenchDatabase({ fresh: false });
  const app = await openBenchApp(bench, { name: 'statements', jobs: false });
  try {
    const { rows } = await bench.db.execute<{ fec_id: number }>(
      sql`select fec_id from closing_periods where locked_at is not null order by fec_ano desc, fec_mes desc limit 1`,
    );
    const fecId = rows[0]!.fec_id;
    const { rows: ids } = await bench.db.execute<{ cst_id: number }>(
      sql`select cst_id from customers where parent_id is null and cust_extrato_por_email order by cst_id limit ${N}`,
    );
    const cstIds = ids.map((r) => r.cst_id);
    let t = performance.now();
    const data = await app.services.ledger.statementDocuments(bench.db, fecId, cstIds);
    const queryMs = performance.now() - t;
    const list = cstIds.filter((id) => data.has(id)).map((id) => data.get(id));
    const entries = list.map((d) => (d as { entries: unknown[] }).entries.length);
    log(
      `${list.length} extratos, ${(entries.reduce((a, b) => a + b, 0) / entries.length).toFixed(1)} lançamentos em média; carga ${os.loadavg()[0]!.toFixed(2)}`,
    );
    log(`  dados: ${ms(queryMs)} para ${cstIds.length} titulares (${ms(queryMs / cstIds.length)} por titular)`);

    // pdf-lib's save timed apart (the font subsets are embedded there).
    let saveMs = 0;
    const save = PDFDocument.prototype.save;
    PDFDocument.prototype.save = async function (this: PDFDocument, ...args: Parameters<PDFDocument['save']>) {
      const s = performance.now();
      try {
        return await save.apply(this, args);
      } finally {
        saveMs += performance.now() - s;
      }
    };
    const ctx = { association: { name: 'Associação dos Magistrados' }, now: new Date() } as Parameters<typeof extrato.inputs>[1];
    const inputs = list.map((d) => extrato.inputs(extrato.data.parse(d), ctx));
    const generator = createGenerator({ font: documentFonts(), plugins: documentPlugins });
    for (const input of inputs.slice(0, 20)) await generator.generate({ template: extrato.template, inputs: input }); // warm
    saveMs = 0;
    let c0 = process.cpuUsage();
    t = performance.now();
    let bytes = 0;
    for (const input of inputs) bytes += (await generator.generate({ template: extrato.template, inputs: input })).length;
    const singleMs = performance.now() - t;
    log(`  CPU: ${ms(cpu(c0) / inputs.length)} por PDF`);
    log(
      `  em processo, um generate por titular: ${ms(singleMs / inputs.length)} por PDF (dos quais save ${ms(saveMs / inputs.length)}), ${(bytes / inputs.length / 1024).toFixed(1)} KB por PDF`,
    );
    saveMs = 0;
    bytes = 0;
    const parts: Uint8Array[] = [];
    c0 = process.cpuUsage();
    t = performance.now();
    for (let i = 0; i < inputs.length; i += PART) {
      const pdf = await generator.generate({ template: extrato.template, inputs: inputs.slice(i, i + PART).flat() });
      parts.push(pdf);
      bytes += pdf.length;
    }
    const partMs = performance.now() - t;
    log(`  CPU: ${ms(cpu(c0) / inputs.length)} por extrato`);
    log(
      `  em processo, um generate por parte de ${PART}: ${ms(partMs / inputs.length)} por extrato (dos quais save ${ms(saveMs / inputs.length)}), ${(bytes / inputs.length / 1024).toFixed(1)} KB por extrato`,
    );
    // The split of a part into one PDF per holder, after a save (load + copyPages + save per page).
    t = performance.now();
    let count = 0;
    for (const part of parts) {
      const doc = await PDFDocument.load(part, { updateMetadata: false });
      for (const index of doc.getPageIndices()) {
        const one = await PDFDocument.create({ updateMetadata: false });
        const [page] = await one.copyPages(doc, [index]);
        one.addPage(page!);
        await one.save();
        count += 1;
      }
    }
    log(`  separar as partes salvas (load + copyPages + save por página): ${ms((performance.now() - t) / count)} por PDF`);
    // generateEach: one document per part, split in memory (what the pool's workers do).
    const jobs = inputs.map((input) => ({ inputs: input, options: { title: extrato.description, author: 'Associação', creationDate: ctx.now } }));
    saveMs = 0;
    bytes = 0;
    t = performance.now();
    const each: Uint8Array[] = [];
    for (let i = 0; i < jobs.length; i += PART) each.push(...(await generator.generateEach(extrato.template, jobs.slice(i, i + PART))));
    const eachMs = performance.now() - t;
    log(`  CPU: ${ms(cpu(c0) / jobs.length)} por PDF`);
    for (const pdf of each) bytes += pdf.length;
    log(
      `  generateEach em partes de ${PART}: ${ms(eachMs / jobs.length)} por PDF (save ${ms(saveMs / jobs.length)}), ${(bytes / jobs.length / 1024).toFixed(1)} KB por PDF`,
    );
    PDFDocument.prototype.save = save;

    // The pool: renderMany through the documents service (2 workers), per holder.
    await app.services.documents.renderMany('extrato', list.slice(0, 40)); // starts the workers
    t = performance.now();
    for (let i = 0; i < list.length; i += PART) await app.services.documents.renderMany('extrato', list.slice(i, i + PART));
    const poolMs = performance.now() - t;
    log(
      `  pool (2 workers), renderMany em partes de ${PART}: ${ms(poolMs / list.length)} por PDF de parede (${((list.length / poolMs) * 1000).toFixed(0)} PDFs/s)`,
    );
    const task = { template: extrato.template, jobs: inputs.slice(0, PART).map((i) => ({ inputs: i, options: {} })) };
    t = performance.now();
    for (let k = 0; k < 100; k += 1) structuredClone(task);
    log(`  structuredClone de uma parte (template + ${PART} entradas): ${ms((performance.now() - t) / 100)}`);

    // The queueing of one e-mail (file + outbox + document_sends), sequential, with a pool-rendered PDF.
    const pdf = (await app.services.documents.renderMany('extrato', list.slice(0, 1)))[0]!;
    const Q = Math.min(100, list.length);
    c0 = process.cpuUsage();
    t = performance.now();
    for (let k = 0; k < Q; k += 1) {
      await app.services.documents.emailTo(
        { email: 'perfil@example.com', name: 'Perfil', cstId: cstIds[k]! },
        { pdf, fileName: 'extrato.pdf' },
        { key: 'extrato', values: { mes: '10/2026' } },
        { actor: { userId: 1, name: 'Bench' } },
      );
    }
    const queueMs = performance.now() - t;
    log(`  CPU do processo: ${ms(cpu(c0) / Q)} por e-mail (sem o PostgreSQL)`);
    log(`  fila (emailTo: arquivo + outbox), sequencial: ${ms(queueMs / Q)} por e-mail; carga ${os.loadavg()[0]!.toFixed(2)}`);
    // The same e-mails queued as the job does: 100 per transaction (documents.emailMany).
    c0 = process.cpuUsage();
    t = performance.now();
    const batch = cstIds.slice(0, Q).map((cstId) => ({
      member: { email: 'perfil@example.com', name: 'Perfil', cstId },
      pdf,
      fileName: 'extrato.pdf',
      template: { key: 'extrato' as const, values: { mes: '10/2026' } },
    }));
    await app.services.documents.emailMany(batch, { actor: { userId: 1, name: 'Bench' } });
    log(`  fila em lote (emailMany, ${Q} por transação): ${ms((performance.now() - t) / Q)} por e-mail, CPU do processo ${ms(cpu(c0) / Q)}`);
    await bench.db.execute(sql`delete from outbox where "to" = 'perfil@example.com'`);
    return true;
  } finally {
    await app.close().catch(() => {});
    await bench.close();
  }
}

runBench(import.meta.url, main, 'fail');

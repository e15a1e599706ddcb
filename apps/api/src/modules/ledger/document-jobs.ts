import { sql, type SQL } from 'drizzle-orm';
import { documentJobMessages as m } from '@assoc/domain';
import type { Executor } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import type { AppServices } from '../../lib/module.js';
import type { EmailTemplate } from '../documents/documents.email.js';
import { joinPdfs } from '../documents/documents.renderer.js';
import { forEachChunk } from '../jobs/jobs.chunks.js';
import type { JobContext, JobOutcome } from '../jobs/jobs.types.js';

/**
 * The menu's document jobs (issue 30 item 1): a document of every holder by e-mail (the monthly statement
 * `extrato-email`, the annual I.R. `ir-email`) and the printer file of the others (`extrato-impressora`,
 * `ir-impressora`). One shape for both documents; each feature gives its document's data.
 */
export interface DocumentJobSpec {
  /** The `document_sends` kind: 'extrato' or 'ir'. */
  kind: 'extrato' | 'ir';
  /** The holder's opt-in column over `c` (customers): sql`c.cust_extrato_por_email`. */
  optIn: SQL;
  /** Which holders the document may concern at all, over `c` (the I.R.: those with health-plan entries in the year); none: every holder. */
  scope?: SQL;
  /** The statement's fecId or the I.R.'s base year (the `document_sends` period). */
  period: number;
  /** The documents service's report name. */
  report: string;
  fileName: string;
  subtitle: string;
  /** The document's data of each holder (absent: nothing to send or print for that holder), read on `tx`. */
  load(tx: Executor, cstIds: readonly number[]): Promise<Map<number, unknown>>;
}

/** A holder whose document goes by e-mail: opted in, not deceased (situation 5), with an e-mail. */
const EMAILED = (optIn: SQL) => sql`(${optIn} and c.cust_assoc_situacao is distinct from 5 and nullif(btrim(c.cust_email), '') is not null)`;

/**
 * The order of the address labels: the holder's correspondence address (`endereco_selected`: 1 residential,
 * 2 commercial, 3 forum) by CEP, then the name, then the record (holders without that address last).
 */
export const LABEL_ORDER = sql`a.ad_zipcode is null, a.ad_zipcode, c.cust_name, c.cst_id`;
export const LABEL_JOIN = sql`left join addresses a on a.cst_id = c.cst_id and a.kind = c.endereco_selected`;

/**
 * Holders per chunk of the e-mail job (one transaction and checkpoint each; their PDFs rendered in parts over the pool).
 * The pool waits while the chunk's last part is queued and the next chunk is read: five parts per chunk keep it busy.
 */
const EMAIL_CHUNK = 500;
/** Holders per rendered part of the printer file. */
const PRINT_BATCH = 500;
/** Statements per rendered part of a chunk (the pool renders the next part while this one is queued, in one transaction). */
const RENDER_PART = 100;

interface EmailState {
  [key: string]: number;
  sent: number;
  noEmail: number;
  already: number;
  empty: number;
}

/**
 * The e-mail job: every holder who opted in (situation not 5) gets the document through the outbox, ONCE per kind,
 * holder and period: the `document_sends` row is written in the transaction that queues the e-mail
 * (`documents.emailMany`, a part of RENDER_PART e-mails per transaction: what `documents.emailTo`, the path of
 * `GET user/emailextrato`, does for one), and a holder with a row is skipped, so a second run queues nothing new and
 * says how many were sent before. Holders walk in chunks with checkpoints (`forEachChunk`): a retry after a crash goes
 * on after the last chunk committed; an e-mail of an interrupted chunk is already recorded and not queued again. The
 * chunk's PDFs are rendered in parts by the worker pool (each worker renders its share of a part as one document split
 * per holder), the next part while the one before is queued.
 */
export async function emailDocuments(
  ctx: Pick<JobContext, 'jobId' | 'db' | 'progress'> & { signal?: AbortSignal },
  documents: AppServices['documents'],
  actor: Actor,
  spec: DocumentJobSpec & { template: EmailTemplate },
  chunkSize = EMAIL_CHUNK,
): Promise<JobOutcome & { state: EmailState }> {
  const count = await ctx.db.execute<{ n: number }>(
    sql`select count(*)::int as n from customers c where c.parent_id is null and ${spec.optIn} and c.cust_assoc_situacao is distinct from 5 and ${spec.scope ?? sql`true`}`,
  );
  const { state } = await forEachChunk(
    { ...ctx, jobId: ctx.jobId },
    {
      name: `email-${spec.kind}`,
      size: chunkSize,
      total: count.rows[0]?.n ?? 0,
      subtitle: spec.subtitle,
      initial: { sent: 0, noEmail: 0, already: 0, empty: 0 } as EmailState,
      fetch: async (tx, after: number | null, limit) => {
        const page = await tx.execute<{ cst_id: number; email: string | null; name: string }>(sql`
          select c.cst_id, nullif(btrim(c.cust_email), '') as email, c.cust_name as name from customers c
           where c.parent_id is null and ${spec.optIn} and c.cust_assoc_situacao is distinct from 5 and ${spec.scope ?? sql`true`}
             ${after === null ? sql`` : sql`and c.cst_id > ${after}`}
           order by c.cst_id limit ${limit}`);
        return page.rows;
      },
      key: (row) => row.cst_id,
      run: async (tx, rows, before) => {
        const state = { ...before };
        const withEmail = rows.filter((r) => r.email);
        state.noEmail += rows.length - withEmail.length;
        const ids = withEmail.map((r) => r.cst_id);
        const sends = ids.length
          ? (
              await tx.execute<{ cst_id: number; job_id: string }>(
                sql`select cst_id, job_id from document_sends where kind = ${spec.kind} and period = ${spec.period} and cst_id = any(${intArray(ids)})`,
              )
            ).rows
          : [];
        const sentBy = new Map(sends.map((s) => [s.cst_id, s.job_id]));
        for (const jobId of sentBy.values()) {
          // Sent by an earlier attempt of this job (its chunk rolled back after the e-mail committed): counted as sent.
          if (jobId === ctx.jobId) state.sent += 1;
          else state.already += 1;
        }
        const todo = withEmail.filter((r) => !sentBy.has(r.cst_id));
        const data = await spec.load(
          tx,
          todo.map((r) => r.cst_id),
        );
        const ready = todo.filter((r) => data.has(r.cst_id));
        state.empty += todo.length - ready.length;
        if (ctx.signal?.aborted) throw new Error('Tarefa interrompida');
        // Rendered in parts by the worker pool while the main thread queues the part before (render and queue overlap).
        const parts: (typeof ready)[] = [];
        for (let i = 0; i < ready.length; i += RENDER_PART) parts.push(ready.slice(i, i + RENDER_PART));
        const render = (part: typeof ready) =>
          documents.renderMany(
            spec.report,
            part.map((r) => data.get(r.cst_id)),
          );
        let rendering = parts.length ? render(parts[0]!) : null;
        for (const [k, part] of parts.entries()) {
          const pdfs = await rendering!;
          rendering = k + 1 < parts.length ? render(parts[k + 1]!) : null;
          // A failed render of the next part is awaited (and thrown) in the next turn; never left unhandled meanwhile.
          rendering?.catch(() => undefined);
          // The part's e-mails queued in ONE transaction (files, outbox rows, `document_sends` rows): a holder with a
          // `document_sends` row by then is left out. The job is exclusive: no other run writes these rows meanwhile;
          // the primary key refuses a duplicate anyway.
          const outboxIds = await documents.emailMany(
            part.map((r, i) => ({
              member: { email: r.email!, name: r.name, cstId: r.cst_id },
              pdf: pdfs[i]!,
              fileName: spec.fileName,
              template: spec.template,
            })),
            {
              actor,
              skip: async (etx) => {
                const { rows: done } = await etx.execute<{ cst_id: number }>(
                  sql`select cst_id from document_sends where kind = ${spec.kind} and period = ${spec.period} and cst_id = any(${intArray(part.map((r) => r.cst_id))})`,
                );
                const sentBefore = new Set(done.map((d) => d.cst_id));
                return new Set(part.flatMap((r, i) => (sentBefore.has(r.cst_id) ? [i] : [])));
              },
              after: async (etx, sent) => {
                if (sent.length === 0) return;
                await etx.execute(
                  sql`insert into document_sends (kind, cst_id, period, job_id, outbox_id) values ${sql.join(
                    sent.map(({ index, outboxId }) => sql`(${spec.kind}, ${part[index]!.cst_id}, ${spec.period}, ${ctx.jobId}, ${outboxId})`),
                    sql`, `,
                  )}`,
                );
              },
            },
          );
          for (const id of outboxIds) {
            if (id === null) state.already += 1;
            else state.sent += 1;
          }
        }
        return { state };
      },
    },
  );
  const result = [
    m.emailed(state.sent, state.noEmail, state.already),
    ...(spec.kind === 'ir' && state.empty ? [m.noPayments(state.empty)] : []),
  ].join('\n');
  return { subtitle: spec.subtitle, result, state };
}

/** A literal int[] of ids (integers only). */
const intArray = (ids: readonly number[]) => sql.raw(`'{${ids.map((id) => Math.trunc(id)).join(',')}}'::int[]`);

/**
 * The printer file: ONE PDF of every holder whose document does not go by e-mail (not opted in, without an e-mail,
 * or deceased: the holders `emailDocuments` leaves out), in the order of the address labels, attached to the job, with
 * the page count in the result. Reads only: a retry after a crash renders it again and replaces the attachment. `now`
 * is the emission instant printed and the file's dates, fixed by the data (the same run twice gives the same pages and
 * text).
 */
export async function printDocuments(
  ctx: Pick<JobContext, 'db' | 'progress' | 'attach'> & { signal?: AbortSignal },
  documents: AppServices['documents'],
  spec: DocumentJobSpec & { now: Date },
): Promise<JobOutcome & { documents: number; pages: number }> {
  const holders = await ctx.db.execute<{ cst_id: number }>(sql`
    select c.cst_id from customers c ${LABEL_JOIN}
     where c.parent_id is null and not ${EMAILED(spec.optIn)} and ${spec.scope ?? sql`true`}
     order by ${LABEL_ORDER}`);
  const ids = holders.rows.map((r) => r.cst_id);
  const parts: Uint8Array[] = [];
  let printed = 0;
  await ctx.progress(0, ids.length, spec.subtitle);
  // One batch renders (the pool) while the batch before is joined (the main thread): at most one ahead.
  let ahead: { done: number; count: number; book: Promise<{ pdf: Uint8Array }> | null } | null = null;
  const settle = async () => {
    if (!ahead) return;
    const { done, count, book } = ahead;
    ahead = null;
    if (book) {
      parts.push((await book).pdf);
      printed += count;
    }
    await ctx.progress(done, ids.length, spec.subtitle);
  };
  for (let i = 0; i < ids.length; i += PRINT_BATCH) {
    if (ctx.signal?.aborted) throw new Error('Tarefa interrompida');
    const batch = ids.slice(i, i + PRINT_BATCH);
    const data = await spec.load(ctx.db, batch);
    const list = batch.filter((id) => data.has(id)).map((id) => data.get(id));
    const book = list.length ? documents.renderBook(spec.report, list, { now: spec.now }) : null;
    // A failed render of this batch is awaited (and thrown) in the next turn; never left unhandled meanwhile.
    book?.catch(() => undefined);
    await settle();
    ahead = { done: Math.min(i + PRINT_BATCH, ids.length), count: list.length, book };
  }
  await settle();
  if (printed === 0) return { subtitle: spec.subtitle, result: m.nothingToPrint, documents: 0, pages: 0 };
  const book = await joinPdfs(parts, { title: spec.fileName, now: spec.now });
  await ctx.attach({ name: spec.fileName, mimeType: 'application/pdf', data: Buffer.from(book.pdf) });
  return { subtitle: spec.subtitle, result: m.printed(printed, book.pages), documents: printed, pages: book.pages };
}

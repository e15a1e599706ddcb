import { documentEmailTemplates, type DocumentEmailKey, type DocumentEmailValues } from '@assoc/domain';
import type { Db, Tx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import type { FileService } from '../files/files.service.js';
import type { NewEmail } from '../mail/mail.repository.js';
import type { MailService } from '../mail/mail.service.js';

/** Who gets a document by e-mail: the address, the name the body greets, and the member record it belongs to. */
export interface DocumentRecipient {
  email: string;
  name: string;
  cstId: number;
}

/** The document: a report name and its data (rendered by the documents service), or a PDF already rendered. */
export type EmailedDocument = { fileName: string } & ({ report: string; data: unknown } | { pdf: Uint8Array });

/** The template of `documentEmailTemplates` (packages/domain) and the values it needs besides name, file and association. */
export type EmailTemplate = { [K in DocumentEmailKey]: { key: K; values: DocumentEmailValues<K> } }[DocumentEmailKey];

export interface EmailToOptions {
  actor: Actor;
  /** Runs first in the transaction (a lock, a repeat check): false sends nothing, stores nothing. */
  before?(tx: Tx): Promise<boolean>;
  /** Runs last in the transaction with the outbox row's id (the caller's audit). */
  after?(tx: Tx, outboxId: number): Promise<void>;
}

/**
 * The outbox e-mail of a document (`emailTo` and `emailMany` alike): the subject and body of the domain's
 * `documentEmailTemplates` for this member and file, sent on behalf of `actor`, the stored file attached.
 */
function documentEmail(
  member: DocumentRecipient,
  fileName: string,
  template: EmailTemplate,
  actor: Actor,
  fileId: string,
  associationName: string,
): NewEmail {
  const text = documentEmailTemplates[template.key] as { subject(values: unknown): string; body(values: unknown): string };
  const values = { ...template.values, nome: member.name, arquivo: fileName, associacao: associationName };
  return {
    to: member.email,
    subject: text.subject(values),
    text: text.body(values),
    userId: actor.userId,
    cstId: member.cstId,
    attachments: [{ fileId }],
  };
}

/**
 * `documents.emailTo` (issue 23 item 7), the one way to e-mail a document: render → store → enqueue. The file's
 * record and the outbox row (with the attachment link) are written in one transaction, with the caller's `before`
 * and `after`; when that transaction does not commit, the stored bytes are removed again, so a failed enqueue leaves
 * no file. The subject and body come from the domain's `documentEmailTemplates`. Answers the outbox row's id, or
 * null when `before` said no.
 */
export function createDocumentEmail(deps: {
  db: Db;
  render(name: string, data: unknown): Promise<Uint8Array>;
  files: Pick<FileService, 'saveIn'>;
  enqueue: MailService['enqueue'];
  associationName: string;
}) {
  return async function emailTo(
    member: DocumentRecipient,
    document: EmailedDocument,
    template: EmailTemplate,
    options: EmailToOptions,
  ): Promise<number | null> {
    const pdf = 'pdf' in document ? document.pdf : await deps.render(document.report, document.data);
    // The stored bytes are outside the transaction: when it throws (the enqueue, `after` or the COMMIT itself), the
    // callback's return value is lost, so the file's `discard` is kept where the catch can reach it.
    const stored: { discard?: () => Promise<void> } = {};
    try {
      return await deps.db.transaction(async (tx) => {
        if (options.before && !(await options.before(tx))) return null;
        const file = await deps.files.saveIn(tx, { name: document.fileName, data: Buffer.from(pdf), createdBy: options.actor.userId });
        stored.discard = file.discard;
        const outboxId = await deps.enqueue(tx, documentEmail(member, document.fileName, template, options.actor, file.id, deps.associationName));
        await options.after?.(tx, outboxId);
        return outboxId;
      });
    } catch (error) {
      // The record rolled back with the transaction; the bytes are removed here.
      await stored.discard?.().catch(() => undefined);
      throw error;
    }
  };
}
export type DocumentEmailTo = ReturnType<typeof createDocumentEmail>;

/** One e-mail of a batch (`emailMany`): who gets it and the PDF already rendered. */
export interface BatchEmail {
  member: DocumentRecipient;
  pdf: Uint8Array;
  fileName: string;
  template: EmailTemplate;
}

export interface EmailManyOptions {
  actor: Actor;
  /** Runs first in the transaction: the items (by index) NOT to send (e.g. already sent); nothing is stored for them. */
  skip?(tx: Tx): Promise<ReadonlySet<number>>;
  /** Runs last in the transaction with the outbox row of each item sent (the caller's record of the sends). */
  after?(tx: Tx, sent: readonly { index: number; outboxId: number }[]): Promise<void>;
}

/**
 * `documents.emailMany` (issue 30 "Speed": the statement e-mail job): what `emailTo` does for each item, for a batch in
 * ONE transaction (the files' records, the outbox rows with their attachment links, the caller's `after`: a few
 * statements for the whole batch instead of a transaction per e-mail). All or nothing: when the transaction does not
 * commit, every stored byte is removed again. Answers each item's outbox id, or null for an item `skip` left out.
 */
export function createDocumentEmailMany(deps: {
  db: Db;
  files: Pick<FileService, 'saveManyIn'>;
  enqueueMany: MailService['enqueueMany'];
  associationName: string;
}) {
  return async function emailMany(items: readonly BatchEmail[], options: EmailManyOptions): Promise<(number | null)[]> {
    if (items.length === 0) return [];
    const stored: { discard?: () => Promise<void> } = {};
    try {
      return await deps.db.transaction(async (tx) => {
        const skipped = (await options.skip?.(tx)) ?? new Set<number>();
        const sending = items.map((item, index) => ({ item, index })).filter(({ index }) => !skipped.has(index));
        const answer: (number | null)[] = items.map(() => null);
        if (sending.length === 0) return answer;
        const saved = await deps.files.saveManyIn(
          tx,
          sending.map(({ item }) => ({
            name: item.fileName,
            data: Buffer.from(item.pdf.buffer, item.pdf.byteOffset, item.pdf.byteLength),
            createdBy: options.actor.userId,
          })),
        );
        stored.discard = saved.discard;
        const ids = await deps.enqueueMany(
          tx,
          sending.map(({ item }, k) =>
            documentEmail(item.member, item.fileName, item.template, options.actor, saved.files[k]!.id, deps.associationName),
          ),
        );
        const sent = sending.map(({ index }, k) => ({ index, outboxId: ids[k]! }));
        for (const { index, outboxId } of sent) answer[index] = outboxId;
        await options.after?.(tx, sent);
        return answer;
      });
    } catch (error) {
      await stored.discard?.().catch(() => undefined);
      throw error;
    }
  };
}
export type DocumentEmailMany = ReturnType<typeof createDocumentEmailMany>;

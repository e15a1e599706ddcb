import { documentEmailTemplates, type DocumentEmailKey, type DocumentEmailValues } from '@assoc/domain';
import type { Db, Tx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import type { FileService } from '../files/files.service.js';
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
    const text = documentEmailTemplates[template.key] as {
      subject(values: unknown): string;
      body(values: unknown): string;
    };
    const values = { ...template.values, nome: member.name, arquivo: document.fileName, associacao: deps.associationName };
    // The stored bytes are outside the transaction: when it throws (the enqueue, `after` or the COMMIT itself), the
    // callback's return value is lost, so the file's `discard` is kept where the catch can reach it.
    const stored: { discard?: () => Promise<void> } = {};
    try {
      return await deps.db.transaction(async (tx) => {
        if (options.before && !(await options.before(tx))) return null;
        const file = await deps.files.saveIn(tx, { name: document.fileName, data: Buffer.from(pdf), createdBy: options.actor.userId });
        stored.discard = file.discard;
        const outboxId = await deps.enqueue(tx, {
          to: member.email,
          subject: text.subject(values),
          text: text.body(values),
          userId: options.actor.userId,
          cstId: member.cstId,
          attachments: [{ fileId: file.id }],
        });
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

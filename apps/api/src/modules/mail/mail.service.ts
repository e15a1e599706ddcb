import type { OutboxPage, OutboxQuery } from '@assoc/domain';
import type { Db } from '../../db/client.js';
import { createMailRepository, enqueueEmail, enqueueEmails, enqueueMessage, enqueueMessages } from './mail.repository.js';

/** The outbox (decision 10): what the outbox screen reads, and how other modules queue an e-mail, an SMS or a WhatsApp message. */
export function createMailService(db: Db) {
  const repo = createMailRepository();
  return {
    /** GET outbox: newest first, optional status filter, one page. */
    async outboxPage(query: OutboxQuery): Promise<OutboxPage> {
      const { items, total } = await repo.list(db, query);
      return { items, total, page: query.page, pageSize: query.pageSize };
    },
    /** Writes an e-mail to the outbox in the caller's transaction (or the database); sent once it commits. */
    enqueue: enqueueEmail,
    /** Many e-mails in one statement (a document job's batch), the ids in the order given. */
    enqueueMany: enqueueEmails,
    /** Writes an SMS or a WhatsApp template message to the outbox; sent by the configured provider once it commits. */
    enqueueMessage,
    /** The same for many (a campaign): one INSERT per thousand rows. */
    enqueueMessages,
  };
}
export type MailService = ReturnType<typeof createMailService>;

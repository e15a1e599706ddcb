import type { SecurityEventsPage, SecurityEventsQuery } from '@assoc/domain';
import type { Db } from '../../db/client.js';
import type { SecurityEventsRepository } from './security-events.repository.js';

/** Avançado → Eventos de segurança: one page of the security events and access changes, newest first. */
export function createSecurityEventsService({ db, repo }: { db: Db; repo: SecurityEventsRepository }) {
  return {
    async list(query: SecurityEventsQuery): Promise<SecurityEventsPage> {
      const { items, total } = await repo.list(db, query);
      return { items, total, page: query.page, pageSize: query.pageSize };
    },
  };
}

export type SecurityEventsService = ReturnType<typeof createSecurityEventsService>;

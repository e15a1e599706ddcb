import type { SecurityEventsPage, SecurityEventsQuery } from '@assoc/domain';
import type { SecurityEventsRepository } from './security-events.repository.js';

/** Avançado → Eventos de segurança: one page of the security events and access changes, newest first. */
export function createSecurityEventsService(repo: SecurityEventsRepository) {
  return {
    async list(query: SecurityEventsQuery): Promise<SecurityEventsPage> {
      const { items, total } = await repo.list(query);
      return { items, total, page: query.page, pageSize: query.pageSize };
    },
  };
}

export type SecurityEventsService = ReturnType<typeof createSecurityEventsService>;

import { defineContract } from '../contract/route-contract.js';
import { securityEventsPageSchema, securityEventsQuerySchema } from './security-events.js';

/** Avançado → Eventos de segurança (issue 8 §10): superadmins read the security events and the access changes. */
export const securityEventsContracts = {
  list: defineContract({
    method: 'GET',
    path: '/security-events',
    query: securityEventsQuerySchema,
    reply: securityEventsPageSchema,
    access: { roles: ['superadmin'] },
    summary: 'Eventos de segurança (entradas, saídas, senhas, autenticador, sessões, acessos), mais recentes primeiro',
    tags: ['segurança'],
  }),
};

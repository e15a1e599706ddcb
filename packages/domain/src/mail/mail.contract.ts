import { defineContract } from '../contract/route-contract.js';
import { outboxPageSchema, outboxQuerySchema } from './outbox.schema.js';

/** The outbox screen (decision 10): superadmins see every message and its delivery state. */
export const mailContracts = {
  outbox: defineContract({
    method: 'GET',
    path: '/outbox',
    query: outboxQuerySchema,
    reply: outboxPageSchema,
    access: { roles: ['superadmin'] },
    summary: 'Caixa de saída: mensagens mais recentes primeiro, filtro por situação, paginada',
    tags: ['e-mail'],
  }),
};

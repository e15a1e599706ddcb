import { z } from 'zod';
import { defineContract } from '../contract/route-contract.js';
import { connectedUserSchema } from '../jobs/job.schema.js';

/** GET connected: the 'Usuários conectados' list (role admin), across every instance. */
export const connectionsContracts = {
  connected: defineContract({
    method: 'GET',
    path: '/connected',
    reply: z.array(connectedUserSchema),
    access: { roles: ['admin'] },
    summary: 'Usuários conectados ao canal em tempo real (todas as instâncias)',
    tags: ['tempo real'],
  }),
};

import { z } from 'zod';
import { defineContract } from '../contract/route-contract.js';
import { printJobQuerySchema, printJobSchema, printJobStatusSchema, userPreferencesSchema } from './printing.js';

/** The user's preferences (spec 1 §7 `POST config`, 204) and the server print queue (issue 11). */
export const printingContracts = {
  saveConfig: defineContract({
    method: 'POST',
    path: '/config',
    body: userPreferencesSchema,
    reply: z.null(),
    status: 204,
    access: { signedIn: true },
    summary: 'Salva as preferências do usuário (escolha de impressão lembrada), mescladas às já salvas',
    tags: ['preferencias'],
  }),
  getConfig: defineContract({
    method: 'GET',
    path: '/config',
    reply: userPreferencesSchema,
    access: { signedIn: true },
    summary: 'Preferências do usuário',
    tags: ['preferencias'],
  }),
  enqueue: defineContract({
    method: 'POST',
    path: '/impressao',
    query: printJobQuerySchema,
    reply: z.object({ id: z.number().int(), status: printJobStatusSchema }),
    status: 202,
    access: { roles: ['v2access'] },
    summary: 'Envia um PDF (multipart) à fila de impressão da impressora 1 (HP500) ou 2 (Brother), com intervalo opcional',
    tags: ['impressao'],
  }),
  list: defineContract({
    method: 'GET',
    path: '/impressao',
    reply: z.array(printJobSchema),
    access: { roles: ['superadmin'] },
    summary: 'Fila de impressão (os 200 trabalhos mais recentes)',
    tags: ['impressao'],
  }),
};

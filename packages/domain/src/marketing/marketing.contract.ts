/**
 * Marketing's calls (issue 29 item 2 "What the server must do"; spec README decision 13), all under the /marketing
 * route's role (v2menufiltro, as the domain routes give it). The server's module is apps/api/src/modules/marketing;
 * docs/MARKETING.md.
 */
import { z } from 'zod';
import { defineContract } from '../contract/route-contract.js';
import {
  campaignCreateBodySchema,
  campaignCreatedSchema,
  campaignDetailSchema,
  campaignIdParamsSchema,
  campaignOptionsSchema,
  campaignPreviewBodySchema,
  campaignPreviewSchema,
  campaignRecipientsQuerySchema,
  campaignSchema,
} from './marketing.schema.js';

export const MARKETING_ROLE = 'v2menufiltro' as const;
const access = { roles: [MARKETING_ROLE] } as const;
const tags = ['marketing'] as const;

export const marketingContracts = {
  options: defineContract({
    method: 'GET',
    path: '/marketing/opcoes',
    reply: campaignOptionsSchema,
    access,
    summary: 'Os filtros salvos que o usuário pode usar e os modelos de E-mail, SMS e WhatsApp dos cadastros',
    tags,
  }),
  preview: defineContract({
    method: 'POST',
    path: '/marketing/previa',
    body: campaignPreviewBodySchema,
    reply: campaignPreviewSchema,
    access,
    summary:
      'Pré-visualiza a campanha: quantos o filtro alcança e quantos ficam de fora por motivo, e os primeiros destinatários com o texto preenchido',
    description:
      "Canal 'email', 'sms', 'whatsapp' ou 'preferido' (a preferência de comunicação de cada associado; 4 Correio fica de fora). Quem recusa campanhas nunca é alcançado.",
    tags,
  }),
  create: defineContract({
    method: 'POST',
    path: '/marketing/campanhas',
    body: campaignCreateBodySchema,
    reply: campaignCreatedSchema,
    status: 201,
    access,
    summary: 'Cria a campanha e a envia em segundo plano pela fila de saída, com progresso nas tarefas',
    description:
      'Cada associado recebe a campanha uma vez (a chave campanha + associado é gravada com a mensagem na mesma transação). O mesmo idempotencyKey do mesmo usuário responde a mesma campanha, sem enviar de novo.',
    tags,
  }),
  list: defineContract({
    method: 'GET',
    path: '/marketing/campanhas',
    reply: z.array(campaignSchema),
    access,
    summary: 'O histórico das campanhas, mais recentes primeiro, com as contagens de enviadas, com falha, na fila e fora',
    tags,
  }),
  get: defineContract({
    method: 'GET',
    path: '/marketing/campanhas/:id',
    params: campaignIdParamsSchema,
    query: campaignRecipientsQuerySchema,
    reply: campaignDetailSchema,
    access,
    summary: 'Uma campanha com seus destinatários e o resultado de cada um, em páginas',
    tags,
  }),
};

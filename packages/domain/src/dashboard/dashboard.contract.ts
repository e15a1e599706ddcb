import { z } from 'zod';
import { defineContract } from '../contract/route-contract.js';
import { personSuggestionSchema } from '../people/search.schema.js';
import { dashboardMessages, weatherSchema } from './weather.schema.js';
import { dashboardCardDataSchema, dashboardCardListSchema, dashboardCardParamsSchema, dashboardCardQuerySchema } from './cards.js';

const tags = ['painel'] as const;

/** GET weather/{cep} path parameters. */
const weatherCepParamsSchema = z.object({
  cep: z.string().regex(/^\d{8}$/, dashboardMessages.invalidCep),
});

/** Dashboard panels (spec 3 §2.2): today's birthdays and the weather at the user's CEP. */
export const dashboardContracts = {
  birthdays: defineContract({
    method: 'GET',
    path: '/aniversarios',
    reply: z.array(personSuggestionSchema),
    access: { roles: ['v2access'] },
    summary: 'Aniversariantes de hoje (titulares e dependentes vivos), por nome',
    tags,
  }),
  weather: defineContract({
    method: 'GET',
    path: '/weather/:cep',
    params: weatherCepParamsSchema,
    reply: weatherSchema,
    access: { roles: ['v2access'] },
    summary: 'Clima de hoje no CEP (serviços externos com tempo limite e cache)',
    tags,
  }),
  cards: defineContract({
    method: 'GET',
    path: '/dashboard/cards',
    reply: dashboardCardListSchema,
    access: { roles: ['v2access'] },
    summary: 'Os cartões do painel que os papéis do usuário mostram (título, tela e eixo de tempo); os números vêm por cartão',
    tags,
  }),
  card: defineContract({
    method: 'GET',
    path: '/dashboard/cards/:card',
    params: dashboardCardParamsSchema,
    query: dashboardCardQuerySchema,
    reply: dashboardCardDataSchema,
    access: { roles: ['v2access'] },
    summary: 'Os números de um cartão do painel (403 se os papéis do usuário não o mostram; 400 para um cartão inexistente)',
    description:
      '`period` (meses: 3, 6, 12 ou 24; 12 se ausente) vale para os cartões com eixo de tempo. Cada resposta fica em memória por um minuto, por cartão, papéis que importam e período, e é renovada pelos eventos de fechamento, retorno, CCH e devolução.',
    tags,
  }),
};

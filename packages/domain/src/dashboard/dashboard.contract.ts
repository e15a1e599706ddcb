import { z } from 'zod';
import { defineContract } from '../contract/route-contract.js';
import { personSuggestionSchema } from '../people/search.schema.js';
import { dashboardMessages, weatherSchema } from './weather.schema.js';

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
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '../../lib/reply-schemas.js';
import { badRequest } from '../../lib/errors.js';
import { personSuggestionSchema, weatherSchema } from '@assoc/domain';
import { createDashboardRepository } from './dashboard.repository.js';
import { createDashboardService } from './dashboard.service.js';
import { cepParamsSchema } from './dashboard.schema.js';
import { createWeatherClient } from './dashboard.weather.js';


/** Dashboard panels (spec 3 §2.2): today's birthdays and the weather at the user's CEP. */
const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createDashboardService({
    repo: createDashboardRepository(app.db, app.pool),
    weather: createWeatherClient({ cepUrl: app.config.CEP_URL, geocodeUrl: app.config.GEOCODE_URL, weatherUrl: app.config.WEATHER_URL }),
    timeoutMs: app.config.WEATHER_TIMEOUT_MS,
    cacheMinutes: app.config.WEATHER_CACHE_MINUTES,
    log: app.log,
  });

  app.get('/aniversarios', {
    config: { roles: ['v2access'] },
    schema: {
      tags: ['painel'],
      summary: 'Aniversariantes de hoje (titulares e dependentes vivos), por nome',
      response: { 200: z.array(personSuggestionSchema) },
    },
  }, async () => service.birthdays());

  app.get('/weather/:cep', {
    config: { roles: ['v2access'] },
    schemaErrorFormatter: (errors) => badRequest(errors[0]?.message ?? 'CEP inválido'),
    schema: {
      tags: ['painel'],
      summary: 'Clima de hoje no CEP (serviços externos com tempo limite e cache)',
      params: cepParamsSchema,
      response: { 200: weatherSchema, 400: messageSchema, 404: messageSchema, 503: messageSchema },
    },
  }, async (request) => service.weather(request.params.cep));
};

export default dashboardRoutes;

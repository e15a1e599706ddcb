import type { FastifyPluginAsync } from 'fastify';
import { dashboardContracts, dashboardMessages } from '@assoc/domain';
import { badRequest } from '../../lib/errors.js';
import { defineRoutes } from '../../lib/define-route.js';

/** Dashboard panels (spec 3 §2.2): today's birthdays and the weather at the user's CEP. */
const dashboardRoutes: FastifyPluginAsync = async (app) => {
  const service = app.services.dashboard;
  defineRoutes(
    app,
    dashboardContracts,
    {
      birthdays: async () => service.birthdays(),
      weather: async (request) => service.weather(request.params.cep),
    },
    {
      weather: { schemaErrorFormatter: (errors) => badRequest(errors[0]?.message ?? dashboardMessages.invalidCep) },
    },
  );
};

export default dashboardRoutes;

import type { FastifyPluginAsync } from 'fastify';
import { dashboardContracts, dashboardMessages } from '@assoc/domain';
import { badRequest } from '../../lib/errors.js';
import { defineRoutes } from '../../lib/define-route.js';
import { currentUser } from '../auth/session.js';

/** Dashboard panels (spec 3 §2.2): today's birthdays and the weather at the user's CEP; the cards (issue 30 item 2). */
const dashboardRoutes: FastifyPluginAsync = async (app) => {
  const service = app.services.dashboard;
  const cards = app.services.dashboardCards;
  defineRoutes(
    app,
    dashboardContracts,
    {
      birthdays: async () => service.birthdays(),
      weather: async (request) => service.weather(request.params.cep),
      cards: async (request) => cards.list(currentUser(request).roles),
      card: async (request) => {
        const user = currentUser(request);
        return cards.card(request.params.card, { userId: user.userId, roles: user.roles }, request.query.period);
      },
    },
    {
      weather: { schemaErrorFormatter: (errors) => badRequest(errors[0]?.message ?? dashboardMessages.invalidCep) },
      card: { schemaErrorFormatter: (errors) => badRequest(errors[0]?.message ?? dashboardMessages.unknownCard) },
    },
  );
};

export default dashboardRoutes;

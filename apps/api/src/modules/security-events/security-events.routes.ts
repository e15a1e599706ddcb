import type { FastifyPluginAsync } from 'fastify';
import { genericMessages, securityEventsContracts } from '@assoc/domain';
import { badRequest } from '../../lib/errors.js';
import { defineRoutes } from '../../lib/define-route.js';

/** Avançado → Eventos de segurança (issue 8 §10): superadmins read the security events and the access changes. */
const securityEventsRoutes: FastifyPluginAsync = async (app) => {
  const service = app.services.securityEvents;
  defineRoutes(
    app,
    securityEventsContracts,
    {
      list: async (request) => service.list(request.query),
    },
    {
      // The filter's own pt-BR message, without the field path.
      list: { schemaErrorFormatter: (errors) => badRequest(errors[0]?.message ?? genericMessages.invalidData) },
    },
  );
};

export default securityEventsRoutes;

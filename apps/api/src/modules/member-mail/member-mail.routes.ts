import type { FastifyPluginAsync } from 'fastify';
import { memberMailContracts } from '@assoc/domain';
import { actorOf } from '../../lib/actor.js';
import { defineRoutes } from '../../lib/define-route.js';
import { currentUser } from '../auth/session.js';

/** The E-Mail tab's calls (memberMailContracts; role v2eml). */
const memberMailRoutes: FastifyPluginAsync = async (app) => {
  const service = app.services.memberMail;
  defineRoutes(app, memberMailContracts, {
    list: async (request) => service.list(request.params.cstId, currentUser(request).roles),
    get: async (request) => service.get(request.params.cstId, request.params.id, currentUser(request).roles),
    resend: async (request) => service.resend(request.params.cstId, request.params.id, actorOf(request)),
    templates: async () => service.templates(),
    compose: async (request) => service.compose(request.params.cstId, request.body.emID, actorOf(request)),
  });
};

export default memberMailRoutes;

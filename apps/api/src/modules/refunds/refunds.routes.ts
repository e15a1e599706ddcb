import type { FastifyPluginAsync } from 'fastify';
import { refundContracts, refundMessages } from '@assoc/domain';
import { actorOf } from '../../lib/actor.js';
import { defineRoutes } from '../../lib/define-route.js';
import { sendFile } from '../../lib/file-reply.js';
import { currentUser } from '../auth/session.js';
import { XLSX_TYPE } from './refunds.service.js';

/** The refunds' calls (spec 2 §7 `devolucao/*`, and the to-pay list of issue 27): thin handlers over the service. */
const refundRoutes: FastifyPluginAsync = async (app) => {
  const service = app.services.refunds;
  // The dashboard's change feed: a refund created, saved (approved, finalised, cancelled) or deleted changes its card.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && reply.statusCode < 300) app.events.emit('painel', { role: 'v2devapr' }, { cards: ['devolucoes'] });
  });
  const caller = (request: Parameters<typeof actorOf>[0]) => ({ actor: actorOf(request), roles: currentUser(request).roles });
  defineRoutes(app, refundContracts, {
    search: async (request) => service.search(request.query.q),
    list: async (request) => service.list(request.params.status, request.query, currentUser(request).roles),
    create: async (request) => service.create(request.body, caller(request)),
    update: async (request) => service.update(request.params.devId, request.body, caller(request)),
    remove: async (request, reply) => {
      await service.remove(request.params.devId, request.query.version, actorOf(request));
      return reply.status(204).send();
    },
    export: async (request, reply) =>
      sendFile(reply, await service.export(request.params.status, request.query, currentUser(request).roles), {
        type: XLSX_TYPE,
        disposition: 'attachment',
        name: refundMessages.exportFileName,
      }),
    toPay: async (request) => service.toPay(request.query),
    toPayExport: async (request, reply) =>
      sendFile(reply, await service.toPayExport(request.query), {
        type: XLSX_TYPE,
        disposition: 'attachment',
        name: service.toPayFileName(request.query),
      }),
  });
};

export default refundRoutes;

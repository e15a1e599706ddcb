import type { FastifyPluginAsync } from 'fastify';
import { reportContracts } from '@assoc/domain';
import { actorOf } from '../../lib/actor.js';
import { defineRoutes } from '../../lib/define-route.js';
import { sendFile } from '../../lib/file-reply.js';

/** /reports (spec 3 §7, decision 15): the report templates, their versions and the viewer's PDF. */
const reportsRoutes: FastifyPluginAsync = async (app) => {
  const service = app.services.reports;
  defineRoutes(
    app,
    reportContracts,
    {
      list: async () => service.list(),
      byNumber: async (request) => service.byNumber(request.params.number),
      get: async (request) => service.get(request.params.name),
      save: async (request) => service.save(request.params.name, request.body.rptData, request.body.version, actorOf(request)),
      versions: async (request) => service.versions(request.params.name),
      restore: async (request) => service.restore(request.params.name, request.body, actorOf(request)),
      pdf: async (request, reply) => {
        const pdf = await service.pdf(request.params.name);
        return sendFile(reply, pdf, { type: 'application/pdf', name: `${request.params.name}.pdf` });
      },
    },
    { save: { bodyLimit: 20 * 1024 * 1024 }, restore: {} },
  );
};

export default reportsRoutes;

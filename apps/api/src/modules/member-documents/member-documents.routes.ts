import type { FastifyPluginAsync } from 'fastify';
import { memberDocumentContracts } from '@assoc/domain';
import { actorOf } from '../../lib/actor.js';
import { defineRoutes } from '../../lib/define-route.js';
import { currentUser } from '../auth/session.js';

/** The scan upload and the document download (memberDocumentContracts; spec 1 §7). */
const memberDocumentsRoutes: FastifyPluginAsync = async (app) => {
  const service = app.services.memberDocuments;
  defineRoutes(app, memberDocumentContracts, {
    upload: async (request) => service.upload(request, actorOf(request)),
    download: async (request, reply) => {
      const file = await service.download(currentUser(request), request.params.key);
      const disposition = request.query.download === '1' ? 'attachment' : 'inline';
      return reply
        .type(file.mimeType)
        .header('content-length', file.size)
        .header('content-disposition', `${disposition}; filename="${file.fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  });
};

export default memberDocumentsRoutes;

import type { FastifyPluginAsync } from 'fastify';
import { memberDocumentContracts } from '@assoc/domain';
import { actorOf } from '../../lib/actor.js';
import { defineRoutes } from '../../lib/define-route.js';
import { sendFile } from '../../lib/file-reply.js';
import { currentUser } from '../auth/session.js';

/** The scan upload and the document download (memberDocumentContracts; spec 1 §7). */
const memberDocumentsRoutes: FastifyPluginAsync = async (app) => {
  const service = app.services.memberDocuments;
  defineRoutes(app, memberDocumentContracts, {
    upload: async (request) => service.upload(request, actorOf(request)),
    download: async (request, reply) => {
      const file = await service.download(currentUser(request), request.params.key);
      const disposition = request.query.download === '1' ? 'attachment' : 'inline';
      return sendFile(reply, file.stream, { type: file.mimeType, name: file.fileName, disposition, size: file.size });
    },
  });
};

export default memberDocumentsRoutes;

import type { FastifyPluginAsync } from 'fastify';
import { filterContracts } from '@assoc/domain';
import { currentUser } from '../auth/session.js';
import { defineRoutes } from '../../lib/define-route.js';
import { sendFile } from '../../lib/file-reply.js';

/** The filter's calls (issue 29 item 1): thin handlers over the filter service. */
const filterRoutes: FastifyPluginAsync = async (app) => {
  const service = app.services.filter;
  defineRoutes(app, filterContracts, {
    options: async () => service.options(),
    run: async (request) => service.run(request.body),
    export: async (request, reply) => {
      const result = await service.export(currentUser(request), request.body);
      if (result.kind === 'job')
        return reply
          .status(202)
          .type('application/json')
          .send(JSON.stringify({ job: result.job, message: result.message }));
      return sendFile(reply, result.data, { type: result.mimeType, name: result.name, disposition: 'attachment' });
    },
    savedList: async (request) => service.savedList(currentUser(request)),
    savedCreate: async (request) => service.savedCreate(currentUser(request), request.body),
    savedUpdate: async (request) => service.savedUpdate(currentUser(request), request.params.id, request.body),
    savedRemove: async (request, reply) => {
      await service.savedRemove(currentUser(request), request.params.id, request.query.version);
      return reply.status(204).send();
    },
    users: async (request) => service.users(currentUser(request)),
  });
};

export default filterRoutes;

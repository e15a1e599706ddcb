import type { FastifyPluginAsync } from 'fastify';
import { postingContracts } from '@assoc/domain';
import { defineRoutes } from '../../lib/define-route.js';
import { currentUser } from '../auth/session.js';
import { readPostingFile, receivePostingFile } from './postings.file.js';

/** The postings' calls (postingContracts): thin handlers over the postings service. */
const postingsRoutes: FastifyPluginAsync = async (app) => {
  const service = app.services.postings;
  const maxBytes = app.config.FILES_MAX_MB * 1024 * 1024;
  defineRoutes(app, postingContracts, {
    services: async () => service.services(),
    post: async (request) => service.post(currentUser(request), request.body),
    postFile: async (request) => {
      const { svcId, name, data } = await receivePostingFile(request, maxBytes);
      return service.postFile(currentUser(request), svcId, data, await readPostingFile(name, data));
    },
    searchPhones: async (request) => service.searchPhones(request.body.text),
  });
};

export default postingsRoutes;

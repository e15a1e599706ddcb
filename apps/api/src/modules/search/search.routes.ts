import type { FastifyPluginAsync } from 'fastify';
import { genericMessages, searchContracts } from '@assoc/domain';
import { badRequest } from '../../lib/errors.js';
import { defineRoutes } from '../../lib/define-route.js';
import { fastSerializer } from '../../lib/fast-serializer.js';
import { currentUser } from '../auth/session.js';

/** A one-field request answers with the rule's own message ('Digite pelo menos 3 caracteres'), no field prefix. */
const plainValidationMessage = (errors: ReadonlyArray<{ message?: string }>) => badRequest(errors[0]?.message ?? genericMessages.invalidData);

/** Top-bar member search and the dashboard's view history (spec 1 §2, spec 3 §2.2-2.3). */
const searchRoutes: FastifyPluginAsync = async (app) => {
  const service = app.services.search;
  defineRoutes(
    app,
    searchContracts,
    {
      search: async (request) => service.search(request.body.text, request.peopleVersion),
      history: async (request) => service.history(currentUser(request).userId),
      recordView: async (request) => service.recordView(currentUser(request).userId, request.params.cstId),
    },
    {
      // The busiest call of the app (each keystroke of the top bar).
      search: { schemaErrorFormatter: plainValidationMessage, serializerCompiler: fastSerializer },
      recordView: { schemaErrorFormatter: plainValidationMessage },
    },
  );
};

export default searchRoutes;

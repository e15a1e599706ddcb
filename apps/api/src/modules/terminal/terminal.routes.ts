import type { FastifyPluginAsync } from 'fastify';
import { genericMessages, terminalContracts } from '@assoc/domain';
import { actorOf } from '../../lib/actor.js';
import { defineRoutes } from '../../lib/define-route.js';
import { badRequest } from '../../lib/errors.js';

/** Avançado → Terminal (decision 14): thin handlers over the terminal service; superadmin only (the contracts). */
const terminalRoutes: FastifyPluginAsync = async (app) => {
  const service = app.services.terminal;
  defineRoutes(
    app,
    terminalContracts,
    {
      run: async (request) => service.run(request.body.sql, actorOf(request)),
      history: async (request) => service.history(actorOf(request).userId, request.query),
      schema: async () => service.schema(),
    },
    {
      // The SQL field's own pt-BR message, without the field path. The reply (up to 1,000 rows of any width, built by
      // the service from typed code) goes out through JSON.stringify: the app-wide zod serializer would parse every
      // value first, and fast-json-stringify checks each nullable value against its anyOf.
      run: {
        schemaErrorFormatter: (errors) => badRequest(errors[0]?.message ?? genericMessages.invalidData),
        serializerCompiler: () => (data) => JSON.stringify(data),
      },
    },
  );
};

export default terminalRoutes;

import type { FastifyPluginAsync } from 'fastify';
import { cepContracts, cepMessages } from '@assoc/domain';
import { badRequest } from '../../lib/errors.js';
import { defineRoutes } from '../../lib/define-route.js';

/** Address by postal code through our server (decision 11), for every signed-in user. */
const cepRoutes: FastifyPluginAsync = async (app) => {
  const service = app.services.cep;
  defineRoutes(
    app,
    cepContracts,
    {
      lookup: async (request) => service.lookup(request.params.cep),
    },
    {
      lookup: { schemaErrorFormatter: () => badRequest(cepMessages.invalid) },
    },
  );
};

export default cepRoutes;

import type { FastifyPluginAsync } from 'fastify';
import { efetuadoContracts } from '@assoc/domain';
import { defineRoutes } from '../../lib/define-route.js';

/** The Efetuado screen's pickers (efetuadoContracts): thin handlers over the module's repository. */
const efetuadoRoutes: FastifyPluginAsync = async (app) => {
  const { repo } = app.services.efetuado;
  defineRoutes(app, efetuadoContracts, {
    periods: async () => repo.closedPeriods(app.db),
    services: async () => repo.services(app.db),
  });
};

export default efetuadoRoutes;

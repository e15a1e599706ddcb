import type { FastifyPluginAsync } from 'fastify';
import { memberServiceContracts, type ServicePluginItem } from '@assoc/domain';
import { defineRoutes } from '../../lib/define-route.js';
import { createMemberServicesRepository } from './member-services.repository.js';

/** GET servicos/plugins: which services open a plugin form on the member ("Adicionar serviço"). */
const memberServicesRoutes: FastifyPluginAsync = async (app) => {
  const repo = createMemberServicesRepository();
  defineRoutes(app, memberServiceContracts, {
    plugins: async () => (await repo.plugins(app.db)) as ServicePluginItem[],
  });
};

export default memberServicesRoutes;

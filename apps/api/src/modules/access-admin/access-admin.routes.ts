import type { FastifyPluginAsync } from 'fastify';
import { accessAdminContracts, roleCatalogueList } from '@assoc/domain';
import { actorOf } from '../../lib/actor.js';
import { defineRoutes } from '../../lib/define-route.js';

/** Avançado → Acessos (decision 2): superadmins only, every call. */
const accessAdminRoutes: FastifyPluginAsync = async (app) => {
  const service = app.services.accessAdmin;
  defineRoutes(app, accessAdminContracts, {
    roles: async () => roleCatalogueList(),
    listProfiles: async () => service.listProfiles(),
    addProfile: async (request) => service.addProfile(request.body, actorOf(request)),
    updateProfile: async (request) => service.updateProfile(request.params.permId, request.body, actorOf(request)),
    removeProfile: async (request) => service.removeProfile(request.params.permId, actorOf(request)),
    listUsers: async () => service.listUsers(),
    addUser: async (request) => service.addUser(request.body, actorOf(request)),
    updateUser: async (request) => {
      const user = await service.updateUser(request.params.userId, request.body, actorOf(request));
      // A deactivated user's open sockets close too, on every instance.
      if (!user.active) app.events.endSessions({ userId: request.params.userId });
      return user;
    },
    clearAuthenticator: async (request) => service.clearAuthenticator(request.params.userId, actorOf(request)),
  });
};

export default accessAdminRoutes;

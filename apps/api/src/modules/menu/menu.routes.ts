import type { FastifyPluginAsync } from 'fastify';
import { menuContracts, menuFor } from '@assoc/domain';
import { defineRoutes } from '../../lib/define-route.js';
import { currentUser } from '../auth/session.js';

/** GET tree (decision 21): the signed-in user's menu from the one role-annotated definition. */
const menuRoutes: FastifyPluginAsync = async (app) => {
  defineRoutes(app, menuContracts, {
    tree: (request) => menuFor(currentUser(request).roles),
  });
};

export default menuRoutes;

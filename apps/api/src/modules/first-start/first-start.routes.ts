import type { FastifyPluginAsync } from 'fastify';
import { firstStartContracts } from '@assoc/domain';
import { defineRoutes } from '../../lib/define-route.js';
import { currentUser } from '../auth/session.js';

/**
 * Issue 8 §3: a user whose one-time password must be replaced (the first-start superadmin) gets a reset
 * code for the existing /reset form, the only way forward besides signing out; the reset ends the session.
 */
const firstStartRoutes: FastifyPluginAsync = async (app) => {
  const passwordReset = app.services.passwordReset;
  defineRoutes(app, firstStartContracts, {
    pendingPasswordCode: async (request) => passwordReset.pendingPasswordCode(currentUser(request)),
  });
};

export default firstStartRoutes;

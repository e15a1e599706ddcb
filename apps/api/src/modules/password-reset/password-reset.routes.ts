import type { FastifyPluginAsync } from 'fastify';
import { passwordResetContracts } from '@assoc/domain';
import { defineRoutes } from '../../lib/define-route.js';

/** Sign-in password-request mode and the reset page (spec 1 §2, spec 3 §2.18). Both calls are public. */
const passwordResetRoutes: FastifyPluginAsync = async (app) => {
  const service = app.services.passwordReset;
  defineRoutes(app, passwordResetContracts, {
    requestReset: async (request) => service.requestReset(request.params.user, request.ip),
    changePassword: async (request) => service.changePassword(request.body, request.ip),
  });
};

export default passwordResetRoutes;

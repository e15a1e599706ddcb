import type { FastifyPluginAsync } from 'fastify';
import authRoutes from './auth/auth.routes.js';
import menuRoutes from './menu/menu.routes.js';
import searchRoutes from './search/search.routes.js';
import dashboardRoutes from './dashboard/dashboard.routes.js';
import registriesRoutes from './registries/registries.routes.js';
import cepRoutes from './cep/cep.routes.js';
import mailRoutes from './mail/mail.routes.js';
import passwordResetRoutes from './password-reset/password-reset.routes.js';
import toolsRoutes from './tools/tools.routes.js';
import jobsRoutes from './jobs/jobs.routes.js';
import connectionsRoutes from './connections/connections.routes.js';
import accessAdminRoutes from './access-admin/access-admin.routes.js';
import regionsRoutes from './regions/regions.routes.js';
import locationsRoutes from './locations/locations.routes.js';
import securityEventsRoutes from './security-events/security-events.routes.js';
import firstStartRoutes from './first-start/first-start.routes.js';

/** Every feature module's routes, registered under /api/v1. */
export const apiModules: FastifyPluginAsync[] = [authRoutes, menuRoutes, searchRoutes, dashboardRoutes, mailRoutes, passwordResetRoutes, toolsRoutes, registriesRoutes, cepRoutes, jobsRoutes, connectionsRoutes, accessAdminRoutes, regionsRoutes, locationsRoutes, securityEventsRoutes, firstStartRoutes];

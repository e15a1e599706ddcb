import type { FastifyPluginAsync } from 'fastify';
import authRoutes from './auth/auth.routes.js';
import menuRoutes from './menu/menu.routes.js';
import searchRoutes from './search/search.routes.js';
import dashboardRoutes from './dashboard/dashboard.routes.js';

/** Every feature module's routes, registered under /api/v1. */
export const apiModules: FastifyPluginAsync[] = [authRoutes, menuRoutes, searchRoutes, dashboardRoutes];

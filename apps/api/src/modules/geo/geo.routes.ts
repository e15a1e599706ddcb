import type { FastifyPluginAsync } from 'fastify';
import { geoContracts, geoMessages } from '@assoc/domain';
import { badRequest } from '../../lib/errors.js';
import { defineRoutes } from '../../lib/define-route.js';

/** The 'Mapa' dialog's calls (spec 1 §2, spec 3 §2.16), for every signed-in user. */
const geoRoutes: FastifyPluginAsync = async (app) => {
  const service = app.services.geo;
  const settings = { tileUrl: app.config.MAP_TILE_URL, attribution: app.config.MAP_TILE_ATTRIBUTION };
  defineRoutes(
    app,
    geoContracts,
    {
      coordinates: async (request) => service.coordinates(request.query),
      settings: async () => settings,
    },
    {
      coordinates: { schemaErrorFormatter: () => badRequest(geoMessages.invalid) },
    },
  );
};

export default geoRoutes;

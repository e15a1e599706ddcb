import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { genericMessages } from '@assoc/domain';
import type pg from 'pg';
import { repoRoot, type AppConfig } from './config.js';
import type { Db } from './db/client.js';
import { AppError, databaseRefusal, loggableError } from './lib/errors.js';
import { requestSerializer } from './lib/log-redaction.js';
import { refuseControlCharacters } from './lib/text-guard.js';
import { parseTrustProxy } from './lib/network.js';
import dbPlugin from './plugins/app/db.js';
import eventsPlugin from './plugins/app/events.js';
import securityHeaders from './plugins/app/security-headers.js';
import { appModules } from './modules/index.js';
import { tileSources } from './modules/geo/geo.tiles.js';
import { sortModules, type AppFeatures } from './lib/module.js';

export type { AppFeatures };

// Validation messages in Portuguese wherever a schema gives none of its own.
z.config(z.locales.pt());

export interface BuildOptions {
  config: AppConfig;
  db: Db;
  pool: pg.Pool;
  /** Serve the built web app (apps/web/dist) when it exists. */
  serveWeb?: boolean;
  /** The built web app's folder (default apps/web/dist; tests pass their own). */
  webRoot?: string;
  /** Log to stdout (true) or to this stream (tests read what the log holds). */
  logger?: boolean | { stream: { write(line: string): void } };
  /** Parts a test can leave off (all on by default; the server always runs them). */
  features?: AppFeatures;
  /** Test-only routes registered under /api/v1 after the modules' (a test contract of the access walk). */
  testRoutes?: FastifyPluginAsync;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
  }
}

/** Builds the server: external plugins, then app plugins, then the feature modules under /api/v1. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // The access log shows paths without query values and with CPFs masked (reset codes, searches).
    logger: opts.logger
      ? {
          level: opts.config.LOG_LEVEL,
          serializers: { req: requestSerializer },
          ...(typeof opts.logger === 'object' ? { stream: opts.logger.stream } : {}),
        }
      : false,
    // Only the listed proxies' X-Forwarded-For is believed; the client is the right-most untrusted address.
    trustProxy: parseTrustProxy(opts.config.TRUST_PROXY),
    bodyLimit: 5 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', opts.config);

  await app.register(cookie);
  await app.register(securityHeaders, {
    helmet: {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Mantine injects its CSS variables at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          // The map dialog's tiles come straight from the configured tile server (MAP_TILE_URL).
          imgSrc: ["'self'", 'data:', 'blob:', ...tileSources(opts.config.MAP_TILE_URL)],
          // 'self' covers this origin's own ws:/wss: (CSP Level 3); the socket.io client connects same-origin.
          connectSrc: ["'self'"],
          frameSrc: ["'self'", 'blob:'],
          objectSrc: ["'self'", 'blob:'],
        },
      },
    },
  });
  await app.register(swagger, {
    openapi: { info: { title: 'Associação – API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // Control characters are refused in every body, query and path parameter, whatever the route's schema.
  app.addHook('preValidation', refuseControlCharacters);

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ message: error.message, ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.');
      const text = first?.message ?? genericMessages.invalidData;
      // Only the message, which names the field ('path: text'; the web puts it under that field): the validator's
      // own report is an internal detail.
      return reply.status(400).send({ message: field ? `${field}: ${text}` : text });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      const message =
        status === 415 ? genericMessages.unsupportedMediaType : status === 413 ? genericMessages.payloadTooLarge : genericMessages.invalidRequest;
      return reply.status(status).send({ message });
    }
    // A write the database refused (unknown related record, duplicate, bad value) or could not take
    // (unreachable, timed out) is the user's answer, not a 500; the log gets codes, never values.
    const refusal = databaseRefusal(error);
    if (refusal) {
      request.log.warn({ err: loggableError(error), status: refusal.statusCode }, 'operação recusada pelo banco de dados');
      return reply.status(refusal.statusCode).send({ message: refusal.message });
    }
    request.log.error({ err: loggableError(error) }, 'erro inesperado');
    return reply.status(500).send({ message: genericMessages.operationFailed });
  });

  // Infrastructure first (no module imports), then each module's set-up at the root, every module after those it
  // needs (its service for the others, its hooks, the real-time channel; a missing or circular need stops the start
  // here), then every module's routes under /api/v1.
  await app.register(dbPlugin, { db: opts.db, pool: opts.pool });
  await app.register(eventsPlugin);
  const features = { jobs: true, realtime: true, searchIndex: true, ...opts.features };

  const modules = sortModules(appModules);
  app.decorate('services', {} as FastifyInstance['services']);
  for (const module of modules) await module.setup?.(app, { features, modules, services: app.services });

  await app.register(
    async (api) => {
      for (const module of modules) if (module.routes) await api.register(module.routes);
      if (opts.testRoutes) await api.register(opts.testRoutes);
    },
    { prefix: '/api/v1' },
  );

  const webDist = opts.webRoot ?? path.join(repoRoot, 'apps/web/dist');
  const serveWeb = (opts.serveWeb ?? true) && fs.existsSync(path.join(webDist, 'index.html'));
  const assetsDir = path.join(webDist, 'assets') + path.sep;
  // wildcard: files are looked up per request, so a rebuilt web app is served without a restart.
  // preCompressed: the .br/.gz files written at build time (scripts/build.mjs), chosen by Accept-Encoding.
  // Vite puts a content hash in every name under assets/, so those never change: cached for a year; the rest
  // (index.html above all, which names the current hashes) is revalidated on every use.
  if (serveWeb)
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: ['index.html'],
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', filePath.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || !serveWeb || request.method !== 'GET') {
      return reply.status(404).send({ message: genericMessages.routeNotFound });
    }
    // Client-side routes: the SPA decides what to show.
    return reply.type('text/html').sendFile('index.html');
  });

  return app;
}

import type { FastifyInstance } from 'fastify';
import { jobCommands } from '@assoc/domain';
import { defineModule, type AppModule } from '../../lib/module.js';
import { JobEngine } from './jobs.engine.js';
import { JobRegistry } from './jobs.registry.js';
import { createJobsService, type JobsService } from './jobs.service.js';
import type { JobHandler } from './jobs.types.js';
import routes from './jobs.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job engine (tests and benchmarks register trivial commands on `app.jobs.registry`). */
    jobs: JobEngine;
  }
}

declare module '../../lib/module.js' {
  interface AppServices {
    jobs: JobsService;
  }
}

/**
 * The job handlers of every module, by command. A module with jobs is listed before this one in
 * modules/index.ts (its handlers may use what its setup built); a handler for a command the menu does not
 * know (packages/domain jobCommands) is a start-up error.
 */
function collectHandlers(app: FastifyInstance, modules: readonly AppModule[]) {
  const handlers: Record<string, JobHandler> = {};
  const self = modules.findIndex((m) => m.name === 'jobs');
  modules.forEach((module, index) => {
    if (!module.jobs) return;
    if (index > self) throw new Error(`module ${module.name} declares jobs but is listed after the jobs module`);
    for (const [command, handler] of Object.entries(module.jobs(app))) {
      if (!jobCommands.some((c) => c.command === command)) throw new Error(`module ${module.name}: unknown job command ${command}`);
      if (handlers[command]) throw new Error(`job command ${command} has two handlers`);
      handlers[command] = handler;
    }
  });
  return handlers;
}

/**
 * Background jobs (pg-boss in the same database): the engine is built once, with the handlers the modules
 * give, started with the app (`features.jobs`; off, the routes still list and download and queueing answers
 * 503) and stopped with it. JOBS_WORKER=false only queues.
 */
export default defineModule({
  name: 'jobs',
  needs: ['files'],
  async setup(app, { features, modules }) {
    const c = app.config;
    const files = app.services.files;
    const engine = new JobEngine({
      pool: app.pool,
      db: app.db,
      files,
      events: app.events,
      registry: new JobRegistry(collectHandlers(app, modules)),
      worker: c.JOBS_WORKER === 'true',
      concurrency: c.JOBS_CONCURRENCY,
      heartbeatSeconds: c.JOBS_HEARTBEAT_SECONDS,
      superviseSeconds: c.JOBS_SUPERVISE_SECONDS,
      retryLimit: c.JOBS_RETRY_LIMIT,
      statementTimeoutMs: c.JOBS_STATEMENT_TIMEOUT_MS,
      log: app.log,
    });
    if (features.jobs) await engine.start();
    app.decorate('jobs', engine);
    app.addHook('onClose', async () => {
      await engine.stop();
    });
    app.services.jobs = createJobsService({ engine, files, events: app.events });
  },
  routes,
});

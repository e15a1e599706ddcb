import type { FastifyInstance } from 'fastify';
import { jobCommands } from '@assoc/domain';
import { defineModule, type AppModule } from '../../lib/module.js';
import { JobEngine } from './jobs.engine.js';
import { JobRegistry } from './jobs.registry.js';
import { createJobsService, type JobsService } from './jobs.service.js';
import { checkJobCatalogue } from './jobs.define.js';
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
 * The background work of every module (their `jobs`: defineJob, defineSchedule), checked against the menu's job
 * catalogue (packages/domain jobCommands): a command without a handler that is not marked pending, a handler for an
 * unknown or pending command, or a command defined twice stops the start, naming the command.
 */
function collectWork(app: FastifyInstance, modules: readonly AppModule[]) {
  const work = modules.flatMap((module) => (module.jobs?.(app) ?? []).map((item) => ({ module: module.name, item })));
  return checkJobCatalogue(jobCommands, work);
}

/**
 * Background jobs (pg-boss in the same database): the engine is built once, with the jobs and schedules the
 * modules give, started when the app is ready (`features.jobs`; off, the routes still list and download and queueing answers
 * 503) and stopped with it. JOBS_WORKER=false only queues.
 */
export default defineModule({
  name: 'jobs',
  needs: ['files'],
  async setup(app, { features, modules, services }) {
    const c = app.config;
    const { files } = services;
    const { jobs: definitions, schedules } = collectWork(app, modules);
    const engine = new JobEngine({
      pool: app.pool,
      db: app.db,
      files,
      events: app.events,
      registry: new JobRegistry(definitions),
      schedules,
      worker: c.JOBS_WORKER === 'true',
      concurrency: c.JOBS_CONCURRENCY,
      heartbeatSeconds: c.JOBS_HEARTBEAT_SECONDS,
      superviseSeconds: c.JOBS_SUPERVISE_SECONDS,
      retryLimit: c.JOBS_RETRY_LIMIT,
      statementTimeoutMs: c.JOBS_STATEMENT_TIMEOUT_MS,
      log: app.log,
    });
    app.decorate('jobs', engine);
    // Started once every module is set up: a job or a schedule may use any module's service.
    if (features.jobs)
      app.addHook('onReady', async () => {
        await engine.start();
      });
    app.addHook('onClose', async () => {
      await engine.stop();
    });
    app.services.jobs = createJobsService({ db: app.db, engine, files, events: app.events });
  },
  routes,
});

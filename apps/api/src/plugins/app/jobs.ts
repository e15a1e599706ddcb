import fp from 'fastify-plugin';
import { JobEngine } from '../../modules/jobs/jobs.engine.js';
import { createJobRegistry } from '../../modules/jobs/jobs.registry.js';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobEngine;
  }
}

/**
 * The background-job engine (pg-boss in the same database), started with the app and stopped with it.
 * `start: false` (tests that queue nothing): the engine reads and lists jobs, queueing answers 503.
 */
export default fp<{ start?: boolean }>(async (app, opts) => {
  const c = app.config;
  const engine = new JobEngine({
    pool: app.pool,
    files: app.files,
    events: app.events,
    registry: createJobRegistry(),
    worker: c.JOBS_WORKER === 'true',
    concurrency: c.JOBS_CONCURRENCY,
    heartbeatSeconds: c.JOBS_HEARTBEAT_SECONDS,
    superviseSeconds: c.JOBS_SUPERVISE_SECONDS,
    retryLimit: c.JOBS_RETRY_LIMIT,
    statementTimeoutMs: c.JOBS_STATEMENT_TIMEOUT_MS,
    log: app.log,
  });
  if (opts.start ?? true) await engine.start();
  app.decorate('jobs', engine);
  app.addHook('onClose', async () => { await engine.stop(); });
}, { name: 'jobs', dependencies: ['db', 'files', 'events'] });

import fp from 'fastify-plugin';
import type pg from 'pg';
import type { Db } from '../../db/client.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    pool: pg.Pool;
  }
}

/** Exposes the Drizzle database and the raw pool (for hand-tuned SQL) to every module. */
export default fp<{ db: Db; pool: pg.Pool }>(
  async (app, opts) => {
    app.decorate('db', opts.db);
    app.decorate('pool', opts.pool);
  },
  { name: 'db' },
);

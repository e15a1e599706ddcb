import fp from 'fastify-plugin';
import { createPeopleIndexFeed, type PeopleIndexFeed } from './people-index.feed.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-process search index (null with SEARCH_INDEX=sql); the search routes, tests and the benchmark use it. */
    peopleIndex: PeopleIndexFeed | null;
  }
}

/** Loads the search index once the app is ready (the search answers in SQL meanwhile) and stops it on close. */
export default fp(
  async (app) => {
    const feed = app.config.SEARCH_INDEX === 'memory' ? createPeopleIndexFeed(app.pool, app.log) : null;
    app.decorate('peopleIndex', feed);
    if (!feed) return;
    app.addHook('onReady', async () => feed.start());
    app.addHook('onClose', async () => feed.stop());
  },
  { name: 'people-index', dependencies: ['db'] },
);

import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { BackgroundWork } from '../modules/jobs/jobs.types.js';

/** Parts a test can leave off (all on by default; the server always runs them). */
export interface AppFeatures {
  /** Start pg-boss: off, the job routes still answer (lists, downloads) and queueing one answers 503. */
  jobs?: boolean;
  /** Socket.IO and its PostgreSQL adapter: off, nobody connects and the connected-user list is empty. */
  realtime?: boolean;
  /** The in-process people index: off, the search answers in SQL as with SEARCH_INDEX=sql. */
  searchIndex?: boolean;
}

export interface ModuleContext {
  features: Required<AppFeatures>;
  /** Every module of the app (the jobs module collects their job handlers). */
  modules: readonly AppModule[];
}

/**
 * The services modules expose to one another, by module name. Each module adds its own by declaration
 * merging in its index.ts (`declare module '../../lib/module.js' { interface AppServices { … } }`).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface AppServices {}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

/**
 * One feature module (issue 10 §2), declared in its `index.ts` and listed once in `modules/index.ts`.
 * `setup` runs at the app's root, in list order, before any route: it builds the module's repository and
 * service once and exposes the service (`app.services.<name>`) or registers the module's hooks.
 * `routes` registers its contracts under /api/v1. `jobs` gives its background-job handlers by command,
 * built with its own repository (the jobs module collects them; no central handler map).
 */
export interface AppModule {
  name: string;
  setup?(app: FastifyInstance, context: ModuleContext): Promise<void> | void;
  routes?: FastifyPluginAsync;
  /**
   * The module's background work: menu jobs (`defineJob`) and recurring work (`defineSchedule`). Called once at
   * set-up, in any order: the definitions only close over `app`, and use its services when they run.
   */
  jobs?(app: FastifyInstance): readonly BackgroundWork[];
}

export const defineModule = (module: AppModule): AppModule => module;

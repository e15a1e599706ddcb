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

export interface ModuleContext<Needs extends ModuleName = ModuleName> {
  features: Required<AppFeatures>;
  /** Every module of the app, in set-up order (the jobs module collects their job handlers). */
  modules: readonly AppModule[];
  /** The services of the modules this one needs, and only those (set up before it). */
  services: Pick<AppServices, Extract<Needs, keyof AppServices>>;
}

/**
 * The services modules expose to one another, by module name. Each module adds its own by declaration
 * merging in its index.ts (`declare module '../../lib/module.js' { interface AppServices { … } }`).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface AppServices {}

/**
 * The modules that expose no service but that another module may still need (the real-time channel's set-up
 * decorates `app.realtime`). A module with a service is named by its `AppServices` key.
 */
export interface ServiceLessModules {
  realtime: true;
}

/** A module another module may name in `needs`: one with a service, or one listed in `ServiceLessModules`. */
export type ModuleName = keyof AppServices | keyof ServiceLessModules;

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

/**
 * One feature module (issue 10 §2), declared in its `index.ts` and listed once in `modules/index.ts`.
 * `needs` names the modules whose services (or set-up) this one uses (issue 23 item 2): the app refuses to start
 * when a need names no module or the needs make a cycle, and sets the modules up in the order the needs give.
 * `setup` runs at the app's root before any route: it builds the module's repository and service once, handing
 * the service its dependencies explicitly (never `app`), and exposes it (`app.services.<name>`) or registers the
 * module's hooks. `routes` registers its contracts under /api/v1. `jobs` gives its background-job handlers by
 * command, built with its own repository (the jobs module collects them; no central handler map).
 */
export interface AppModule<Needs extends ModuleName = ModuleName> {
  name: string;
  needs?: readonly Needs[];
  setup?(app: FastifyInstance, context: ModuleContext<Needs>): Promise<void> | void;
  routes?: FastifyPluginAsync;
  /**
   * The module's background work: menu jobs (`defineJob`) and recurring work (`defineSchedule`). Called once at
   * set-up, in any order: the definitions only close over `app`, and use its services when they run.
   */
  jobs?(app: FastifyInstance): readonly BackgroundWork[];
}

/**
 * Declares a module. Its setup's `context.services` holds the services of its `needs` only, so a service used
 * without being declared fails the typecheck; `needs` itself is checked against the module names.
 */
export const defineModule = <const Needs extends ModuleName = never>(module: AppModule<Needs>): AppModule => module as AppModule;

/**
 * The modules in set-up order: every module after the modules it needs; modules with no order between them keep
 * their list order. Throws, naming the module, when a need names no listed module, when two modules share a
 * name, or when needs make a cycle (naming the modules of the cycle).
 */
export function setupOrder(modules: readonly Pick<AppModule, 'name' | 'needs'>[]): string[] {
  const byName = new Map<string, Pick<AppModule, 'name' | 'needs'>>();
  for (const module of modules) {
    if (byName.has(module.name)) throw new Error(`module ${module.name} is listed twice`);
    byName.set(module.name, module);
  }
  for (const module of modules)
    for (const need of module.needs ?? []) if (!byName.has(need)) throw new Error(`module ${module.name} needs module ${need}, which is not listed`);

  const order: string[] = [];
  const done = new Set<string>();
  // Depth-first from each module in list order: its needs first (in their declared order), then itself. The path
  // being walked finds a cycle; ties keep list order because the walk starts from the list.
  const visit = (name: string, path: string[]) => {
    if (done.has(name)) return;
    const at = path.indexOf(name);
    if (at >= 0) throw new Error(`module dependency cycle: ${[...path.slice(at), name].join(' → ')}`);
    const module = byName.get(name)!;
    for (const need of module.needs ?? []) visit(need, [...path, name]);
    done.add(name);
    order.push(name);
  };
  for (const module of modules) visit(module.name, []);
  return order;
}

/** `modules` sorted by `setupOrder` (checks the graph; throws at start-up on a missing or circular need). */
export function sortModules<M extends Pick<AppModule, 'name' | 'needs'>>(modules: readonly M[]): M[] {
  const byName = new Map(modules.map((m) => [m.name, m]));
  return setupOrder(modules).map((name) => byName.get(name)!);
}

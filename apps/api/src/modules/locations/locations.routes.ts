import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import {
  circunscricaoContracts,
  comarcaContracts,
  coordinatorsContract,
  forumContracts,
  localContracts,
  type HandlerReplyOf,
  type ParsedBodyOf,
  type RouteContract,
} from '@assoc/domain';
import { actorOf, type Actor } from '../../lib/actor.js';
import { defineRoute, defineRoutes } from '../../lib/define-route.js';

/** The four contracts of a level (the domain's `levelContracts`). */
interface LevelContracts {
  list: RouteContract;
  get: RouteContract;
  update: RouteContract;
  add: RouteContract;
}

/** What a level's routes call: its service (`list` answers the list's reply, `get` and `add` the record). */
interface LevelService<C extends LevelContracts> {
  list(parentId?: number): Promise<HandlerReplyOf<C['list']>>;
  get(id: number): Promise<HandlerReplyOf<C['get']>>;
  update(id: number, body: ParsedBodyOf<C['add']>, version: number, actor: Actor): Promise<unknown>;
  add(body: ParsedBodyOf<C['add']>, actor: Actor, parentId?: number): Promise<HandlerReplyOf<C['add']>>;
}

/** A level's calls have at most one path parameter: the row's key, or for list and add the parent's (none for a circunscrição). */
const onlyParam = (params: unknown) => Object.values((params ?? {}) as Record<string, number>)[0];

/**
 * Registers the four calls of one level (circunscrição, comarca, fórum): its list, one record, the save at
 * the read version (204; the contract's status) and the addition (200, the record).
 */
function levelRoutes<C extends LevelContracts>(app: FastifyInstance, contracts: C, service: LevelService<C>) {
  defineRoute(app, contracts.list as RouteContract, async (request) => service.list(onlyParam(request.params)));
  defineRoute(app, contracts.get as RouteContract, async (request) => service.get(onlyParam(request.params)!));
  defineRoute(app, contracts.update as RouteContract, async (request) => {
    const body = request.body as ParsedBodyOf<C['add']> & { version: number };
    await service.update(onlyParam(request.params)!, body, body.version, actorOf(request));
  });
  defineRoute(app, contracts.add as RouteContract, async (request) =>
    service.add(request.body as ParsedBodyOf<C['add']>, actorOf(request), onlyParam(request.params)),
  );
}

/**
 * Location administration (spec 3 §2.12, §7): circunscrições, comarcas, fóruns and the locals of a
 * forum, plus the coordinator choices. Every call needs the roles of /localizacao (the contracts' access).
 */
const locationsRoutes: FastifyPluginAsync = async (app) => {
  const service = app.services.locations;

  levelRoutes(app, circunscricaoContracts, { ...service.circunscricoes, list: () => service.circunscricoes.listWithRajs() });
  levelRoutes(app, comarcaContracts, service.comarcas);
  levelRoutes(app, forumContracts, service.forums);

  defineRoutes(app, localContracts, {
    list: async (request) => service.locals.list(request.params.apfId),
    add: async (request) => service.locals.add(request.params.apfId, request.body, actorOf(request)),
    update: async (request) => service.locals.update(request.body, request.body.version, actorOf(request)),
    remove: async (request) => service.locals.remove(request.params.locId, request.query.version, actorOf(request)),
  });

  defineRoute(app, coordinatorsContract, async (request) => service.searchCoordinators(request.query.q));
};

export default locationsRoutes;

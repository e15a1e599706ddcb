import type { FastifyPluginAsync } from 'fastify';
import { cchContracts, tussRegistryContracts } from '@assoc/domain';
import { actorOf } from '../../lib/actor.js';
import { defineRoutes } from '../../lib/define-route.js';
import { sendFile, sendStoredFile } from '../../lib/file-reply.js';
import { createRegistryService } from '../registries/registry.service.js';
import { registerRegistry } from '../registries/registry.routes.js';
import { tussRegistry } from './tuss.registry.js';

/** The CCH's calls (spec 2 §7 `cch/*`, `user/tuss/{code}`, `cch/cchaumento`): thin handlers over the CCH service; the TUSS registry's four. */
const cchRoutes: FastifyPluginAsync = async (app) => {
  const service = app.services.cch;
  // The dashboard's change feed: a request written (created, saved, paid, cancelled, deleted) changes the CCH card.
  app.addHook('onResponse', async (request, reply) => {
    const write = request.method !== 'GET' || /\/cch\/cancel\//.test(request.url);
    if (write && reply.statusCode < 300 && /\/cch(\/|$)/.test(request.routeOptions.url ?? '')) {
      app.events.emit('painel', { role: 'v2menucch' }, { cards: ['cch'] });
    }
  });
  const letter = async (cchId: number, kind: 'deferido' | 'indeferido') => service.letter(cchId, kind);
  defineRoutes(app, cchContracts, {
    list: async (request) => service.list(request.params.status, request.query),
    create: async (request) => service.create(request.body, actorOf(request)),
    update: async (request) => service.update(request.params.cchId, request.body, actorOf(request)),
    remove: async (request, reply) => {
      await service.remove(request.params.cchId, request.query.version, actorOf(request));
      return reply.status(204).send();
    },
    cancel: async (request) => service.cancel(request.params.cchId, actorOf(request)),
    doc: async (request, reply) => sendStoredFile(reply, service.open, await service.document(request.params.cchId)),
    approvalLetter: async (request, reply) => {
      const { pdf, name } = await letter(request.params.cchId, 'deferido');
      return sendFile(reply, pdf, { type: 'application/pdf', name });
    },
    denialLetter: async (request, reply) => {
      const { pdf, name } = await letter(request.params.cchId, 'indeferido');
      return sendFile(reply, pdf, { type: 'application/pdf', name });
    },
    plans: async () => service.plans(),
    balance: async (request) => service.balance(request.params.cstId, request.query),
    bank: async (request) => service.bank(request.params.cstId),
    tuss: async (request) => service.tuss(request.params.code),
    upload: async (request) => service.upload(request, actorOf(request)),
    currentValues: async () => service.currentValues(),
    increase: async (request) => service.increase(request.body, actorOf(request)),
  });
  registerRegistry(app, tussRegistryContracts, createRegistryService(tussRegistry, app.db));
};

export default cchRoutes;

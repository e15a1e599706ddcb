import type { FastifyPluginAsync } from 'fastify';
import { dropUnmarkedItems, memberContracts } from '@assoc/domain';
import { actorOf } from '../../lib/actor.js';
import { defineRoutes } from '../../lib/define-route.js';
import { sendFile } from '../../lib/file-reply.js';
import { fastSerializer } from '../../lib/fast-serializer.js';
import { currentUser } from '../auth/session.js';
import { createMemberDocuments } from './members.documents.js';

const SAVE_URL = '/api/v1/user/:cstId';

/** The member record's calls (memberContracts; spec 1 §7). */
const membersRoutes: FastifyPluginAsync = async (app) => {
  const service = app.services.members;
  const documents = createMemberDocuments({ documents: app.services.documents, members: service });
  const userOf = (request: Parameters<typeof actorOf>[0]) => ({ actor: actorOf(request), roles: currentUser(request).roles });

  // Spec 1 §7: child rows without a marker (or with '-') are dropped before the body is validated.
  app.addHook('preValidation', async (request) => {
    if ((request.method === 'POST' || request.method === 'PUT') && request.routeOptions.url === SAVE_URL)
      request.body = dropUnmarkedItems(request.body);
  });

  const pdf = (reply: Parameters<Parameters<typeof defineRoutes>[2][string]>[1], name: string, bytes: Uint8Array) =>
    sendFile(reply, bytes, { type: 'application/pdf', name });

  defineRoutes(
    app,
    memberContracts,
    {
      get: async (request) => service.get(request.params.cstId, currentUser(request).roles),
      insert: async (request) => service.insert(request.body, userOf(request)),
      update: async (request) => service.update(request.params.cstId, request.body, userOf(request)),
      cpfCheck: async (request) => service.cpfCheck(request.params.cpf, request.params.cstId),
      positions: async (request) => service.positions(request.params.cstId),
      label: async (request, reply) => pdf(reply, 'etiqueta.pdf', await documents.label(request.params.a, request.params.b, request.params.c)),
      bond: async (request, reply) => pdf(reply, 'declaracao-vinculo.pdf', await documents.bond(request.params.cstId)),
      emailBond: async (request) => documents.emailBond(request.params.cstId, actorOf(request)),
      audits: async (request) => service.audits(request.params.cstId, request.params.category, currentUser(request).roles),
      audit: async (request) => service.audit(request.params.id, currentUser(request).roles),
      dataCache: async (request) => service.dataCache(currentUser(request)),
    },
    {
      // The member is built by typed code with exactly the reply schema's fields (recordFromRows, visibleTo): the hot
      // read of the screen is serialized by JSON.stringify, neither re-validated nor walked by fast-json-stringify,
      // whose nullable fields cost ~0.3 ms a record; the schema still documents the reply in the OpenAPI document.
      get: { serializerCompiler: () => JSON.stringify },
      audit: { serializerCompiler: fastSerializer },
    },
  );
};

export default membersRoutes;

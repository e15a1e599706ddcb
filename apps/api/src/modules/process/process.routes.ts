import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { genericMessages, processContracts } from '@assoc/domain';
import { actorOf } from '../../lib/actor.js';
import { defineRoutes } from '../../lib/define-route.js';
import { sendStoredFile } from '../../lib/file-reply.js';
import { badRequest, unauthorized } from '../../lib/errors.js';
import type { StoredFile } from '../files/files.service.js';
import { currentUser } from '../auth/session.js';

/** Digital process (issue 15): folders, processes, movements, search, upload, import and API keys. */
const processRoutes: FastifyPluginAsync = async (app) => {
  const service = app.services.process;

  const sendPdf = (reply: FastifyReply, file: StoredFile) => sendStoredFile(reply, service.open, file);

  const firstMessage = (errors: { message?: string }[]) => badRequest(errors[0]?.message ?? genericMessages.invalidData);

  defineRoutes(
    app,
    processContracts,
    {
      inbox: async (request) => service.inbox(currentUser(request).userId),
      folders: async (request) => service.folders(currentUser(request).userId),
      processes: async (request) => service.processes(currentUser(request).userId, request.params.pastaId, request.query.cursor, request.query.limit),
      movements: async (request) => service.movements(currentUser(request).userId, request.params.proId),
      search: async (request) => service.search(currentUser(request).userId, request.body),
      process: async (request) => service.process(currentUser(request).userId, request.params.proId),
      pdf: async (request, reply) => sendPdf(reply, await service.pdfFile(request.params.proId)),
      movementDocument: async (request, reply) => sendPdf(reply, await service.movementFile(request.params.andId)),
      createFolder: async (request) => service.createFolder(actorOf(request), request.body.nome, request.body.parentId),
      renameFolder: async (request) => {
        await service.renameFolder(actorOf(request), request.params.pastaId, request.body.nome);
      },
      deleteFolder: async (request) => {
        await service.deleteFolder(actorOf(request), request.params.pastaId);
      },
      move: async (request) => {
        await service.move(actorOf(request), request.params.proId, request.body.pastaId);
      },
      markRead: async (request) => {
        await service.markRead(actorOf(request), request.params.proId, request.body.lido);
      },
      upload: async (request, reply) => reply.code(201).send(await service.upload(request, actorOf(request))),
      import: async (request) => {
        if (!request.apiKey) throw unauthorized();
        return service.import(request, request.apiKey);
      },
      apiKeys: async () => service.apiKeys(),
      createApiKey: async (request) => service.createApiKey(actorOf(request), request.body.nome),
      revokeApiKey: async (request) => {
        await service.revokeApiKey(actorOf(request), request.params.id);
      },
    },
    {
      processes: { schemaErrorFormatter: firstMessage },
      movements: { schemaErrorFormatter: firstMessage },
      process: { schemaErrorFormatter: firstMessage },
      pdf: { schemaErrorFormatter: firstMessage },
      movementDocument: { schemaErrorFormatter: firstMessage },
      search: { schemaErrorFormatter: firstMessage },
      createFolder: { schemaErrorFormatter: firstMessage },
      renameFolder: { schemaErrorFormatter: firstMessage },
      deleteFolder: { schemaErrorFormatter: firstMessage },
      move: { schemaErrorFormatter: firstMessage },
      markRead: { schemaErrorFormatter: firstMessage },
      createApiKey: { schemaErrorFormatter: firstMessage },
      revokeApiKey: { schemaErrorFormatter: firstMessage },
    },
  );
};

export default processRoutes;

import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '../../lib/reply-schemas.js';
import { jobCommands, jobSchema, safeText, type Role } from '@assoc/domain';
import { currentUser } from '../auth/session.js';
import { createJobsService, type Download } from './jobs.service.js';

const jobIdParams = z.object({ jobId: z.uuid({ message: 'Tarefa inválida' }) });
const fileIdParams = z.object({ fileId: z.uuid({ message: 'Arquivo inválido' }) });
const sendParams = z.object({
  jobCommand: safeText().min(1).max(80),
  userData: safeText().max(200).default('0'),
});

/** Any role that runs some job command; the service then checks the command's own role. */
const jobRoles = [...new Set(jobCommands.map((c) => c.role))] as Role[];

/** `filename` (ASCII fallback) and `filename*` (UTF-8) for the display name. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string) {
  const ascii = name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Background jobs: start, list, hide, attachments (spec 1 §2, §4, §7; spec 3 §2.5, §4). */
const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createJobsService({ engine: app.jobs, files: app.files, events: app.events });

  const sendFile = async (reply: FastifyReply, { file, inline }: Download) => reply
    .header('content-type', file.mimeType)
    .header('content-length', String(file.size))
    .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', file.name))
    .header('cache-control', 'private, no-store')
    .send(await app.files.open(file));

  const sendSchema = {
    tags: ['tarefas'],
    summary: 'Inicia uma tarefa do menu para o usuário (papel conforme a tarefa; userData padrão 0, ou o plano 21/22)',
    description: '404 tarefa desconhecida; 403 sem o papel da tarefa; 409 tarefa de mesmo nome aguardando ou em execução; 501 tarefa ainda não implementada.',
    response: { 200: jobSchema, 403: messageSchema, 404: messageSchema, 409: messageSchema, 501: messageSchema },
  };
  app.get('/jobs/send/:jobCommand/:userData', {
    config: { roles: jobRoles, xsrf: true },
    schema: { ...sendSchema, params: sendParams },
  }, async (request) => service.send(currentUser(request), request.params.jobCommand, request.params.userData));
  app.get('/jobs/send/:jobCommand', {
    config: { roles: jobRoles, xsrf: true },
    schema: { ...sendSchema, params: sendParams.pick({ jobCommand: true }) },
  }, async (request) => service.send(currentUser(request), request.params.jobCommand, '0'));

  app.get('/jobs', {
    config: { roles: [] },
    schema: {
      tags: ['tarefas'],
      summary: 'Tarefas do usuário (notificações), mais recentes primeiro',
      response: { 200: z.array(jobSchema) },
    },
  }, async (request) => service.list(currentUser(request)));

  app.post('/jobs/:jobId/hide', {
    config: { roles: [] },
    schema: {
      tags: ['tarefas'],
      summary: "Oculta a tarefa da lista de notificações ('showoff')",
      params: jobIdParams,
      response: { 204: z.null(), 400: messageSchema, 404: messageSchema },
    },
  }, async (request, reply) => {
    await service.hide(currentUser(request), request.params.jobId);
    return reply.status(204).send(null);
  });

  app.get('/jobs/downloadid/:jobId', {
    config: { roles: [] },
    schema: {
      tags: ['tarefas'],
      summary: 'Anexo da tarefa (dono da tarefa que ainda tem o papel da tarefa, ou superadmin); PDF inline, demais como download',
      params: jobIdParams,
      response: { 400: messageSchema, 403: messageSchema, 404: messageSchema },
    },
  }, async (request, reply) => sendFile(reply, await service.downloadByJob(currentUser(request), request.params.jobId)));

  app.get('/jobs/download/:fileId', {
    config: { roles: [] },
    schema: {
      tags: ['tarefas'],
      summary: 'Arquivo anexado a uma tarefa (dono da tarefa que ainda tem o papel da tarefa, ou superadmin); PDF inline, demais como download',
      params: fileIdParams,
      response: { 400: messageSchema, 403: messageSchema, 404: messageSchema },
    },
  }, async (request, reply) => sendFile(reply, await service.download(currentUser(request), request.params.fileId)));
};

export default jobsRoutes;

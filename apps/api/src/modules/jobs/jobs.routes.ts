import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { jobsContracts } from '@assoc/domain';
import { defineRoutes } from '../../lib/define-route.js';
import { currentUser } from '../auth/session.js';
import type { Download } from './jobs.service.js';

/** `filename` (ASCII fallback) and `filename*` (UTF-8) for the display name. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string) {
  const ascii = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Background jobs: start, list, hide, attachments (spec 1 §2, §4, §7; spec 3 §2.5, §4). */
const jobsRoutes: FastifyPluginAsync = async (app) => {
  const service = app.services.jobs;
  const files = app.services.files;

  const sendFile = async (reply: FastifyReply, { file, inline }: Download) =>
    reply
      .header('content-type', file.mimeType)
      .header('content-length', String(file.size))
      .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', file.name))
      .header('cache-control', 'private, no-store')
      .send(await files.open(file));

  defineRoutes(app, jobsContracts, {
    sendWithData: async (request) => service.send(currentUser(request), request.params.jobCommand, request.params.userData),
    send: async (request) => service.send(currentUser(request), request.params.jobCommand, '0'),
    list: async (request) => service.list(currentUser(request)),
    hide: async (request) => {
      await service.hide(currentUser(request), request.params.jobId);
    },
    downloadByJob: async (request, reply) => sendFile(reply, await service.downloadByJob(currentUser(request), request.params.jobId)),
    download: async (request, reply) => sendFile(reply, await service.download(currentUser(request), request.params.fileId)),
  });
};

export default jobsRoutes;

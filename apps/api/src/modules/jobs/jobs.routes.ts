import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { jobsContracts } from '@assoc/domain';
import { defineRoutes } from '../../lib/define-route.js';
import { sendStoredFile } from '../../lib/file-reply.js';
import { currentUser } from '../auth/session.js';
import type { Download } from './jobs.service.js';

/** Background jobs: start, list, hide, attachments (spec 1 §2, §4, §7; spec 3 §2.5, §4). */
const jobsRoutes: FastifyPluginAsync = async (app) => {
  const service = app.services.jobs;
  const files = app.services.files;

  const sendDownload = async (reply: FastifyReply, { file, inline }: Download) =>
    sendStoredFile(reply, files.open, file, { disposition: inline ? 'inline' : 'attachment' });

  defineRoutes(app, jobsContracts, {
    sendWithData: async (request) => service.send(currentUser(request), request.params.jobCommand, request.params.userData),
    send: async (request) => service.send(currentUser(request), request.params.jobCommand, '0'),
    list: async (request) => service.list(currentUser(request)),
    hide: async (request) => {
      await service.hide(currentUser(request), request.params.jobId);
    },
    downloadByJob: async (request, reply) => sendDownload(reply, await service.downloadByJob(currentUser(request), request.params.jobId)),
    download: async (request, reply) => sendDownload(reply, await service.download(currentUser(request), request.params.fileId)),
  });
};

export default jobsRoutes;

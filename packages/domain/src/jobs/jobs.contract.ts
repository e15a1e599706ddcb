import { z } from 'zod';
import { jobCommands } from '../access/jobs.js';
import type { Role } from '../access/roles.js';
import { binaryReply, defineContract } from '../contract/route-contract.js';
import { safeText } from '../validation.js';
import { jobSchema, jobTexts } from './job.schema.js';

/** Any role that runs some job command; the server then checks the command's own role. */
export const jobRoles: readonly Role[] = [...new Set(jobCommands.map((c) => c.role))];

const jobIdParams = z.object({ jobId: z.uuid({ message: jobTexts.invalidJob }) });
const fileIdParams = z.object({ fileId: z.uuid({ message: jobTexts.invalidFile }) });
const sendParams = z.object({
  jobCommand: safeText().min(1).max(80),
  userData: safeText().max(200).default('0'),
});

const tags = ['tarefas'];
const sendSummary = 'Inicia uma tarefa do menu para o usuário (papel conforme a tarefa; userData padrão 0, ou o plano 21/22)';
const downloadSummary = (what: string) => `${what} (dono da tarefa que ainda tem o papel da tarefa, ou superadmin); PDF inline, demais como download`;

/**
 * Background jobs (spec 1 §2, §4, §7; spec 3 §2.5, §4): start, list, hide, attachments. Starting is a GET that
 * changes state (XSRF header required). 404 unknown command; 403 without the command's role; 409 a job of the
 * same name waiting or running; 501 a command not implemented yet.
 */
export const jobsContracts = {
  sendWithData: defineContract({
    method: 'GET',
    path: '/jobs/send/:jobCommand/:userData',
    params: sendParams,
    reply: jobSchema,
    access: { roles: jobRoles },
    xsrf: true,
    summary: sendSummary,
    tags,
  }),
  send: defineContract({
    method: 'GET',
    path: '/jobs/send/:jobCommand',
    params: sendParams.pick({ jobCommand: true }),
    reply: jobSchema,
    access: { roles: jobRoles },
    xsrf: true,
    summary: sendSummary,
    tags,
  }),
  list: defineContract({
    method: 'GET',
    path: '/jobs',
    reply: z.array(jobSchema),
    access: { signedIn: true },
    summary: 'Tarefas do usuário (notificações), mais recentes primeiro',
    tags,
  }),
  hide: defineContract({
    method: 'POST',
    path: '/jobs/:jobId/hide',
    params: jobIdParams,
    reply: z.null(),
    status: 204,
    access: { signedIn: true },
    summary: "Oculta a tarefa da lista de notificações ('showoff')",
    tags,
  }),
  downloadByJob: defineContract({
    method: 'GET',
    path: '/jobs/downloadid/:jobId',
    params: jobIdParams,
    reply: binaryReply,
    access: { signedIn: true },
    summary: downloadSummary('Anexo da tarefa'),
    tags,
  }),
  download: defineContract({
    method: 'GET',
    path: '/jobs/download/:fileId',
    params: fileIdParams,
    reply: binaryReply,
    access: { signedIn: true },
    summary: downloadSummary('Arquivo anexado a uma tarefa'),
    tags,
  }),
};

import { z } from 'zod';
import type { JobCommand } from '../access/jobs.js';

/** Job status (spec 1 §4, §9): 0 running, 10 waiting, 20 failed, 30 done; 20 or above is finished. */
export const JOB_STATUS = { running: 0, waiting: 10, failed: 20, done: 30 } as const;
export type JobStatus = (typeof JOB_STATUS)[keyof typeof JOB_STATUS];

export const isJobFinished = (status: number) => status >= JOB_STATUS.failed;

/** A job as the notifications list and the real-time `jobprogress` message carry it (spec 1 §3, spec 3 §3). */
export const jobSchema = z.object({
  jobId: z.string(),
  jobName: z.string(),
  jobDescription: z.string(),
  jobSubtitle: z.string(),
  jobStatus: z.number().int(),
  /** ISO instants. */
  jobSubmitted: z.string(),
  jobCurrent: z.number().int(),
  jobTotal: z.number().int(),
  /** `<fileId>;<display name>` or empty. */
  jobAttachments: z.string(),
  jobResult: z.string(),
  jobFinished: z.string().nullable(),
  show: z.boolean(),
});
export type Job = z.infer<typeof jobSchema>;

/** The name a started job carries: the command, plus `^plan` for the health-plan variants. */
export const jobNameOf = (job: Pick<JobCommand, 'command' | 'plan'>) => (job.plan ? `${job.command}^${job.plan}` : job.command);

/** Percent of jobCurrent over jobTotal, 0-100 (0 while the total is unknown). */
export function jobPercent(job: Pick<Job, 'jobCurrent' | 'jobTotal'>): number {
  if (!job.jobTotal || job.jobTotal <= 0) return 0;
  return Math.max(0, Math.min(100, Math.floor((job.jobCurrent * 100) / job.jobTotal)));
}

/** The display name of an attachment text `<fileId>;<display name>`. */
export function attachmentParts(text: string | null | undefined): { fileId: string; name: string } | null {
  if (!text) return null;
  const at = text.indexOf(';');
  if (at <= 0) return null;
  return { fileId: text.slice(0, at), name: text.slice(at + 1) };
}

/** A user of the 'Usuários conectados' list (spec 3 §3 real-time state). */
export const connectedUserSchema = z.object({
  cstId: z.number().int().nullable(),
  /** The CPF. */
  username: z.string(),
  name: z.string(),
  connectionId: z.string(),
});
export type ConnectedUser = z.infer<typeof connectedUserSchema>;

/** `hubs` message: a connection opened (add) or closed (del). */
export const hubsMessageSchema = z.object({ op: z.enum(['add', 'del']), user: connectedUserSchema });
export type HubsMessage = z.infer<typeof hubsMessageSchema>;

/** `SendToAll` broadcast as every client receives it. */
export interface SendToAllMessage {
  from: string;
  message: string;
}

/** Server messages of the real-time channel (spec 3 §4). */
export const REALTIME_EVENTS = ['reloadjobs', 'hubs', 'jobprogress', 'processo', 'SendToAll'] as const;
export type RealtimeEvent = (typeof REALTIME_EVENTS)[number];

/** Client policy of the real-time connection (spec 1 §9). */
export const REALTIME_POLICY = { retryMs: 1500, reconnectMaxDelayMs: 5000, giveUpMs: 120_000 } as const;

export const jobTexts = {
  unknownCommand: 'Tarefa não encontrada',
  notImplemented: (label: string) => `Tarefa ainda não disponível: ${label}`,
  alreadyRunning: (label: string) => `Já existe uma tarefa "${label}" aguardando ou em execução. Aguarde a conclusão.`,
  jobNotFound: 'Tarefa não encontrada',
  fileNotFound: 'Arquivo não encontrado',
  invalidJob: 'Tarefa inválida',
  invalidFile: 'Arquivo inválido',
  interrupted: 'A tarefa foi interrompida (o servidor parou durante a execução) e não pôde ser concluída. Inicie-a novamente.',
  waitingRetry: 'Aguardando nova tentativa',
  /** An exclusive job (one closing, one remittance… at a time) waiting for the one that holds its lock. */
  waitingExclusive: 'Aguardando outra tarefa exclusiva terminar',
  queued: 'Aguardando processamento',
  unknownStatus: 'Desconhecido',
  failedStatus: 'Falhou',
  doneStatus: 'Concluída',
} as const;

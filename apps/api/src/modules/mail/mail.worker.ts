import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { loggableError } from '../../lib/errors.js';
import { maskPersonalData } from '../../lib/log-redaction.js';
import type { BlobStore } from '../files/files.store.js';
import { isBrazilianMobile, messageProviderMessages, toBrazilianE164, type OutboxChannel, type ProviderAnswer } from '@assoc/domain';
import { createMailRepository, type ClaimedEmail, type OutboxFile } from './mail.repository.js';
import { createMessageProviders, type MessageProvider } from './providers/index.js';

/** Messages claimed per round; a full round is followed at once by another. */
const BATCH = 20;
/** A claim lapses after this long, so a worker that died mid-send does not keep an e-mail forever. */
const CLAIM_SECONDS = 300;

export interface MailWorker {
  /**
   * Sends the messages due now (one round) of the channels with a sender — e-mail with SMTP_URL, SMS and WhatsApp
   * with their provider — and answers how many it claimed. Without any, it does nothing (everything stays pending).
   */
  runOnce(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
  /** Calls `listener` as each timed round starts, with that round (tests wait on it instead of sleeping). */
  onTick(listener: (round: Promise<number>) => void): () => void;
}

/** Wait before the next attempt: MAIL_RETRY_SECONDS, doubling per attempt made, capped at 6 h. */
export const retryDelaySeconds = (config: Pick<AppConfig, 'MAIL_RETRY_SECONDS'>, attemptsMade: number) =>
  Math.min(6 * 3600, config.MAIL_RETRY_SECONDS * 2 ** Math.max(0, attemptsMade - 1));

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The e-mail as sent: each placeholder of the stored text and HTML replaced by its secret. */
export function resolveSecrets(email: Pick<ClaimedEmail, 'text' | 'html' | 'secrets'>): { text: string; html: string | undefined } {
  let { text } = email;
  let html = email.html ?? undefined;
  for (const [placeholder, secret] of Object.entries(email.secrets ?? {})) {
    text = text.replaceAll(placeholder, secret);
    html = html?.replaceAll(escapeHtml(placeholder), escapeHtml(secret));
  }
  return { text, html };
}

/** The failure recorded when an attachment's bytes cannot be read: the e-mail is not sent without it. */
export const attachmentMissing = (name: string) => `Anexo indisponível no armazenamento de arquivos: ${name}`;

/** The attachments of one e-mail as nodemailer takes them, read whole before sending (a missing file fails the e-mail). */
async function readAttachments(store: Pick<BlobStore, 'get'>, list: OutboxFile[]) {
  const out: { filename: string; content: Buffer; contentType: string }[] = [];
  for (const file of list) {
    let content: Buffer;
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of await store.get(file.storageKey)) chunks.push(Buffer.from(chunk as Buffer));
      content = Buffer.concat(chunks);
    } catch {
      throw new Error(attachmentMissing(file.name));
    }
    if (content.length !== file.size) throw new Error(attachmentMissing(file.name));
    out.push({ filename: file.name, content, contentType: file.mimeType });
  }
  return out;
}

export function createMailWorker({
  db,
  config,
  log,
  store,
  providers = createMessageProviders(config),
}: {
  db: Db;
  config: AppConfig;
  log: FastifyBaseLogger;
  /** The file store the attachments are read from (`app.services.files.store`). */
  store: Pick<BlobStore, 'get'>;
  /** The SMS and WhatsApp adapters; by default those the configuration names. */
  providers?: Partial<Record<'sms' | 'whatsapp', MessageProvider>>;
}): MailWorker {
  const repo = createMailRepository();
  const transport: Transporter | null = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null;
  /** The channels this worker sends; the others' rows are never claimed and stay pending. */
  const channels: OutboxChannel[] = [
    ...(transport ? (['email'] as const) : []),
    ...(providers.sms ? (['sms'] as const) : []),
    ...(providers.whatsapp ? (['whatsapp'] as const) : []),
  ];
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | null = null;
  let stopped = true;
  const tickListeners = new Set<(round: Promise<number>) => void>();

  async function sendEmail(email: ClaimedEmail, files: OutboxFile[]) {
    try {
      const attachments = await readAttachments(
        store,
        files.filter((f) => f.outboxId === email.id),
      );
      await transport!.sendMail({ from: config.MAIL_FROM, to: email.to, subject: email.subject, ...resolveSecrets(email), attachments });
      await repo.markSent(db, email.id);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const final = email.attempts >= config.MAIL_MAX_ATTEMPTS;
      await repo.markAttemptFailed(db, email.id, message, final, retryDelaySeconds(config, email.attempts));
      // SMTP replies often quote the recipient's address.
      log.warn({ outboxId: email.id, attempt: email.attempts, final, err: maskPersonalData(message) }, 'e-mail não enviado');
    }
  }

  /**
   * One SMS or WhatsApp message through its adapter: accepted → sent with the provider's id; rejected → failed with
   * the reason; rate-limited or temporary → tried again after Retry-After (or the e-mail backoff) while attempts
   * remain. Answers the pause the provider asked for (rate-limited), for the rest of the round's rows of the channel.
   */
  async function sendMessage(row: ClaimedEmail, provider: MessageProvider): Promise<number | null> {
    // Rows written before the number was normalised, or with a number that is none: failed without a request.
    const to = toBrazilianE164(row.to);
    if (!to || !isBrazilianMobile(to)) {
      await repo.markAttemptFailed(db, row.id, to ? messageProviderMessages.notMobile : messageProviderMessages.invalidPhone, true, 0);
      return null;
    }
    const resolve = (text: string) => resolveSecrets({ text, html: null, secrets: row.secrets }).text;
    const result = await provider.send({
      id: row.id,
      channel: row.channel as 'sms' | 'whatsapp',
      to,
      text: resolve(row.text),
      template: row.template ? { name: row.template.name, parameters: row.template.parameters.map(resolve) } : null,
    });
    const at = new Date().toISOString();
    if (result.outcome === 'accepted') {
      const answer: ProviderAnswer = { outcome: 'accepted', httpStatus: result.httpStatus, code: null, reason: null, at };
      await repo.markSent(db, row.id, { provider: provider.name, providerMessageId: result.providerMessageId, answer });
      return null;
    }
    const answer: ProviderAnswer = { outcome: result.outcome, httpStatus: result.httpStatus, code: result.code, reason: result.reason, at };
    const record = { provider: provider.name, answer };
    const final = result.outcome === 'rejected' || row.attempts >= config.MAIL_MAX_ATTEMPTS;
    const wait = result.outcome === 'rejected' ? 0 : (result.retryAfterSeconds ?? retryDelaySeconds(config, row.attempts));
    await repo.markAttemptFailed(db, row.id, result.reason, final, wait, record);
    log.warn(
      {
        outboxId: row.id,
        channel: row.channel,
        provider: provider.name,
        outcome: result.outcome,
        attempt: row.attempts,
        final,
        err: maskPersonalData(result.reason),
      },
      'mensagem não enviada',
    );
    return result.outcome === 'rate-limited' ? wait : null;
  }

  async function round(): Promise<number> {
    if (channels.length === 0) return 0;
    await repo.expireSecrets(db);
    const batch = await repo.claimDue(db, channels, BATCH, CLAIM_SECONDS);
    const files = await repo.attachmentsOf(
      db,
      batch.filter((e) => e.channel === 'email').map((e) => e.id),
    );
    /** Channels whose provider asked to wait (429): their remaining rows go back untried. */
    const paused = new Map<OutboxChannel, { wait: number; ids: number[] }>();
    for (const row of batch) {
      if (row.channel === 'email') {
        await sendEmail(row, files);
        continue;
      }
      const pause = paused.get(row.channel);
      if (pause) {
        pause.ids.push(row.id);
        continue;
      }
      const wait = await sendMessage(row, providers[row.channel]!);
      if (wait !== null) paused.set(row.channel, { wait, ids: [] });
    }
    for (const { wait, ids } of paused.values()) await repo.release(db, ids, wait);
    return batch.length;
  }

  /** One round at a time per process; other processes are kept apart by the row locks. */
  function runOnce(): Promise<number> {
    running ??= round().finally(() => {
      running = null;
    });
    return running;
  }

  async function tick() {
    let tried = 0;
    try {
      const round = runOnce();
      for (const listener of tickListeners) listener(round);
      tried = await round;
    } catch (error) {
      log.error({ err: loggableError(error) }, 'falha no envio de mensagens');
    }
    schedule(tried >= BATCH ? 0 : config.MAIL_POLL_MS);
  }

  function schedule(ms: number) {
    if (stopped) return;
    timer = setTimeout(() => void tick(), ms);
    timer.unref();
  }

  return {
    runOnce,
    start() {
      if (channels.length === 0 || !stopped) return;
      stopped = false;
      schedule(config.MAIL_POLL_MS);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => 0);
      transport?.close();
    },
    onTick(listener) {
      tickListeners.add(listener);
      return () => tickListeners.delete(listener);
    },
  };
}

import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  formatCents,
  genericMessages,
  phoneDigitsOf,
  postingMessages,
  postingModeOf,
  toCents,
  POSTING_MAX_ABS_CENTS,
  POSTING_PHONE_DIGITS,
  type PhoneSearchResult,
  type PostableService,
  type PostingBody,
  type PostingMode,
  type PostingStarted,
} from '@assoc/domain';
import type { Db, Executor } from '../../db/client.js';
import { writeAudit } from '../../lib/audit.js';
import { actorFrom } from '../../lib/actor.js';
import { badRequest } from '../../lib/errors.js';
import type { AppServices } from '../../lib/module.js';
import type { SessionUser } from '../auth/session.js';
import type { FileLine } from './postings.file.js';
import type { PostingBatchRow, PostingLine, PostingPerson, PostingServiceRow, PostingsRepository } from './postings.repository.js';

/** The job command of a posting batch (packages/domain jobCommands, `screen: true`). */
export const POSTING_COMMAND = 'lancamentos';
/** The audit category of the posting batches (one row per batch, not per entry). */
export const POSTING_AUDIT = 'lancamento';
/** How many bad lines a refused file's message names. */
const FILE_ERRORS_SHOWN = 10;

/** The batch already posted under a key: answered as it is (`created: false`), nothing started. */
class AlreadyPosted extends Error {
  constructor(readonly batch: PostingBatchRow) {
    super('already posted');
  }
}

const fieldError = (path: string, message: string) => badRequest(`${path}: ${message}`);

export function createPostingsService(deps: { db: Db; repo: PostingsRepository; jobs: AppServices['jobs'] }) {
  const { db, repo, jobs } = deps;

  async function postableService(svcId: number): Promise<PostingServiceRow> {
    const [service] = await repo.services(db, svcId);
    if (!service) throw fieldError('svcId', postingMessages.serviceNotPostable);
    return service;
  }

  const started = (batch: Pick<PostingBatchRow, 'lanId' | 'jobId'>, created: boolean): PostingStarted => ({
    message: postingMessages.started,
    jobId: batch.jobId ?? '',
    postingId: batch.lanId,
    created,
  });

  /**
   * Writes the batch, its audit row and the job in ONE transaction (the job engine's): a repeated key finds the batch
   * under the key's lock and answers it, so a double submit posts once even when both arrive together.
   */
  async function queueBatch(user: SessionUser, service: PostingServiceRow, mode: PostingMode, lines: PostingLine[], key: string | null) {
    const total = lines.reduce((s, l) => s + l.value, 0);
    const actor = actorFrom(user);
    try {
      let lanId = 0;
      await jobs.start(user, POSTING_COMMAND, '0', async (tx, jobId) => {
        if (key) {
          await tx.execute(sqlLock(key));
          const existing = await repo.batchByKey(tx, key);
          if (existing) throw new AlreadyPosted(existing);
        }
        lanId = await repo.insertBatch(tx, { svcId: service.svcId, mode, lines, total, jobId, key, userId: user.userId, userName: user.name });
        await writeAudit(tx, {
          category: POSTING_AUDIT,
          entityId: `lancamento:${lanId}`,
          action: 'insert',
          user: actor,
          before: null,
          after: { lanId, svcId: service.svcId, servico: service.svcName, mode, rows: lines.length, total, jobId },
        });
        return String(lanId);
      });
      const batch = (await repo.batch(db, lanId))!;
      return started(batch, true);
    } catch (error) {
      if (error instanceof AlreadyPosted) return started(error.batch, false);
      throw error;
    }
  }

  /** Checks a row's member: exists, active, a holder when the service allows no dependents. */
  function memberError(person: PostingPerson | undefined, service: PostingServiceRow): string | null {
    if (!person || !person.active) return postingMessages.memberNotFound;
    if (!service.allowsDependents && person.holderId !== person.cstId) return postingMessages.holderOnly;
    return null;
  }

  return {
    /** GET lancamentos. */
    async services(): Promise<PostableService[]> {
      return (await repo.services(db)).map((s) => ({
        id: s.svcId,
        label: s.svcName,
        serviceType: s.serviceType,
        plugin: s.plugin,
        parcelasMax: s.maxParcelas,
        onlyTitular: !s.allowsDependents,
      }));
    },

    /** POST search/phones: holders and dependents with this phone (11 digits), by name. */
    async searchPhones(text: string): Promise<PhoneSearchResult[]> {
      const digits = phoneDigitsOf(text);
      if (digits.length !== POSTING_PHONE_DIGITS) throw fieldError('text', postingMessages.phoneInvalid);
      const found = (await repo.byPhones(db, [digits])).get(digits) ?? [];
      return found.map((p) => ({ cstId: p.cstId, custName: p.custName }));
    },

    /** POST lancamentos: the typed rows (default or phone mode) checked, then the batch and its job. */
    async post(user: SessionUser, body: PostingBody): Promise<PostingStarted> {
      const key = body.lancamentoKey ? `u${user.userId}:${body.lancamentoKey}` : null;
      if (key) {
        const existing = await repo.batchByKey(db, key);
        if (existing) return started(existing, false);
      }
      const service = await postableService(body.svcId);
      const mode = postingModeOf(service.plugin);
      if (mode === 'lancbar') throw fieldError('svcId', postingMessages.wrongMode);
      const people = await repo.people(
        db,
        body.lancamentos.map((r) => r.cstId),
      );
      const phones =
        mode === 'lanccelular'
          ? await repo.byPhones(
              db,
              body.lancamentos.flatMap((r) => (r.phone ? [r.phone] : [])),
            )
          : new Map();
      const seen = new Set<number>();
      const lines: PostingLine[] = body.lancamentos.map((row, position) => {
        const path = `lancamentos.${position}`;
        if (seen.has(row.index)) throw fieldError(`${path}.index`, genericMessages.invalidData);
        seen.add(row.index);
        if (mode === 'padrao' && row.phone) throw fieldError(`${path}.phone`, postingMessages.wrongMode);
        if (mode === 'lanccelular') {
          if (!row.phone) throw fieldError(`${path}.phone`, postingMessages.phoneInvalid);
          const owners = (phones.get(row.phone) ?? []) as PostingPerson[];
          if (owners.length === 0) throw fieldError(`${path}.phone`, postingMessages.phoneNotFound);
          if (owners.length > 1) throw fieldError(`${path}.phone`, postingMessages.phoneSeveral);
          if (owners[0]!.cstId !== row.cstId) throw fieldError(`${path}.phone`, postingMessages.phoneMismatch);
        }
        if (row.parcelas > service.maxParcelas) throw fieldError(`${path}.parcelas`, postingMessages.instalmentsInvalid(service.maxParcelas));
        if (Math.abs(row.value) < row.parcelas) throw fieldError(`${path}.value`, postingMessages.valueBelowInstalments);
        const person = people.get(row.cstId);
        const problem = memberError(person, service);
        if (problem) throw fieldError(`${path}.cstId`, problem);
        return { i: row.index, cstId: person!.holderId, respId: person!.cstId, value: row.value, parcelas: row.parcelas };
      });
      lines.sort((a, b) => a.i - b.i);
      return queueBatch(user, service, mode, lines, key);
    },

    /**
     * POST lancamentos/files: a lancbar service's file, every line checked; any bad line refuses the whole file (400 with
     * `errorMessage` naming the first ten) and nothing is written. The batch key is a hash of service + content + user,
     * so the same file sent twice (a double click) posts once.
     */
    async postFile(user: SessionUser, svcId: number, content: Buffer, fileLines: FileLine[]): Promise<PostingStarted> {
      const service = await postableService(svcId);
      if (postingModeOf(service.plugin) !== 'lancbar') throw fieldError('svcId', postingMessages.wrongMode);
      const key = `f${user.userId}:${crypto.createHash('sha256').update(`${svcId}\n`).update(content).digest('hex').slice(0, 64)}`;
      const existing = await repo.batchByKey(db, key);
      if (existing) return started(existing, false);

      // An optional header: a first line whose value is not a number and whose identifier has no digit.
      const first = fileLines[0];
      if (first && toCents(first.cells[1] ?? '') === null && !/\d/.test(first.cells[0] ?? '')) fileLines = fileLines.slice(1);
      if (fileLines.length === 0) throw badRequest(postingMessages.fileEmpty);

      const ids = fileLines.map((l) => {
        const digits = (l.cells[0] ?? '').replace(/\D/g, '');
        // A spreadsheet's number cell drops a CPF's leading zeros.
        return digits.length >= 9 && digits.length < 11 && /^\d+$/.test(l.cells[0] ?? '') ? digits.padStart(11, '0') : digits;
      });
      const elevens = ids.filter((d) => d.length === POSTING_PHONE_DIGITS);
      const byCpf = await repo.byCpf(db, elevens);
      const byPhone = await repo.byPhones(
        db,
        elevens.filter((d) => !byCpf.has(d)),
      );
      const errors: string[] = [];
      const lines: PostingLine[] = [];
      fileLines.forEach((l, position) => {
        const id = ids[position]!;
        const why = (() => {
          if (l.cells.length < 2 || !id || !(l.cells[1] ?? '')) return postingMessages.lineColumns;
          const value = toCents(l.cells[1]!);
          if (value === null || value === 0 || Math.abs(value) > POSTING_MAX_ABS_CENTS) return postingMessages.lineValue;
          const parcelasText = (l.cells[2] ?? '').trim();
          const parcelas = parcelasText === '' ? 1 : /^\d{1,2}$/.test(parcelasText) ? Number(parcelasText) : NaN;
          if (!(parcelas >= 1)) return postingMessages.lineInstalments(service.maxParcelas);
          if (parcelas > service.maxParcelas) return postingMessages.lineInstalments(service.maxParcelas);
          if (Math.abs(value) < parcelas) return postingMessages.lineValue;
          let person = byCpf.get(id);
          if (!person) {
            const owners = byPhone.get(id) ?? [];
            if (owners.length > 1) return postingMessages.lineSeveral;
            person = owners[0];
          }
          if (!person || !person.active) return postingMessages.lineUnknown;
          if (!service.allowsDependents && person.holderId !== person.cstId) return postingMessages.lineHolderOnly;
          lines.push({ i: position, cstId: person.holderId, respId: person.cstId, value, parcelas });
          return null;
        })();
        if (why) errors.push(postingMessages.line(l.line, why));
      });
      if (errors.length > 0) {
        const errorMessage = postingMessages.fileRejected(errors.slice(0, FILE_ERRORS_SHOWN), errors.length - FILE_ERRORS_SHOWN);
        throw badRequest(errorMessage, { errorMessage });
      }
      if (lines.reduce((s, l) => s + l.value, 0) <= 0) throw badRequest(postingMessages.totalNotPositive);
      return queueBatch(user, service, 'lancbar', lines, key);
    },

    /** The batch and its service's name (the job). */
    batch: (tx: Executor, lanId: number) => repo.batch(tx, lanId),
    /** Text of a total for the job's result. */
    totalText: (cents: number) => formatCents(cents),
  };
}

/** The key's transaction lock: two requests with one key wait for each other. */
const sqlLock = (key: string) => sql`select pg_advisory_xact_lock(hashtext(${`lancamento:${key}`}))`;

export type PostingsServiceApi = ReturnType<typeof createPostingsService>;

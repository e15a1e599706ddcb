import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  formatCnj,
  MAX_FOLDER_DEPTH,
  genericMessages,
  parseCnj,
  processImportSchema,
  processMessages,
  processUploadSchema,
  type ApiKey,
  type ApiKeyCreated,
  type FacetValue,
  type Movement,
  type ProcessFolder,
  type ProcessImportReply,
  type ProcessInbox,
  type ProcessPage,
  type ProcessRow,
  type ProcessSearchReply,
  type ProcessSearchRow,
  type HighlightPiece,
  processSearchSchema,
} from '@assoc/domain';
import { writeAudit } from '../../lib/audit.js';
import type { Actor } from '../../lib/actor.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import type { AppEventBus } from '../../plugins/app/events.js';
import type { FileService, StoredFile } from '../files/files.service.js';
import type { ApiKeyPrincipal } from '../auth/session.js';
import type { Db, Executor } from '../../db/client.js';
import { MOVEMENT_FILE_OWNER, PROCESS_FILE_OWNER, type ProcessFields, type ProcessRepository, type SearchSpec } from './process.repository.js';
import { keyedGate, receiveProcessParts, type ProcessPartLimits } from './process.upload.js';

/** The scope of the import's API keys (route contract `access: { apiKey: 'processos' }`). */
export const PROCESS_API_SCOPE = 'processos';
const AUDIT = 'processos';
const AUDIT_KEYS = 'chaves-api';
const AUDIT_IMPORT = 'processos:importacao';
const PAGE = 50;

export interface ProcessDeps {
  db: Db;
  repo: ProcessRepository;
  files: FileService;
  events: AppEventBus;
  /** The import's bounds (issue 22 item 6): per request and per API key. */
  importLimits?: { maxTotalBytes: number; maxFiles: number; activePerKey: number; queuedPerKey: number };
}

/** A zod refusal as one pt-BR message ("path: text" when the field is known, as the web's form layer reads it). */
function refusal(error: z.ZodError): AppError {
  const issue = error.issues[0];
  if (!issue) return badRequest(genericMessages.invalidData);
  const path = issue.path.join('.');
  return badRequest(path ? `${path}: ${issue.message}` : issue.message);
}

/** Splits a ts_headline made with \u0001 / \u0002 around the matches into pieces (never HTML). */
export function highlightPieces(headline: string | null): HighlightPiece[] {
  if (!headline) return [];
  const pieces: HighlightPiece[] = [];
  for (const chunk of headline.split('\u0001')) {
    const [marked, rest] = chunk.includes('\u0002') ? chunk.split('\u0002', 2) : [null, chunk];
    if (marked) pieces.push({ texto: marked, marcado: true });
    if (rest) pieces.push({ texto: rest, marcado: false });
  }
  return pieces;
}

const keyHash = (key: string) => crypto.createHash('sha256').update(key).digest('hex');
const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : value == null ? null : String(value));
const sameFields = (a: ProcessFields, b: ProcessFields) =>
  a.tribunal === b.tribunal && a.classe === b.classe && a.assunto === b.assunto && a.partes === b.partes && a.status === b.status;

/**
 * The digital process (issue 15): folders, processes and movements, the search, manual upload, the idempotent
 * import of integrations and their API keys. Every holder of v2menuprocesso sees and changes every folder
 * (folder-level rights are not in the spec). Changes are announced on the real-time `processo` message.
 */
export function createProcessService(deps: ProcessDeps) {
  const { db, repo, files, events } = deps;
  const maxBytes = files.maxBytes;
  const importLimits = deps.importLimits ?? { maxTotalBytes: 200 * 1024 * 1024, maxFiles: 50, activePerKey: 2, queuedPerKey: 20 };
  const importGate = keyedGate({ active: importLimits.activePerKey, queued: importLimits.queuedPerKey });

  /** Announces a change to the signed-in users of the screen, on every instance. */
  const announce = (payload: { command: 'andamento' | 'reload'; proId?: number }) => events.emit('processo', { role: 'v2menuprocesso' }, payload);

  /** Receives a call's parts, each file streamed into the store as a PDF (see receiveProcessParts). */
  const receive = (request: FastifyRequest, createdBy: number | null, limits: ProcessPartLimits) =>
    receiveProcessParts(
      request,
      {
        save: (part) => files.save({ name: part.name, data: part.data, createdBy, accept: ['application/pdf'], maxBytes: part.maxBytes }),
        discard: (list) => discard(list),
      },
      limits,
    );
  /** Removes files saved for a call that then failed (they have no owner yet). */
  async function discard(list: (StoredFile | null | undefined)[]) {
    for (const file of list) {
      if (!file) continue;
      await files.attach('process-discard', file.id, file.id).catch(() => undefined);
      await files.detachAll('process-discard', file.id).catch(() => undefined);
    }
  }

  async function processOr404(userId: number, proId: number) {
    const row = await repo.processRow(db, userId, proId);
    if (!row) throw notFound(processMessages.processNotFound);
    return row;
  }

  async function folderOr404(pastaId: number, tx: Executor = db, forUpdate = false) {
    const folder = await repo.folder(tx, pastaId, forUpdate);
    if (!folder) throw notFound(processMessages.folderNotFound);
    return folder;
  }

  /**
   * One import (decision 17): the process by its CNJ number (created in the inbox, or its fields updated), its PDF
   * (replaced only when the bytes differ) and the movements not yet known by their id. The same batch twice changes
   * nothing, and imports of one number take turns under a transaction lock on it, so identical imports sent at once
   * all answer 200 with one process created (never a duplicate's 409). Files stream into the store as they arrive;
   * those the batch turns out not to need are discarded after the transaction. Audited per call, announced when
   * something changed.
   */
  async function importBatch(request: FastifyRequest, key: ApiKeyPrincipal & { createdBy?: number | null }): Promise<ProcessImportReply> {
    const received = await receive(request, key.createdBy ?? null, {
      maxFileBytes: maxBytes,
      maxTotalBytes: importLimits.maxTotalBytes,
      maxFiles: importLimits.maxFiles,
      maxJsonBytes: 5_000_000,
    });
    const used = new Set<string>();
    try {
      const parsed = processImportSchema.safeParse(received.dados);
      if (!parsed.success) throw refusal(parsed.error);
      const { andamentos, ...fields } = parsed.data;
      const fileOf = (name: string) => received.files.find((f) => f.field === name || f.name === name)?.stored;
      const ids = new Set<string>();
      for (const m of andamentos) {
        if (ids.has(m.id)) throw badRequest(`andamentos: ${processMessages.invalidImport}`);
        ids.add(m.id);
        if (m.documento && !fileOf(m.documento)) throw badRequest(`andamentos.documento: ${processMessages.documentNotFound}`);
      }
      const docOf = (m: (typeof andamentos)[number]) => (m.documento ? fileOf(m.documento) : undefined);
      const actor: Actor = { userId: (key.createdBy ?? null) as number, name: `API ${key.name}`.slice(0, 64) };
      const pdf = received.files.find((f) => f.field === 'pdf')?.stored ?? null;
      const reply = await db.transaction(async (tx) => {
        await repo.lockNumero(tx, fields.numero);
        let process = await repo.processForUpdate(tx, { numero: fields.numero });
        let criado = false;
        let alterado = false;
        if (!process) {
          const inbox = await repo.inboxId(tx);
          const id = await repo.insertProcess(tx, { ...fields, pastaId: inbox, pdfFileId: pdf?.id ?? null });
          // Not expected under the lock; the database's word should the number arrive another way.
          if (id === null) throw conflict(processMessages.duplicateCnj);
          process = (await repo.processForUpdate(tx, { proId: id }))!;
          criado = true;
          if (pdf) {
            await repo.linkFile(tx, PROCESS_FILE_OWNER, id, pdf.id);
            used.add(pdf.id);
          }
        } else {
          if (!sameFields(process, fields)) {
            await repo.updateFields(tx, process.proId, fields);
            alterado = true;
          }
          if (pdf && process.pdfSha256 !== pdf.sha256) {
            if (process.pdfFileId) await repo.unlinkFile(tx, PROCESS_FILE_OWNER, process.proId, process.pdfFileId);
            await repo.setPdf(tx, process.proId, pdf.id);
            await repo.linkFile(tx, PROCESS_FILE_OWNER, process.proId, pdf.id);
            used.add(pdf.id);
            alterado = true;
          }
        }
        // Known movements (by their id) stay as they are: ON CONFLICT answers only the new ones.
        const inserted = await repo.insertMovements(
          tx,
          process.proId,
          andamentos.map((m) => ({ externalId: m.id, data: m.data, texto: m.texto, documentFileId: docOf(m)?.id ?? null })),
        );
        for (const row of inserted) {
          const movement = andamentos.find((m) => m.id === row.externalId);
          const doc = movement ? docOf(movement) : undefined;
          if (doc) {
            await repo.linkFile(tx, MOVEMENT_FILE_OWNER, row.andId, doc.id);
            used.add(doc.id);
          }
        }
        if (!criado && (inserted.length || alterado)) await repo.touch(tx, process.proId);
        await writeAudit(tx, {
          category: AUDIT_IMPORT,
          entityId: process.proId,
          action: criado ? 'insert' : 'update',
          user: actor,
          before: null,
          after: {
            numero: formatCnj(fields.numero),
            chave: key.keyId,
            criado,
            alterado,
            andamentosNovos: inserted.length,
            andamentosEnviados: andamentos.length,
          },
        });
        return { proId: process.proId, criado, alterado, andamentosNovos: inserted.length };
      });
      await discard(received.files.map((f) => f.stored).filter((f) => !used.has(f.id)));
      if (reply.andamentosNovos > 0) announce({ command: 'andamento', proId: reply.proId });
      else if (reply.criado || reply.alterado) announce({ command: 'reload' });
      return reply;
    } catch (error) {
      // Nothing of a refused or failed call was committed: every file it brought goes.
      await discard(received.files.map((f) => f.stored));
      throw error;
    }
  }

  return {
    inbox: (userId: number): Promise<ProcessInbox> => repo.inboxCounts(db, userId),

    /** The folder tree, the inbox first, then by name. */
    async folders(userId: number): Promise<ProcessFolder[]> {
      const rows = await repo.folders(db, userId);
      const nodes = new Map<number, ProcessFolder>(rows.map((r) => [r.pastaId, { ...r, children: [] }]));
      const roots: ProcessFolder[] = [];
      for (const node of nodes.values()) {
        const parent = node.parentId ? nodes.get(node.parentId) : undefined;
        (parent ? parent.children : roots).push(node);
      }
      return roots;
    },

    async processes(userId: number, pastaId: number, cursor: string | undefined, limit = PAGE): Promise<ProcessPage> {
      let after: { date: string | null; proId: number } | null = null;
      if (cursor) {
        const match = /^(\d{4}-\d{2}-\d{2})?_(\d{1,10})$/.exec(cursor);
        if (!match) throw badRequest(genericMessages.invalidData);
        after = { date: match[1] ?? null, proId: Number(match[2]) };
      }
      const rows = await repo.folderPage(db, userId, pastaId, after, limit);
      if (!rows.length) await folderOr404(pastaId);
      const last = rows[rows.length - 1];
      return { rows, nextCursor: rows.length === limit && last ? `${last.ultimoAndamento ?? ''}_${last.proId}` : null };
    },

    process: (userId: number, proId: number): Promise<ProcessRow> => processOr404(userId, proId),

    /** The movements, newest first; opening them marks the process read for this user. */
    async movements(userId: number, proId: number): Promise<Movement[]> {
      const [list, exists] = await Promise.all([repo.movements(db, proId), repo.markOpened(db, userId, proId)]);
      if (!exists) throw notFound(processMessages.processNotFound);
      return list;
    },

    async markRead(actor: Actor, proId: number, lido: boolean) {
      await processOr404(actor.userId, proId);
      await db.transaction(async (tx) => {
        await repo.markRead(tx, actor.userId, proId, lido);
        await writeAudit(tx, { category: AUDIT, entityId: proId, action: 'update', user: actor, before: null, after: { lido } });
      });
    },

    /** The process PDF or a movement's document (id of the stored file). */
    async pdfFile(proId: number): Promise<StoredFile> {
      const row = await repo.pdfFileId(db, proId);
      if (!row) throw notFound(processMessages.processNotFound);
      const file = row.fileId ? await files.find(row.fileId) : null;
      if (!file) throw notFound(processMessages.documentNotFound);
      return file;
    },
    async movementFile(andId: number): Promise<StoredFile> {
      const row = await repo.movementDocument(db, andId);
      if (!row) throw notFound(processMessages.movementNotFound);
      const file = row.fileId ? await files.find(row.fileId) : null;
      if (!file) throw notFound(processMessages.documentNotFound);
      return file;
    },
    open: (file: StoredFile) => files.open(file),

    /** Full-text search (or a CNJ number), with filters, ordering, highlights and facet counts. */
    async search(userId: number, body: z.output<typeof processSearchSchema>): Promise<ProcessSearchReply> {
      const text = body.query.trim();
      const spec: SearchSpec = {
        userId,
        cnj: parseCnj(text),
        text,
        filter: body.filter,
        orderby: body.orderby,
        offset: body.offset,
        limit: body.limit,
      };
      const { rows, facets: facetRows } = await repo.search(db, spec);
      const facets: ProcessSearchReply['facets'] = { pasta: [], tribunal: [], ano: [], status: [] };
      // One row per combination of folder, court, year and status: each facet sums its own values.
      let total = 0;
      const sums = {
        pasta: new Map<number, number>(),
        pastaNome: new Map<number, string>(),
        tribunal: new Map<string, number>(),
        ano: new Map<number, number>(),
        status: new Map<string, number>(),
      };
      const add = <K>(map: Map<K, number>, key: K, n: number) => map.set(key, (map.get(key) ?? 0) + n);
      for (const r of facetRows) {
        total += r.count;
        add(sums.pasta, r.pastaId, r.count);
        sums.pastaNome.set(r.pastaId, r.pastaNome ?? '');
        add(sums.tribunal, r.tribunal, r.count);
        add(sums.ano, r.ano, r.count);
        add(sums.status, r.status, r.count);
      }
      for (const [value, count] of sums.pasta) facets.pasta.push({ value, label: sums.pastaNome.get(value) ?? '', count });
      for (const [value, count] of sums.tribunal) facets.tribunal.push({ value, label: value, count });
      for (const [value, count] of sums.ano) facets.ano.push({ value, label: String(value), count });
      for (const [value, count] of sums.status) facets.status.push({ value, label: value, count });
      const byCount = (a: FacetValue, b: FacetValue) => b.count - a.count || String(a.label).localeCompare(String(b.label), 'pt-BR');
      facets.pasta.sort(byCount);
      facets.tribunal.sort(byCount);
      facets.status.sort(byCount);
      facets.ano.sort((a, b) => Number(b.value) - Number(a.value));
      const result: ProcessSearchRow[] = rows.map(({ headline, ...row }) => ({ ...row, destaque: highlightPieces(headline) }));
      const nextOffset = body.offset + rows.length < total && rows.length === body.limit ? body.offset + rows.length : null;
      return { total, rows: result, facets, nextOffset };
    },

    async createFolder(actor: Actor, nome: string, parentId: number | null): Promise<ProcessFolder> {
      const pastaId = await db.transaction(async (tx) => {
        if (parentId !== null) {
          await folderOr404(parentId, tx, true);
          if ((await repo.folderDepth(tx, parentId)) >= MAX_FOLDER_DEPTH) throw badRequest(processMessages.folderTooDeep(MAX_FOLDER_DEPTH));
        }
        if (await repo.folderNameTaken(tx, nome, parentId, null)) throw conflict(processMessages.folderNameTaken);
        const id = await repo.insertFolder(tx, nome, parentId);
        await writeAudit(tx, { category: AUDIT, entityId: `pasta:${id}`, action: 'insert', user: actor, before: null, after: { nome, parentId } });
        return id;
      });
      announce({ command: 'reload' });
      return { pastaId, nome, parentId, inbox: false, total: 0, naoLidos: 0, children: [] };
    },

    async renameFolder(actor: Actor, pastaId: number, nome: string) {
      await db.transaction(async (tx) => {
        const folder = await folderOr404(pastaId, tx, true);
        if (folder.nome === nome) return;
        if (await repo.folderNameTaken(tx, nome, folder.parentId, pastaId)) throw conflict(processMessages.folderNameTaken);
        await repo.renameFolder(tx, pastaId, nome);
        await writeAudit(tx, {
          category: AUDIT,
          entityId: `pasta:${pastaId}`,
          action: 'update',
          user: actor,
          before: { nome: folder.nome },
          after: { nome },
        });
      });
      announce({ command: 'reload' });
    },

    async deleteFolder(actor: Actor, pastaId: number) {
      await db.transaction(async (tx) => {
        const folder = await folderOr404(pastaId, tx, true);
        if (folder.inbox) throw conflict(processMessages.inboxFixed);
        const usage = await repo.folderUsage(tx, pastaId);
        if (usage.processes) throw conflict(processMessages.folderHasProcesses);
        if (usage.children) throw conflict(processMessages.folderHasChildren);
        await repo.deleteFolder(tx, pastaId);
        await writeAudit(tx, { category: AUDIT, entityId: `pasta:${pastaId}`, action: 'delete', user: actor, before: folder, after: null });
      });
      announce({ command: 'reload' });
    },

    async move(actor: Actor, proId: number, pastaId: number) {
      const moved = await db.transaction(async (tx) => {
        const process = await repo.processForUpdate(tx, { proId });
        if (!process) throw notFound(processMessages.processNotFound);
        await folderOr404(pastaId, tx);
        if (process.pastaId === pastaId) return false;
        await repo.move(tx, proId, pastaId);
        await writeAudit(tx, {
          category: AUDIT,
          entityId: proId,
          action: 'update',
          user: actor,
          before: { pastaId: process.pastaId },
          after: { pastaId },
        });
        return true;
      });
      if (moved) announce({ command: 'reload' });
    },

    /** Manual upload: `dados` (the process, its folder) and the PDF; a number already known is 409. */
    async upload(request: FastifyRequest, actor: Actor): Promise<ProcessRow> {
      const received = await receive(request, actor.userId, { maxFileBytes: maxBytes, maxTotalBytes: maxBytes, maxFiles: 1, maxJsonBytes: 20_000 });
      const stored = (received.files.find((f) => f.field === 'pdf') ?? received.files[0])?.stored;
      let proId: number;
      try {
        const parsed = processUploadSchema.safeParse(received.dados);
        if (!parsed.success) throw refusal(parsed.error);
        if (!stored) throw badRequest(processMessages.pdfRequired);
        const data = parsed.data;
        await folderOr404(data.pastaId);
        proId = await db.transaction(async (tx) => {
          await folderOr404(data.pastaId, tx);
          // The import's lock on the number: a manual upload and an import of one number take turns.
          await repo.lockNumero(tx, data.numero);
          const id = await repo.insertProcess(tx, { ...data, pdfFileId: stored.id });
          if (id === null) throw conflict(processMessages.duplicateCnj);
          await repo.linkFile(tx, PROCESS_FILE_OWNER, id, stored.id);
          await repo.markRead(tx, actor.userId, id, true);
          await writeAudit(tx, {
            category: AUDIT,
            entityId: id,
            action: 'insert',
            user: actor,
            before: null,
            after: { ...data, numero: formatCnj(data.numero), pdf: stored.name },
          });
          return id;
        });
      } catch (error) {
        await discard(received.files.map((f) => f.stored));
        throw error;
      }
      await discard(received.files.map((f) => f.stored).filter((f) => f !== stored));
      announce({ command: 'reload' });
      return processOr404(actor.userId, proId);
    },

    /** The integrations' import (decision 17, see importBatch), at most so many of one API key at once (429 beyond the queue). */
    async import(request: FastifyRequest, key: ApiKeyPrincipal & { createdBy?: number | null }): Promise<ProcessImportReply> {
      return importGate.run(key.keyId, () => importBatch(request, key));
    },
    /** Imports of this API key running and waiting on this instance. */
    importLoad: (keyId: number) => importGate.load(keyId),

    /** The API key check of the import's scope: a live key, its last use recorded. */
    async verifyApiKey(key: string): Promise<(ApiKeyPrincipal & { createdBy: number | null }) | null> {
      if (key.length < 20 || key.length > 200) return null;
      const row = await repo.useApiKey(db, keyHash(key), PROCESS_API_SCOPE);
      return row ? { keyId: row.id, name: row.nome, createdBy: row.createdBy } : null;
    },

    async apiKeys(): Promise<ApiKey[]> {
      const rows = await repo.apiKeys(db);
      return rows.map((r) => ({ ...r, criadaEm: iso(r.criadaEm)!, ultimoUso: iso(r.ultimoUso), revogadaEm: iso(r.revogadaEm) }));
    },

    async createApiKey(actor: Actor, nome: string): Promise<ApiKeyCreated> {
      const chave = `apk_${crypto.randomBytes(32).toString('base64url')}`;
      const prefix = chave.slice(0, 12);
      const id = await db.transaction(async (tx) => {
        const keyId = await repo.insertApiKey(tx, { nome, scope: PROCESS_API_SCOPE, prefix, keyHash: keyHash(chave), createdBy: actor.userId });
        await writeAudit(tx, {
          category: AUDIT_KEYS,
          entityId: keyId,
          action: 'insert',
          user: actor,
          before: null,
          after: { nome, prefixo: prefix },
        });
        return keyId;
      });
      const row = (await this.apiKeys()).find((k) => k.id === id)!;
      return { ...row, chave };
    },

    async revokeApiKey(actor: Actor, id: number) {
      await db.transaction(async (tx) => {
        const row = await repo.revokeApiKey(tx, id);
        if (!row) throw notFound(processMessages.apiKeyNotFound);
        if (!row.revokedAt) {
          await writeAudit(tx, {
            category: AUDIT_KEYS,
            entityId: id,
            action: 'delete',
            user: actor,
            before: { nome: row.nome },
            after: { revogada: true },
          });
        }
      });
    },
  };
}
export type ProcessService = ReturnType<typeof createProcessService>;

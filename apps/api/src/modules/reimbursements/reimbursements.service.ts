import type { FastifyRequest } from 'fastify';
import {
  claimAction,
  isSavedRow,
  normaliseReturn,
  procedureTypeLabel,
  reimbursementDocumentTypes,
  reimbursementMessages as rm,
  RETURN_STATUS,
  type ProcedureItem,
  type ReimbursementPatient,
  type RessarcimentoItem,
} from '@assoc/domain';
import type { Db, Executor } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { AppServices } from '../../lib/module.js';
import type { FileService } from '../files/files.service.js';
import { receiveUpload } from '../files/files.upload.js';
import type { ChildListContext } from '../members/child-lists.js';
import type { ReimbursementsRepository, ReturnValues } from './reimbursements.repository.js';

export { REIMBURSEMENT_DOC_OWNER } from './reimbursements.repository.js';

/** The file store's owner kind of an upload waiting for its procedure (a procedure's document: REIMBURSEMENT_DOC_OWNER). */
const UPLOAD_OWNER = 'ressarcimento-upload';
const LIST = 'ressarcimentos';

/** A 400 whose message names the row's field (the form puts it under the field; domain form layer). */
function refused(path: (string | number)[], message: string) {
  const dotted = [LIST, ...path].join('.');
  return badRequest(`${dotted}: ${message}`, { errors: [{ instancePath: `/${[LIST, ...path].join('/')}`, message }] });
}

/** The return as written: date and value only for Pago (spec 2 §4). */
const returnOf = (p: ProcedureItem): ReturnValues =>
  normaliseReturn({
    procRetornoStatus: p.procRetornoStatus ?? null,
    procRetornoData: p.procRetornoData || null,
    procRetornoValor: p.procRetornoValor ?? null,
    procRetornoMotivo: p.procRetornoMotivo || null,
  });

/**
 * Reimbursements (issue 27 items 3-4; spec 2 §2.4, §3-§5, §7): the member save's child list `ressarcimentos` with the
 * markers' rule (insert; update of a saved claim; a delete only of a claim never saved — a saved one is refused), the
 * procedures' documents, and a procedure returned Pago credited once on the patient's health-plan service in the
 * holder's ledger, in the save's transaction (key ressarcimento:{procId}). The income tax and the health declaration
 * read those credits as "reembolsado" (income-tax.repository.ts HEALTH_REIMBURSED).
 */
export function createReimbursementsService(deps: { db: Db; repo: ReimbursementsRepository; ledger: AppServices['ledger']; files: FileService }) {
  const { db, repo, ledger, files } = deps;

  /** The credits of the paid procedures of these claims not credited yet: one ledger entry each, by its key. */
  async function credit(tx: Executor, resIds: readonly number[], actor: Actor) {
    for (const p of await repo.uncredited(tx, resIds)) {
      if (p.svcId === null) throw badRequest(rm.noHealthPlan);
      const plan = { svcId: p.svcId, cslId: p.cslId };
      const { entry } = await ledger.addEntry(
        tx,
        {
          cstId: p.holderId,
          respId: p.patientId,
          svcId: plan.svcId,
          cslId: plan.cslId,
          descricao: rm.ledgerCredit(p.resId, procedureTypeLabel(p.procProcedimentoId)),
          valor: -p.procRetornoValor,
          tipo: 'credito',
          date: new Date(`${p.procRetornoData}T12:00:00-03:00`),
          key: `ressarcimento:${p.procId}`,
        },
        actor,
      );
      await repo.setCredit(tx, p.procId, entry.extId);
    }
  }

  /**
   * A new claim (the patient checked to be of the family, both names read from the people) and its procedures, each
   * with this user's upload not yet another procedure's document (spec 2 §5: required before Adicionar).
   */
  async function insertClaim(tx: Executor, cstId: number, item: RessarcimentoItem, index: number, actor: Actor) {
    const procedures = item.procedimentos.map((p, j) => ({ p, j })).filter(({ p }) => p.operation !== 'delete');
    for (const { p, j } of procedures) if (!p.procKey) throw refused([index, 'procedimentos', j, 'procKey'], rm.documentRequired);
    const keys = procedures.map(({ p }) => p.procKey!.toLowerCase());
    const uploads = await repo.freeUploads(tx, keys, actor.userId);
    for (const [n, { j }] of procedures.entries()) {
      // A key unknown, another user's, already a procedure's document, or named twice in this claim.
      if (!uploads.has(keys[n]!) || keys.indexOf(keys[n]!) !== n) throw refused([index, 'procedimentos', j, 'procKey'], rm.documentUnknown);
    }
    const resId = await repo.insertClaim(tx, {
      cstId,
      patientId: item.resPacienteCstId,
      marcaOtica: item.resMarcaOtica,
      protocolo: item.resProtocoloAssoc || null,
      by: actor.name,
      userId: actor.userId,
    });
    if (resId === null) throw refused([index, 'resPacienteCstId'], rm.patientNotOfHolder);
    await repo.insertProcedures(
      tx,
      resId,
      procedures.map(({ p }, n) => ({
        procProcedimentoId: p.procProcedimentoId,
        procProcedimentoData: p.procProcedimentoData,
        procProcedimentoValor: p.procProcedimentoValor,
        procProtocolo: p.procProtocolo || null,
        procCCH: p.procCCH ?? false,
        procObservacao: p.procObservacao || null,
        procKey: keys[n]!,
        keyLength: uploads.get(keys[n]!)!,
        ...returnOf(p),
      })),
    );
    return resId;
  }

  /** A saved claim: the optical mark and protocol, and the procedures' returns (spec 2 §2.4: no procedure added or deleted). */
  async function updateClaim(tx: Executor, cstId: number, item: RessarcimentoItem, index: number) {
    const stored = await repo.lockClaim(tx, cstId, item.resId!);
    if (!stored) throw refused([index, 'resId'], rm.claimNotFound);
    if (stored.resPacienteCstId !== item.resPacienteCstId) throw refused([index, 'resPacienteCstId'], rm.patientLockedOnEdit);
    await repo.updateClaim(tx, stored.resId, { marcaOtica: item.resMarcaOtica, protocolo: item.resProtocoloAssoc || null });
    const procedures = new Map((await repo.procedures(tx, stored.resId)).map((p) => [p.procId, p]));
    for (const [j, p] of item.procedimentos.entries()) {
      if (p.operation === 'none' || p.operation === null || p.operation === undefined) continue;
      if (p.operation !== 'update' || !isSavedRow(p.procId)) throw refused([index, 'procedimentos', j], rm.proceduresLockedOnEdit);
      const saved = procedures.get(p.procId!);
      if (!saved) throw refused([index, 'procedimentos', j, 'procId'], rm.procedureNotFound);
      const next = returnOf(p);
      if (saved.extId !== null) {
        const same =
          saved.procRetornoStatus === next.procRetornoStatus &&
          saved.procRetornoData === next.procRetornoData &&
          saved.procRetornoValor === next.procRetornoValor;
        if (!same) throw refused([index, 'procedimentos', j, 'procRetornoStatus'], rm.paidReturnLocked);
      }
      await repo.updateReturn(tx, saved.procId, next);
    }
    return stored.resId;
  }

  return {
    /**
     * The member save's rows (in its transaction, the tab's role checked by the save): insert, update of a saved claim,
     * a delete of a claim never saved dropped; a delete of a saved claim, or an update of an unknown one, refused (400,
     * the whole save rolled back). Then the paid procedures of the claims written are credited once.
     */
    async apply(tx: Executor, cstId: number, items: RessarcimentoItem[], ctx: ChildListContext) {
      const written: number[] = [];
      for (const [index, item] of items.entries()) {
        const action = claimAction(item);
        if (action === 'skip') continue;
        if (action === 'deleteSaved') throw refused([index], rm.deleteSavedRefused);
        if (action === 'unknown') throw refused([index, 'resId'], rm.claimNotFound);
        written.push(action === 'insert' ? await insertClaim(tx, cstId, item, index, ctx.actor) : await updateClaim(tx, cstId, item, index));
      }
      // Only a save that sends a procedure returned Pago can have one to credit.
      const paid = items.some((item) => item.procedimentos.some((p) => p.procRetornoStatus === RETURN_STATUS.PAGO));
      if (paid) await credit(tx, written, ctx.actor);
    },

    /** GET ressarcimento/pacientes/{cstId}: the holder and the dependents with their card. */
    async patients(cstId: number): Promise<ReimbursementPatient[]> {
      const list = await repo.patients(db, cstId);
      if (!list) throw notFound();
      return list;
    },

    /** GET user/ressarcimento/{resId}: the document of the procedure asked for, or of the claim's first. */
    async document(resId: number, procId: number | undefined) {
      const found = await repo.documentKey(db, resId, procId);
      if (!found) throw notFound(rm.claimNotFound);
      const file = found.key ? await files.find(found.key) : null;
      if (!file) throw notFound(rm.noDocument);
      return file;
    },
    open: files.open,

    /** The procedure document's upload: stored as the caller's, waiting for the save that names its key. */
    async upload(request: FastifyRequest, actor: Actor) {
      const file = await receiveUpload(request, files, { createdBy: actor.userId, accept: reimbursementDocumentTypes });
      await files.attach(UPLOAD_OWNER, String(actor.userId), file.id);
      return { status: 'ok' as const, key: file.id, keyLength: file.size };
    },
  };
}
export type ReimbursementsService = ReturnType<typeof createReimbursementsService>;

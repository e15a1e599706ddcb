import {
  CCH_STATUS,
  cchBenefitLabels,
  cchIncreaseSchema,
  cchMessages,
  cchRequestSchema,
  computeCchBalance,
  debitPlaces,
  genericMessages,
  isCchBenefit,
  isoDateInAppZone,
  lastIncreaseDate,
  sameCchValues,
  TUSS_GENERIC,
  tussLookupAnswer,
  tussSubsetTerm,
  type CchBalance,
  type CchBankData,
  type CchCurrentValues,
  type CchListPage,
  type CchRecord,
  type CchStatus,
  type CchValues,
  type CchValueSet,
} from '@assoc/domain';
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Db, Executor } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { writeAudit } from '../../lib/audit.js';
import { badRequest, conflict, issuesToError, notFound } from '../../lib/errors.js';
import type { AppServices } from '../../lib/module.js';
import type { FileService } from '../files/files.service.js';
import { receiveUpload } from '../files/files.upload.js';
import type { CchRepository, CchRequestRow, StoredCchRequest } from './cch.repository.js';

/** The audit category of requests and increases; the ledger writes its own rows for the credit and its reversal. */
export const CCH_AUDIT = 'cch';
export const CCH_INCREASE_AUDIT = 'cch-aumento';
/** Owner kinds of the scans in the file store: an upload waiting for its request, and a request's document. */
const UPLOAD_OWNER = 'cch-upload';
export const CCH_DOC_OWNER = 'cch';
const SCAN_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;

/** No value set yet (a fresh install before the CCH's amounts are entered): every balance is zero. */
const ZERO_VALUES: CchValues = {
  beneficio1: 0,
  beneficio2: 0,
  beneficio3: 0,
  beneficio4: 0,
  beneficio5: 0,
  fisioterapia: 0,
  fisioterapiaSessoes: 0,
  acupuntura: 0,
  acupunturaSessoes: 0,
};

/** The value sets, or one of zeros when none exists yet. */
const orZeroValues = (sets: CchValueSet[]): CchValueSet[] => (sets.length ? sets : [{ dataBase: null, values: ZERO_VALUES }]);

const benefitLabel = (benefit: number) => (isCchBenefit(benefit) ? cchBenefitLabels[benefit] : String(benefit));

/** The list's procedure column: the TUSS term (shipped subset, then the registry), else the procedure text. */
function displayTermOf(code: string, procedure: string | null, registry: ReadonlyMap<string, string>) {
  if (code === TUSS_GENERIC) return procedure ?? '';
  return tussSubsetTerm(code) ?? registry.get(code) ?? procedure ?? code;
}

/** The stored request as the record schema answers it. */
function recordOf(row: StoredCchRequest, registry: ReadonlyMap<string, string>): CchRecord {
  const { extId: _extId, extEstornoId: _reversal, holderId: _holder, ...rest } = row;
  return { ...rest, displayTerm: displayTermOf(row.cchTUSS, row.cchProcedimento, registry) };
}

/** What a save writes from the checked body. */
function rowOf(v: ReturnType<ReturnType<typeof cchRequestSchema>['parse']>): CchRequestRow {
  return {
    cchBeneficio: v.cchBeneficio,
    cchRecurso: v.cchRecurso ?? false,
    cchStatus: v.cchStatus,
    cchPlanoSaude: v.cchPlanoSaude ?? null,
    cchDataProcedimento: v.cchDataProcedimento,
    cchValorTotal: v.cchValorTotal,
    cchValorConvenio: v.cchValorConvenio ?? null,
    cchValorSolicitado: v.cchValorSolicitado,
    cchTUSS: v.cchTUSS,
    cchQuantidade: v.cchQuantidade,
    cchProcedimento: v.cchProcedimento || null,
    cchObs: v.cchObs || null,
    cchDeliberacao: v.cchDeliberacao || null,
    cchBancoCliente: v.cchBancoCliente || null,
    cchBancoCPF: v.cchBancoCPF || null,
    cchBancoNumero: v.cchBancoNumero || null,
    cchBancoAgencia: v.cchBancoAgencia || null,
    cchBancoConta: v.cchBancoConta || null,
    cchBancoContaDigito: v.cchBancoContaDigito || null,
    cchDataPagamento: v.cchDataPagamento || null,
    cchValorPago: v.cchValorPago ?? null,
  };
}

type CchConfig = Pick<AppConfig, 'DEBIT_MAGISCRED_BANK_CODE'>;

/**
 * The CCH (issue 26; spec 2 §2.1, §2.2, §2.10, §3-§8; docs/CCH.md): the requests with every rule of the domain's
 * schema checked again here, inside the transaction that writes, against the balances read in it (the person's CCH
 * enrolment row is locked first, so two requests cannot both spend the last balance); the workflow of
 * `cchTransitions`; PAGO's credit and the cancel's reversal through `app.services.ledger`; the letters; the increases.
 */
export function createCchService(deps: {
  db: Db;
  repo: CchRepository;
  ledger: AppServices['ledger'];
  files: FileService;
  documents: AppServices['documents'];
  config: CchConfig;
}) {
  const { db, repo, ledger, files, documents, config } = deps;

  async function registryFor(db: Executor, codes: readonly string[]) {
    return repo.registryTerms(
      db,
      [...new Set(codes)].filter((c) => c !== TUSS_GENERIC && tussSubsetTerm(c) === null),
    );
  }

  async function record(tx: Executor, cchId: number): Promise<CchRecord> {
    const row = await repo.get(tx, cchId);
    if (!row) throw notFound(cchMessages.notFound);
    return recordOf(row, await registryFor(tx, [row.cchTUSS]));
  }

  /** The value sets, or one of zeros before the CCH's amounts exist. */
  async function valueSets(tx: Executor): Promise<CchValueSet[]> {
    return orZeroValues(await repo.valueSets(tx));
  }

  /** The balances of a person on a date (the request `excludeCchId` left out); 404 when the person is not enrolled. */
  async function balanceOf(tx: Executor, cstId: number, date: string, excludeCchId: number | null, lock = false): Promise<CchBalance> {
    const inputs = await repo.balanceInputs(tx, cstId, Number(date.slice(0, 4)), lock);
    if (!inputs.enrolment) throw notFound(cchMessages.notEnrolled);
    return computeCchBalance({
      cstId,
      date,
      enrolment: inputs.enrolment,
      valueSets: orZeroValues(inputs.valueSets),
      requests: inputs.requests,
      excludeCchId,
    });
  }

  /** The request checked by the domain's schema with its context (the stored status, the balances just read). */
  function check(body: unknown, context: Parameters<typeof cchRequestSchema>[0]) {
    const parsed = cchRequestSchema(context).safeParse(body);
    if (!parsed.success) throw issuesToError(parsed.error.issues);
    return parsed.data;
  }

  /** PAGO for the first time: the credit of the amount paid in the holder's ledger, on the CCH enrolment, once per request. */
  async function credit(tx: Executor, row: StoredCchRequest, actor: Actor) {
    if (row.cchStatus !== CCH_STATUS.PAGO || row.extId !== null || !row.cchValorPago) return;
    const { enrolment } = await repo.balanceInputs(tx, row.cstId, Number(row.cchDataProcedimento.slice(0, 4)));
    const { entry } = await ledger.addEntry(
      tx,
      {
        cstId: row.holderId,
        respId: row.cstId,
        // On the CCH service: its IR group decides where the informe shows the payment (reimbursed, issue 26 item 4).
        svcId: enrolment?.svcId ?? null,
        cslId: enrolment?.cslId ?? null,
        descricao: cchMessages.ledgerCredit(row.cchId, benefitLabel(row.cchBeneficio)),
        valor: -row.cchValorPago,
        tipo: 'credito',
        date: new Date(`${row.cchDataPagamento ?? isoDateInAppZone()}T12:00:00-03:00`),
        key: `cch:${row.cchId}`,
      },
      actor,
    );
    await repo.setCredit(tx, row.cchId, entry.extId);
  }

  /** The scan a new request names: the caller's own upload, not yet a request's document. */
  async function claimScan(tx: Executor, key: string | null | undefined, actor: Actor) {
    if (!key) throw badRequest(`cchScanKey: ${cchMessages.scanRequired}`);
    const file = await files.find(key);
    if (!file || file.createdBy !== actor.userId) throw badRequest(`cchScanKey: ${cchMessages.scanUnknown}`);
    // A scan is one request's document: the same upload named twice is refused.
    if (await repo.scanInUse(tx, file.id)) throw badRequest(`cchScanKey: ${cchMessages.scanUnknown}`);
    return file.id;
  }

  /** The yearly amounts in force now and the last increase's base date (GET cch/cchaumento). */
  async function currentValues(tx: Executor = db): Promise<CchCurrentValues> {
    const sets = await valueSets(tx);
    return { ...sets.at(-1)!.values, dataBase: lastIncreaseDate(sets) };
  }

  return {
    async list(status: number, q: { q?: string; page: number; pageSize: number }): Promise<CchListPage> {
      const { rows, total } = await repo.list(db, { status, q: q.q?.trim() || null, page: q.page, pageSize: q.pageSize });
      const registry = await registryFor(
        db,
        rows.map((r) => r.cchTUSS),
      );
      return {
        items: rows.map(({ hasDoc, ...row }) => ({ ...recordOf(row, registry), hasDoc })),
        total,
        page: q.page,
        pageSize: q.pageSize,
      };
    },

    get: (cchId: number) => record(db, cchId),

    balance: (cstId: number, q: { data?: string; cchId?: number }) => balanceOf(db, cstId, q.data ?? isoDateInAppZone(), q.cchId ?? null),

    /** A new request (POST cch): PENDENTE or EM ANÁLISE, with its scan, every rule and balance checked. */
    async create(body: { cstId: number; cchDataProcedimento: string; cchScanKey?: string | null }, actor: Actor): Promise<CchRecord> {
      return db.transaction(async (tx) => {
        const person = await repo.person(tx, body.cstId);
        if (!person) throw notFound(genericMessages.notFound);
        const balance = await balanceOf(tx, body.cstId, body.cchDataProcedimento, null, true);
        const values = check(body, { previousStatus: null, balance });
        const scanKey = await claimScan(tx, values.cchScanKey, actor);
        const cchId = await repo.insert(tx, { ...rowOf(values), cstId: body.cstId, scanKey, userId: actor.userId, userName: actor.name });
        await files.attach(CCH_DOC_OWNER, String(cchId), scanKey);
        const saved = await record(tx, cchId);
        await writeAudit(tx, {
          category: CCH_AUDIT,
          ownerId: person.holderId,
          entityId: cchId,
          action: 'insert',
          user: actor,
          before: null,
          after: saved,
        });
        return saved;
      });
    },

    /**
     * A save over the version read (PUT cch/{cchId}; 409 when another user saved first): the move must be in the
     * workflow's table, the balances are read again without this request, and moving to PAGO writes the credit.
     * A new scan while PENDENTE ("add pages") becomes the request's document; the first one stays as the original.
     */
    async update(
      cchId: number,
      body: { version: number; cchDataProcedimento: string; cchScanKey?: string | null },
      actor: Actor,
    ): Promise<CchRecord> {
      return db.transaction(async (tx) => {
        const stored = await repo.get(tx, cchId, true);
        if (!stored) throw notFound(cchMessages.notFound);
        if (stored.version !== body.version) throw conflict(genericMessages.staleRecord);
        if (stored.cchStatus === CCH_STATUS.CANCELADO) throw badRequest(`cchStatus: ${cchMessages.statusLocked}`);
        const balance = await balanceOf(tx, stored.cstId, body.cchDataProcedimento, cchId, true);
        const values = check(
          { ...body, cstId: stored.cstId, cchImportado: stored.cchImportado },
          { previousStatus: stored.cchStatus as CchStatus, balance },
        );
        let scanKey = stored.cchScanKey;
        if (values.cchScanKey && values.cchScanKey !== stored.cchScanKey) {
          if (stored.cchStatus !== CCH_STATUS.PENDENTE) throw badRequest(`cchScanKey: ${cchMessages.statusLocked}`);
          scanKey = await claimScan(tx, values.cchScanKey, actor);
          await files.attach(CCH_DOC_OWNER, String(cchId), scanKey);
        }
        if (!(await repo.update(tx, cchId, body.version, { ...rowOf(values), scanKey }))) throw conflict(genericMessages.staleRecord);
        const written = (await repo.get(tx, cchId))!;
        await credit(tx, written, actor);
        const saved = await record(tx, cchId);
        const { extId: _e, extEstornoId: _r, holderId: _h, ...before } = stored;
        await writeAudit(tx, { category: CCH_AUDIT, ownerId: stored.holderId, entityId: cchId, action: 'update', user: actor, before, after: saved });
        return saved;
      });
    },

    /** GET cch/cancel/{cchId}: a PAGO becomes CANCELADO at once, and its credit is reversed in the ledger (never deleted). */
    async cancel(cchId: number, actor: Actor): Promise<CchRecord> {
      return db.transaction(async (tx) => {
        const stored = await repo.get(tx, cchId, true);
        if (!stored) throw notFound(cchMessages.notFound);
        if (stored.cchStatus !== CCH_STATUS.PAGO) throw badRequest(cchMessages.cancelOnlyPaid);
        const reversal = stored.extId !== null ? await ledger.reverse(tx, stored.extId, actor) : null;
        await repo.setCancelled(tx, cchId, reversal?.extId ?? null);
        const saved = await record(tx, cchId);
        await writeAudit(tx, {
          category: CCH_AUDIT,
          ownerId: stored.holderId,
          entityId: cchId,
          action: 'update',
          user: actor,
          before: { cchId, cchStatus: stored.cchStatus, extId: stored.extId },
          after: { cchId, cchStatus: saved.cchStatus, extEstornoId: reversal?.extId ?? null },
        });
        return saved;
      });
    },

    /** DELETE cch/{cchId} (superadmin), at the version read; a PAGO or CANCELADO request stays (the ledger names it). */
    async remove(cchId: number, version: number, actor: Actor) {
      await db.transaction(async (tx) => {
        const stored = await repo.get(tx, cchId, true);
        if (!stored) throw notFound(cchMessages.notFound);
        if (stored.version !== version) throw conflict(genericMessages.staleRecord);
        if (stored.cchStatus === CCH_STATUS.PAGO || stored.cchStatus === CCH_STATUS.CANCELADO) throw badRequest(cchMessages.deletePaidRefused);
        if (!(await repo.remove(tx, cchId, version))) throw conflict(genericMessages.staleRecord);
        const { extId: _e, extEstornoId: _r, holderId: _h, ...before } = stored;
        await writeAudit(tx, { category: CCH_AUDIT, ownerId: stored.holderId, entityId: cchId, action: 'delete', user: actor, before, after: null });
      });
      await files.detachAll(CCH_DOC_OWNER, String(cchId));
    },

    /** The request's scan (GET cch/doc/{cchId}). */
    async document(cchId: number) {
      const row = await repo.get(db, cchId);
      if (!row) throw notFound(cchMessages.notFound);
      const file = row.cchScanKey ? await files.find(row.cchScanKey) : null;
      if (!file) throw notFound(cchMessages.noDocument);
      return file;
    },
    open: files.open,

    /** The approval (DEFERIDO or PAGO) or denial (INDEFERIDO) letter from the request's data (GET cch/deferido|indeferido). */
    async letter(cchId: number, kind: 'deferido' | 'indeferido'): Promise<{ pdf: Uint8Array; name: string }> {
      const row = await repo.get(db, cchId);
      if (!row) throw notFound(cchMessages.notFound);
      const approval = kind === 'deferido';
      if (approval && row.cchStatus !== CCH_STATUS.DEFERIDO && row.cchStatus !== CCH_STATUS.PAGO) throw badRequest(cchMessages.approvalLetterOnly);
      if (!approval && row.cchStatus !== CCH_STATUS.INDEFERIDO) throw badRequest(cchMessages.denialLetterOnly);
      const person = (await repo.person(db, row.cstId))!;
      const rec = recordOf(row, await registryFor(db, [row.cchTUSS]));
      const common = {
        member: { name: person.holderName, cpf: person.holderCpf ?? '', numero: person.numero ?? '' },
        patient: person.name,
        request: {
          number: row.cchId,
          date: isoDateInAppZone(new Date(row.cchDataSolicitacao)),
          benefit: benefitLabel(row.cchBeneficio),
          procedure: (rec.displayTerm || row.cchTUSS).slice(0, 120),
          tuss: row.cchTUSS,
          procedureDate: row.cchDataProcedimento,
          requested: row.cchValorSolicitado,
        },
        signer: { name: cchMessages.letterSigner, role: 'CCH' },
      };
      const pdf = approval
        ? await documents.render('cch-aprovacao', {
            ...common,
            approved: row.cchValorPago ?? row.cchValorSolicitado,
            ...(row.cchDataPagamento ? { creditDate: row.cchDataPagamento } : {}),
          })
        : await documents.render('cch-negativa', { ...common, reason: row.cchDeliberacao ?? '' });
      return { pdf, name: `cch-${kind}-${row.cchId}.pdf` };
    },

    plans: () => repo.plans(db),

    /** The holder's bank account as the payment panel's fields (GET cch/banco/{cstId}). */
    async bank(cstId: number): Promise<CchBankData> {
      const row = await repo.bankOf(db, cstId);
      if (!row) throw notFound(genericMessages.notFound);
      const place = debitPlaces.find((p) => p.bnkId === row.bnkId);
      const bankCode = place?.bankCode ?? (row.bnkId === 18 ? config.DEBIT_MAGISCRED_BANK_CODE : null);
      const hasAccount = Boolean(bankCode && row.account);
      return {
        cchBancoCliente: row.name.slice(0, 64),
        cchBancoCPF: row.cpf,
        cchBancoNumero: hasAccount ? bankCode : null,
        cchBancoAgencia: hasAccount ? row.branch : null,
        cchBancoConta: hasAccount ? row.account : null,
        cchBancoContaDigito: hasAccount ? row.digit : null,
      };
    },

    /** GET user/tuss/{code}: the term from the shipped subset or the registry; the domain answers format and digit. */
    async tuss(code: string) {
      const term = tussSubsetTerm(code) ?? (await repo.registryTerms(db, [code])).get(code) ?? null;
      return tussLookupAnswer(code, term);
    },

    /** The scan upload ("CCH document upload"): stored as the caller's, waiting for the request that names its key. */
    async upload(request: FastifyRequest, actor: Actor) {
      const file = await receiveUpload(request, files, { createdBy: actor.userId, accept: SCAN_TYPES });
      await files.attach(UPLOAD_OWNER, String(actor.userId), file.id);
      return { status: 'ok' as const, key: file.id };
    },

    currentValues: () => currentValues(),

    /**
     * POST cch/cchaumento: the new values from their base date, once the values the form showed are still the current
     * ones (409 otherwise); one increase at a time (the value sets' table locked).
     */
    async increase(body: unknown & { anteriores: CchValues }, actor: Actor) {
      return db.transaction(async (tx) => {
        await repo.lockValueSets(tx);
        const current = await currentValues(tx);
        const { dataBase: last, ...values } = current;
        if (!sameCchValues(values, body.anteriores)) throw conflict(cchMessages.increaseStale);
        const parsed = cchIncreaseSchema({ lastDataBase: last }).safeParse(body);
        if (!parsed.success) throw issuesToError(parsed.error.issues);
        const next = parsed.data;
        const set: CchValues = {
          beneficio1: next.beneficio1,
          beneficio2: next.beneficio2,
          beneficio3: next.beneficio3,
          beneficio4: next.beneficio4,
          beneficio5: next.beneficio5,
          fisioterapia: next.fisioterapia,
          fisioterapiaSessoes: next.fisioterapiaSessoes,
          acupuntura: next.acupuntura,
          acupunturaSessoes: next.acupunturaSessoes,
        };
        await repo.insertValueSet(tx, { ...set, dataBase: next.dataBase, userId: actor.userId, userName: actor.name });
        await writeAudit(tx, {
          category: CCH_INCREASE_AUDIT,
          entityId: next.dataBase,
          action: 'insert',
          user: actor,
          before: current,
          after: { ...set, dataBase: next.dataBase },
        });
        return { message: cchMessages.increaseSuccess, current: await currentValues(tx) };
      });
    },
  };
}
export type CchService = ReturnType<typeof createCchService>;

import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import {
  debitPlaces,
  formatDate,
  genericMessages,
  isRefundStatus,
  isoDateInAppZone,
  REFUND_STATUS,
  REFUND_TYPE,
  refundActorOf,
  refundDeletable,
  refundListStatuses,
  refundMessages,
  refundMoveRefusal,
  refundSchema,
  refundTypeLabel,
  type RefundListPage,
  type RefundRecord,
  type RefundSearchRow,
  type RefundStatus,
  type RefundToPayRow,
} from '@assoc/domain';
import type { AppConfig } from '../../config.js';
import type { Db, Executor } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { writeAudit } from '../../lib/audit.js';
import { badRequest, conflict, forbidden, issuesToError, notFound } from '../../lib/errors.js';
import type { AppServices } from '../../lib/module.js';
import type { RefundsRepository, StoredRefund } from './refunds.repository.js';

/** The audit category of refunds (the ledger writes its own row for the credit). */
export const REFUNDS_AUDIT = 'devolucao';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MONEY_FORMAT = '"R$" #,##0.00';

/** Who calls: the actor of the audit and the roles that choose the status table's row. */
export interface RefundCaller {
  actor: Actor;
  roles: readonly string[];
}

type RefundsConfig = Pick<AppConfig, 'DEBIT_MAGISCRED_BANK_CODE'>;

/**
 * Refunds (devolução; issue 27; spec 2 §2.3-§9): the list by status (the approved list only for v2devapr), the member
 * search, registration and saves with the domain's schema and status table (403 for an approver's move asked without
 * v2devapr, nothing written), FINALIZADO of a type-1 refund credited once in the holder's ledger (key
 * `devolucao:{devId}`) in the saving transaction, type 2 listed to be paid by bank transfer, the Excel exports.
 */
export function createRefundsService(deps: { db: Db; repo: RefundsRepository; ledger: AppServices['ledger']; config: RefundsConfig }) {
  const { db, repo, ledger, config } = deps;

  const seesStatus = (roles: readonly string[], status: number) => (refundListStatuses(refundActorOf(roles)) as readonly number[]).includes(status);

  async function record(tx: Executor, devId: number): Promise<RefundRecord> {
    const row = await repo.get(tx, devId);
    if (!row) throw notFound(refundMessages.notFound);
    return row;
  }

  /** The body checked by the domain's schema; an approver's move asked by a requester is 403 before any other rule. */
  function check(body: unknown & { devStatus?: unknown }, caller: RefundCaller, previousStatus: RefundStatus | null) {
    const who = refundActorOf(caller.roles);
    if (isRefundStatus(body.devStatus) && refundMoveRefusal(who, previousStatus, body.devStatus) === 'forbidden')
      throw forbidden(refundMessages.approverOnly);
    const parsed = refundSchema({ actor: who, previousStatus }).safeParse(body);
    if (!parsed.success) throw issuesToError(parsed.error.issues);
    return parsed.data;
  }

  /** FINALIZADO of a type-1 refund: the credit on the chosen service in the holder's ledger, once per refund (its key). */
  async function credit(tx: Executor, row: StoredRefund, actor: Actor) {
    if (row.devStatus !== REFUND_STATUS.FINALIZADO || row.devTipo !== REFUND_TYPE.SISTEMA || row.extId !== null) return;
    const { entry } = await ledger.addEntry(
      tx,
      {
        cstId: row.titId,
        respId: row.cstId,
        svcId: row.svcId,
        descricao: refundMessages.ledgerCredit(row.devId, row.svcName),
        valor: -row.devValor,
        tipo: 'credito',
        key: `devolucao:${row.devId}`,
      },
      actor,
    );
    await repo.setCredit(tx, row.devId, entry.extId);
  }

  function bankOf(row: {
    bnkId: number | null;
    branch: string | null;
    branchDigit: string | null;
    account: string | null;
    accountDigit: string | null;
  }) {
    const place = debitPlaces.find((p) => p.bnkId === row.bnkId);
    const bankCode = place?.bankCode ?? (row.bnkId === 18 ? config.DEBIT_MAGISCRED_BANK_CODE : null);
    if (!bankCode || !row.account) return { bankCode: null, bankName: place?.bankName ?? null, agencia: null, conta: null };
    const join = (main: string | null, digit: string | null) => (main ? (digit ? `${main}-${digit}` : main) : null);
    return { bankCode, bankName: place?.bankName ?? null, agencia: join(row.branch, row.branchDigit), conta: join(row.account, row.accountDigit) };
  }

  async function toPay(range: { de?: string; ate?: string }): Promise<RefundToPayRow[]> {
    const rows = await repo.toPay(db, range);
    return rows.map(({ bnkId, branch, branchDigit, account, accountDigit, ...r }) => ({
      ...r,
      ...bankOf({ bnkId, branch, branchDigit, account, accountDigit }),
    }));
  }

  /**
   * A workbook of one sheet: the columns, the rows and a bold total row (money as reais formatted R$), written by
   * exceljs's streaming writer (a third faster than the in-memory workbook on 20,000 rows) into one buffer.
   */
  async function workbook(sheetName: string, columns: Partial<ExcelJS.Column>[], rows: Record<string, unknown>[], total: Record<string, unknown>) {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
    book.created = new Date();
    const sheet = book.addWorksheet(sheetName);
    sheet.columns = columns;
    sheet.getRow(1).font = { bold: true };
    for (const row of rows) sheet.addRow(row).commit();
    const last = sheet.addRow(total);
    last.font = { bold: true };
    last.commit();
    sheet.commit();
    await book.commit();
    return Buffer.concat(chunks);
  }

  return {
    async list(status: number, q: { q?: string; page: number; pageSize: number }, roles: readonly string[]): Promise<RefundListPage> {
      if (!seesStatus(roles, status)) throw forbidden(refundMessages.approvedListApproverOnly);
      const { rows, total, totalValor } = await repo.list(db, { status, q: q.q?.trim() || null, page: q.page, pageSize: q.pageSize });
      return { items: rows, total, totalValor, page: q.page, pageSize: q.pageSize };
    },

    get: (devId: number) => record(db, devId),

    search: (q: string): Promise<RefundSearchRow[]> => repo.search(db, q.trim()),

    /** POST devolucao: a new refund (EM ANÁLISE; APROVADO only for an approver) for a person of the search. */
    async create(body: { cstId: number; devStatus?: unknown }, caller: RefundCaller): Promise<RefundRecord> {
      return db.transaction(async (tx) => {
        const values = check(body, caller, null);
        const person = await repo.person(tx, values.cstId);
        if (!person) throw badRequest(`cstId: ${refundMessages.memberNotFound}`);
        if (person.holderId !== values.titId) throw badRequest(`titId: ${refundMessages.holderMismatch}`);
        if (!(await repo.serviceChain(tx, values.supId, values.sucId, values.svcId))) throw badRequest(`svcId: ${refundMessages.serviceMismatch}`);
        const devId = await repo.insert(
          tx,
          {
            cstId: values.cstId,
            devStatus: values.devStatus,
            devTipo: values.devTipo,
            devValor: values.devValor,
            supId: values.supId,
            sucId: values.sucId,
            svcId: values.svcId,
            observacoes: values.observacoes || null,
          },
          caller.actor,
        );
        const saved = (await repo.get(tx, devId))!;
        await writeAudit(tx, {
          category: REFUNDS_AUDIT,
          ownerId: saved.titId,
          entityId: devId,
          action: 'insert',
          user: caller.actor,
          before: null,
          after: saved,
        });
        return saved;
      });
    },

    /**
     * PUT devolucao/{devId} over the version read (409 when another user saved first): the status by the table of its
     * role (403 for an approver's move without v2devapr, nothing written) and the notes; type, amount and the service
     * chain stay as registered (400 when the body changes them). FINALIZADO of a type 1 writes the ledger credit once.
     */
    async update(
      devId: number,
      body: { version: number; devStatus?: unknown } & Record<string, unknown>,
      caller: RefundCaller,
    ): Promise<RefundRecord> {
      return db.transaction(async (tx) => {
        const stored = await repo.get(tx, devId, true);
        if (!stored) throw notFound(refundMessages.notFound);
        if (stored.version !== body.version) throw conflict(genericMessages.staleRecord);
        const values = check(body, caller, stored.devStatus as RefundStatus);
        const fixed = ['cstId', 'devTipo', 'devValor', 'supId', 'sucId', 'svcId'] as const;
        if (fixed.some((k) => values[k] !== stored[k])) throw badRequest(refundMessages.lockedFields);
        const ok = await repo.update(
          tx,
          devId,
          body.version,
          { devStatus: values.devStatus, observacoes: values.observacoes || null, from: stored.devStatus },
          caller.actor,
        );
        if (!ok) throw conflict(genericMessages.staleRecord);
        await credit(tx, (await repo.get(tx, devId))!, caller.actor);
        const saved = (await repo.get(tx, devId))!;
        await writeAudit(tx, {
          category: REFUNDS_AUDIT,
          ownerId: stored.titId,
          entityId: devId,
          action: 'update',
          user: caller.actor,
          before: stored,
          after: saved,
        });
        return saved;
      });
    },

    /** DELETE devolucao/{devId} (superadmin) at the version read; a FINALIZADO refund stays (money moved). */
    async remove(devId: number, version: number, actor: Actor) {
      await db.transaction(async (tx) => {
        const stored = await repo.get(tx, devId, true);
        if (!stored) throw notFound(refundMessages.notFound);
        if (stored.version !== version) throw conflict(genericMessages.staleRecord);
        if (!refundDeletable(stored.devStatus)) throw badRequest(refundMessages.deleteFinalizedRefused);
        if (!(await repo.remove(tx, devId, version))) throw conflict(genericMessages.staleRecord);
        await writeAudit(tx, {
          category: REFUNDS_AUDIT,
          ownerId: stored.titId,
          entityId: devId,
          action: 'delete',
          user: actor,
          before: stored,
          after: null,
        });
      });
    },

    /** 'Exportar Excel' (GET devolucao/export/{status}): the list's columns (spec 2 §2.3) and a total row. */
    async export(status: number, q: { q?: string }, roles: readonly string[]): Promise<Buffer> {
      if (!seesStatus(roles, status)) throw forbidden(refundMessages.approvedListApproverOnly);
      const rows = await repo.all(db, { status, q: q.q?.trim() || null });
      let total = 0;
      const cells = rows.map((r) => {
        total += r.devValor;
        return {
          requester: r.custName,
          holder: r.titNome,
          created: r.createdDay,
          type: refundTypeLabel(r.devTipo),
          service: r.svcName,
          // Cents to reais only here, for the cell.
          amount: r.devValor / 100,
        };
      });
      return workbook(
        refundMessages.sheetName,
        [
          { header: 'Solicitante', key: 'requester', width: 40 },
          { header: 'Titular', key: 'holder', width: 40 },
          { header: 'Data de criação', key: 'created', width: 16 },
          { header: 'Tipo de crédito', key: 'type', width: 16 },
          { header: 'Serviço', key: 'service', width: 36 },
          { header: 'Valor', key: 'amount', width: 16, style: { numFmt: MONEY_FORMAT } },
        ],
        cells,
        { requester: refundMessages.total, holder: refundMessages.records(rows.length), amount: total / 100 },
      );
    },

    toPay,

    /** The to-pay list as a sheet for the bank transfer. */
    async toPayExport(range: { de?: string; ate?: string }): Promise<Buffer> {
      const rows = await toPay(range);
      let total = 0;
      const cells = rows.map((r) => {
        total += r.devValor;
        return {
          devId: r.devId,
          closed: formatDate(r.closedDate),
          holder: r.titNome,
          cpf: r.titCpf ?? '',
          requester: r.custName,
          service: r.svcName,
          bank: r.bankCode ?? '',
          bankName: r.bankName ?? '',
          branch: r.agencia ?? '',
          account: r.conta ?? '',
          amount: r.devValor / 100,
        };
      });
      return workbook(
        refundMessages.toPaySheetName,
        [
          { header: 'Devolução', key: 'devId', width: 12 },
          { header: 'Finalizada em', key: 'closed', width: 14 },
          { header: 'Titular', key: 'holder', width: 40 },
          { header: 'CPF', key: 'cpf', width: 14 },
          { header: 'Solicitante', key: 'requester', width: 40 },
          { header: 'Serviço', key: 'service', width: 30 },
          { header: 'Banco', key: 'bank', width: 8 },
          { header: 'Nome do banco', key: 'bankName', width: 22 },
          { header: 'Agência', key: 'branch', width: 10 },
          { header: 'Conta', key: 'account', width: 16 },
          { header: 'Valor', key: 'amount', width: 16, style: { numFmt: MONEY_FORMAT } },
        ],
        cells,
        { devId: refundMessages.total, holder: refundMessages.records(rows.length), amount: total / 100 },
      );
    },

    toPayFileName: (range: { de?: string; ate?: string }) => `devolucoes-a-pagar-${range.de ?? 'inicio'}-${range.ate ?? isoDateInAppZone()}.xlsx`,
  };
}
export type RefundsService = ReturnType<typeof createRefundsService>;

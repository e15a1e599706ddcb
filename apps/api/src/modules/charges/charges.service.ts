import { sql } from 'drizzle-orm';
import {
  BOLETO,
  addDaysIso,
  chargeMessages,
  documentEmailTemplates,
  formatCep,
  instalmentDueDate,
  instalmentDueDates,
  splitInstalments,
  type BoletoBankCode,
  type ChargeItem,
  type DebtReply,
} from '@assoc/domain';
import type { Db, Executor } from '../../db/client.js';
import { writeAudit, writeAudits } from '../../lib/audit.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { ChildListContext } from '../members/child-lists.js';
import type { AppConfig } from '../../config.js';
import type { AppServices } from '../../lib/module.js';
import { boletoOf, type ChargesRepository, type NewChargeRow, type StoredCharge } from './charges.repository.js';

const BANK_NAMES: Record<BoletoBankCode, string> = { '001': 'Banco do Brasil', '033': 'Santander' };
/** A second boleto e-mail of the same charge within this time is the same request (a double click): not sent again. */
const EMAIL_REPEAT_SECONDS = 60;

/** The boleto bank of the configuration (BOLETO_*): BB wallet 17 or Santander wallet 101 unless configured. */
export function boletoBankOf(config: Pick<AppConfig, 'BOLETO_BANK' | 'BOLETO_AGREEMENT' | 'BOLETO_WALLET'>) {
  const bank = config.BOLETO_BANK as BoletoBankCode;
  return { bank, agreement: config.BOLETO_AGREEMENT, wallet: config.BOLETO_WALLET ?? (bank === '001' ? '17' : '101') };
}

/** A bank's return of one charge. */
export interface ReturnInput {
  cobId: number;
  code: number;
  date: string;
  /** A bank file's record (issue 25): the value actually paid and the entry's key (bank + NSA + record). */
  payment?: { value: number; key: string };
}

export function createChargesService(deps: {
  db: Db;
  repo: ChargesRepository;
  config: AppConfig;
  documents: AppServices['documents'];
  ledger: AppServices['ledger'];
}) {
  const { db, repo, config, documents, ledger } = deps;

  /**
   * The member save's rows of `cobrancas` (spec 1 §4/§5 "New charge"): stored charges are read-only; one new
   * charge at a time, only while no charge waits for its return and the holder owes something, for at most the
   * debt; it becomes one charge per instalment (equal parts, the remaining cents on the first; monthly due dates).
   * "Dia Útil" (optional, 1–31; the spec names it only): instalments 2..n fall due on that day of the month, moved to
   * the next business day past weekends and the holidays of the Feriados registry (domain `instalmentDueDate`).
   * Runs in the save's transaction, after the customer row was locked and written, so the debit place is the one
   * just saved, and a second submit of the same save is refused by the member's version (409) or by the open charge.
   */
  async function apply(tx: Executor, cstId: number, items: ChargeItem[], ctx: ChildListContext) {
    if (items.some((i) => i.operation === 'update' || i.operation === 'delete')) throw badRequest(chargeMessages.readOnly);
    const inserts = items.filter((i) => i.operation === 'insert');
    if (inserts.length === 0) return;
    if (inserts.length > 1) throw badRequest(chargeMessages.oneAtATime);
    const item = inserts[0]!;
    if (ctx.inserting) throw badRequest(chargeMessages.noDebt);
    if (await repo.hasOpenCharge(tx, cstId)) throw badRequest(chargeMessages.openCharge);
    const debt = await repo.debt(tx, cstId);
    if (debt <= 0) throw badRequest(chargeMessages.noDebt);
    if (item.cobValor > debt)
      throw badRequest(`cobValor: ${chargeMessages.aboveDebt}`, { errors: [{ instancePath: '/cobValor', message: chargeMessages.aboveDebt }] });

    const place = await repo.debitPlace(tx, cstId);
    const bnkId = item.local === 1 ? BOLETO : (place?.bnk_id ?? null);
    if (bnkId === null) throw badRequest(chargeMessages.noDebitPlace);
    const account =
      bnkId === BOLETO || bnkId !== place?.bnk_id
        ? { cobAgencia: null, cobAgenciaDv: null, cobConta: null, cobContaDv: null }
        : { cobAgencia: place.branch, cobAgenciaDv: place.branch_dv, cobConta: place.account, cobContaDv: place.account_dv };
    const boleto = bnkId === BOLETO ? boletoBankOf(config) : null;
    const n = item.lancamentos ?? 1;
    const diaUtil = item.diaUtil ?? null;
    // The holidays that may move a due date: from the first instalment to a month past the last one's day.
    const holidays =
      diaUtil !== null && n > 1
        ? await repo.holidays(tx, item.cobVencimento, addDaysIso(instalmentDueDate(item.cobVencimento, n, diaUtil), 31))
        : undefined;
    const dueDates = instalmentDueDates(item.cobVencimento, n, diaUtil, holidays);
    const rows: NewChargeRow[] = splitInstalments(item.cobValor, n).map((value, index) => ({
      bnkId,
      ...account,
      boleto,
      cobVencimento: dueDates[index]!,
      cobValor: value,
      cobParcela: index + 1,
      cobParcelas: n,
    }));
    await repo.insert(tx, cstId, rows, ctx.actor.userId);
  }

  async function boletoCharge(tx: Executor, cobId: number): Promise<StoredCharge> {
    const charge = await repo.byId(tx, cobId);
    if (!charge) throw notFound(chargeMessages.chargeNotFound);
    if (charge.bnkId !== BOLETO || charge.cobRetorno) throw badRequest(chargeMessages.boletoOnlyOpen);
    return charge;
  }

  /** The boleto's PDF from the documents service's `boleto` template, its numbers computed from the stored charge. */
  async function boletoPdf(tx: Executor, charge: StoredCharge) {
    const numbers = boletoOf(charge);
    const payer = await repo.payer(tx, charge.cstId);
    if (!numbers || !payer) throw badRequest(chargeMessages.boletoOnlyOpen);
    const bank = charge.cobBanco as BoletoBankCode;
    const pdf = await documents.render('boleto', {
      bank: { code: bank, name: BANK_NAMES[bank] },
      barcode: numbers.barcode,
      dueDate: charge.cobVencimento,
      amount: charge.cobValor,
      documentDate: charge.createdAt,
      documentNumber: `${charge.cobId}`,
      nossoNumero: numbers.nossoNumero,
      carteira: charge.cobCarteira,
      agencyCode: config.BOLETO_AGENCY_CODE,
      beneficiary: { name: config.BOLETO_BENEFICIARY_NAME ?? config.ASSOCIATION_NAME, document: config.BOLETO_BENEFICIARY_CNPJ },
      // The CEP as written (01310-100), not its stored digits (issue 22 #19).
      payer: { name: payer.name, document: payer.cpf ?? '', address: payer.address && [payer.address, `CEP ${formatCep(payer.zipcode)}`].join(', ') },
      instructions:
        charge.cobParcelas > 1
          ? `Parcela ${charge.cobParcela} de ${charge.cobParcelas}.\nNão receber após 30 dias do vencimento.`
          : 'Não receber após 30 dias do vencimento.',
    });
    return { pdf, numbers, payer };
  }

  /**
   * The bank's returns of charges (what the bank import calls per chunk of records, and what the demo writes): the
   * return date and code on each charge and, for a paid code (0, 31), the payment as a credit entry of the holder's
   * ledger through `app.services.ledger` (issue 22 item 1: what a holder owes is read from the ledger only, so a charge
   * paid at the bank lowers the debt through this entry, never through the charge). Idempotent: each entry has its key
   * (the charge's `cobranca:{cobId}`, or the bank file's record), and a charge that already has its return, or comes
   * twice, is refused with nothing written. Set-based (a few statements for any number of charges); runs in the
   * caller's transaction.
   */
  async function recordReturns(tx: Executor, inputs: readonly ReturnInput[], actor: Actor) {
    if (inputs.length === 0) return [];
    const locked = new Map((await repo.lockForReturns(tx, inputs)).map((c) => [c.cobId, c]));
    const seen = new Set<number>();
    const charges = inputs.map((input) => {
      const charge = locked.get(input.cobId);
      if (!charge) throw notFound(chargeMessages.chargeNotFound);
      if (charge.paid === null) throw badRequest(chargeMessages.unknownReturnCode);
      if (charge.cobRetorno !== null || seen.has(input.cobId)) throw conflict(chargeMessages.returnAlreadyRecorded);
      seen.add(input.cobId);
      return { input, charge, key: input.payment?.key ?? `cobranca:${charge.cobId}` };
    });
    await repo.setReturns(tx, inputs);
    const paid = charges.filter((c) => c.charge.paid);
    const { written } = await ledger.addEntries(
      tx,
      paid.map(({ input, charge, key }) => ({
        cstId: charge.cstId,
        descricao: charge.bnkId === BOLETO ? chargeMessages.paymentByBoleto : chargeMessages.paymentByDebit,
        valor: -(input.payment?.value ?? charge.cobValor),
        tipo: 'pagamento' as const,
        date: new Date(`${input.date}T12:00:00-03:00`),
        key,
      })),
      actor,
    );
    const entryOf = new Map(written.map((w) => [`${w.cstId}|${w.extKey}`, w.extId]));
    const results = charges.map(({ input, charge, key }) => ({
      cobId: charge.cobId,
      paid: charge.paid === true,
      extId: charge.paid ? (entryOf.get(`${charge.cstId}|${key}`) ?? null) : null,
      input,
      cstId: charge.cstId,
    }));
    await writeAudits(
      tx,
      results.map((r) => ({
        category: 'cobrancas',
        ownerId: r.cstId,
        entityId: r.cobId,
        action: 'update' as const,
        user: actor,
        before: { cobId: r.cobId, cobRetorno: null, cdrCodRet: null },
        after: { cobId: r.cobId, cobRetorno: r.input.date, cdrCodRet: r.input.code, extId: r.extId },
      })),
    );
    return results.map(({ cobId, paid, extId }) => ({ cobId, paid, extId }));
  }

  /** One charge's return (recordReturns of one). */
  async function recordReturn(tx: Executor, input: ReturnInput, actor: Actor) {
    const [result] = await recordReturns(tx, [input], actor);
    return { paid: result!.paid, extId: result!.extId };
  }

  return {
    apply,
    recordReturn,
    recordReturns,
    load: (tx: Executor, cstId: number) => repo.load(tx, cstId),
    json: repo.json,

    /** GET cobranca/divida/{cstId}. */
    async debt(cstId: number): Promise<DebtReply> {
      return { cstId, divida: await repo.debt(db, cstId) };
    },

    /** GET user/boleto/{cobId}: the PDF of a bank-11 charge without a return date. */
    async boleto(cobId: number): Promise<Uint8Array> {
      const charge = await boletoCharge(db, cobId);
      return (await boletoPdf(db, charge)).pdf;
    },

    /**
     * GET user/boleto/email/{cobId}: the PDF to the file store and an e-mail to the holder in the outbox with it
     * attached, with its audit row, in one transaction that holds the charge's row: the same boleto asked again
     * within a minute (a double click, a retried request) is not queued twice.
     */
    async emailBoleto(
      cobId: number,
      actor: Actor,
      /** In the transaction that queues the e-mail (the boletos' mass e-mail marks its line there). */
      onQueued?: (tx: Executor, outboxId: number) => Promise<void>,
    ): Promise<{ message: string }> {
      const charge = await boletoCharge(db, cobId);
      const { pdf, numbers, payer } = await boletoPdf(db, charge);
      if (!payer.email) throw badRequest(chargeMessages.boletoNoEmail);
      const values = { nossoNumero: numbers.nossoNumero, linhaDigitavel: numbers.digitableLineFormatted };
      const subject = documentEmailTemplates.boleto.subject(values);
      await documents.emailTo(
        { email: payer.email, name: payer.name, cstId: charge.cstId },
        { pdf, fileName: 'boleto.pdf' },
        { key: 'boleto', values },
        {
          actor,
          before: async (tx) => {
            await tx.execute(sql`select 1 from charges where cob_id = ${cobId} for update`);
            const recent = await tx.execute(
              sql`select 1 from outbox where cst_id = ${charge.cstId} and subject = ${subject}
                  and created_at > now() - make_interval(secs => ${EMAIL_REPEAT_SECONDS}) limit 1`,
            );
            return recent.rows.length === 0;
          },
          after: async (tx, outboxId) => {
            await writeAudit(tx, {
              category: 'cobrancas',
              ownerId: charge.cstId,
              entityId: cobId,
              action: 'insert',
              user: actor,
              before: null,
              after: { boletoEmail: outboxId, cobId, nossoNumero: numbers.nossoNumero },
            });
            await onQueued?.(tx, outboxId);
          },
        },
      );
      return { message: chargeMessages.boletoSent };
    },
  };
}

export type ChargesService = ReturnType<typeof createChargesService>;

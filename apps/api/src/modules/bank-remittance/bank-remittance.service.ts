import {
  ASSOCIATION_PAYROLL,
  remittanceMessages,
  BANCO_DO_BRASIL,
  BOLETO,
  buildBoletoRemittance,
  type BoletoBankCode,
  MAGISCRED,
  SANTANDER,
  buildDebitRemittance,
  buildPayrollRemittance,
  debitPlaces,
  encodeLatin1,
  isoDateInAppZone,
  onlyDigits,
  type BuiltFile,
  type DebitBank,
  type LineTerminator,
  type RemittanceDetail,
  type RemittanceRow,
} from '@assoc/domain';
import type { Db, Executor } from '../../db/client.js';
import type { AppConfig } from '../../config.js';
import type { Actor } from '../../lib/actor.js';
import { writeAudit } from '../../lib/audit.js';
import { notFound } from '../../lib/errors.js';
import { boletoOf } from '../charges/charges.repository.js';
import type { FileService, StoredFile } from '../files/files.service.js';
import type { BankRemittanceRepository, UnsentCharge } from './bank-remittance.repository.js';

export const REMITTANCE_COMMAND = 'remessa-gerar';

/** What the remittance files are written from (the agreements of issue 25, README's configuration). */
export type RemittanceConfig = Pick<
  AppConfig,
  | 'ASSOCIATION_NAME'
  | 'BANK_FILE_TERMINATOR'
  | 'DEBIT_BB_AGREEMENT'
  | 'DEBIT_BB_TEST'
  | 'DEBIT_SANTANDER_AGREEMENT'
  | 'DEBIT_MAGISCRED_AGREEMENT'
  | 'DEBIT_MAGISCRED_BANK_CODE'
  | 'PAYROLL_AGREEMENT'
  | 'BOLETO_BANK'
  | 'BOLETO_AGREEMENT'
  | 'BOLETO_WALLET'
  | 'BOLETO_BENEFICIARY_CNPJ'
  | 'BOLETO_BRANCH'
  | 'BOLETO_ACCOUNT'
  | 'BOLETO_TRANSMISSION_CODE'
>;

/** One file a remittance run writes: the debit place, its layout, its agreement and how its records are built. */
interface Place {
  bnkId: number;
  layout: 'cnab150' | 'payroll' | 'cnab240';
  bankCode: string;
  agreement: string;
  /** Why a charge cannot go in this file (null: it can). */
  unfit(charge: UnsentCharge): string | null;
  build(charges: UnsentCharge[], nsa: number, date: string): BuiltFile;
  fileName(nsa: number, date: string): string;
}

const bankName = (bnkId: number) => debitPlaces.find((p) => p.bnkId === bnkId)?.bankName ?? String(bnkId);
const ddmm = (date: string) => date.slice(8, 10) + date.slice(5, 7);

/**
 * The files of a remittance run (issue 25 item 1), from the configured agreements: CNAB 150 direct debit for
 * Santander (1), Banco do Brasil (2) and Magiscred (18), the payroll file of channel 10, and the CNAB 240 registration
 * of the boletos (channel 11) at the configured boleto bank (BB or Santander).
 */
export function remittancePlaces(config: RemittanceConfig): Place[] {
  const terminator = config.BANK_FILE_TERMINATOR as LineTerminator;
  const company = config.ASSOCIATION_NAME;
  const debit = (bnkId: number, bank: DebitBank, agreement: string, bankCode: string, test = false): Place => ({
    bnkId,
    layout: 'cnab150',
    bankCode,
    agreement,
    unfit: (c) => (c.agency && c.account ? null : remittanceMessages.noAccount),
    build: (charges, nsa, date) =>
      buildDebitRemittance({
        bank,
        agreement: { code: agreement, companyName: company, bankCode, test, terminator },
        nsa,
        date,
        debits: charges.map((c) => ({
          memberId: c.cstId,
          chargeId: c.cobId,
          agency: onlyDigits(c.agency ?? ''),
          account: onlyDigits(`${c.account ?? ''}${c.accountDigit ?? ''}`),
          dueDate: c.dueDate,
          valueCents: c.value,
          holderDocument: c.cpf,
        })),
      }),
    fileName: (nsa, date) => `DEB${bankCode}_${ddmm(date)}_${String(nsa).padStart(6, '0')}.REM`,
  });
  return [
    debit(SANTANDER, 'santander', config.DEBIT_SANTANDER_AGREEMENT, '033'),
    debit(BANCO_DO_BRASIL, 'bb', config.DEBIT_BB_AGREEMENT, '001', config.DEBIT_BB_TEST === 'true'),
    debit(MAGISCRED, 'magiscred', config.DEBIT_MAGISCRED_AGREEMENT, config.DEBIT_MAGISCRED_BANK_CODE),
    {
      bnkId: ASSOCIATION_PAYROLL,
      layout: 'payroll',
      bankCode: '000',
      agreement: config.PAYROLL_AGREEMENT,
      unfit: (c) => (c.numeroInterno && c.cpf ? null : remittanceMessages.noRegistration),
      build: (charges, nsa, date) =>
        buildPayrollRemittance({
          agreement: { code: config.PAYROLL_AGREEMENT, companyName: company, terminator },
          nsa,
          date,
          month: charges.reduce((m, c) => (c.dueDate.slice(0, 7) < m ? c.dueDate.slice(0, 7) : m), charges[0]!.dueDate.slice(0, 7)).replace('-', ''),
          items: charges.map((c) => ({
            registration: c.numeroInterno!,
            name: c.name,
            cpf: c.cpf!,
            chargeId: c.cobId,
            valueCents: c.value,
            dueDate: c.dueDate,
          })),
        }),
      fileName: (nsa, date) => `FOLHA_${ddmm(date)}_${String(nsa).padStart(6, '0')}.REM`,
    },
    boletoPlace(config, terminator, company),
  ];
}

/** BB: the convênio; Santander: the código de transmissão (what the NSA is kept per). */
const boletoAgreementCode = (config: RemittanceConfig) => (config.BOLETO_BANK === '001' ? config.BOLETO_AGREEMENT : config.BOLETO_TRANSMISSION_CODE);

/**
 * The boleto bank's CNAB 240 registration (channel 11): each open boleto of that bank as a P + Q pair with the nosso
 * número the boleto prints (`boletoOf`, the charges module's) and the payer's name, CPF and address. A boleto of the
 * other bank, or whose payer lacks a CPF or an address with CEP, city and UF, is listed as skipped.
 */
function boletoPlace(config: RemittanceConfig, terminator: LineTerminator, company: string): Place {
  const bank = config.BOLETO_BANK as BoletoBankCode;
  const [agency, agencyDigit] = config.BOLETO_BRANCH.split('-') as [string, string];
  const [account, accountDigit] = config.BOLETO_ACCOUNT.split('-') as [string, string];
  const numbersOf = (c: UnsentCharge) => (c.boleto ? boletoOf({ bnkId: BOLETO, ...c.boleto, cobVencimento: c.dueDate, cobValor: c.value }) : null);
  return {
    bnkId: BOLETO,
    layout: 'cnab240',
    bankCode: bank,
    agreement: boletoAgreementCode(config),
    unfit(c) {
      const b = c.boleto;
      if (!b || b.cobBanco !== bank || !numbersOf(c)) return remittanceMessages.otherBoletoBank;
      if (!c.cpf || !b.street || !b.cep || !b.city || !b.uf) return remittanceMessages.noPayerAddress;
      return null;
    },
    build: (charges, nsa, date) =>
      buildBoletoRemittance({
        bank,
        agreement: {
          code: boletoAgreementCode(config),
          companyName: company,
          companyCnpj: config.BOLETO_BENEFICIARY_CNPJ,
          agency,
          agencyDigit,
          account,
          accountDigit,
          wallet: config.BOLETO_WALLET ?? (bank === '001' ? '17' : '101'),
          terminator,
        },
        nsa,
        date,
        boletos: charges.map((c) => ({
          chargeId: c.cobId,
          nossoNumero: numbersOf(c)!.nossoNumero,
          dueDate: c.dueDate,
          valueCents: c.value,
          payer: {
            name: c.name,
            cpf: c.cpf!,
            address: c.boleto!.street!,
            district: c.boleto!.district ?? '',
            cep: c.boleto!.cep!,
            city: c.boleto!.city!,
            uf: c.boleto!.uf!,
          },
        })),
      }),
    fileName: (nsa, date) => `CB${bank}_${ddmm(date)}_${String(nsa).padStart(6, '0')}.REM`,
  };
}

export interface RemittanceRunFile {
  rmId: number;
  bnkId: number;
  fileId: string;
  fileName: string;
  records: number;
  total: number;
}

export interface RemittanceRun {
  files: RemittanceRunFile[];
  /** Charges not sent, each with the reason (listed in the job's result, never skipped silently). */
  skipped: string[];
}

export function createBankRemittanceService(deps: { db: Db; repo: BankRemittanceRepository; files: FileService; config: RemittanceConfig }) {
  const { db, repo, files, config } = deps;
  const places = remittancePlaces(config);

  /**
   * One remittance file of these charges, in the caller's transaction: the NSA taken, the file stored (handed to
   * `onStored` at once, so the caller can remove it if the transaction fails), the remittance row, its lines, the
   * charges marked as sent and the audit row. The job's path and the demo's history both write through it.
   */
  async function writeRemittance(
    tx: Executor,
    place: Place,
    fit: UnsentCharge[],
    ctx: { actor: Actor; jobId: string | null; date: string },
    onStored: (file: StoredFile & { discard(): Promise<void> }) => void,
  ) {
    const nsa = await repo.nextNsa(tx, place);
    const built = place.build(fit, nsa, ctx.date);
    const fileName = place.fileName(nsa, ctx.date);
    const file = await files.saveIn(tx, { name: fileName, data: Buffer.from(encodeLatin1(built.text)), createdBy: ctx.actor.userId || null });
    onStored(file);
    const fecIds = new Set(fit.map((c) => c.fecId));
    const rmId = await repo.insertRemittance(tx, {
      bnkId: place.bnkId,
      layout: place.layout,
      bankCode: place.bankCode,
      agreement: place.agreement,
      nsa,
      records: built.records.length,
      total: built.totalCents,
      fileName,
      scanId: file.id,
      fecId: fecIds.size === 1 ? [...fecIds][0]! : null,
      jobId: ctx.jobId,
      userId: ctx.actor.userId || null,
      userName: ctx.actor.name,
    });
    const byId = new Map(fit.map((c) => [String(c.cobId), c]));
    await repo.insertLines(
      tx,
      rmId,
      built.records.map((r) => {
        const charge = byId.get(r.chargeId)!;
        return { cobId: charge.cobId, cstId: charge.cstId, line: r.line, value: r.valueCents, dueDate: charge.dueDate };
      }),
    );
    await writeAudit(tx, {
      category: 'remessas',
      entityId: rmId,
      action: 'insert',
      user: ctx.actor,
      before: null,
      after: { rmId, bnkId: place.bnkId, layout: place.layout, nsa, records: built.records.length, total: built.totalCents, fileName },
    });
    return { rmId, bnkId: place.bnkId, fileId: file.id, fileName, records: built.records.length, total: built.totalCents };
  }

  /**
   * One file of one debit place, all in one transaction: the charges locked, the NSA taken, the file's record, the
   * remittance row and its lines, the charges marked as sent, the audit row. A failure rolls it all back (no NSA
   * consumed, no remittance) and removes the bytes already in the store.
   */
  async function generatePlace(place: Place, ctx: { actor: Actor; jobId: string | null; date: string }, skipped: string[]) {
    let stored: (StoredFile & { discard(): Promise<void> }) | null = null;
    try {
      return await db.transaction(async (tx) => {
        const unsent = await repo.unsent(tx, place.bnkId);
        const fit = unsent.filter((c) => {
          const why = place.unfit(c);
          if (why) skipped.push(remittanceMessages.skipped(c.cobId, why));
          return !why;
        });
        if (fit.length === 0) return null;
        const written = await writeRemittance(tx, place, fit, ctx, (file) => (stored = file));
        return written;
      });
    } catch (error) {
      await (stored as (StoredFile & { discard(): Promise<void> }) | null)?.discard();
      throw error;
    }
  }

  return {
    places,
    bankName,
    writeRemittance,

    /** Every debit place's file of the charges not sent yet (the job's work; the seed calls it too). */
    async generate(ctx: { actor: Actor; jobId: string | null; progress?: (done: number, total: number, subtitle: string) => Promise<void> }) {
      const run: RemittanceRun = { files: [], skipped: [] };
      const date = isoDateInAppZone();
      for (const [i, place] of places.entries()) {
        await ctx.progress?.(i, places.length, bankName(place.bnkId));
        const file = await generatePlace(place, { actor: ctx.actor, jobId: ctx.jobId, date }, run.skipped);
        if (file) run.files.push(file);
      }
      await ctx.progress?.(places.length, places.length, '');
      return run;
    },

    async list(): Promise<RemittanceRow[]> {
      return (await repo.list(db)).map((r) => ({ ...r, bnkName: bankName(r.bnkId) }));
    },

    async detail(rmId: number, q: { status?: string; page: number; pageSize: number }): Promise<RemittanceDetail> {
      const row = await repo.find(db, rmId);
      if (!row) throw notFound(remittanceMessages.notFound);
      const { items, total } = await repo.lines(db, rmId, q);
      return { remessa: { ...row, bnkName: bankName(row.bnkId) }, items, total, page: q.page, pageSize: q.pageSize };
    },

    /** The stored file of a remittance. */
    async file(rmId: number): Promise<StoredFile> {
      const row = await repo.find(db, rmId);
      if (!row) throw notFound(remittanceMessages.notFound);
      const file = row.scanId ? await files.find(row.scanId) : null;
      if (!file) throw notFound(remittanceMessages.fileMissing);
      return file;
    },
    open: (file: StoredFile) => files.open(file),
  };
}
export type BankRemittanceServiceApi = ReturnType<typeof createBankRemittanceService>;

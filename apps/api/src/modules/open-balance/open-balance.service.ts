import ExcelJS from 'exceljs';
import {
  ASSOCIATION_PAYROLL,
  BOLETO,
  NO_BILLING,
  debitPlaces,
  formatNumeroInterno,
  formatOpenBalanceAccount,
  openBalanceMessages as m,
  type OpenBalanceRow,
} from '@assoc/domain';
import type { Db } from '../../db/client.js';
import type { OpenBalanceRepository } from './open-balance.repository.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Places whose member record carries no branch/account: the row's Agência/Conta stays empty. */
const NO_ACCOUNT = new Set([ASSOCIATION_PAYROLL, BOLETO, NO_BILLING]);

export function createOpenBalanceService(deps: { db: Db; repo: OpenBalanceRepository; associationShortName: string }) {
  const { db, repo, associationShortName } = deps;
  const placeName = new Map(debitPlaces.map((p) => [p.bnkId, p.bankName]));
  // Place 10 is the association's payroll: the channel and the row show its short name (spec 2 §9 "{product} 10").
  placeName.set(ASSOCIATION_PAYROLL, associationShortName);

  async function list(channelId: number): Promise<OpenBalanceRow[]> {
    const rows = await repo.list(db, channelId);
    return rows.map((r) => ({
      emID: r.cstId,
      custNumeroInterno: r.numeroInterno ?? '',
      custName: r.name,
      bnkId: r.bnkId,
      bnkName: placeName.get(r.bnkId) ?? String(r.bnkId),
      account: NO_ACCOUNT.has(r.bnkId)
        ? ''
        : formatOpenBalanceAccount({ branch: r.branch, branchDigit: r.branchDigit, account: r.account, accountDigit: r.accountDigit }),
      saldo: Number(r.saldo),
    }));
  }

  /** The screen's columns in a sheet: money as numbers in reais formatted R$, and a total row. */
  async function xlsx(channelId: number): Promise<Buffer> {
    const rows = await list(channelId);
    const workbook = new ExcelJS.Workbook();
    workbook.creator = associationShortName;
    workbook.created = new Date();
    const sheet = workbook.addWorksheet(m.sheetName);
    sheet.columns = [
      { header: 'Num. Interno', key: 'numero', width: 14 },
      { header: 'Nome', key: 'name', width: 44 },
      { header: 'Local', key: 'place', width: 24 },
      { header: 'Agência/Conta', key: 'account', width: 20 },
      { header: 'Saldo', key: 'saldo', width: 16, style: { numFmt: '"R$" #,##0.00' } },
    ];
    sheet.getRow(1).font = { bold: true };
    let total = 0;
    for (const r of rows) {
      total += r.saldo;
      // Cents to a number of reais only here, for the cell (exact for any debt below 2^53 cents).
      sheet.addRow({
        numero: formatNumeroInterno(r.custNumeroInterno),
        name: r.custName,
        place: r.bnkName,
        account: r.account,
        saldo: r.saldo / 100,
      });
    }
    const totalRow = sheet.addRow({ numero: m.total, name: `${rows.length} ${m.records.toLowerCase()}`, saldo: total / 100 });
    totalRow.font = { bold: true };
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }

  return { list, xlsx };
}
export type OpenBalanceService = ReturnType<typeof createOpenBalanceService>;

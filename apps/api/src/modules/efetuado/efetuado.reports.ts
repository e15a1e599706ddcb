import ExcelJS from 'exceljs';
import { centsToReais, debitPlaces, efetuadoMessages as m, formatDate, formatNumeroInterno, periodLabel } from '@assoc/domain';
import type { Executor } from '../../db/client.js';
import type { EfetuadoData, EfetuadoSaudeData } from '../documents/definitions/efetuado.js';
import { JobFailure } from '../jobs/jobs.types.js';
import type { EfetuadoRepository, LineRow, PeriodRow } from './efetuado.repository.js';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const PDF_MIME = 'application/pdf';
const MONEY = '"R$" #,##0.00';

/** A report's file and how many lines it lists (the job's subtitle). */
export interface ReportFile {
  name: string;
  mimeType: string;
  data: Buffer;
  lines: number;
}

const placeName = (bnkId: number) => debitPlaces.find((p) => p.bnkId === bnkId)?.bankName ?? `Local ${bnkId}`;
/** 'MM-YYYY' for file names. */
const fileMonth = (p: PeriodRow) => `${String(p.mes).padStart(2, '0')}-${p.ano}`;
const isoMonth = (p: PeriodRow) => `${p.ano}-${String(p.mes).padStart(2, '0')}`;
/** The "Parcela k/n" of a posting's instalment line (closing: "<serviço> — Parcela k/n"); '' for a monthly fee. */
export const instalmentText = (description: string) => /Parcela (\d+\/\d+)/.exec(description)?.[1] ?? '';

/** A sheet with its columns, a bold header, the rows, and a bold total row (or the "nothing" line). */
async function workbook(
  sheetName: string,
  columns: { header: string; key: string; width: number; money?: boolean }[],
  rows: Record<string, string | number>[],
  total: Record<string, string | number>,
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.created = new Date();
  const sheet = book.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width, ...(c.money ? { style: { numFmt: MONEY } } : {}) }));
  sheet.getRow(1).font = { bold: true };
  if (rows.length === 0) sheet.addRow({ [columns[0]!.key]: m.nothing });
  for (const r of rows) sheet.addRow(r);
  sheet.addRow(total).font = { bold: true };
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Group the lines by holder, keeping their order (the repository sorts holder by holder). */
function byHolder(lines: readonly LineRow[]) {
  const holders: { cstId: number; name: string; numero: string | null; lines: LineRow[] }[] = [];
  for (const l of lines) {
    const last = holders[holders.length - 1];
    if (last && last.cstId === l.cstId) last.lines.push(l);
    else holders.push({ cstId: l.cstId, name: l.holder, numero: l.numero, lines: [l] });
  }
  return holders;
}

const sum = (lines: readonly { value: number }[]) => lines.reduce((s, l) => s + l.value, 0);

/**
 * The Efetuado reports (issue 24 item 4): each reads what the closings wrote (entries of the period, charges) and
 * gives its file. PDFs go through the document service (templates staff may edit), XLSX through exceljs.
 */
export function createEfetuadoReports(deps: { repo: EfetuadoRepository; render: (report: string, data: unknown) => Promise<Uint8Array> }) {
  const { repo, render } = deps;

  async function closed(db: Executor, fecId: number) {
    const period = await repo.closedPeriod(db, fecId);
    if (!period) throw new JobFailure(m.periodNotClosed);
    return period;
  }

  /** EFETUADO's data: per service (with its rates) members and totals, and the charges per debit place. */
  async function efetuadoData(db: Executor, fecId: number): Promise<{ period: PeriodRow; data: EfetuadoData }> {
    const period = await closed(db, fecId);
    const services = await repo.serviceTotals(db, fecId);
    const places = await repo.placeTotals(db, fecId);
    return {
      period,
      data: {
        period: isoMonth(period),
        services: services.map((s) => ({
          name: s.name ?? '(sem serviço)',
          rate: s.rate,
          rateNs: s.rateNs,
          members: s.members,
          value: s.value,
          adminRate: s.adminRate,
        })),
        places: places.map((p) => ({ name: placeName(p.bnkId), count: p.count, total: p.total })),
      },
    };
  }

  /** EFETUADO SAÚDE's data: the health lines of the period, per holder with their dependents' lines. */
  async function saudeData(db: Executor, fecId: number): Promise<{ period: PeriodRow; data: EfetuadoSaudeData; lines: number }> {
    const period = await closed(db, fecId);
    const lines = await repo.healthLines(db, fecId);
    const holders = byHolder(lines).map((h) => ({
      name: h.name,
      numero: h.numero,
      lines: h.lines.map((l) => ({ who: l.who, plan: l.service, description: l.description, value: l.value })),
    }));
    return { period, data: { period: isoMonth(period), holders }, lines: lines.length };
  }

  return {
    efetuadoData,
    saudeData,

    async efetuado(db: Executor, fecId: number): Promise<ReportFile> {
      const { period, data } = await efetuadoData(db, fecId);
      const pdf = await render('efetuado', data);
      return { name: `efetuado-${fileMonth(period)}.pdf`, mimeType: PDF_MIME, data: Buffer.from(pdf), lines: data.services.length };
    },

    async saude(db: Executor, fecId: number): Promise<ReportFile> {
      const { period, data, lines } = await saudeData(db, fecId);
      const pdf = await render('efetuado-saude', data);
      return { name: `efetuado-saude-${fileMonth(period)}.pdf`, mimeType: PDF_MIME, data: Buffer.from(pdf), lines };
    },

    async saudeExcel(db: Executor, fecId: number): Promise<ReportFile> {
      const period = await closed(db, fecId);
      const lines = await repo.healthLines(db, fecId);
      const data = await workbook(
        'Efetuado saúde',
        [
          { header: 'Titular', key: 'holder', width: 40 },
          { header: 'Número interno', key: 'numero', width: 15 },
          { header: 'Beneficiário', key: 'who', width: 40 },
          { header: 'Plano', key: 'plan', width: 30 },
          { header: 'Descrição', key: 'description', width: 50 },
          { header: 'Valor', key: 'value', width: 16, money: true },
        ],
        lines.map((l) => ({
          holder: l.holder,
          numero: formatNumeroInterno(l.numero),
          who: l.who,
          plan: l.service,
          description: l.description,
          value: centsToReais(l.value),
        })),
        { holder: `Total (${periodLabel(period.ano, period.mes)})`, numero: `${byHolder(lines).length} titulares`, value: centsToReais(sum(lines)) },
      );
      return { name: `efetuado-saude-${fileMonth(period)}.xlsx`, mimeType: XLSX_MIME, data, lines: lines.length };
    },

    /** EFETUADO SERVIÇO: every member charged for one service in one period, with the value and instalment (XLSX). */
    async servico(db: Executor, svcId: number, fecId: number): Promise<ReportFile> {
      const period = await closed(db, fecId);
      const service = await repo.service(db, svcId);
      if (!service) throw new JobFailure(m.serviceNotFound);
      const lines = await repo.serviceLines(db, svcId, fecId);
      const data = await workbook(
        service.name.slice(0, 31).replace(/[*?:\\/[\]]/g, ' '),
        [
          { header: 'Titular', key: 'holder', width: 40 },
          { header: 'Número interno', key: 'numero', width: 15 },
          { header: 'Associado', key: 'who', width: 40 },
          { header: 'Descrição', key: 'description', width: 50 },
          { header: 'Parcela', key: 'parcela', width: 10 },
          { header: 'Valor', key: 'value', width: 16, money: true },
        ],
        lines.map((l) => ({
          holder: l.holder,
          numero: formatNumeroInterno(l.numero),
          who: l.who,
          description: l.description,
          parcela: instalmentText(l.description),
          value: centsToReais(l.value),
        })),
        {
          holder: `Total — ${service.name} ${periodLabel(period.ano, period.mes)}`,
          numero: `${lines.length} linhas`,
          value: centsToReais(sum(lines)),
        },
      );
      return { name: `efetuado-servico-${svcId}-${fileMonth(period)}.xlsx`, mimeType: XLSX_MIME, data, lines: lines.length };
    },

    /** The payroll ("folha do TJSP", bank 10) charges falling due in [start, end] (XLSX). */
    async tjsp(db: Executor, start: string, end: string): Promise<ReportFile> {
      const rows = await repo.payrollCharges(db, start, end);
      const data = await workbook(
        'Folha TJSP',
        [
          { header: 'Titular', key: 'holder', width: 44 },
          { header: 'Número interno', key: 'numero', width: 15 },
          { header: 'Vencimento', key: 'due', width: 13 },
          { header: 'Valor', key: 'value', width: 16, money: true },
        ],
        rows.map((r) => ({ holder: r.holder, numero: formatNumeroInterno(r.numero), due: formatDate(r.dueDate), value: centsToReais(r.value) })),
        { holder: `Total de ${formatDate(start)} a ${formatDate(end)}`, numero: `${rows.length} cobranças`, value: centsToReais(sum(rows)) },
      );
      return { name: `efetuado-tjsp-${start}-a-${end}.xlsx`, mimeType: XLSX_MIME, data, lines: rows.length };
    },

    /** The health lines of the closed periods in [start, end], one by one (XLSX). */
    async saudeDetalhado(db: Executor, start: string, end: string): Promise<ReportFile> {
      const lines = await repo.healthLinesBetween(db, start, end);
      const data = await workbook(
        'Saúde detalhado',
        [
          { header: 'Período', key: 'period', width: 10 },
          { header: 'Titular', key: 'holder', width: 40 },
          { header: 'Número interno', key: 'numero', width: 15 },
          { header: 'Beneficiário', key: 'who', width: 40 },
          { header: 'Serviço', key: 'service', width: 30 },
          { header: 'Descrição', key: 'description', width: 50 },
          { header: 'Valor', key: 'value', width: 16, money: true },
        ],
        lines.map((l) => ({
          period: periodLabel(l.fecAno, l.fecMes),
          holder: l.holder,
          numero: formatNumeroInterno(l.numero),
          who: l.who,
          service: l.service,
          description: l.description,
          value: centsToReais(l.value),
        })),
        {
          period: 'Total',
          holder: `De ${formatDate(start)} a ${formatDate(end)}`,
          numero: `${lines.length} linhas`,
          value: centsToReais(sum(lines)),
        },
      );
      return { name: `efetuado-saude-detalhado-${start}-a-${end}.xlsx`, mimeType: XLSX_MIME, data, lines: lines.length };
    },
  };
}
export type EfetuadoReports = ReturnType<typeof createEfetuadoReports>;

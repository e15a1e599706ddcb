import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  efetuadoCommands,
  efetuadoContracts,
  efetuadoMessages,
  efetuadoUserData,
  formatCents,
  jobsContracts,
  menuContracts,
  roleCatalogue,
  type Job,
  type MenuNode,
  type Role,
} from '@assoc/domain';
import {
  call,
  createCatalogueService,
  createDependent,
  createMember,
  createServiceRows,
  createTestApp,
  expectOk,
  signedInAs,
  type Client,
  type TestContext,
} from '../../../test/helper.js';
import { jobEnded } from '../../../test/barriers.js';
import { runClosing } from '../closing/closing.job.js';
import { createClosingRepository } from '../closing/closing.repository.js';
import { efetuadoRows, efetuadoSaudeRows } from '../documents/definitions/efetuado.js';
import { efetuado as efetuadoDocument, efetuadoSaude as efetuadoSaudeDocument } from '../documents/definitions/efetuado.js';
import { pdfText } from '../documents/pdf-text.testing.js';

let ctx: TestContext;
/** Jobs that ended, from the event bus (test/barriers.ts): no polling, no race. */
let finance: Client;
let financeUserId: number;
let withoutRole: Client;
const allRoles = (Object.keys(roleCatalogue) as Role[]).filter((r) => r !== 'v2portal' && r !== 'v2menufinanceiro');

let fecId: number;
let period: { ano: number; mes: number };
let health: { svcId: number; svcName: string };
let fee: { svcId: number; svcName: string };
const people: Record<string, number> = {};
const label = () => `${String(period.mes).padStart(2, '0')}/${period.ano}`;
const fileMonth = () => `${String(period.mes).padStart(2, '0')}-${period.ano}`;

beforeAll(async () => {
  ctx = await createTestApp({}, { features: { jobs: true } });
  const signed = await signedInAs(ctx, ['v2access', 'v2menufinanceiro']);
  finance = signed.client;
  financeUserId = signed.user.userId;
  withoutRole = (await signedInAs(ctx, allRoles)).client;
  // A health plan (its product is marked health) with rates 2 % / 5 %, and a fee that is not health.
  health = await createCatalogueService(
    ctx,
    { svcName: 'Plano Saúde Efetuado', svcValor: 50_000, svcTaxaAdm: 2, svcTaxaAdmNs: 5 },
    { sucHealth: true },
  );
  fee = await createCatalogueService(ctx, { svcName: 'Mensalidade Efetuado', svcValor: 10_000 });
  // A: sócio on the payroll (bank 10) with a dependent, both on the plan, and the fee; B: not a sócio, boleto, the fee.
  const a = await createMember(ctx, { custName: 'Ana Efetuado', custSocio: 'S', bnkId: 10, custNumeroInterno: '1234' });
  const d = await createDependent(ctx, a.cstId, { custName: 'Davi Efetuado' });
  const b = await createMember(ctx, { custName: 'Bruno Efetuado', custSocio: 'N', bnkId: null });
  Object.assign(people, { a: a.cstId, d: d.cstId, b: b.cstId });
  await createServiceRows(ctx, a.cstId, [{ svcId: health.svcId }, { svcId: fee.svcId }]);
  await createServiceRows(ctx, d.cstId, [{ svcId: health.svcId }]);
  await createServiceRows(ctx, b.cstId, [{ svcId: fee.svcId }]);
  // The closing of the open month, as the closing job runs it.
  const open = await ctx.app.services.ledger.openPeriod(ctx.db);
  fecId = open.fecId;
  period = { ano: open.fecAno, mes: open.fecMes };
  const deps = { service: ctx.app.services.closing, repo: createClosingRepository(), ledger: ctx.app.services.ledger };
  const outcome = await runClosing({ jobId: crypto.randomUUID(), userId: financeUserId, db: ctx.db, progress: async () => {} }, deps);
  expect(outcome.result).toContain('fechado');
});
afterAll(async () => {
  await ctx.close();
});

const jobCount = async () => (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from jobs`)).rows[0]!.n;

describe('GET financeiro/efetuado/periodos and servicos', () => {
  it('refuses an anonymous caller (401) and a user without v2menufinanceiro (403)', async () => {
    for (const contract of [efetuadoContracts.periods, efetuadoContracts.services]) {
      expect((await call(ctx.app, contract)).status).toBe(401);
      expect((await call(withoutRole, contract)).status).toBe(403);
    }
  });

  it('lists the closed periods newest first (the open one is not there) and the services with the health flag', async () => {
    const periods = await expectOk(call(finance, efetuadoContracts.periods));
    expect(periods[0]).toMatchObject({ fecId, periodo: label() });
    expect(Number.isNaN(Date.parse(periods[0]!.fechadoEm))).toBe(false);
    const open = await ctx.app.services.ledger.openPeriod(ctx.db);
    expect(periods.some((p) => p.fecId === open.fecId)).toBe(false);
    const services = await expectOk(call(finance, efetuadoContracts.services));
    expect(services.find((s) => s.svcId === health.svcId)).toMatchObject({ svcName: 'Plano Saúde Efetuado', saude: true });
    expect(services.find((s) => s.svcId === fee.svcId)).toMatchObject({ saude: false });
  });
});

describe('the Efetuado job commands through GET jobs/send', () => {
  const good: Record<string, string> = {
    [efetuadoCommands.efetuado]: '1',
    [efetuadoCommands.saude]: '1',
    [efetuadoCommands.saudeExcel]: '1',
    [efetuadoCommands.servico]: '1-1',
    [efetuadoCommands.tjsp]: '2026-01-01_2026-01-31',
    [efetuadoCommands.saudeDetalhado]: '2026-01-01_2026-01-31',
  };

  it('are not menu job links: GET tree lists none of them', async () => {
    const tree = await expectOk(call(finance, menuContracts.tree));
    const jobs: string[] = [];
    const walk = (nodes: readonly MenuNode[]) =>
      nodes.forEach((n) => {
        if (n.job) jobs.push(n.job.command);
        if (n.children) walk(n.children);
      });
    walk(tree as unknown as MenuNode[]);
    for (const command of Object.values(efetuadoCommands)) expect(jobs).not.toContain(command);
  });

  it('refuse an anonymous caller (401) and a user without v2menufinanceiro (403), queueing nothing', async () => {
    const before = await jobCount();
    for (const [jobCommand, userData] of Object.entries(good)) {
      expect((await call(ctx.app, jobsContracts.sendWithData, { params: { jobCommand, userData } })).status).toBe(401);
      expect((await call(withoutRole, jobsContracts.sendWithData, { params: { jobCommand, userData } })).status).toBe(403);
    }
    expect(await jobCount()).toBe(before);
  });

  it('refuse a bad userData (400, the pt-BR message) and a range whose start is after its end, queueing nothing', async () => {
    const before = await jobCount();
    const bad: [string, string, string][] = [
      [efetuadoCommands.efetuado, 'abc', efetuadoMessages.invalidPeriod],
      [efetuadoCommands.efetuado, '0', efetuadoMessages.invalidPeriod],
      [efetuadoCommands.saude, '1-2', efetuadoMessages.invalidPeriod],
      [efetuadoCommands.saudeExcel, '-1', efetuadoMessages.invalidPeriod],
      [efetuadoCommands.servico, '12', efetuadoMessages.invalidService],
      [efetuadoCommands.servico, 'x-1', efetuadoMessages.invalidService],
      [efetuadoCommands.tjsp, '2026-01-01', efetuadoMessages.invalidRange],
      [efetuadoCommands.tjsp, '2026-02-30_2026-03-01', efetuadoMessages.invalidRange],
      [efetuadoCommands.tjsp, '2026-02-01_2026-01-31', efetuadoMessages.startAfterEnd],
      [efetuadoCommands.saudeDetalhado, '01/01/2026_31/01/2026', efetuadoMessages.invalidRange],
      [efetuadoCommands.saudeDetalhado, '2026-12-31_2026-01-01', efetuadoMessages.startAfterEnd],
    ];
    for (const [jobCommand, userData, message] of bad) {
      const refused = await call(finance, jobsContracts.sendWithData, { params: { jobCommand, userData } });
      expect(refused.status, `${jobCommand}/${userData}`).toBe(400);
      expect(refused.error.message).toBe(message);
    }
    // The menu's form without userData sends '0': refused too.
    expect((await call(finance, jobsContracts.send, { params: { jobCommand: efetuadoCommands.efetuado } })).status).toBe(400);
    expect(await jobCount()).toBe(before);
  });
});

describe('the reports, on what the closing wrote', () => {
  const days = () => new Date(Date.UTC(period.ano, period.mes, 0)).getUTCDate();

  it('EFETUADO: per service the members, fees and rates; the charges per debit place; a PDF with the numbers', async () => {
    const { data } = await ctx.app.services.efetuado.reports.efetuadoData(ctx.db, fecId);
    const plan = data.services.find((s) => s.name === health.svcName)!;
    // A and D on the plan, rated as a sócio (2 %); A and B on the fee (no rate).
    expect(plan).toMatchObject({ members: 2, value: 100_000, adminRate: 2_000, rate: 2, rateNs: 5 });
    expect(data.services.find((s) => s.name === fee.svcName)).toMatchObject({ members: 2, value: 20_000, adminRate: 0 });
    const payroll = data.places.find((p) => p.name === 'Associação (desconto em folha)')!;
    expect(payroll).toMatchObject({ count: 1, total: 112_000 });
    expect(data.places.find((p) => p.name === 'Boleto Bancário')).toMatchObject({ count: 1, total: 10_000 });
    const rows = efetuadoRows(efetuadoDocument.data.parse(data));
    expect(rows.services.find((r) => r[0] === health.svcName)).toEqual([
      health.svcName,
      '2,00% / 5,00%',
      '2',
      'R$ 1.000,00',
      'R$ 20,00',
      'R$ 1.020,00',
    ]);
    expect(rows.totals).toContain(`Cobranças geradas: 2 — ${formatCents(122_000)}`);

    const job = await runJob(efetuadoCommands.efetuado, efetuadoUserData.period(fecId));
    expect(job.jobStatus).toBe(30);
    const file = await call(finance, jobsContracts.downloadByJob, { params: { jobId: job.jobId } });
    expect(file.status).toBe(200);
    expect(file.res.headers['content-type']).toContain('application/pdf');
    expect(file.res.headers['content-disposition']).toContain(`efetuado-${fileMonth()}.pdf`);
    const bytes = file.res.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await pdfText(bytes)).join(' ');
    expect(text).toContain(`Período: ${label()}`);
    expect(text).toContain('Plano Saúde Efetuado');
    expect(text).toContain('1.020,00');
    expect(text).toContain('1.220,00');
  });

  it('EFETUADO SAÚDE: the health lines per holder, the dependent under the holder; a PDF', async () => {
    const { data, lines } = await ctx.app.services.efetuado.reports.saudeData(ctx.db, fecId);
    expect(lines).toBe(4);
    expect(data.holders).toHaveLength(1);
    const [holder] = data.holders;
    expect(holder!.name).toBe('Ana Efetuado');
    expect(holder!.lines.map((l) => [l.who, l.value])).toEqual([
      ['Ana Efetuado', 50_000],
      ['Ana Efetuado', 1_000],
      ['Davi Efetuado', 50_000],
      ['Davi Efetuado', 1_000],
    ]);
    const rows = efetuadoSaudeRows(efetuadoSaudeDocument.data.parse(data));
    expect(rows.rows.at(-1)).toEqual(['', '', '', '', 'Total do titular', 'R$ 1.020,00']);
    const job = await runJob(efetuadoCommands.saude, efetuadoUserData.period(fecId));
    expect(job.jobStatus).toBe(30);
    const file = await call(finance, jobsContracts.downloadByJob, { params: { jobId: job.jobId } });
    expect(file.res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await pdfText(file.res.rawPayload)).join(' ');
    expect(text).toContain('Davi Efetuado');
    expect(text).toContain('1.020,00');
  });

  it('EFETUADO SAÚDE EXCEL: the same lines in a sheet, with the total', async () => {
    const sheet = await sheetOf(efetuadoCommands.saudeExcel, efetuadoUserData.period(fecId), `efetuado-saude-${fileMonth()}.xlsx`);
    expect(sheet[0]).toEqual(['Titular', 'Número interno', 'Beneficiário', 'Plano', 'Descrição', 'Valor']);
    expect(sheet.slice(1, 5).map((r) => [r[2], r[5]])).toEqual([
      ['Ana Efetuado', 500],
      ['Ana Efetuado', 10],
      ['Davi Efetuado', 500],
      ['Davi Efetuado', 10],
    ]);
    expect(sheet[1]![1]).toBe('000123-4');
    expect(sheet[5]![5]).toBe(1020);
  });

  it('EFETUADO SERVIÇO: every member charged for the service in the period (XLSX)', async () => {
    const sheet = await sheetOf(
      efetuadoCommands.servico,
      efetuadoUserData.service(fee.svcId, fecId),
      `efetuado-servico-${fee.svcId}-${fileMonth()}.xlsx`,
    );
    expect(sheet.slice(1, 3).map((r) => [r[0], r[5]])).toEqual([
      ['Ana Efetuado', 100],
      ['Bruno Efetuado', 100],
    ]);
    expect(sheet[1]![3]).toBe(`Mensalidade Efetuado ${label()}`);
    expect(sheet[3]![5]).toBe(200);
    // An unknown service: the job fails with the message.
    const failed = await runJob(efetuadoCommands.servico, efetuadoUserData.service(999_999, fecId));
    expect(failed.jobStatus).toBe(20);
    expect(failed.jobResult).toBe(efetuadoMessages.serviceNotFound);
  });

  it('the period must be closed: the open one fails the job with a clear result', async () => {
    const open = await ctx.app.services.ledger.openPeriod(ctx.db);
    const failed = await runJob(efetuadoCommands.efetuado, efetuadoUserData.period(open.fecId));
    expect(failed.jobStatus).toBe(20);
    expect(failed.jobResult).toBe(efetuadoMessages.periodNotClosed);
  });

  it('TJSP: the payroll charges falling due in the range (XLSX); an empty range says so', async () => {
    const next = period.mes === 12 ? { ano: period.ano + 1, mes: 1 } : { ano: period.ano, mes: period.mes + 1 };
    const first = `${next.ano}-${String(next.mes).padStart(2, '0')}-01`;
    const last = `${next.ano}-${String(next.mes).padStart(2, '0')}-${new Date(Date.UTC(next.ano, next.mes, 0)).getUTCDate()}`;
    const sheet = await sheetOf(efetuadoCommands.tjsp, efetuadoUserData.range(first, last), `efetuado-tjsp-${first}-a-${last}.xlsx`);
    expect(sheet.slice(1)).toHaveLength(2);
    expect(sheet[1]).toEqual(['Ana Efetuado', '000123-4', `${last.slice(8)}/${last.slice(5, 7)}/${last.slice(0, 4)}`, 1120]);
    const empty = await sheetOf(
      efetuadoCommands.tjsp,
      efetuadoUserData.range('2001-01-01', '2001-01-31'),
      'efetuado-tjsp-2001-01-01-a-2001-01-31.xlsx',
    );
    expect(empty[1]![0]).toBe(efetuadoMessages.nothing);
    expect(days()).toBeGreaterThan(27);
  });

  it('detailed health made: the health lines of the closed periods in the range, line by line (XLSX)', async () => {
    const start = `${period.ano}-${String(period.mes).padStart(2, '0')}-15`;
    const sheet = await sheetOf(
      efetuadoCommands.saudeDetalhado,
      efetuadoUserData.range(start, start),
      `efetuado-saude-detalhado-${start}-a-${start}.xlsx`,
    );
    expect(sheet[0]).toEqual(['Período', 'Titular', 'Número interno', 'Beneficiário', 'Serviço', 'Descrição', 'Valor']);
    expect(sheet.slice(1, 5).map((r) => [r[0], r[3], r[4], r[6]])).toEqual([
      [label(), 'Ana Efetuado', health.svcName, 500],
      [label(), 'Ana Efetuado', health.svcName, 10],
      [label(), 'Davi Efetuado', health.svcName, 500],
      [label(), 'Davi Efetuado', health.svcName, 10],
    ]);
    expect(sheet[5]![6]).toBe(1020);
  });
});

/** Starts a command as the screen does and waits for its end. */
async function runJob(jobCommand: string, userData: string): Promise<Job> {
  const queued = await expectOk(call(finance, jobsContracts.sendWithData, { params: { jobCommand, userData } }));
  return jobEnded(ctx.app, queued.jobId);
}

/** Runs a command whose attachment is an XLSX and answers its first sheet's values, row by row. */
async function sheetOf(jobCommand: string, userData: string, name: string): Promise<unknown[][]> {
  const job = await runJob(jobCommand, userData);
  expect(job.jobStatus, job.jobResult ?? '').toBe(30);
  const file = await call(finance, jobsContracts.downloadByJob, { params: { jobId: job.jobId } });
  expect(file.status).toBe(200);
  expect(file.res.headers['content-disposition']).toContain(name);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file.res.rawPayload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bbCheckDigit,
  chargeContracts,
  openBalanceContracts,
  openBalanceMessages as om,
  roleCatalogue,
  santanderCheckDigit,
  type OpenBalanceRow,
  type Role,
} from '@assoc/domain';
import {
  call,
  createLedgerPeriods,
  createMember,
  createOpenPeriodEntry,
  createTestApp,
  signedInAs,
  type Client,
  type TestContext,
} from '../../../test/helper.js';

let ctx: TestContext;
/** Every role but the portal's. */
let staff: Client;
const allRoles = (Object.keys(roleCatalogue) as Role[]).filter((r) => r !== 'v2portal');

/** The holders of this file, by what they show. */
let h: Record<'bb' | 'noPlace' | 'payroll' | 'noBilling' | 'paid' | 'inCredit' | 'santander', { cstId: number; custNumeroInterno: string | null }>;

beforeAll(async () => {
  ctx = await createTestApp();
  staff = (await signedInAs(ctx, allRoles)).client;
  const bb = await createMember(ctx, {
    custName: 'Beatriz Saldo Aberto',
    bnkId: 2,
    bnkaccBranch: '0001',
    bnkaccBranchDigit: '9',
    bnkaccAccount: '00000006',
    bnkaccAccountDigit: bbCheckDigit('00000006'),
  });
  // The first holder's ledger opens the periods; the others write into the open one (and one locked period each).
  await createLedgerPeriods(ctx, bb.cstId, [[10000, 5000]], [-2500]);
  const noPlace = await createMember(ctx, { custName: 'Álvaro Saldo Aberto' });
  const payroll = await createMember(ctx, { custName: 'Carla Saldo Aberto', bnkId: 10 });
  const noBilling = await createMember(ctx, { custName: 'Davi Saldo Aberto', bnkId: 20 });
  const paid = await createMember(ctx, { custName: 'Eva Saldo Aberto', bnkId: 11 });
  const inCredit = await createMember(ctx, { custName: 'Fábio Saldo Aberto', bnkId: 18 });
  const santander = await createMember(ctx, {
    custName: 'Gustavo Saldo Aberto',
    bnkId: 1,
    bnkaccBranch: '0033',
    bnkaccAccount: '01234567',
    bnkaccAccountDigit: santanderCheckDigit('0033', '01234567'),
  });
  await createOpenPeriodEntry(ctx, noPlace.cstId, 30000, 'lancamento', 'Mensalidade');
  await createOpenPeriodEntry(ctx, payroll.cstId, 10050, 'lancamento', 'Mensalidade');
  await createOpenPeriodEntry(ctx, noBilling.cstId, 5000, 'lancamento', 'Mensalidade');
  await createOpenPeriodEntry(ctx, paid.cstId, 7000, 'lancamento', 'Mensalidade');
  await createOpenPeriodEntry(ctx, paid.cstId, -7000, 'pagamento');
  await createOpenPeriodEntry(ctx, inCredit.cstId, 1000, 'lancamento', 'Mensalidade');
  await createOpenPeriodEntry(ctx, inCredit.cstId, -5000, 'credito', 'Crédito');
  await createOpenPeriodEntry(ctx, santander.cstId, 123456, 'lancamento', 'Mensalidade');
  h = { bb, noPlace, payroll, noBilling, paid, inCredit, santander };
});
afterAll(async () => {
  await ctx.close();
});

const ours = (rows: OpenBalanceRow[]) => {
  const ids = new Set(Object.values(h).map((x) => x.cstId));
  return rows.filter((r) => ids.has(r.emID));
};
async function listOf(channelId: number | string) {
  const res = await call(staff, openBalanceContracts.list, { params: { channelId: String(channelId) } });
  expect(res.status, res.res.body).toBe(200);
  return res.body;
}

describe('GET financeiro/saldoaberto/{channelId}', () => {
  it('lists every holder who owes under Todos (0), by name, with the place, the account and the debt in cents', async () => {
    const rows = ours(await listOf(0));
    const short = ctx.app.config.ASSOCIATION_SHORT_NAME;
    expect(rows).toEqual([
      {
        emID: h.noPlace.cstId,
        custNumeroInterno: h.noPlace.custNumeroInterno,
        custName: 'Álvaro Saldo Aberto',
        bnkId: 11,
        bnkName: 'Boleto Bancário',
        account: '',
        saldo: 30000,
      },
      {
        emID: h.bb.cstId,
        custNumeroInterno: h.bb.custNumeroInterno,
        custName: 'Beatriz Saldo Aberto',
        bnkId: 2,
        bnkName: 'Banco do Brasil',
        account: `0001-9/00000006-${bbCheckDigit('00000006')}`,
        saldo: 12500,
      },
      {
        emID: h.payroll.cstId,
        custNumeroInterno: h.payroll.custNumeroInterno,
        custName: 'Carla Saldo Aberto',
        bnkId: 10,
        bnkName: short,
        account: '',
        saldo: 10050,
      },
      {
        emID: h.noBilling.cstId,
        custNumeroInterno: h.noBilling.custNumeroInterno,
        custName: 'Davi Saldo Aberto',
        bnkId: 20,
        bnkName: 'Sem cobrança bancária',
        account: '',
        saldo: 5000,
      },
      {
        emID: h.santander.cstId,
        custNumeroInterno: h.santander.custNumeroInterno,
        custName: 'Gustavo Saldo Aberto',
        bnkId: 1,
        bnkName: 'Santander',
        account: `0033/01234567-${santanderCheckDigit('0033', '01234567')}`,
        saldo: 123456,
      },
    ]);
    // Numbers of 7 characters (shown 000000-0 by the screen).
    for (const r of rows) expect(r.custNumeroInterno).toMatch(/^\d{7}$/);
  });

  it('agrees with GET cobranca/divida for every holder, and leaves out who paid everything or is in credit', async () => {
    const rows = new Map(ours(await listOf(0)).map((r) => [r.emID, r.saldo]));
    for (const { cstId } of Object.values(h)) {
      const debt = await call(staff, chargeContracts.debt, { params: { cstId } });
      expect(debt.status).toBe(200);
      expect(rows.get(cstId) ?? 0).toBe(debt.body.divida);
    }
    expect(rows.has(h.paid.cstId)).toBe(false);
    expect(rows.has(h.inCredit.cstId)).toBe(false);
  });

  it('filters by the debit place on the member now; no place counts as boleto; place 20 only under Todos', async () => {
    const idsOf = async (channel: number) => ours(await listOf(channel)).map((r) => r.emID);
    expect(await idsOf(2)).toEqual([h.bb.cstId]);
    expect(await idsOf(11)).toEqual([h.noPlace.cstId]);
    expect(await idsOf(10)).toEqual([h.payroll.cstId]);
    expect(await idsOf(1)).toEqual([h.santander.cstId]);
    expect(await idsOf(18)).toEqual([]);
    expect(await idsOf(19)).toEqual([]);
    for (const channel of [1, 2, 10, 11, 18, 19]) expect(await idsOf(channel)).not.toContain(h.noBilling.cstId);
    expect(await idsOf(0)).toContain(h.noBilling.cstId);
  });

  it('refuses an unknown channel (400, pt-BR), anonymous callers (401) and users without v2menufinanceiro (403)', async () => {
    for (const bad of ['20', '3', 'abc', '-1', '100']) {
      const res = await call(staff, openBalanceContracts.list, { params: { channelId: bad } });
      expect(res.status, bad).toBe(400);
      expect(res.error.message).toBe(`channelId: ${om.invalidChannel}`);
      const file = await call(staff, openBalanceContracts.xlsx, { params: { channelId: bad } });
      expect(file.status, bad).toBe(400);
      expect(file.error.message).toBe(`channelId: ${om.invalidChannel}`);
    }
    expect((await call(ctx.app, openBalanceContracts.list, { params: { channelId: '0' } })).status).toBe(401);
    expect((await call(ctx.app, openBalanceContracts.xlsx, { params: { channelId: '0' } })).status).toBe(401);
    const other = (
      await signedInAs(
        ctx,
        allRoles.filter((r) => r !== 'v2menufinanceiro'),
      )
    ).client;
    expect((await call(other, openBalanceContracts.list, { params: { channelId: '0' } })).status).toBe(403);
    expect((await call(other, openBalanceContracts.xlsx, { params: { channelId: '0' } })).status).toBe(403);
  });
});

describe('GET financeiro/saldoaberto/{channelId}/xlsx', () => {
  it('answers the same rows as a sheet: the screen columns, Saldo as R$ numbers, and a total row', async () => {
    const res = await call(staff, openBalanceContracts.xlsx, { params: { channelId: '2' } });
    expect(res.status, res.res.body).toBe(200);
    expect(res.res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.res.headers['content-disposition'])).toMatch(/attachment; filename="saldo-em-aberto-2-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const listed = await listOf(2);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.body as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet(om.sheetName)!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Num. Interno', 'Nome', 'Local', 'Agência/Conta', 'Saldo']);
    expect(sheet.rowCount).toBe(listed.length + 2);
    const row = sheet.getRow(1 + listed.findIndex((r) => r.emID === h.bb.cstId) + 1);
    expect(row.getCell(1).value).toBe(`${h.bb.custNumeroInterno!.slice(0, 6)}-${h.bb.custNumeroInterno!.slice(6)}`);
    expect(row.getCell(2).value).toBe('Beatriz Saldo Aberto');
    expect(row.getCell(3).value).toBe('Banco do Brasil');
    expect(row.getCell(5).value).toBe(125);
    expect(row.getCell(5).numFmt).toContain('R$');
    const total = sheet.getRow(listed.length + 2);
    expect(total.getCell(1).value).toBe(om.total);
    expect(total.getCell(5).value).toBe(listed.reduce((s, r) => s + r.saldo, 0) / 100);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cchContracts,
  cchMessages as cm,
  genericMessages as m,
  incomeTaxContracts,
  isoDateInAppZone,
  roleCatalogue,
  tussRegistryContracts,
  type CchRecord,
  type Role,
} from '@assoc/domain';
import {
  call,
  createCatalogueService,
  createDependent,
  createMember,
  createServiceRows,
  createTestApp,
  signedInAs,
  type Client,
  type TestContext,
} from '../../../test/helper.js';
import { multipartBody } from '../../../test/multipart.js';
import { pdfText } from '../documents/pdf-text.testing.js';

let ctx: TestContext;
/** Registers and edits requests (menu + edit icon + download). */
let staff: Client;
let staffId: number;
let cchSvcId: number;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const today = isoDateInAppZone();
const year = Number(today.slice(0, 4));
const valuesOf = ({ dataBase: _d, ...values }: { dataBase: string | null } & typeof VALUES) => values;
const withoutRoles = (...keep: Role[]) => (Object.keys(roleCatalogue) as Role[]).filter((r) => !keep.includes(r) && r !== 'v2portal');

/** The yearly amounts: benefit 1 R$ 1.000,00, physiotherapy R$ 300,00 with 10 sessions. */
const VALUES = {
  beneficio1: 100_000,
  beneficio2: 200_000,
  beneficio3: 50_000,
  beneficio4: 40_000,
  beneficio5: 30_000,
  fisioterapia: 30_000,
  fisioterapiaSessoes: 10,
  acupuntura: 20_000,
  acupunturaSessoes: 8,
};

/** A holder enrolled in the CCH two years ago (no grace left), with a dependent enrolled too. */
async function enrolledFamily() {
  const holder = await createMember(ctx, { custName: 'Titular do CCH' });
  const dependent = await createDependent(ctx, holder.cstId, { custName: 'Dependente do CCH' });
  for (const cstId of [holder.cstId, dependent.cstId])
    await createServiceRows(ctx, cstId, [{ svcId: cchSvcId, cslDate1: `${year - 2}-01-10`, cslInt1: 21 }]);
  return { holder, dependent };
}

async function upload(client: Client = staff) {
  const res = await call(client, cchContracts.upload, multipartBody([{ name: 'file', filename: 'recibo.pdf', data: PDF }]));
  expect(res.status, JSON.stringify(res.error)).toBe(200);
  return res.body.key;
}

const request = (cstId: number, values: Record<string, unknown> = {}) => ({
  cstId,
  cchBeneficio: 1,
  cchStatus: 2,
  cchPlanoSaude: 21,
  cchDataProcedimento: today,
  cchValorTotal: 50_000,
  cchValorConvenio: 0,
  cchValorSolicitado: 40_000,
  cchTUSS: '10101012',
  cchQuantidade: 1,
  ...values,
});

const payment = {
  cchBancoCliente: 'Titular do CCH',
  cchBancoCPF: '52998224725',
  cchBancoNumero: '001',
  cchBancoAgencia: '1234',
  cchBancoConta: '12345',
  cchBancoContaDigito: '6',
  cchDataPagamento: today,
};

async function create(cstId: number, values: Record<string, unknown> = {}) {
  const res = await call(staff, cchContracts.create, { body: request(cstId, { cchScanKey: await upload(), ...values }) });
  expect(res.status, JSON.stringify(res.error)).toBe(200);
  return res.body;
}
const save = (rec: CchRecord, values: Record<string, unknown>) =>
  call(staff, cchContracts.update, {
    params: { cchId: rec.cchId },
    body: { ...request(rec.cstId), ...pickEditable(rec), ...values, version: rec.version },
  });
const pickEditable = (rec: CchRecord) => ({
  cchBeneficio: rec.cchBeneficio,
  cchStatus: rec.cchStatus,
  cchPlanoSaude: rec.cchPlanoSaude,
  cchDataProcedimento: rec.cchDataProcedimento,
  cchValorTotal: rec.cchValorTotal,
  cchValorConvenio: rec.cchValorConvenio,
  cchValorSolicitado: rec.cchValorSolicitado,
  cchTUSS: rec.cchTUSS,
  cchQuantidade: rec.cchQuantidade,
});
const balance = async (cstId: number) => (await call(staff, cchContracts.balance, { params: { cstId }, query: {} })).body;
const ledgerOf = async (cstId: number) =>
  (
    await ctx.db.execute<{ valor: number; tipo: string; key: string | null; resp: number }>(
      sql`select ext_valor as valor, ext_tipo as tipo, ext_key as key, resp_id as resp from statement_entries where cst_id = ${cstId} order by ext_id`,
    )
  ).rows;

beforeAll(async () => {
  ctx = await createTestApp();
  const signed = await signedInAs(ctx, ['v2access', 'v2menucch', 'v2cchbeneficioedit', 'v2cchdownload', 'v2cchaumento', 'superadmin']);
  staff = signed.client;
  staffId = signed.user.userId;
  const svc = await createCatalogueService(ctx, { svcName: 'Inscrição no CCH', svcValor: 0 });
  cchSvcId = svc.svcId;
  await ctx.db.execute(sql`insert into service_plugins (svc_id, plugin) values (${cchSvcId}, 'plgCCH')`);
  await ctx.db.execute(sql`insert into products (suc_id, sup_id, suc_name) select 21, sup_id, 'Plano Saúde Magistratura' from suppliers limit 1`);
  const current = (await call(staff, cchContracts.currentValues)).body;
  const res = await call(staff, cchContracts.increase, {
    body: { ...VALUES, anteriores: valuesOf(current), dataBase: `${year - 1}-01-01`, confirm: 'AUMENTO' },
  });
  expect(res.status, JSON.stringify(res.error)).toBe(200);
});
afterAll(() => ctx?.close());

describe('CCH requests (issue 26)', () => {
  it('refuses anonymous callers (401), users without the CCH roles (403) and bad input (400, pt-BR), writing nothing', async () => {
    const { holder } = await enrolledFamily();
    expect((await call(ctx.app, cchContracts.list, { params: { status: 2, rnd: '1' }, query: {} })).status).toBe(401);
    expect((await call(ctx.app, cchContracts.create, { body: request(holder.cstId) })).status).toBe(401);
    const other = (await signedInAs(ctx, withoutRoles('v2menucch', 'v2cchbeneficioedit', 'v2cchaumento', 'superadmin'))).client;
    expect((await call(other, cchContracts.list, { params: { status: 2, rnd: '1' }, query: {} })).status).toBe(403);
    expect((await call(other, cchContracts.create, { body: request(holder.cstId) })).status).toBe(403);
    expect((await call(other, cchContracts.increase, { body: {} as never })).status).toBe(403);
    const menuOnly = (await signedInAs(ctx, ['v2access', 'v2menucch'])).client;
    expect((await call(menuOnly, cchContracts.cancel, { params: { cchId: 1 } })).status).toBe(403);

    const count = async () => (await ctx.db.execute(sql`select count(*)::int as n from cch_requests`)).rows[0]!.n;
    const before = await count();
    const key = await upload();
    const cases: [Record<string, unknown>, string][] = [
      [{ cchBeneficio: undefined }, `cchBeneficio: ${m.required}`],
      [{ cchScanKey: key, cchValorConvenio: 60_000 }, `cchValorConvenio: ${cm.agreementAboveTotal}`],
      [{ cchScanKey: key, cchValorSolicitado: 200_000, cchValorTotal: 300_000 }, `cchValorSolicitado: ${cm.exceedsBalance}`],
      [{ cchScanKey: key, cchStatus: 3 }, `cchStatus: ${cm.newStatusInvalid}`],
      [{ cchScanKey: key, cchQuantidade: 21 }, `cchQuantidade: ${cm.quantityInvalid}`],
      [{ cchScanKey: key, cchBeneficio: 4 }, `cchTUSS: ${cm.tussForcedByBenefit(4, '31000100')}`],
      [{}, `cchScanKey: ${cm.scanRequired}`],
      [{ cchScanKey: '6c0f6c44-0000-4000-8000-000000000000' }, `cchScanKey: ${cm.scanUnknown}`],
    ];
    for (const [values, message] of cases) {
      const res = await call(staff, cchContracts.create, { body: request(holder.cstId, values) as never });
      expect(res.status, message).toBe(400);
      expect(res.error.message).toBe(message);
    }
    const stranger = await createMember(ctx, { custName: 'Sem inscrição' });
    const refused = await call(staff, cchContracts.create, { body: request(stranger.cstId, { cchScanKey: key }) });
    expect([refused.status, refused.error.message]).toEqual([404, cm.notEnrolled]);
    expect(await count()).toBe(before);
  });

  it('a request analysed, approved, paid (a credit in the holder ledger, once) and cancelled (its reversal); the list, letters and scan follow', async () => {
    const { holder, dependent } = await enrolledFamily();
    const created = await create(dependent.cstId);
    expect(created).toMatchObject({
      cchStatus: 2,
      titular: 'Titular do CCH',
      usuario: 'Dependente do CCH',
      displayTerm: expect.stringContaining('Consulta'),
    });
    // EM ANÁLISE spends nothing; DEFERIDO spends the requested value.
    expect((await balance(dependent.cstId)).cslValue1).toBe(100_000);
    const approved = await save(created, { cchStatus: 3 });
    expect(approved.status, JSON.stringify(approved.error)).toBe(200);
    expect((await balance(dependent.cstId)).cslValue1).toBe(60_000);
    // A stale save: 409, nothing changed.
    const stale = await save(created, { cchStatus: 4, cchDeliberacao: 'Fora da cobertura' });
    expect([stale.status, stale.error.message]).toEqual([409, m.staleRecord]);

    const list = await call(staff, cchContracts.list, { params: { status: 3, rnd: 'x' }, query: { q: 'dependente do cch' } });
    expect(list.body.items.map((r) => r.cchId)).toContain(created.cchId);
    const letter = await call(staff, cchContracts.approvalLetter, { params: { cchId: created.cchId } });
    expect(letter.status, JSON.stringify(letter.error)).toBe(200);
    const text = (await pdfText(new Uint8Array(letter.body as Buffer))).join(' ');
    expect(text).toContain('DEFERIDA');
    expect(text).toContain('Dependente do CCH');
    const denial = await call(staff, cchContracts.denialLetter, { params: { cchId: created.cchId } });
    expect([denial.status, denial.error.message]).toEqual([400, cm.denialLetterOnly]);
    const doc = await call(staff, cchContracts.doc, { params: { cchId: created.cchId } });
    expect(
      Buffer.from(doc.body as Buffer)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const paid = await save(approved.body, { cchStatus: 5, ...payment, cchValorPago: 35_000 });
    expect(paid.status, JSON.stringify(paid.error)).toBe(200);
    expect(paid.body.cchDataCredito).not.toBeNull();
    expect(await ledgerOf(holder.cstId)).toEqual([{ valor: -35_000, tipo: 'credito', key: `cch:${created.cchId}`, resp: dependent.cstId }]);
    // Saved again while PAGO: no second credit.
    const resaved = await save(paid.body, { cchStatus: 5, ...payment, cchValorPago: 35_000, cchObs: 'Conferido' });
    expect(resaved.status).toBe(200);
    expect(await ledgerOf(holder.cstId)).toHaveLength(1);
    const locked = await save(resaved.body, { cchStatus: 3 });
    expect([locked.status, locked.error.message]).toEqual([400, `cchStatus: ${cm.statusLocked}`]);

    const removeRefused = await call(staff, cchContracts.remove, { params: { cchId: created.cchId }, query: { version: resaved.body.version } });
    expect([removeRefused.status, removeRefused.error.message]).toEqual([400, cm.deletePaidRefused]);
    const cancelled = await call(staff, cchContracts.cancel, { params: { cchId: created.cchId } });
    expect(cancelled.status, JSON.stringify(cancelled.error)).toBe(200);
    expect(cancelled.body.cchStatus).toBe(6);
    const entries = await ledgerOf(holder.cstId);
    expect(entries.map((e) => [e.valor, e.tipo])).toEqual([
      [-35_000, 'credito'],
      [35_000, 'estorno'],
    ]);
    const again = await call(staff, cchContracts.cancel, { params: { cchId: created.cchId } });
    expect([again.status, again.error.message]).toEqual([400, cm.cancelOnlyPaid]);
    expect((await balance(dependent.cstId)).cslValue1).toBe(100_000);
  });

  it('two requests approved at once cannot both spend the last balance: exactly one succeeds', async () => {
    const { holder } = await enrolledFamily();
    const a = await create(holder.cstId, { cchValorSolicitado: 70_000, cchValorTotal: 80_000 });
    const b = await create(holder.cstId, { cchValorSolicitado: 70_000, cchValorTotal: 80_000 });
    const results = await Promise.all([save(a, { cchStatus: 3 }), save(b, { cchStatus: 3 })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.status === 400)!.error.message).toBe(`cchValorSolicitado: ${cm.exceedsBalance}`);
    expect((await balance(holder.cstId)).cslValue1).toBe(30_000);
  });

  it('superadmin deletes a request not paid, at the version read', async () => {
    const { holder } = await enrolledFamily();
    const rec = await create(holder.cstId);
    const stale = await call(staff, cchContracts.remove, { params: { cchId: rec.cchId }, query: { version: rec.version + 5 } });
    expect(stale.status).toBe(409);
    const gone = await call(staff, cchContracts.remove, { params: { cchId: rec.cchId }, query: { version: rec.version } });
    expect(gone.status).toBe(204);
    expect((await call(staff, cchContracts.doc, { params: { cchId: rec.cchId } })).status).toBe(404);
  });

  it('plans, the holder bank data, the TUSS lookup and the balances of a person not enrolled', async () => {
    const { holder } = await enrolledFamily();
    expect((await call(staff, cchContracts.plans)).body).toEqual([{ label: 'Plano Saúde Magistratura', value: 21 }]);
    expect((await call(staff, cchContracts.bank, { params: { cstId: holder.cstId } })).body).toMatchObject({ cchBancoCliente: 'Titular do CCH' });
    expect((await call(staff, cchContracts.tuss, { params: { code: '10101012' } })).body).toMatchObject({
      error: false,
      tuss: { tussCodigo: '10101012', tussTerminologia: expect.stringContaining('Consulta') },
    });
    expect((await call(staff, cchContracts.tuss, { params: { code: '10101013' } })).body).toMatchObject({ error: true, msg: cm.tussInvalid });
    const stranger = await createMember(ctx);
    const res = await call(staff, cchContracts.balance, { params: { cstId: stranger.cstId }, query: {} });
    expect([res.status, res.error.message]).toEqual([404, cm.notEnrolled]);
  });

  it('reads a code the subset lacks from the TUSS registry (/tuss, superadmin) while it is there', async () => {
    const lookup = async () => (await call(staff, cchContracts.tuss, { params: { code: '40303039' } })).body;
    const unknown = { error: false, msg: cm.tussNotInTable, tuss: { tussCodigo: '40303039', tussTerminologia: '' } };
    expect(await lookup()).toEqual(unknown);
    const added = await call(staff, tussRegistryContracts.add, { body: { tussCodigo: '40303039', tussTerminologia: 'Procedimento do registro' } });
    expect(added.status, added.error.message).toBe(200);
    expect(await lookup()).toEqual({ error: false, msg: '', tuss: { tussCodigo: '40303039', tussTerminologia: 'Procedimento do registro' } });
    const removed = await call(staff, tussRegistryContracts.remove, {
      params: { id: String(added.body.tussId) },
      query: { version: added.body.version },
    });
    expect(removed.status, removed.error.message).toBe(200);
    expect(await lookup()).toEqual(unknown);
  });
});

describe('CCH increase (issue 26 item 6)', () => {
  it('keeps each increase with its base date: AUMENTO required, benefits not lower, stale current values 409', async () => {
    const current = (await call(staff, cchContracts.currentValues)).body;
    expect(current).toMatchObject({ ...VALUES, dataBase: `${year - 1}-01-01` });
    const { dataBase: _d, ...anteriores } = current;
    const next = { ...anteriores, beneficio1: 110_000, anteriores, dataBase: `${year - 1}-07-01`, confirm: 'AUMENTO' };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ confirm: 'aumento' }, 400, `confirm: ${cm.increaseConfirm}`],
      [{ beneficio2: 100 }, 400, `beneficio2: ${cm.increaseBelowPrevious}`],
      [{ anteriores: { ...anteriores, beneficio1: 1 } }, 409, cm.increaseStale],
    ];
    for (const [values, status, message] of cases) {
      const res = await call(staff, cchContracts.increase, { body: { ...next, ...values } as never });
      expect([res.status, res.error.message]).toEqual([status, message]);
    }
    const done = await call(staff, cchContracts.increase, { body: next });
    expect(done.body).toEqual({ message: cm.increaseSuccess, current: { ...anteriores, beneficio1: 110_000, dataBase: `${year - 1}-07-01` } });
    const audit = await ctx.db.execute(sql`select user_id from audits where category = 'cch-aumento' order by audit_id desc limit 1`);
    expect(audit.rows[0]).toEqual({ user_id: staffId });
  });
});

describe('the CCH in the informe de rendimentos (issue 26 item 4)', () => {
  // Last in the file: it locks the open period (the ledger opens the next one for any later write).
  it('shows a paid request as reimbursed to the person it paid, once; a paid and cancelled one nets to nothing', async () => {
    const [group] = (
      await ctx.db.execute<{ id: number }>(
        sql`insert into extrato_groups (extgrp_name, extgrp_sort, extgrp_saude) values ('Benefício CCH', 35, true) returning extgrp_id as id`,
      )
    ).rows;
    await ctx.db.execute(sql`update services set irgrp_id = ${group!.id} where svc_id = ${cchSvcId}`);
    const { holder, dependent } = await enrolledFamily();
    const pay = async (cstId: number) => {
      const created = await create(cstId);
      const approved = await save(created, { cchStatus: 3 });
      const paid = await save(approved.body, { cchStatus: 5, ...payment, cchValorPago: 30_000 });
      expect(paid.status, JSON.stringify(paid.error)).toBe(200);
      return paid.body;
    };
    await pay(dependent.cstId);
    const cancelled = await pay(holder.cstId);
    expect((await call(staff, cchContracts.cancel, { params: { cchId: cancelled.cchId } })).status).toBe(200);
    const [period] = (
      await ctx.db.execute<{ ano: number }>(sql`
        update closing_periods set locked_at = now() where locked_at is null returning fec_ano as ano`)
    ).rows;
    const { client } = await signedInAs(ctx, ['v2access', 'v2tabir']);
    const informe = await call(client, incomeTaxContracts.statement, { params: { cstId: holder.cstId, ano: period!.ano } });
    expect(informe.status, JSON.stringify(informe.error)).toBe(200);
    expect(informe.body.reembolsado).toBe(30_000);
    // The holder's paid-then-cancelled request nets to nothing, so the holder has no line.
    expect(informe.body.beneficiarios.map((b) => [b.nome, b.grupos.map((g) => [g.nome, g.valor, g.reembolsado])])).toEqual([
      ['Dependente do CCH', [['Benefício CCH', 0, 30_000]]],
    ]);
  });
});

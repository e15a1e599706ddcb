import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  boletoNumbers,
  chargeMessages as cm,
  genericMessages as m,
  isoDateInAppZone,
  isValidDigitableLine,
  roleCatalogue,
  type ChargeItem,
  type Role,
  chargeContracts,
  ledgerContracts,
  memberContracts,
} from '@assoc/domain';
import { audits, charges, feriados, outbox } from '../../db/schema/index.js';
import {
  call,
  getMember,
  prepare,
  createBillableHolder,
  createLedgerPeriod,
  createLedgerPeriods,
  createChargeRows,
  createOpenPeriodEntry,
  createStatementEntries,
  createTestApp,
  lockLedgerPeriod,
  openLedgerPeriodId,
  signedInAs,
  type Client,
  type MemberValues,
  type TestContext,
} from '../../../test/helper.js';
import { pdfText } from '../documents/pdf-text.testing.js';

let ctx: TestContext;
/** Every role but the portal's. */
let staff: Client;
const allRoles = (Object.keys(roleCatalogue) as Role[]).filter((r) => r !== 'v2portal');

/** A date n days from today (the association's zone), ISO. */
function inDays(n: number): string {
  const [y, mo, d] = isoDateInAppZone().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, mo - 1, d + n)).toISOString().slice(0, 10);
}

/** A holder billable by the member save (bank 2 with a valid account, billing day, e-mail, an address). */
const holder = (values: MemberValues = {}) => createBillableHolder(ctx, values);
/** Locked periods with these entries, then the open one (the ledger's own tables, written as the closing would). */
const ledger = (cstId: number, locked: number[][], open: number[] = []) => createLedgerPeriods(ctx, cstId, locked, open);

const debtOf = async (client: Client, cstId: number) => {
  const res = await call(client, chargeContracts.debt, { params: { cstId } });
  expect(res.status, res.res.body).toBe(200);
  return res.body.divida;
};
const newCharge = (values: Partial<Record<keyof ChargeItem, unknown>> = {}) => ({
  cobId: -1,
  local: 1,
  cobVencimento: inDays(1),
  cobValor: 1000,
  lancamentos: 1,
  operation: 'insert',
  ...values,
});
/** PUT user/{cstId} with the member's version and a charges list. */
async function saveCharges(client: Client, cstId: number, cobrancas: unknown[], version?: number) {
  const v = version ?? (await getMember(staff, cstId)).version;
  return call(client, memberContracts.update, { params: { cstId }, rawBody: { version: v, cobrancas } });
}
const chargesOf = (cstId: number) => ctx.db.select().from(charges).where(eq(charges.cstId, cstId)).orderBy(charges.cobId);

beforeAll(async () => {
  ctx = await createTestApp();
  staff = (await signedInAs(ctx, allRoles)).client;
});
afterAll(async () => {
  await ctx.close();
});

describe('GET cobranca/divida/{cstId}', () => {
  it('is what the ledger says the holder owes (every entry, payments as credits), never the charges, never below zero', async () => {
    const a = await holder();
    // Locked: 150,00 and 80,00 − 30,00 credit; open: 70,00 consumption and a 10,00 credit: every entry counts.
    await ledger(
      a.cstId,
      [
        [10000, 5000],
        [8000, -3000],
      ],
      [7000, -1000],
    );
    expect(await debtOf(staff, a.cstId)).toBe(26000);
    // Charges say how the debt is collected, not what is owed: paid (code 0), rejected (1) or open, nothing changes.
    await createChargeRows(ctx, [
      { cstId: a.cstId, bnkId: 2, cobVencimento: '2024-01-10', cobValor: 4000, cobRetorno: '2024-01-12', cdrCodRet: 0 },
      { cstId: a.cstId, bnkId: 2, cobVencimento: '2024-02-10', cobValor: 2000, cobRetorno: '2024-02-12', cdrCodRet: 1 },
      { cstId: a.cstId, bnkId: 2, cobVencimento: '2024-03-10', cobValor: 500 },
    ]);
    expect(await debtOf(staff, a.cstId)).toBe(26000);
    // The paid charge's payment is a credit entry in the ledger ('pagamento', by debit, boleto or by hand): it counts.
    const pay = (value: number, tipo: string) => createOpenPeriodEntry(ctx, a.cstId, value, tipo);
    await pay(-4000, 'pagamento');
    expect(await debtOf(staff, a.cstId)).toBe(22000);
    // The statement's balance (the open period's last one) is the same number.
    const statement = await call(staff, ledgerContracts.statement, { params: { cstId: a.cstId, fecID: `-${await openLedgerPeriodId(ctx)}` } });
    expect(statement.status, statement.res.body).toBe(200);
    expect(statement.body.saldoFinal).toBe(22000);
    // A credit balance owes nothing.
    await pay(-90000, 'credito');
    expect(await debtOf(staff, a.cstId)).toBe(0);
  });

  it('answers 401 signed out, 404 without a charge role (not their member: issue 28), 400 for a bad id', async () => {
    const a = await holder();
    expect((await call(ctx.app, chargeContracts.debt, { params: { cstId: a.cstId } })).status).toBe(401);
    const other = (await signedInAs(ctx, ['v2access', 'v2tabcobranca'])).client;
    expect((await call(other, chargeContracts.debt, { params: { cstId: a.cstId } })).status).toBe(404);
    const viewer = (await signedInAs(ctx, ['v2access', 'v2cobrancaview'])).client;
    expect(await debtOf(viewer, a.cstId)).toBe(0);
    const bad = await call(staff, chargeContracts.debt, { params: { cstId: 'abc' } });
    expect(bad.status).toBe(400);
    expect(bad.error.message).toBeTruthy();
  });
});

describe('Nova cobrança (the member save’s cobrancas list)', () => {
  it('adds a boleto charge for the debt, listed newest first with its linha digitável, audited with the member', async () => {
    const a = await holder();
    await ledger(a.cstId, [[12000, 3000]]);
    const before = await getMember(staff, a.cstId);
    expect(before.cobrancas).toEqual([]);
    const due = inDays(1);
    const res = await saveCharges(staff, a.cstId, [newCharge({ cobValor: 15000, cobVencimento: due })], before.version);
    expect(res.status, res.res.body).toBe(200);
    const rows = await chargesOf(a.cstId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      bnkId: 11,
      cobBanco: '001',
      cobConvenio: '1474166',
      cobCarteira: '17',
      cobValor: 15000,
      cobVencimento: due,
      cobRetorno: null,
    });
    expect(rows[0]!.cobNossoNumero).toBeGreaterThan(0);
    const after = await getMember(staff, a.cstId);
    const [charge] = after.cobrancas!;
    const numbers = boletoNumbers({
      bank: '001',
      agreement: '1474166',
      sequence: rows[0]!.cobNossoNumero!,
      wallet: '17',
      dueDate: due,
      amountCents: 15000,
    });
    expect(charge).toMatchObject({
      cobId: rows[0]!.cobId,
      bnkId: 11,
      bnkName: 'Boleto Bancário',
      cobValor: 15000,
      cobRetorno: null,
      operation: 'none',
    });
    expect(charge!.cobLinhaDigitavel).toBe(numbers.digitableLineFormatted);
    expect(isValidDigitableLine(String(charge!.cobLinhaDigitavel))).toBe(true);
    const audit = await ctx.db.select().from(audits).where(eq(audits.ownerId, a.cstId));
    const last = audit.at(-1)!;
    expect((last.after as { cobrancas: unknown[] }).cobrancas).toHaveLength(1);
    // The same request again (a double click): the member moved on → 409, nothing more written.
    const again = await saveCharges(staff, a.cstId, [newCharge({ cobValor: 15000, cobVencimento: due })], before.version);
    expect(again.status).toBe(409);
    expect(again.error.message).toBe(m.staleRecord);
    expect(await chargesOf(a.cstId)).toHaveLength(1);
    // With the new version: refused while the charge has no return.
    const third = await saveCharges(staff, a.cstId, [newCharge()]);
    expect(third.status).toBe(400);
    expect(third.error.message).toBe(cm.openCharge);
    expect(await chargesOf(a.cstId)).toHaveLength(1);
  });

  it('each member audit keeps only the charges its save created, not the stored ones', async () => {
    const a = await holder();
    await ledger(a.cstId, [[12000]]);
    expect((await saveCharges(staff, a.cstId, [newCharge({ cobValor: 6000, lancamentos: 2 })])).status).toBe(200);
    await ctx.db
      .update(charges)
      .set({ cobRetorno: inDays(0), cdrCodRet: 0 })
      .where(eq(charges.cstId, a.cstId));
    // A second charge while two are stored: its audit holds that one only.
    expect((await saveCharges(staff, a.cstId, [newCharge({ cobValor: 5000 })])).status).toBe(200);
    const member = await getMember(staff, a.cstId);
    expect(member.cobrancas).toHaveLength(3);
    // An edit that writes no charge: no charge in its audit.
    const edit = await call(staff, memberContracts.update, {
      params: { cstId: a.cstId },
      body: { version: member.version, custEmail: 'audit.cobranca@example.com' },
    });
    expect(edit.status, edit.res.body).toBe(200);
    const rows = await ctx.db.select().from(audits).where(eq(audits.ownerId, a.cstId)).orderBy(audits.auditId);
    const charged = (row: (typeof rows)[number], side: 'before' | 'after') =>
      ((row[side] as { cobrancas?: { cobValor: number }[] } | null)?.cobrancas ?? []).map((c) => c.cobValor);
    const [first, second, third] = rows.slice(-3);
    expect(charged(first!, 'after')).toEqual([3000, 3000]);
    expect(charged(second!, 'before')).toEqual([]);
    expect(charged(second!, 'after')).toEqual([5000]);
    expect(charged(third!, 'before')).toEqual([]);
    expect(charged(third!, 'after')).toEqual([]);
    expect((third!.after as { custEmail: string }).custEmail).toBe('audit.cobranca@example.com');
  });

  it('charges the registered place with the member’s account, in instalments (cents on the first, monthly due dates)', async () => {
    const a = await holder();
    await ledger(a.cstId, [[10000]]);
    const res = await saveCharges(staff, a.cstId, [newCharge({ local: 0, cobValor: 10000, lancamentos: 3, cobVencimento: '2099-01-31' })]);
    expect(res.status, res.res.body).toBe(200);
    const rows = await chargesOf(a.cstId);
    expect(rows.map((r) => [r.bnkId, r.cobAgencia, r.cobConta, r.cobValor, r.cobVencimento, r.cobParcela, r.cobParcelas, r.cobNossoNumero])).toEqual([
      [2, '0001', '00000006', 3334, '2099-01-31', 1, 3, null],
      [2, '0001', '00000006', 3333, '2099-02-28', 2, 3, null],
      [2, '0001', '00000006', 3333, '2099-03-31', 3, 3, null],
    ]);
  });

  it('Dia Útil: instalments 2..n on that day (the month’s last day when shorter), past weekends and the Feriados registry', async () => {
    const a = await holder();
    await ledger(a.cstId, [[10000]]);
    // 28/02/2099 is a Saturday, 02/03 a registered holiday → 03/03; 28/03 a Saturday, Monday 30/03 a deleted holiday → 30/03.
    await ctx.db.insert(feriados).values([
      { ferDia: '2099-03-02', ferDescricao: 'Feriado de teste' },
      { ferDia: '2099-03-30', ferDescricao: 'Feriado apagado', deletedAt: new Date() },
    ]);
    const res = await saveCharges(staff, a.cstId, [
      newCharge({ local: 0, cobValor: 10000, lancamentos: 3, cobVencimento: '2099-01-20', diaUtil: 28 }),
    ]);
    expect(res.status, res.res.body).toBe(200);
    expect((await chargesOf(a.cstId)).map((r) => [r.cobVencimento, r.cobValor, r.cobParcela])).toEqual([
      ['2099-01-20', 3334, 1],
      ['2099-03-03', 3333, 2],
      ['2099-03-30', 3333, 3],
    ]);
  });

  it('Dia Útil 0, 32 or "x": 400 with the range message, nothing written', async () => {
    const a = await holder();
    await ledger(a.cstId, [[10000]]);
    const cases: [unknown, string][] = [
      [0, m.numericMin],
      [32, m.numericMax],
      ['x', m.oneOf],
    ];
    for (const [diaUtil, message] of cases) {
      const res = await saveCharges(staff, a.cstId, [newCharge({ lancamentos: 3, diaUtil })]);
      expect(res.status, String(diaUtil)).toBe(400);
      expect(res.error.message).toContain(message);
    }
    expect(await chargesOf(a.cstId)).toHaveLength(0);
  });

  it('refuses without debt, above the debt, a past date, instalments out of 1–12, two at once, and edits of a stored charge; nothing written', async () => {
    const a = await holder();
    const noDebt = await saveCharges(staff, a.cstId, [newCharge()]);
    expect(noDebt.status).toBe(400);
    expect(noDebt.error.message).toBe(cm.noDebt);
    await ledger(a.cstId, [[5000]]);
    const cases: [unknown[], string][] = [
      [[newCharge({ cobValor: 5001 })], cm.aboveDebt],
      [[newCharge({ cobVencimento: inDays(-1) })], cm.dateBeforeToday],
      [[newCharge({ lancamentos: 13 })], m.numericMax],
      [[newCharge({ lancamentos: 0 })], m.numericMin],
      [[newCharge({ cobValor: 0 })], m.numericMin],
      [[newCharge({ local: 2 })], m.oneOf],
      [[newCharge(), newCharge()], cm.oneAtATime],
    ];
    for (const [list, message] of cases) {
      const res = await saveCharges(staff, a.cstId, list);
      expect(res.status, JSON.stringify(list)).toBe(400);
      expect(res.error.message).toContain(message);
    }
    expect(await chargesOf(a.cstId)).toHaveLength(0);
    await createChargeRows(ctx, [{ cstId: a.cstId, bnkId: 2, cobVencimento: '2024-01-10', cobValor: 100, cobRetorno: '2024-01-12', cdrCodRet: 1 }]);
    const stored = (await getMember(staff, a.cstId)).cobrancas![0]!;
    for (const operation of ['update', 'delete']) {
      const res = await saveCharges(staff, a.cstId, [{ ...stored, cobValor: 50, operation }]);
      expect(res.status).toBe(400);
      expect(res.error.message).toBe(cm.readOnly);
    }
    expect((await chargesOf(a.cstId)).map((r) => r.cobValor)).toEqual([100]);
  });

  it("a charge's own refusal is the save's answer (its status and message), not a member 409: the member is left as it was", async () => {
    const a = await holder();
    const before = await getMember(staff, a.cstId);
    const auditsOf = async () => (await ctx.db.select().from(audits).where(eq(audits.ownerId, a.cstId))).length;
    const auditCount = await auditsOf();
    // Nothing else changes in this save: the refusal is the charge's (no debt), the member's version stays.
    const refused = await saveCharges(staff, a.cstId, [newCharge()], before.version);
    expect(refused.status).toBe(400);
    expect(refused.error.message).toBe(cm.noDebt);
    const after = await getMember(staff, a.cstId);
    expect(after.version).toBe(before.version);
    expect(await auditsOf()).toBe(auditCount);
    // So the same version still saves (no "Registro alterado por outro usuário" for a member nobody changed).
    await ledger(a.cstId, [[3000]]);
    const retried = await saveCharges(staff, a.cstId, [newCharge({ cobValor: 3000 })], before.version);
    expect(retried.status, retried.res.body).toBe(200);
    expect(await chargesOf(a.cstId)).toHaveLength(1);
  });

  it('403 without v2cobrancanew (nothing written); the list is left out without a charge role', async () => {
    const a = await holder();
    await ledger(a.cstId, [[5000]]);
    const editor = (await signedInAs(ctx, ['v2access', 'v2userallowupdate', 'v2cobrancaview'])).client;
    const res = await saveCharges(editor, a.cstId, [newCharge()]);
    expect(res.status).toBe(403);
    expect(await chargesOf(a.cstId)).toHaveLength(0);
    const blind = (await signedInAs(ctx, ['v2access'])).client;
    const record = (await call(blind, memberContracts.get, { params: { cstId: a.cstId } })).body;
    expect(record.cobrancas).toBeUndefined();
  });
});

describe('boleto', () => {
  async function boletoCharge() {
    const a = await holder();
    await ledger(a.cstId, [[24674]]);
    expect((await saveCharges(staff, a.cstId, [newCharge({ cobValor: 24674, cobVencimento: inDays(10) })])).status).toBe(200);
    const [row] = await chargesOf(a.cstId);
    return { member: a, charge: row! };
  }

  it('GET user/boleto/{cobId}: the PDF prints the linha digitável computed from the charge', async () => {
    const { charge, member } = await boletoCharge();
    const res = await call(staff, chargeContracts.boleto, { params: { cobId: charge.cobId } });
    expect(res.status, res.res.body).toBe(200);
    expect(res.res.headers['content-type']).toContain('application/pdf');
    const [page] = await pdfText(res.body);
    const numbers = boletoNumbers({
      bank: '001',
      agreement: '1474166',
      sequence: charge.cobNossoNumero!,
      wallet: '17',
      dueDate: charge.cobVencimento,
      amountCents: 24674,
    });
    expect(page).toContain(numbers.digitableLineFormatted);
    expect(page).toContain('R$ 246,74');
    expect(page).toContain(numbers.nossoNumero);
    expect(page).toContain(member.custName);
  });

  it("the payer's address prints its CEP as written, 01310-100, not its stored digits (issue 22 #19)", async () => {
    const { charge } = await boletoCharge();
    const res = await call(staff, chargeContracts.boleto, { params: { cobId: charge.cobId } });
    expect(res.status, res.res.body).toBe(200);
    const [page] = await pdfText(res.body);
    expect(page).toContain('Avenida Paulista, 1000, Bela Vista, São Paulo/SP, CEP 01310-100');
    expect(page).not.toContain('01310100');
    expect(page).not.toContain('00000-000');
  });

  it('only for a bank-11 charge without a return: 400 otherwise, 404 unknown or not theirs without the roles, 401 / 403', async () => {
    const { charge } = await boletoCharge();
    const a = await holder();
    const [other] = await createChargeRows(ctx, [{ cstId: a.cstId, bnkId: 2, cobVencimento: '2030-01-10', cobValor: 100 }]);
    for (const route of [
      prepare(chargeContracts.boleto, { params: { cobId: other!.cobId } }),
      prepare(chargeContracts.emailBoleto, { params: { cobId: other!.cobId } }),
    ]) {
      const res = await route.send(staff);
      expect(res.status).toBe(400);
      expect(res.error.message).toBe(cm.boletoOnlyOpen);
    }
    expect((await call(staff, chargeContracts.boleto, { params: { cobId: 999999 } })).status).toBe(404);
    expect((await call(ctx.app, chargeContracts.boleto, { params: { cobId: charge.cobId } })).status).toBe(401);
    const other2 = (await signedInAs(ctx, ['v2access'])).client;
    expect((await call(other2, chargeContracts.boleto, { params: { cobId: charge.cobId } })).status).toBe(404);
    expect((await call(other2, chargeContracts.emailBoleto, { params: { cobId: charge.cobId } })).status).toBe(403);
    // Returned (paid): no boleto any more.
    await ctx.db.update(charges).set({ cobRetorno: '2030-01-01', cdrCodRet: 0 }).where(eq(charges.cobId, charge.cobId));
    expect((await call(staff, chargeContracts.boleto, { params: { cobId: charge.cobId } })).status).toBe(400);
  });

  it('GET user/boleto/email/{cobId}: one e-mail with the PDF in the outbox and an audit row, even when asked twice', async () => {
    const { charge, member } = await boletoCharge();
    const first = await call(staff, chargeContracts.emailBoleto, { params: { cobId: charge.cobId } });
    expect(first.status, first.res.body).toBe(200);
    expect(first.body).toEqual({ message: cm.boletoSent });
    const second = await call(staff, chargeContracts.emailBoleto, { params: { cobId: charge.cobId } });
    expect(second.body).toEqual({ message: cm.boletoSent });
    const queued = await ctx.db.select().from(outbox).where(eq(outbox.cstId, member.cstId));
    expect(queued).toHaveLength(1);
    expect(queued[0]!.to).toBe('pagador@example.com');
    const links = await ctx.db.execute(
      sql`select count(*)::int as n from file_links where owner_kind = 'outbox' and owner_id = ${String(queued[0]!.id)}`,
    );
    expect(links.rows[0]).toEqual({ n: 1 });
    const audit = await ctx.db
      .select()
      .from(audits)
      .where(sql`${audits.category} = 'cobrancas' and ${audits.entityId} = ${String(charge.cobId)}`);
    expect(audit).toHaveLength(1);
    // Without XSRF header: refused.
    const noXsrf = await call(ctx.app, chargeContracts.emailBoleto, { params: { cobId: charge.cobId }, headers: { cookie: staff.cookie } });
    expect(noXsrf.status).toBe(403);
  });

  it('a holder without e-mail: 400, nothing queued', async () => {
    const { charge, member } = await boletoCharge();
    await ctx.db.execute(sql`update customers set cust_email = null where cst_id = ${member.cstId}`);
    const res = await call(staff, chargeContracts.emailBoleto, { params: { cobId: charge.cobId } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(cm.boletoNoEmail);
    expect(await ctx.db.select().from(outbox).where(eq(outbox.cstId, member.cstId))).toHaveLength(0);
  });
});

describe('the bank return of a charge (recordReturn, what the bank import calls)', () => {
  const returnOf = async (cobId: number, code: number) => {
    const { user } = await signedInAs(ctx, ['v2access']);
    return ctx.db.transaction((tx) =>
      ctx.app.services.charges.recordReturn(tx, { cobId, code, date: '2024-05-06' }, { userId: user.userId, name: user.name }),
    );
  };
  const paymentsOf = (cstId: number) =>
    ctx.db.execute<{ ext_valor: number; ext_descricao: string }>(
      sql`select ext_valor, ext_descricao from statement_entries where cst_id = ${cstId} and ext_tipo = 'pagamento' order by ext_id`,
    );

  it('a paid return writes the payment into the ledger (so the debt drops), once; a rejected one writes nothing', async () => {
    const a = await holder();
    await ledger(a.cstId, [[30000]]);
    const [paid, rejected, boleto] = await createChargeRows(ctx, [
      { cstId: a.cstId, bnkId: 2, cobVencimento: '2024-05-04', cobValor: 12000 },
      { cstId: a.cstId, bnkId: 2, cobVencimento: '2024-05-04', cobValor: 8000 },
      {
        cstId: a.cstId,
        bnkId: 11,
        cobBanco: '001',
        cobConvenio: '1474166',
        cobCarteira: '17',
        cobNossoNumero: 987654,
        cobVencimento: '2024-05-04',
        cobValor: 5000,
      },
    ]);
    expect(await debtOf(staff, a.cstId)).toBe(30000);
    expect(await returnOf(rejected!.cobId, 1)).toEqual({ paid: false, extId: null });
    expect(await debtOf(staff, a.cstId)).toBe(30000);
    expect((await returnOf(paid!.cobId, 0)).paid).toBe(true);
    expect(await debtOf(staff, a.cstId)).toBe(18000);
    expect((await returnOf(boleto!.cobId, 31)).paid).toBe(true);
    expect(await debtOf(staff, a.cstId)).toBe(13000);
    expect((await paymentsOf(a.cstId)).rows).toEqual([
      { ext_valor: -12000, ext_descricao: cm.paymentByDebit },
      { ext_valor: -5000, ext_descricao: cm.paymentByBoleto },
    ]);
    // The same return again (a file imported twice) is refused and writes nothing.
    await expect(returnOf(paid!.cobId, 0)).rejects.toThrow(cm.returnAlreadyRecorded);
    await expect(returnOf(rejected!.cobId, 77)).rejects.toThrow(cm.unknownReturnCode);
    expect((await paymentsOf(a.cstId)).rows).toHaveLength(2);
    const stored = await chargesOf(a.cstId);
    expect(stored.map((c) => [c.cobRetorno, c.cdrCodRet])).toEqual([
      ['2024-05-06', 0],
      ['2024-05-06', 1],
      ['2024-05-06', 31],
    ]);
  });
});

describe('demo charges (seed)', () => {
  it("one charge per holder and closed period for what the closing billed; the ledger's bank return pays it, else rejected or (latest) open", async () => {
    const { seedCharges } = await import('../../db/seed/charges.seed.js');
    const holders = [];
    for (let i = 0; i < 6; i += 1) holders.push(await holder(i % 3 === 0 ? { bnkId: 11 } : {}));
    const skipped = await holder({ bnkId: 20 });
    const [h0, h1, h2] = holders as [(typeof holders)[0], (typeof holders)[0], (typeof holders)[0]];
    // Three closed months and the open one; each month pays the previous closing, except h1's first and h2's last.
    const misses = new Set([`${h1.cstId}:1`, `${h2.cstId}:3`]);
    for (let month = 1; month <= 4; month += 1) {
      const fecId = await createLedgerPeriod(ctx);
      for (const h of [...holders, skipped]) {
        if (month > 1 && !misses.has(`${h.cstId}:${month - 1}`))
          await createStatementEntries(ctx, [{ cstId: h.cstId, fecId, extDescricao: 'Pagamento', extValor: -12000, extTipo: 'pagamento' }]);
        if (month < 4)
          await createStatementEntries(ctx, [{ cstId: h.cstId, fecId, extDescricao: 'Mensalidade', extValor: 12000, extTipo: 'fechamento' }]);
      }
      if (month < 4) await lockLedgerPeriod(ctx, fecId);
    }
    await seedCharges(ctx.db);
    const ids = new Set([...holders, skipped].map((h) => h.cstId));
    const rows = (await ctx.db.select().from(charges).orderBy(charges.cstId, charges.cobVencimento)).filter((r) => ids.has(r.cstId));
    expect(rows).toHaveLength(18);
    expect(rows.every((r) => r.cobValor === 12000 && r.cstId !== skipped.cstId)).toBe(true);
    const boletos = rows.filter((r) => r.bnkId === 11);
    expect(boletos).toHaveLength(6);
    expect(boletos.every((r) => r.cobBanco === '001' && r.cobNossoNumero !== null)).toBe(true);
    const state = (r: (typeof rows)[number]) => (r.cobRetorno === null ? 'open' : r.cdrCodRet === 0 ? 'paid' : 'rejected');
    expect(rows.filter((r) => r.cstId === h0.cstId).map(state)).toEqual(['paid', 'paid', 'paid']);
    expect(rows.filter((r) => r.cstId === h1.cstId).map(state)).toEqual(['rejected', 'paid', 'paid']);
    expect(rows.filter((r) => r.cstId === h2.cstId).map(state)).toEqual(['paid', 'paid', 'open']);
    // The debt is what the rejected and open charges left unpaid.
    expect(await debtOf(staff, h0.cstId)).toBe(0);
    expect(await debtOf(staff, h1.cstId)).toBe(12000);
    expect(await debtOf(staff, h2.cstId)).toBe(12000);
  });
});

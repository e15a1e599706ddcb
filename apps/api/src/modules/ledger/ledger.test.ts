import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCents, ledgerMessages as lm, roleCatalogue, statementSchema, type Role, ledgerContracts, memberContracts } from '@assoc/domain';
import { audits, closingPeriods, outbox, products, services, statementEntries, suppliers } from '../../db/schema/index.js';
import { call, prepare, createFamily, createTestApp, signedInAs, type Client, type MemberValues, type TestContext } from '../../../test/helper.js';
import { pdfText } from '../documents/pdf-text.testing.js';
import type { Actor } from '../../lib/actor.js';

let ctx: TestContext;
let staff: Client;
let actor: Actor;
const allRoles = (Object.keys(roleCatalogue) as Role[]).filter((r) => r !== 'v2portal');
const SVC = 9301;

beforeAll(async () => {
  ctx = await createTestApp();
  const signed = await signedInAs(ctx, allRoles);
  staff = signed.client;
  actor = { userId: signed.user.userId, name: signed.user.name };
  const [sup] = await ctx.db.insert(suppliers).values({ supName: 'Fornecedor do Extrato' }).returning();
  await ctx.db.insert(products).values({ sucId: 9301, supId: sup!.supId, sucName: 'Produto do Extrato' });
  await ctx.db.insert(services).values({ svcId: SVC, sucId: 9301, svcName: 'Plano Extrato', svcValor: 1000 });
});
afterAll(async () => {
  await ctx.close();
});

const ledger = () => ctx.app.services.ledger;
/** A holder with a dependent. */
async function family(values: MemberValues = {}) {
  const { holder, dependents } = await createFamily(ctx, { holder: { custEmail: 'titular@example.com', ...values }, dependents: [{}] });
  return { holder, dependent: dependents[0]! };
}
const add = (cstId: number, valor: number, extra: Partial<Parameters<ReturnType<typeof ledger>['addEntry']>[1]> = {}) =>
  ctx.db.transaction((tx) => ledger().addEntry(tx, { cstId, descricao: 'Mensalidade', valor, ...extra }, actor));
const lock = () => ctx.db.transaction((tx) => ledger().lockOpenPeriod(tx, actor));

describe('ledger service', () => {
  it('opens one period, writes entries with the responsible person and computes the balance in SQL', async () => {
    const { holder, dependent } = await family();
    const a = await add(holder.cstId, 12_000, { svcId: SVC });
    const b = await add(holder.cstId, 4_550, { respId: dependent.cstId, descricao: 'Plano do dependente' });
    const c = await add(holder.cstId, -3_000, { tipo: 'credito', descricao: 'Crédito' });
    expect(a.created && b.created && c.created).toBe(true);
    expect(a.entry.fecId).toBe(b.entry.fecId);
    expect(a.entry.extResponsavel).toBe(holder.custName);
    expect(b.entry.extResponsavel).toBe(dependent.custName);
    expect(a.entry.svcName).toBe('Plano Extrato');
    expect(await ledger().balance(ctx.db, holder.cstId)).toBe(12_000 + 4_550 - 3_000);
    const open = await ledger().openPeriod(ctx.db);
    expect(open.lockedAt).toBeNull();
    expect(
      (
        await ctx.db
          .select()
          .from(closingPeriods)
          .where(sql`locked_at is null`)
      ).length,
    ).toBe(1);
    // Each entry audited in its transaction.
    const rows = await ctx.db
      .select()
      .from(audits)
      .where(and(eq(audits.category, 'extrato'), eq(audits.ownerId, holder.cstId)));
    expect(rows.length).toBe(3);
  });

  it('the same idempotency key twice writes one entry (double click, retried request)', async () => {
    const { holder } = await family();
    const first = await add(holder.cstId, 5_000, { key: 'credito:abc' });
    const again = await add(holder.cstId, 5_000, { key: 'credito:abc' });
    expect(first.created).toBe(true);
    expect(again.created).toBe(false);
    expect(again.entry.extId).toBe(first.entry.extId);
    const both = await Promise.all([add(holder.cstId, 700, { key: 'k2' }), add(holder.cstId, 700, { key: 'k2' })]);
    expect(both.filter((r) => r.created).length).toBe(1);
    const rows = await ctx.db.select().from(statementEntries).where(eq(statementEntries.cstId, holder.cstId));
    expect(rows.length).toBe(2);
    // addEntries: keys already used are skipped.
    const bulk = await ctx.db.transaction((tx) =>
      ledger().addEntries(
        tx,
        [
          { cstId: holder.cstId, descricao: 'Repetido', valor: 5_000, key: 'credito:abc' },
          { cstId: holder.cstId, descricao: 'Novo', valor: 100, key: 'k3' },
        ],
        actor,
      ),
    );
    expect(bulk.ids.length).toBe(1);
  });

  it('refuses a responsible person of another holder, a dependent as holder and a zero value', async () => {
    const one = await family();
    const other = await family();
    await expect(add(one.holder.cstId, 100, { respId: other.dependent.cstId })).rejects.toMatchObject({ message: lm.responsibleNotOfHolder });
    await expect(add(one.dependent.cstId, 100)).rejects.toMatchObject({ message: lm.responsibleNotOfHolder });
    await expect(add(one.holder.cstId, 0)).rejects.toMatchObject({ message: lm.zeroValue });
  });

  it('the database refuses UPDATE and DELETE of an entry', async () => {
    const { holder } = await family();
    const { entry } = await add(holder.cstId, 1_000);
    await expect(ctx.db.execute(sql`update statement_entries set ext_valor = 1 where ext_id = ${entry.extId}`)).rejects.toThrow();
    await expect(ctx.db.execute(sql`delete from statement_entries where ext_id = ${entry.extId}`)).rejects.toThrow();
    const [row] = await ctx.db.select().from(statementEntries).where(eq(statementEntries.extId, entry.extId));
    expect(row!.extValor).toBe(1_000);
  });

  it('reverses once into the open period, linked both ways; never twice, never a reversal', async () => {
    const { holder, dependent } = await family();
    const { entry } = await add(holder.cstId, 8_000, { respId: dependent.cstId, svcId: SVC });
    const child = await ctx.db.transaction((tx) => ledger().reverse(tx, entry.extId, actor));
    expect(child).toMatchObject({ extValor: -8_000, extEstornoParent: entry.extId, extTipo: 'estorno', respId: dependent.cstId, svcId: SVC });
    expect(child.extDescricao).toBe(`Estorno: ${entry.extDescricao}`);
    const [parent] = await ledger().entriesOf(ctx.db, holder.cstId, entry.fecId);
    expect(parent!.extEstornoChild).toBe(child.extId);
    await expect(ctx.db.transaction((tx) => ledger().reverse(tx, entry.extId, actor))).rejects.toMatchObject({ message: lm.alreadyReversed });
    await expect(ctx.db.transaction((tx) => ledger().reverse(tx, child.extId, actor))).rejects.toMatchObject({ message: lm.reversalNotReversible });
    // The database keeps the rules by itself.
    const insert = (parentId: number, valor: number) =>
      ctx.db.execute(sql`insert into statement_entries (cst_id, fec_id, ext_descricao, ext_valor, ext_tipo, ext_estorno_parent)
        values (${holder.cstId}, ${entry.fecId}, 'x', ${valor}, 'estorno', ${parentId})`);
    await expect(insert(entry.extId, -8_000)).rejects.toThrow();
    await expect(insert(child.extId, 8_000)).rejects.toThrow();
    const { entry: other } = await add(holder.cstId, 300);
    await expect(insert(other.extId, -299)).rejects.toThrow();
    expect(await ledger().balance(ctx.db, holder.cstId)).toBe(300);
    const [audit] = await ctx.db
      .select()
      .from(audits)
      .where(and(eq(audits.category, 'extrato'), eq(audits.entityId, String(child.extId))));
    expect(audit).toMatchObject({
      userId: actor.userId,
      before: expect.objectContaining({ extId: entry.extId }),
      after: expect.objectContaining({ extValor: -8_000 }),
    });
  });

  it('a locked period refuses new entries; a reversal of its entry goes into the open period', async () => {
    const { holder } = await family();
    const { entry } = await add(holder.cstId, 2_500);
    const { locked, open } = await lock();
    expect(locked.fecId).toBe(entry.fecId);
    expect(open.fecId).not.toBe(locked.fecId);
    expect(open.fecAno * 12 + open.fecMes).toBe(locked.fecAno * 12 + locked.fecMes + 1);
    await expect(
      ctx.db.execute(sql`insert into statement_entries (cst_id, fec_id, ext_descricao, ext_valor) values (${holder.cstId}, ${locked.fecId}, 'x', 1)`),
    ).rejects.toThrow();
    await expect(ctx.db.execute(sql`update closing_periods set locked_at = null where fec_id = ${locked.fecId}`)).rejects.toThrow();
    const child = await ctx.db.transaction((tx) => ledger().reverse(tx, entry.extId, actor));
    expect(child.fecId).toBe(open.fecId);
    expect(await ledger().balance(ctx.db, holder.cstId, { upTo: locked.fecId })).toBe(2_500);
    expect(await ledger().balance(ctx.db, holder.cstId)).toBe(0);
    expect(await ledger().periodsOf(ctx.db, holder.cstId)).toEqual([
      { value: -open.fecId, label: 'Em aberto' },
      { value: locked.fecId, label: `${String(locked.fecMes).padStart(2, '0')}/${locked.fecAno}` },
    ]);
  });
});

describe('statement calls', () => {
  it('GET user/{cstId} lists the periods in extratoDatas (open first, negative)', async () => {
    const { holder } = await family();
    await add(holder.cstId, 1_000);
    const res = await call(staff, memberContracts.get, { params: { cstId: holder.cstId } });
    expect(res.status).toBe(200);
    const open = await ledger().openPeriod(ctx.db);
    expect(res.body.extratoDatas[0]).toEqual({ value: -open.fecId, label: 'Em aberto' });
    const { client } = await signedInAs(ctx, ['v2access']);
    expect((await call(client, memberContracts.get, { params: { cstId: holder.cstId } })).body.extratoDatas).toEqual([]);
  });

  it('GET user/extrato/{cstId}/{fecID}: entries with running balance from the earlier periods', async () => {
    const { holder, dependent } = await family();
    await add(holder.cstId, 10_000);
    await lock();
    const e1 = await add(holder.cstId, 2_000, { svcId: SVC, respId: dependent.cstId, date: new Date('2020-01-02T12:00:00Z') });
    const e2 = await add(holder.cstId, -500, { tipo: 'credito', descricao: 'Crédito' });
    const res = await call(staff, ledgerContracts.statement, { params: { cstId: holder.cstId, fecID: `-${e1.entry.fecId}` } });
    expect(res.status).toBe(200);
    const body = statementSchema.parse(res.body);
    expect(body).toMatchObject({ fecId: e1.entry.fecId, aberto: true, saldoAnterior: 10_000, saldoFinal: 11_500 });
    expect(body.entries.map((e) => [e.extId, e.saldo])).toEqual([
      [e1.entry.extId, 12_000],
      [e2.entry.extId, 11_500],
    ]);
    expect(body.entries[0]).toMatchObject({ extResponsavel: dependent.custName, svcName: 'Plano Extrato', extDate: '2020-01-02T12:00:00.000Z' });
    // Same with the positive value.
    expect((await call(staff, ledgerContracts.statement, { params: { cstId: holder.cstId, fecID: e1.entry.fecId } })).body.entries.length).toBe(2);
    expect((await call(staff, ledgerContracts.statement, { params: { cstId: holder.cstId, fecID: 99999999 } })).body).toEqual({
      message: lm.periodNotFound,
    });
    expect((await call(staff, ledgerContracts.statement, { params: { cstId: dependent.cstId, fecID: e1.entry.fecId } })).status).toBe(400);
    expect((await call(staff, ledgerContracts.statement, { params: { cstId: holder.cstId, fecID: 'abc' } })).body).toEqual({
      message: `fecID: ${lm.invalidPeriod}`,
    });
    expect((await call(staff, ledgerContracts.statement, { params: { cstId: holder.cstId, fecID: 0 } })).status).toBe(400);
  });

  it('401 anonymous, 404 about a member not theirs without the roles (issue 28), 403 for the reversal', async () => {
    const { holder } = await family();
    const { entry } = await add(holder.cstId, 100);
    for (const route of [
      prepare(ledgerContracts.statement, { params: { cstId: holder.cstId, fecID: entry.fecId } }),
      prepare(ledgerContracts.pdf, { params: { cstId: holder.cstId, period: entry.fecId } }),
      prepare(ledgerContracts.email, { params: { cstId: holder.cstId, fecID: entry.fecId } }),
      prepare(ledgerContracts.reverse, { params: { extId: entry.extId } }),
    ]) {
      expect((await route.send(ctx.app)).status).toBe(401);
    }
    const { client } = await signedInAs(ctx, ['v2access', 'v2tabextratos']);
    expect((await call(client, ledgerContracts.statement, { params: { cstId: holder.cstId, fecID: entry.fecId } })).status).toBe(200);
    expect((await call(client, ledgerContracts.email, { params: { cstId: holder.cstId, fecID: entry.fecId } })).status).toBe(404);
    expect((await call(client, ledgerContracts.reverse, { params: { extId: entry.extId } })).status).toBe(403);
    const { client: none } = await signedInAs(ctx, ['v2access']);
    expect((await call(none, ledgerContracts.statement, { params: { cstId: holder.cstId, fecID: entry.fecId } })).status).toBe(404);
    expect((await call(none, ledgerContracts.pdf, { params: { cstId: holder.cstId, period: entry.fecId } })).status).toBe(404);
    expect((await ledger().entriesOf(ctx.db, holder.cstId, entry.fecId))[0]!.extEstornoChild).toBeNull();
  });

  it('GET user/extrato/estorno/{extId}: success message, then refused twice and for the reversal', async () => {
    const { holder } = await family();
    const { entry } = await add(holder.cstId, 4_000);
    const res = await call(staff, ledgerContracts.reverse, { params: { extId: entry.extId } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: lm.reversed });
    const again = await call(staff, ledgerContracts.reverse, { params: { extId: entry.extId } });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: lm.alreadyReversed });
    const [, child] = await ledger().entriesOf(ctx.db, holder.cstId, entry.fecId);
    const reversal = await call(staff, ledgerContracts.reverse, { params: { extId: child!.extId } });
    expect(reversal.status).toBe(400);
    expect(reversal.body).toEqual({ message: lm.reversalNotReversible });
    expect((await call(staff, ledgerContracts.reverse, { params: { extId: 99999999 } })).status).toBe(404);
    // Without the XSRF header the state-changing GET is refused.
    const noXsrf = await call(ctx.app, ledgerContracts.reverse, { params: { extId: entry.extId }, headers: { cookie: staff.cookie } });
    expect(noXsrf.status).toBe(403);
    expect(await ledger().balance(ctx.db, holder.cstId)).toBe(0);
  });

  it('GET user/extratopdf: the statement PDF read back, its final balance equal to the ledger', async () => {
    const { holder, dependent } = await family({ custName: 'Titular do Extrato PDF' });
    await add(holder.cstId, 7_000);
    await lock();
    const e = await add(holder.cstId, 12_345, { svcId: SVC, respId: dependent.cstId, descricao: 'Plano de saúde do dependente' });
    await add(holder.cstId, -2_000, { tipo: 'pagamento', descricao: 'Pagamento recebido' });
    const { locked } = await lock();
    expect(locked.fecId).toBe(e.entry.fecId);
    const res = await call(staff, ledgerContracts.pdf, { params: { cstId: holder.cstId, period: locked.fecId } });
    expect(res.status).toBe(200);
    expect(res.res.headers['content-type']).toBe('application/pdf');
    const text = (await pdfText(res.body)).join(' ');
    expect(text).toContain('Titular do Extrato PDF');
    expect(text).toContain('Plano de saúde do dependente');
    expect(text).toContain(dependent.custName);
    expect(text).toContain(`Saldo anterior: ${formatCents(7_000)}`);
    const balance = await ledger().balance(ctx.db, holder.cstId, { upTo: locked.fecId });
    expect(balance).toBe(17_345);
    expect(text).toContain(`Saldo final: ${formatCents(balance)}`);
    expect(text).toContain(`Total de débitos: ${formatCents(12_345)}`);
  });

  it('GET user/emailextrato: queued with the PDF attached; refused for situation 5 and without e-mail', async () => {
    const { holder } = await family();
    const { entry } = await add(holder.cstId, 1_500);
    const res = await call(staff, ledgerContracts.email, { params: { cstId: holder.cstId, fecID: entry.fecId } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: lm.emailSent });
    const [mail] = await ctx.db.select().from(outbox).where(eq(outbox.cstId, holder.cstId));
    expect(mail).toMatchObject({ to: 'titular@example.com' });
    const links = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from file_links where owner_kind = 'outbox' and owner_id = ${String(mail!.id)}`,
    );
    expect(links.rows[0]!.n).toBe(1);

    const deceased = await family({ custAssocSituacao: 5 });
    const refused = await call(staff, ledgerContracts.email, { params: { cstId: deceased.holder.cstId, fecID: entry.fecId } });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: lm.emailDeceased });
    const noMail = await family({ custEmail: null });
    expect((await call(staff, ledgerContracts.email, { params: { cstId: noMail.holder.cstId, fecID: entry.fecId } })).body).toEqual({
      message: lm.emailMissing,
    });
    expect((await ctx.db.select().from(outbox).where(eq(outbox.cstId, deceased.holder.cstId))).length).toBe(0);
  });
});

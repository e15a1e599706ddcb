import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closingContracts, closingMessages, jobsContracts, formatCents, roleCatalogue, type Role } from '@assoc/domain';
import { audits, charges, closings, postingInstalments, postings, products, services, statementEntries, suppliers } from '../../db/schema/index.js';
import {
  billableBank,
  call,
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
import { runClosing } from './closing.job.js';
import { createClosingRepository } from './closing.repository.js';

let ctx: TestContext;
/** Jobs that ended, from the event bus (test/barriers.ts): no polling, no race. */
let finance: Client;
let financeUserId: number;
let withoutRole: Client;
const allRoles = (Object.keys(roleCatalogue) as Role[]).filter((r) => r !== 'v2portal' && r !== 'v2menufinanceiro');

// Services of the test: a pro-rata fee with rates 2 % (sócio) / 5 % (not sócio), a Serviço priced per row, a typed posting
// service (never charged by the closing) and a fee that posts at the end.
const FEE = 9401;
const PLAN = 9402;
const TYPED = 9403;
const LATE = 9404;

let month: { ano: number; mes: number };
const people: Record<string, number> = {};

async function openMonth() {
  const period = await ctx.app.services.ledger.openPeriod(ctx.db);
  return { fecId: period.fecId, ano: period.fecAno, mes: period.fecMes };
}
const iso = (m: { ano: number; mes: number }, day: number) => `${m.ano}-${String(m.mes).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
const entriesOf = async (cstId: number, fecId: number) =>
  (
    await ctx.db
      .select()
      .from(statementEntries)
      .where(sql`${statementEntries.cstId} = ${cstId} and ${statementEntries.fecId} = ${fecId}`)
  ).sort((a, b) => a.extId - b.extId);

beforeAll(async () => {
  ctx = await createTestApp({}, { features: { jobs: true } });
  const signed = await signedInAs(ctx, ['v2access', 'v2menufinanceiro']);
  finance = signed.client;
  financeUserId = signed.user.userId;
  withoutRole = (await signedInAs(ctx, allRoles)).client;
  const [sup] = await ctx.db.insert(suppliers).values({ supName: 'Fornecedor do Fechamento' }).returning();
  await ctx.db.insert(products).values({ sucId: 9401, supId: sup!.supId, sucName: 'Produto do Fechamento' });
  await ctx.db.insert(services).values([
    { svcId: FEE, sucId: 9401, svcName: 'Mensalidade Teste', svcValor: 10_000, svcTaxaAdm: 2, svcTaxaAdmNs: 5, svcProRata: true },
    { svcId: PLAN, sucId: 9401, svcName: 'Plano Teste', svcValor: 0, svcServiceType: 3, svcTaxaAdm: 1, svcTaxaAdmNs: 5 },
    { svcId: TYPED, sucId: 9401, svcName: 'Bar Teste', svcValor: 999, svcServiceType: 1 },
    { svcId: LATE, sucId: 9401, svcName: 'Seguro Teste', svcValor: 3_000, svcLancaNoFim: true },
  ]);
  const open = await openMonth();
  month = { ano: open.ano, mes: open.mes };
  // A: sócio, debit at bank 2 on day 10, with a dependent who joined on the 16th (pro rata) and a fee posted at the end.
  const a = await createMember(ctx, { custSocio: 'S', custCobrancaDia: 10, ...billableBank });
  const d = await createDependent(ctx, a.cstId);
  // B: not a sócio, no debit place (a boleto), a Serviço priced on the row and a typed service (not charged).
  const b = await createMember(ctx, { custSocio: 'N', bnkId: null });
  // C: "Sem cobrança bancária": statement, no charge. E: payroll, row ended before the month: nothing.
  const c = await createMember(ctx, { custSocio: 'S', bnkId: 20 });
  const e = await createMember(ctx, { custSocio: 'S', bnkId: 10 });
  Object.assign(people, { a: a.cstId, d: d.cstId, b: b.cstId, c: c.cstId, e: e.cstId });
  await createServiceRows(ctx, a.cstId, [{ svcId: FEE }, { svcId: LATE }]);
  await createServiceRows(ctx, d.cstId, [{ svcId: FEE, cslInicio: iso(month, 16) }]);
  await createServiceRows(ctx, b.cstId, [
    { svcId: PLAN, valor: 5_000 },
    { svcId: TYPED, valor: 999 },
  ]);
  await createServiceRows(ctx, c.cstId, [{ svcId: FEE }]);
  await createServiceRows(ctx, e.cstId, [{ svcId: FEE, cslFim: '2020-01-31' }]);
  // An earlier posting's second instalment falls in this month for B.
  const [posting] = await ctx.db.insert(postings).values({ svcId: TYPED, mode: 'padrao', rows: 1, total: 3_000 }).returning();
  await ctx.db.insert(postingInstalments).values({
    lanId: posting!.lanId,
    rowIndex: 0,
    cstId: b.cstId,
    respId: b.cstId,
    svcId: TYPED,
    descricao: 'Bar Teste',
    parcela: 2,
    parcelas: 3,
    valor: 1_000,
    ano: month.ano,
    mes: month.mes,
  });
});
afterAll(async () => {
  await ctx.close();
});

const days = () => new Date(Date.UTC(month.ano, month.mes, 0)).getUTCDate();

describe('GET financeiro/fechamento/previa', () => {
  it('refuses an anonymous caller (401) and a user without v2menufinanceiro (403)', async () => {
    expect((await call(ctx.app, closingContracts.preview)).status).toBe(401);
    expect((await call(withoutRole, closingContracts.preview)).status).toBe(403);
  });

  it('shows what the closing will write, per service, per debit place and the charges, and writes nothing', async () => {
    const before = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from statement_entries`);
    const preview = await expectOk(call(finance, closingContracts.preview));
    const dependentFee = Math.floor((10_000 * (days() - 15) * 2 + days()) / (2 * days()));
    const dependentRate = Math.floor((dependentFee * 200 * 2 + 10_000) / 20_000);
    const fee = preview.byService.find((s) => s.id === FEE)!;
    // A, D (pro rata) and C; E's row ended in 2020.
    expect(fee).toMatchObject({ label: 'Mensalidade Teste', holders: 2, entries: 6 });
    expect(fee.total).toBe(10_000 + 200 + dependentFee + dependentRate + 10_000 + 200);
    expect(preview.byService.find((s) => s.id === PLAN)).toMatchObject({ holders: 1, entries: 2, total: 5_000 + 250 });
    expect(preview.byService.find((s) => s.id === LATE)).toMatchObject({ holders: 1, entries: 1, total: 3_000 });
    // The typed service is charged only by postings: its row does not count; B's posted instalment does.
    expect(preview.byService.find((s) => s.id === TYPED)).toMatchObject({ holders: 1, entries: 1, total: 1_000 });
    const aTotal = 10_000 + 200 + dependentFee + dependentRate + 3_000;
    expect(preview.byPlace.find((p) => p.id === 2)).toMatchObject({ label: 'Banco do Brasil', holders: 1, total: aTotal });
    expect(preview.byPlace.find((p) => p.id === 11)).toMatchObject({ label: 'Boleto Bancário', holders: 1, total: 5_250 + 1_000 });
    expect(preview.charges.find((c) => c.bnkId === 2)).toMatchObject({ count: 1, total: aTotal });
    expect(preview.charges.find((c) => c.bnkId === 11)).toMatchObject({ count: 1, total: 6_250 });
    expect(preview.charges.find((c) => c.bnkId === 20)).toBeUndefined();
    expect(preview.periodo).toBe(`${month.ano}-${String(month.mes).padStart(2, '0')}`);
    const after = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from statement_entries`);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });
});

describe('POST financeiro/fechamento', () => {
  it('refuses an anonymous caller (401), a user without v2menufinanceiro (403) and a missing FECHAR (400), queueing nothing', async () => {
    const jobsBefore = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from jobs`);
    expect((await call(ctx.app, closingContracts.start, { body: { confirm: 'FECHAR' } })).status).toBe(401);
    expect((await call(withoutRole, closingContracts.start, { body: { confirm: 'FECHAR' } })).status).toBe(403);
    for (const body of [{ confirm: 'fechar' }, {}, { confirm: 'FECHAR ' }]) {
      const refused = await call(finance, closingContracts.start, { rawBody: body });
      expect(refused.status).toBe(400);
      // The field's name, then the message (the web shows it under the field).
      expect(refused.error.message).toBe(`confirm: ${closingMessages.confirmRequired}`);
    }
    const jobsAfter = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from jobs`);
    expect(jobsAfter.rows[0]!.n).toBe(jobsBefore.rows[0]!.n);
  });

  it('cannot be started through GET jobs/send, only through this call (which checks FECHAR)', async () => {
    const refused = await call(finance, jobsContracts.send, { params: { jobCommand: 'fechamento' } });
    expect(refused.status).toBe(404);
  });

  it('closes the month in a job: statements, charges, the lock and the next period; a second start while it runs is refused (409)', async () => {
    const open = await openMonth();
    const started = await expectOk(call(finance, closingContracts.start, { body: { confirm: 'FECHAR' } }));
    expect(started.message).toBe(closingMessages.started);
    const again = await call(finance, closingContracts.start, { body: { confirm: 'FECHAR' } });
    expect(again.status).toBe(409);
    const job = await jobEnded(ctx.app, started.jobId);
    expect(job.jobStatus).toBe(30);

    // A's statement: the fee and its rate, the dependent's pro rata fee and rate, then the fee that posts at the end.
    const a = await entriesOf(people.a!, open.fecId);
    const label = `${String(month.mes).padStart(2, '0')}/${month.ano}`;
    expect(a.map((x) => x.extDescricao)).toEqual([
      `Mensalidade Teste ${label}`,
      'Taxa administrativa — Mensalidade Teste',
      `Mensalidade Teste ${label} (${days() - 15}/${days()} dias)`,
      'Taxa administrativa — Mensalidade Teste',
      `Seguro Teste ${label}`,
    ]);
    expect(a.map((x) => x.respId)).toEqual([people.a, people.a, people.d, people.d, people.a]);
    expect(a.every((x) => x.extTipo === 'fechamento' && x.extKey?.startsWith(`fech:${open.fecId}:`))).toBe(true);
    const b = await entriesOf(people.b!, open.fecId);
    expect(b.map((x) => [x.extDescricao, x.extValor])).toEqual([
      [`Plano Teste ${label}`, 5_000],
      ['Taxa administrativa — Plano Teste', 250],
      ['Bar Teste — Parcela 2/3', 1_000],
    ]);
    expect(await entriesOf(people.e!, open.fecId)).toEqual([]);
    expect((await entriesOf(people.c!, open.fecId)).length).toBe(2);

    // Charges: A by debit at bank 2 with the account, due on day 10 of the next month or the next business day;
    // B by boleto with a nosso número on day 4; C (place 20) and E (owes nothing) none.
    const rows = await ctx.db.select().from(charges).where(eq(charges.fecId, open.fecId));
    const byHolder = new Map(rows.map((r) => [r.cstId, r]));
    const aTotal = a.reduce((s, x) => s + x.extValor, 0);
    expect(byHolder.get(people.a!)).toMatchObject({ bnkId: 2, cobValor: aTotal, cobConta: billableBank.bnkaccAccount, cobNossoNumero: null });
    expect(byHolder.get(people.b!)).toMatchObject({ bnkId: 11, cobValor: 6_250, cobAgencia: null, cobConta: null });
    expect(byHolder.get(people.b!)!.cobNossoNumero).toBeGreaterThan(0);
    const next = month.mes === 12 ? { ano: month.ano + 1, mes: 1 } : { ano: month.ano, mes: month.mes + 1 };
    expect(byHolder.get(people.a!)!.cobVencimento >= iso(next, 10)).toBe(true);
    expect(byHolder.get(people.b!)!.cobVencimento >= iso(next, 4)).toBe(true);
    expect(byHolder.has(people.c!)).toBe(false);
    expect(byHolder.has(people.e!)).toBe(false);

    // The period is locked, the next one open; the run is recorded with its totals; one audit row for the closing.
    const period = await ctx.db.execute<{ locked: boolean }>(
      sql`select locked_at is not null as locked from closing_periods where fec_id = ${open.fecId}`,
    );
    expect(period.rows[0]!.locked).toBe(true);
    const now = await openMonth();
    expect(now.fecId).not.toBe(open.fecId);
    const [run] = await ctx.db.select().from(closings).where(eq(closings.fecId, open.fecId));
    expect(run).toMatchObject({ status: 'done', charges: rows.length, difference: 0, startedBy: financeUserId });
    expect(run!.chargesTotal).toBe(rows.reduce((s, r) => s + r.cobValor, 0));
    const closingAudits = await ctx.db
      .select()
      .from(audits)
      .where(eq(audits.entityId, `closing:${run!.cloId}`));
    expect(closingAudits).toHaveLength(1);
    const entryAudits = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audits where category = 'extrato' and owner_id = ${people.a!}`,
    );
    expect(entryAudits.rows[0]!.n).toBe(0);

    // GET financeiro/fechamentos lists it.
    const list = await expectOk(call(finance, closingContracts.list));
    expect(list[0]).toMatchObject({ fecId: open.fecId, status: 'done', startedByName: run!.startedByName, jobId: started.jobId });
    expect((await call(withoutRole, closingContracts.list)).status).toBe(403);
    expect((await call(ctx.app, closingContracts.list)).status).toBe(401);
  });
});

describe('the closing job', () => {
  const repo = createClosingRepository();
  const deps = () => ({ service: ctx.app.services.closing, repo, ledger: ctx.app.services.ledger });
  const progress = async () => {};

  it('cut after its first chunk, resumes and writes exactly what an uninterrupted closing writes', async () => {
    // More holders, so the closing takes several chunks of 2.
    for (let i = 0; i < 5; i++) {
      const h = await createMember(ctx, { custSocio: i % 2 ? 'S' : 'N', ...billableBank });
      await createServiceRows(ctx, h.cstId, [{ svcId: FEE, valor: 1_000 * (i + 1) }]);
    }
    const open = await openMonth();
    const jobId = crypto.randomUUID();
    let calls = 0;
    const cut = async () => {
      calls += 1;
      // The first report is before any chunk; the second after the first committed chunk.
      if (calls === 2) throw new Error('queda');
    };
    await expect(runClosing({ jobId, userId: financeUserId, db: ctx.db, progress: cut }, deps(), 2)).rejects.toThrow('queda');
    const partial = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from statement_entries where fec_id = ${open.fecId}`);
    expect(partial.rows[0]!.n).toBeGreaterThan(0);
    const outcome = await runClosing({ jobId, userId: financeUserId, db: ctx.db, progress }, deps(), 2);
    expect(outcome.result).toContain('fechado');
    // No key twice, every row of the month charged once, and the charges balance what the holders owe.
    const dupes = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from (select ext_key from statement_entries where fec_id = ${open.fecId} group by cst_id, ext_key having count(*) > 1) d`,
    );
    expect(dupes.rows[0]!.n).toBe(0);
    const fees = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from statement_entries where fec_id = ${open.fecId} and svc_id = ${FEE} and ext_key like ${`fech:${open.fecId}:servico:%`}`,
    );
    // A, D, C and the five new holders.
    expect(fees.rows[0]!.n).toBe(8);
    const [run] = await ctx.db.select().from(closings).where(eq(closings.jobId, jobId));
    expect(run).toMatchObject({ status: 'done', difference: 0 });
  });

  it('fails loudly, and leaves the period open, when the charges do not balance what the holders owe', async () => {
    const open = await openMonth();
    const jobId = crypto.randomUUID();
    const tamper = async (current: number, total: number, subtitle?: string) => {
      // After the charges are written, an entry slips in: the check must see it.
      if (subtitle === closingMessages.phaseCharges && current === total && current > 0) {
        await ctx.db.transaction((tx) =>
          ctx.app.services.ledger.addEntry(
            tx,
            { cstId: people.a!, descricao: 'Lançamento fora de hora', valor: 777, key: `tamper:${jobId}` },
            {
              userId: financeUserId,
              name: 'Teste',
            },
          ),
        );
      }
    };
    await expect(runClosing({ jobId, userId: financeUserId, db: ctx.db, progress: tamper }, deps())).rejects.toThrow(
      closingMessages.unbalanced(formatCents(777)),
    );
    const [run] = await ctx.db.select().from(closings).where(eq(closings.jobId, jobId));
    expect(run).toMatchObject({ status: 'failed', difference: -777 });
    const period = await ctx.db.execute<{ locked: boolean }>(
      sql`select locked_at is not null as locked from closing_periods where fec_id = ${open.fecId}`,
    );
    expect(period.rows[0]!.locked).toBe(false);
    // Run again, the closing corrects the holder's charge and closes the period.
    const retry = await runClosing({ jobId: crypto.randomUUID(), userId: financeUserId, db: ctx.db, progress }, deps());
    expect(retry.result).toContain('fechado');
    const [charge] = await ctx.db
      .select()
      .from(charges)
      .where(sql`${charges.fecId} = ${open.fecId} and ${charges.cstId} = ${people.a!}`);
    expect(charge!.cobValor).toBe(await ctx.app.services.ledger.debt(ctx.db, people.a!));
  });
});

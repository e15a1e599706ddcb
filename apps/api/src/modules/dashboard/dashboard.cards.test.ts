import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardContracts, refundContracts, type DashboardCardData } from '@assoc/domain';
import {
  call,
  createCatalogueService,
  createChargeRows,
  createLedgerPeriod,
  createMember,
  createStatementEntries,
  createTestApp,
  lockLedgerPeriod,
  signedInAs,
  type Client,
  type TestContext,
} from '../../../test/helper.js';
import { createDashboardCards } from './dashboard.cards.js';

/**
 * The dashboard's cards (issue 30 items 2 and 3) against a fresh database whose rows this file writes: every number
 * below is computed by hand from those rows.
 */
let ctx: TestContext;
let admin: Client;
let adminId: number;
const everyCardRole = ['v2access', 'v2menufiltro', 'v2menufinanceiro', 'v2menucch', 'v2dev', 'v2devapr', 'v2atd', 'v2menuprocesso'] as const;
const days = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
const now = new Date();
const ym = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit' }).format(now).split('-');
const thisMonth = `${ym[1]}/${ym[0]}`;
const firstOfMonth = `${ym[0]}-${ym[1]}-01`;

beforeAll(async () => {
  ctx = await createTestApp();
  const signed = await signedInAs(ctx, [...everyCardRole]);
  admin = signed.client;
  adminId = signed.user.userId;

  // Members: 3 holders (1 dependent not counted); one admitted and one deceased this month.
  const a = await createMember(ctx, { custAssocSituacao: 1, custStatus: 'M', custAdmissao: firstOfMonth });
  const b = await createMember(ctx, { custAssocSituacao: 2, custStatus: 'V', custAdmissao: '1990-01-01' });
  await createMember(ctx, { custAssocSituacao: 5, custStatus: 'M', custDeceased: firstOfMonth });
  await createMember(ctx, { parentId: a.cstId, custAssocSituacao: null, custStatus: null });

  // Ledger: two closed (locked) periods, then the open one.
  const grp = await ctx.db.execute<{ id: number }>(
    sql`insert into extrato_groups (extgrp_name, extgrp_sort) values ('Saúde', 1), ('Seguros', 2) returning extgrp_id as id`,
  );
  const [saude, seguros] = grp.rows.map((r) => r.id) as [number, number];
  const svcSaude = await createCatalogueService(ctx, { extgrpId: saude });
  const svcSeguro = await createCatalogueService(ctx, { extgrpId: seguros });
  const entry = (cstId: number, fecId: number, extValor: number, extTipo: string, svcId: number | null = null, extDate?: string) => ({
    cstId,
    fecId,
    extDescricao: 'Teste',
    extValor,
    extTipo,
    svcId,
    ...(extDate ? { extDate: new Date(extDate) } : {}),
  });
  const p1 = await createLedgerPeriod(ctx);
  // a: 100,00 of 120 days ago (then part paid), b: 50,00 of 100 days ago.
  await createStatementEntries(ctx, [
    entry(a.cstId, p1, 10_000, 'fechamento', svcSaude.svcId, days(120)),
    entry(a.cstId, p1, 2_000, 'lancamento', svcSeguro.svcId, days(120)),
    entry(a.cstId, p1, -2_000, 'pagamento', null, days(110)),
    entry(b.cstId, p1, 5_000, 'fechamento', svcSaude.svcId, days(100)),
  ]);
  await lockLedgerPeriod(ctx, p1);
  const p2 = await createLedgerPeriod(ctx);
  await createStatementEntries(ctx, [
    entry(a.cstId, p2, 3_000, 'fechamento', svcSaude.svcId, days(45)),
    entry(a.cstId, p2, 1_000, 'fechamento', null, days(10)),
    entry(b.cstId, p2, -5_000, 'credito', null, days(40)),
  ]);
  await lockLedgerPeriod(ctx, p2);
  await createLedgerPeriod(ctx);

  // Remittance: 3 charges, one paid, one rejected, one without return.
  const charges = await createChargeRows(
    ctx,
    [1, 2, 3].map((i) => ({ cstId: a.cstId, bnkId: 1, cobVencimento: '2030-01-10', cobValor: i * 1_000 })),
  );
  const rm = await ctx.db.execute<{ id: number }>(
    sql`insert into bank_remittances (bnk_id, layout, bank_code, agreement, nsa, records, total, file_name, created_at)
        values (1, 'cnab150', '033', '123', 7, 3, 6000, 'r.txt', '2030-01-02T12:00:00Z') returning rm_id as id`,
  );
  const status = ['paid', 'rejected', 'pending'];
  for (const [i, c] of charges.entries()) {
    await ctx.db.execute(sql`insert into bank_remittance_lines (rm_id, cob_id, cst_id, line, value, due_date, status)
      values (${rm.rows[0]!.id}, ${c.cobId}, ${a.cstId}, ${i + 1}, ${c.cobValor}, '2030-01-10', ${status[i]})`);
  }

  // A newer remittance still waiting for its return: the card shows the last one that has a return.
  const [waiting] = await createChargeRows(ctx, [{ cstId: a.cstId, bnkId: 1, cobVencimento: '2030-02-10', cobValor: 500 }]);
  const rm2 = await ctx.db.execute<{ id: number }>(
    sql`insert into bank_remittances (bnk_id, layout, bank_code, agreement, nsa, records, total, file_name, created_at)
        values (1, 'cnab150', '033', '123', 8, 1, 500, 'r2.txt', '2030-02-02T12:00:00Z') returning rm_id as id`,
  );
  await ctx.db.execute(sql`insert into bank_remittance_lines (rm_id, cob_id, cst_id, line, value, due_date, status)
      values (${rm2.rows[0]!.id}, ${waiting!.cobId}, ${a.cstId}, 1, 500, '2030-02-10', 'pending')`);

  // CCH: this month 2 EM ANÁLISE (benefit 1), 1 PAGO (benefit 2); one 3 years ago (outside every period).
  const cch = (status: number, beneficio: number, at: string) =>
    ctx.db.execute(sql`insert into cch_requests (cst_id, cch_beneficio, cch_status, cch_data_procedimento, cch_data_solicitacao,
        cch_valor_total, cch_valor_solicitado, cch_tuss, cch_quantidade, cch_data_pagamento)
      values (${a.cstId}, ${beneficio}, ${status}, '2024-01-01', ${at}, 100, 100, '10101012', 1, ${status === 5 ? '2024-01-02' : null})`);
  await cch(2, 1, now.toISOString());
  await cch(2, 1, now.toISOString());
  await cch(5, 2, now.toISOString());
  await cch(2, 3, days(3 * 365));

  // Refunds: two EM ANÁLISE (150,00 + 25,50), one APROVADO.
  const sup = await ctx.db.execute<{ id: number }>(sql`select sup_id as id from products where suc_id = ${svcSaude.sucId}`);
  for (const [st, valor] of [
    [1, 15_000],
    [1, 2_550],
    [2, 999],
  ]) {
    await ctx.db.execute(sql`insert into refunds (cst_id, dev_status, dev_valor, sup_id, suc_id, svc_id)
      values (${a.cstId}, ${st}, ${valor}, ${sup.rows[0]!.id}, ${svcSaude.sucId}, ${svcSaude.svcId})`);
  }

  // Follow-ups: pending 2 × Turismo (10), 1 × Cadastro (13); one Concluído.
  for (const [assunto, st] of [
    [10, 1],
    [10, 1],
    [13, 1],
    [13, 3],
  ]) {
    await ctx.db.execute(sql`insert into atendimentos (cst_id, atd_tipo, atd_departamento, atd_assunto, atd_titulo, atd_criado_por, atd_status)
      values (${a.cstId}, 1, 1, ${assunto}, 'Teste', 'teste', ${st})`);
  }

  // Processes: 3 in the inbox, the admin read one of them after its last change.
  const inbox = await ctx.db.execute<{ id: number }>(sql`select pasta_id as id from process_folders where inbox`);
  const ids: number[] = [];
  for (const n of [1, 2, 3]) {
    const r = await ctx.db.execute<{ id: number }>(sql`insert into processes (numero, pasta_id, tribunal, classe, assunto, partes, status, ano)
      values (${String(n).padStart(20, '0')}, ${inbox.rows[0]!.id}, 'TJSP', 'Classe', 'Assunto', 'Partes', 'Ativo', 2024) returning pro_id as id`);
    ids.push(r.rows[0]!.id);
  }
  await ctx.db.execute(sql`insert into process_reads (user_id, pro_id, read_at) values (${adminId}, ${ids[0]}, now() + interval '1 minute')`);
});
afterAll(async () => ctx?.close());

const card = async (client: Client, key: string, period?: number) => {
  const res = await call(client, dashboardContracts.card, { params: { card: key as never }, ...(period ? { query: { period } } : {}) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as DashboardCardData;
};
const part = (data: DashboardCardData, title: string) =>
  Object.fromEntries(data.parts.find((p) => p.title === title)!.rows.map((r) => [r.label, r.values]));

describe('GET dashboard/cards/{card}: each card against numbers computed by hand', () => {
  it('socios: holders by situation and status, admitted and deceased per month', async () => {
    const data = await card(admin, 'socios', 3);
    expect(data.total).toEqual({ value: 3, unit: 'count', caption: 'titulares' });
    expect(part(data, 'Por situação')).toEqual({ Ativo: [1], Aposentado: [1], Falecido: [1] });
    expect(part(data, 'Por status')).toEqual({ 'M - Magistrado(a)': [2], 'V - Viúvo(a) / pensionista': [1] });
    const months = data.parts[2]!.rows;
    expect(months).toHaveLength(3);
    expect(months[2]).toEqual({ label: thisMonth, values: [1, 1] });
    expect(months[0]!.values).toEqual([0, 0]);
    expect(data.period).toBe(3);
  });

  it('saldo-aberto: the ledger debt by channel and age (first in, first out)', async () => {
    const data = await card(admin, 'saldo-aberto');
    // a owes 10000 + 2000 - 2000 + 3000 + 1000 = 14000: 1000 of 10 days, 3000 of 45, 10000 older than 90.
    // b: 5000 - 5000 = 0 (not owing).
    expect(data.total).toEqual({ value: 14_000, unit: 'money', caption: 'em aberto' });
    expect(part(data, 'Por canal e idade')).toEqual({ 'Boleto Bancário': [1_000, 3_000, 0, 10_000] });
    expect(data.parts[0]!.series).toEqual(['0-30 dias', '31-60 dias', '61-90 dias', '90+ dias']);
  });

  it('fechamento: the closed periods by statement group, the last against the previous', async () => {
    const data = await card(admin, 'fechamento', 12);
    expect(data.parts[0]!.series).toEqual(['Saúde', 'Seguros', 'Sem grupo']);
    const rows = data.parts[0]!.rows;
    expect(rows.map((r) => r.values)).toEqual([
      [15_000, 2_000, 0],
      [3_000, 0, 1_000],
    ]);
    expect(data.total?.value).toBe(4_000);
  });

  it('retorno: the last remittance with a return, by return result', async () => {
    const data = await card(admin, 'retorno');
    expect(data.subtitle).toBe('Remessa 7 (Santander) de 02/01/2030');
    expect(part(data, 'Cobranças por resultado')).toEqual({ Pago: [1], Rejeitado: [1], 'Sem retorno': [1] });
    expect(part(data, 'Valor por resultado')).toEqual({ Pago: [1_000], Rejeitado: [2_000], 'Sem retorno': [3_000] });
    expect(data.total?.value).toBe(3);
  });

  it('cch: the period’s requests by status and by benefit per month', async () => {
    const data = await card(admin, 'cch', 6);
    expect(part(data, 'Por situação')).toMatchObject({ 'EM ANÁLISE': [2], PAGO: [1], PENDENTE: [0] });
    const months = data.parts[1]!.rows;
    expect(months).toHaveLength(6);
    expect(months[5]).toEqual({ label: thisMonth, values: [2, 1, 0, 0, 0] });
    expect(data.total).toEqual({ value: 2, unit: 'count', caption: 'em análise' });
    expect((await card(admin, 'cch', 24)).parts[0]!.rows.reduce((a, r) => a + r.values[0]!, 0)).toBe(3);
  });

  it('devolucoes: the refunds waiting for approval', async () => {
    const data = await card(admin, 'devolucoes');
    expect(data.total).toEqual({ value: 2, unit: 'count', caption: 'aguardando aprovação' });
    expect(data.subtitle).toBe('Valor total: R$ 175,50');
    expect(data.period).toBeNull();
  });

  it('acompanhamentos: the pending follow-ups by subject', async () => {
    const data = await card(admin, 'acompanhamentos');
    expect(part(data, 'Pendentes por assunto')).toEqual({ Turismo: [2], Cadastro: [1] });
    expect(data.total?.value).toBe(3);
  });

  it("processos: the processes this user has not read since their last change (another user's count apart)", async () => {
    expect((await card(admin, 'processos')).total?.value).toBe(2);
    const { client } = await signedInAs(ctx, ['v2access', 'v2menuprocesso']);
    expect((await card(client, 'processos')).total?.value).toBe(3);
  });
});

describe('the cards a user sees', () => {
  it('lists only the cards of the roles (Financeiro, Atendimento)', async () => {
    const fin = (await signedInAs(ctx, ['v2access', 'v2menufinanceiro', 'v2dev', 'v2devapr'])).client;
    const list = await call(fin, dashboardContracts.cards);
    expect(list.body.map((c) => c.key)).toEqual(['saldo-aberto', 'fechamento', 'retorno', 'devolucoes']);
    const atd = (await signedInAs(ctx, ['v2access', 'v2atd', 'v2menufiltro', 'v2menuprocesso', 'v2dev'])).client;
    expect((await call(atd, dashboardContracts.cards)).body.map((c) => c.key)).toEqual(['socios', 'acompanhamentos', 'processos']);
    expect((await call(atd, dashboardContracts.card, { params: { card: 'saldo-aberto' } })).status).toBe(403);
    expect((await call(atd, dashboardContracts.card, { params: { card: 'devolucoes' } })).status).toBe(403);
    expect((await call(fin, dashboardContracts.card, { params: { card: 'socios' } })).status).toBe(403);
  });

  it('answers 401 signed out, 400 for an unknown card or period', async () => {
    expect((await call(ctx.app, dashboardContracts.cards)).status).toBe(401);
    expect((await call(ctx.app, dashboardContracts.card, { params: { card: 'socios' } })).status).toBe(401);
    const unknown = await call(admin, dashboardContracts.card, { params: { card: 'nada' as never } });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ message: 'Cartão do painel inexistente' });
    const period = await call(admin, dashboardContracts.card, { params: { card: 'cch' }, query: { period: 5 as never } });
    expect(period.status).toBe(400);
    expect(period.body).toEqual({ message: 'Período inválido' });
  });
});

describe('the cache', () => {
  it('serves a second call within the minute from memory, and recomputes after an event', async () => {
    const cards = ctx.app.services.dashboardCards;
    const first = await card(admin, 'devolucoes');
    const computed = cards.computations('devolucoes');
    await ctx.db.execute(sql`update refunds set dev_status = 2 where dev_status = 1 and dev_valor = 2550`);
    const again = await card(admin, 'devolucoes');
    expect(cards.computations('devolucoes')).toBe(computed);
    expect(again).toEqual(first);
    ctx.app.events.emit('painel', { role: 'v2devapr' }, { cards: ['devolucoes'] });
    const fresh = await card(admin, 'devolucoes');
    expect(cards.computations('devolucoes')).toBe(computed + 1);
    expect(fresh.total?.value).toBe(1);
  });

  it('a refund deleted through its route drops the refunds card at once (the painel change feed)', async () => {
    const cards = ctx.app.services.dashboardCards;
    const before = await card(admin, 'devolucoes');
    const [refund] = (
      await ctx.db.execute<{ id: number; version: number }>(
        sql`select dev_id as id, version from refunds where dev_status = 1 order by dev_id limit 1`,
      )
    ).rows;
    const { client: superadmin } = await signedInAs(ctx, [...everyCardRole, 'superadmin']);
    const removed = await call(superadmin, refundContracts.remove, { params: { devId: refund!.id }, query: { version: refund!.version } });
    expect(removed.status).toBe(204);
    const computed = cards.computations('devolucoes');
    const after = await card(admin, 'devolucoes');
    expect(cards.computations('devolucoes')).toBe(computed + 1);
    expect(after.total!.value).toBe(before.total!.value - 1);
  });

  it("a finished closing job drops the closing's and the open balance's numbers", async () => {
    const cards = ctx.app.services.dashboardCards;
    await card(admin, 'fechamento');
    const before = cards.computations('fechamento');
    await card(admin, 'fechamento');
    expect(cards.computations('fechamento')).toBe(before);
    ctx.app.events.emit('jobprogress', adminId, { jobName: 'fechamento', jobStatus: 30 } as never);
    await card(admin, 'fechamento');
    expect(cards.computations('fechamento')).toBe(before + 1);
  });

  it('keys by the card, the roles that matter and the period; expires after its time', async () => {
    let clock = 0;
    const cards = createDashboardCards({ db: ctx.db, ttlMs: 60_000 });
    const caller = { userId: adminId, roles: [...everyCardRole] };
    const realNow = Date.now;
    try {
      Date.now = () => realNow() + clock;
      await cards.card('cch', caller, 6);
      await cards.card('cch', caller, 6);
      expect(cards.computations('cch')).toBe(1);
      await cards.card('cch', caller, 12);
      expect(cards.computations('cch')).toBe(2);
      await cards.card('cch', { userId: adminId + 1, roles: ['v2access', 'v2menucch'] }, 6);
      expect(cards.computations('cch')).toBe(2);
      clock = 61_000;
      await cards.card('cch', caller, 6);
      expect(cards.computations('cch')).toBe(3);
    } finally {
      Date.now = realNow;
    }
  });
});

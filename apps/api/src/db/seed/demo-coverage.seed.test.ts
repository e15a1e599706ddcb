import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpfFromBase, debitPlaceIds, filterQuerySchema, isoDateInAppZone, memberSchema, NO_BILLING, BOLETO, type FilterQuery } from '@assoc/domain';
import { allRoles, dashboardCards } from '@assoc/domain';
import { membersMatching } from '../../modules/filter/filter.compiler.js';
import { createTestApp, type TestContext } from '../../../test/helper.js';
import { pdfText } from '../../modules/documents/pdf-text.testing.js';
import { seedDemoData } from './seed.js';
import { DEMO_PHONE_ONE, DEMO_PHONE_SHARED } from './postings.seed.js';
import { createLifeInsuranceRepository } from '../../modules/life-insurance/life-insurance.repository.js';
import { createHealthDeclarationRepository } from '../../modules/health-declaration/health-declaration.repository.js';
import { seedRemittances } from './remittances.seed.js';
import { createLocalStore } from '../../modules/files/files.store.js';

/**
 * Issue 22 items 25 and 1 over the whole demo seed at a small scale (the guarantees hold at any scale): every debit
 * place has holders; some holders have phone lines with three months of calls; dependents have health plans and the
 * health declaration lists them; some boletos are open; payments are ledger entries of the place's kind; only health
 * IR groups reach the informe; and what each holder owes is the statement's balance.
 */
const SCALE = Number(process.env.DEMO_COVERAGE_SCALE ?? 20);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoData(ctx.db, { scale: SCALE });
}, 600_000);
afterAll(async () => {
  await ctx?.close();
});

const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => (await ctx.db.execute<T>(query)).rows;

describe(`demo data at scale ${SCALE} shows what the screens can do`, () => {
  it('has living, active holders on every debit place', async () => {
    const places = await rows<{ bnk_id: number; n: number }>(sql`
      select bnk_id, count(*)::int as n from customers
       where parent_id is null and cust_deceased is null and cust_assoc_situacao <> 5 and cust_financeiro_status = 'A'
       group by bnk_id`);
    const byPlace = new Map(places.map((p) => [p.bnk_id, p.n]));
    for (const bnkId of debitPlaceIds) expect(byPlace.get(bnkId) ?? 0, `local ${bnkId}`).toBeGreaterThan(0);
  });

  it('has holders with phone lines and call records in each of the last three months (the mobile statement)', async () => {
    const lines = await rows<{ cst_id: number; months: number }>(sql`
      select m.cst_id, count(distinct (m.mc_ano, m.mc_mes))::int as months from mobile_calls m group by m.cst_id having count(distinct (m.mc_ano, m.mc_mes)) = 3`);
    expect(lines.length).toBeGreaterThan(0);
    const reply = await ctx.app.services.mobileCalls.statement(lines[0]!.cst_id, 0, 0);
    expect(reply.periodos).toHaveLength(3);
    expect(reply.total).toBeGreaterThan(0);
  });

  it('has dependents in health plans, billed in the ledger, listed by the health declaration', async () => {
    const dependents = await rows<{ holder: number; name: string; fec_id: number }>(sql`
      select d.parent_id as holder, d.cust_name as name, max(e.fec_id) as fec_id
        from customers d
        join customer_services cs on cs.cst_id = d.cst_id
        join services s on s.svc_id = cs.svc_id
        join extrato_groups g on g.extgrp_id = s.irgrp_id and g.extgrp_saude
        join statement_entries e on e.resp_id = d.cst_id and e.svc_id = s.svc_id
        join closing_periods p on p.fec_id = e.fec_id and p.locked_at is not null
       where d.parent_id is not null and s.suc_id in (21, 22)
       group by d.parent_id, d.cust_name, d.cst_id
       order by d.cst_id limit 1`);
    expect(dependents.length).toBe(1);
    const { holder, name, fec_id } = dependents[0]!;
    const text = (await pdfText(await ctx.app.services.healthDeclaration.pdf(holder, fec_id))).join(' ');
    expect(text).toContain(name);
  });

  it('gives the portal demo member what the portal shows: closed statements, an I.R. year, an open boleto and a paid charge, a health declaration (issue 28)', async () => {
    const [portal] = await rows<{ cst_id: number }>(sql`
      select u.cst_id from users u join profiles p on p.perm_id = u.perm_id where u.cpf = '27182818205'`);
    expect(portal?.cst_id).toBeGreaterThan(0);
    const cstId = portal!.cst_id;
    const periods = await ctx.app.db.transaction((tx) => ctx.app.services.ledger.periodsOf(tx, cstId));
    const closed = periods.filter((p) => p.value > 0);
    expect(closed.length).toBeGreaterThan(0);
    expect((await ctx.app.services.incomeTax.years(cstId)).length).toBeGreaterThan(0);
    const charges = await rows<{ bnk_id: number; cob_retorno: string | null; cdr_cod_ret: number | null }>(
      sql`select bnk_id, cob_retorno, cdr_cod_ret from charges where cst_id = ${cstId}`,
    );
    expect(charges.some((c) => c.bnk_id === BOLETO && c.cob_retorno === null)).toBe(true);
    expect(charges.some((c) => c.cob_retorno !== null && (c.cdr_cod_ret ?? 0) === 0)).toBe(true);
    // A closed period whose health declaration prints (plans 21/22).
    let declared = false;
    for (const p of closed) {
      try {
        await ctx.app.services.healthDeclaration.pdf(cstId, p.value);
        declared = true;
        break;
      } catch {
        // Not enrolled in a health plan in that period.
      }
    }
    expect(declared).toBe(true);
  });

  it('has open boletos, and payments written as ledger credits of the debit place’s kind', async () => {
    const open = await rows<{ n: number }>(sql`select count(*)::int as n from charges where bnk_id = ${BOLETO} and cob_retorno is null`);
    expect(open[0]!.n).toBeGreaterThan(0);
    const kinds = await rows<{ place: number; descricao: string }>(sql`
      select distinct case when c.bnk_id in (${BOLETO}, ${NO_BILLING}) then c.bnk_id else 0 end as place, e.ext_descricao as descricao
        from statement_entries e join customers c on c.cst_id = e.cst_id where e.ext_tipo = 'pagamento'`);
    const of = (place: number) => kinds.filter((k) => k.place === place).map((k) => k.descricao);
    expect(of(BOLETO)).toEqual(['Pagamento recebido — boleto']);
    expect(of(NO_BILLING)).toEqual(['Pagamento em mãos — secretaria']);
    expect(of(0)).toEqual(['Pagamento recebido — débito em conta']);
  });

  it('gives IR groups only to health and dental plans and the CCH: life insurance and the Fundo de Pecúlio stay out of the informe', async () => {
    const outside = await rows<{ svc_name: string }>(sql`
      select s.svc_name from services s join extrato_groups g on g.extgrp_id = s.irgrp_id join products p on p.suc_id = s.suc_id
       where not g.extgrp_saude or not p.suc_health`);
    // The CCH's enrolment service is no health plan, but its payments reimburse health expenses (issue 26 item 4).
    expect(outside).toEqual([{ svc_name: 'Inscrição no CCH' }]);
    const health = await rows<{ name: string }>(sql`select extgrp_name as name from extrato_groups where extgrp_saude order by extgrp_sort`);
    expect(health.map((g) => g.name)).toEqual(['Planos de saúde', 'Planos odontológicos', 'Benefício CCH']);
  });

  it('what each holder owes is the statement’s balance, on every debit place (issue 22 item 1)', async () => {
    const holders = await rows<{ cst_id: number; bnk_id: number | null }>(sql`select cst_id, bnk_id from customers where parent_id is null`);
    const open = (await ctx.app.services.ledger.openPeriod(ctx.db)).fecId;
    const mismatches: string[] = [];
    for (const h of holders) {
      const [{ divida }, statement] = await Promise.all([ctx.app.services.charges.debt(h.cst_id), ctx.app.services.ledger.statement(h.cst_id, open)]);
      if (divida !== Math.max(0, statement.saldoFinal)) mismatches.push(`${h.cst_id} (local ${h.bnk_id}): ${divida} ≠ ${statement.saldoFinal}`);
    }
    expect(mismatches).toEqual([]);
  });

  it('has a service per posting mode, a posting in 3 instalments on some statements and the demo phones (issue 24)', async () => {
    const plugins = await rows<{ plugin: string; n: number }>(sql`
      select coalesce(svc_lanc_plugin, 'padrao') as plugin, count(*)::int as n from services where deleted_at is null group by 1`);
    expect(new Set(plugins.map((p) => p.plugin))).toEqual(new Set(['padrao', 'lanccelular', 'lancbar']));
    const open = await rows<{ n: number }>(sql`
      select count(*)::int as n from statement_entries e join closing_periods p on p.fec_id = e.fec_id
       where p.locked_at is null and e.ext_tipo = 'lancamento' and e.ext_descricao like '% — Parcela 1/3'`);
    expect(open[0]!.n).toBe(4);
    const later = await rows<{ parcela: number; n: number }>(sql`
      select parcela, count(*)::int as n from posting_instalments group by parcela order by parcela`);
    expect(later).toEqual([
      { parcela: 2, n: 4 },
      { parcela: 3, n: 4 },
    ]);
    const phones = await rows<{ phone: string; n: number }>(sql`
      select cust_celular_ddd || cust_celular as phone, count(*)::int as n from customers
       where cust_celular_ddd || cust_celular in (${DEMO_PHONE_ONE}, ${DEMO_PHONE_SHARED}) group by 1 order by 1`);
    expect(phones).toEqual([
      { phone: DEMO_PHONE_ONE, n: 1 },
      { phone: DEMO_PHONE_SHARED, n: 2 },
    ]);
  });

  it('has CCH requests in every status, paid ones credited once in the ledger, cancelled ones reversed, balances within the amounts (issue 26)', async () => {
    const statuses = await rows<{ status: number; n: number }>(
      sql`select cch_status as status, count(*)::int as n from cch_requests group by 1 order by 1`,
    );
    expect(statuses.map((s) => s.status)).toEqual([1, 2, 3, 4, 5, 6]);
    const unlinked = await rows<{ n: number }>(sql`
      select count(*)::int as n from cch_requests r
       where r.cch_status in (5, 6) and (r.ext_id is null or not exists (
         select 1 from statement_entries e where e.ext_id = r.ext_id and e.ext_valor = -r.cch_valor_pago and e.ext_key = 'cch:' || r.cch_id))`);
    expect(unlinked[0]!.n).toBe(0);
    const unreversed = await rows<{ n: number }>(sql`
      select count(*)::int as n from cch_requests r where r.cch_status = 6 and (r.ext_estorno_id is null or r.ext_estorno_id = r.ext_id)`);
    expect(unreversed[0]!.n).toBe(0);
    const person = await rows<{ cst_id: number }>(sql`select cst_id from cch_requests group by cst_id order by count(*) desc, cst_id limit 1`);
    const balance = await ctx.app.services.cch.balance(person[0]!.cst_id, {});
    expect(balance.cslValue1).toBeGreaterThan(0);
    const letters = await rows<{ cch_id: number }>(sql`select cch_id from cch_requests where cch_status = 5 order by cch_id limit 1`);
    const letter = await ctx.app.services.cch.letter(letters[0]!.cch_id, 'deferido');
    expect((await pdfText(letter.pdf)).join(' ')).toContain('DEFERIDA');
    // A paid request in a locked month is on its holder's informe, reimbursed under 'Benefício CCH'.
    const paid = await rows<{ holder: number; ano: number }>(sql`
      select e.cst_id as holder, p.fec_ano as ano from cch_requests r
        join statement_entries e on e.ext_id = r.ext_id
        join closing_periods p on p.fec_id = e.fec_id and p.locked_at is not null
       where r.cch_status = 5 order by r.cch_id limit 1`);
    const informe = await ctx.app.services.incomeTax.statement(paid[0]!.holder, paid[0]!.ano);
    expect(informe.grupos.find((g) => g.nome === 'Benefício CCH')?.reembolsado).toBeGreaterThan(0);
    const tuss = await rows<{ n: number }>(sql`select count(*)::int as n from tuss_codes where deleted_at is null`);
    expect(tuss[0]!.n).toBeGreaterThan(0);
  });

  it('has reimbursement claims with procedures in every return status, each paid one credited once on a health plan (issue 27)', async () => {
    const statuses = await rows<{ status: number | null; n: number }>(
      sql`select proc_retorno_status as status, count(*)::int as n from reimbursement_procedures group by 1 order by 1 nulls first`,
    );
    expect(statuses.map((s) => s.status)).toEqual([null, 1, 2, 3]);
    const unlinked = await rows<{ n: number }>(sql`
      select count(*)::int as n from reimbursement_procedures p
       where p.proc_retorno_status = 1 and (p.ext_id is null or not exists (
         select 1 from statement_entries e join services s on s.svc_id = e.svc_id join extrato_groups g on g.extgrp_id = s.irgrp_id and g.extgrp_saude
          where e.ext_id = p.ext_id and e.ext_valor = -p.proc_retorno_valor and e.ext_key = 'ressarcimento:' || p.proc_id and e.ext_tipo = 'credito'))`);
    expect(unlinked[0]!.n).toBe(0);
    // The member's tab reads them, each claim with its procedures, and they pass the member's own rules.
    const holder = await rows<{ cst_id: number }>(sql`select cst_id from reimbursements order by res_id limit 1`);
    const loaded = await ctx.app.services.members.get(holder[0]!.cst_id, ['v2tabressarcimento']);
    expect(loaded.ressarcimentos?.[0]?.procedimentos.length).toBeGreaterThan(0);
    expect(memberSchema.safeParse(loaded).success).toBe(true);
  });

  it('has refunds in every status and both credit types, the FINALIZADO type-1 ones credited once in the ledger (issue 27)', async () => {
    const kinds = await rows<{ status: number; tipo: number }>(
      sql`select dev_status as status, dev_tipo as tipo from refunds group by 1, 2 order by 1, 2`,
    );
    expect(kinds.map((k) => `${k.status}/${k.tipo}`)).toEqual(['1/1', '1/2', '2/1', '2/2', '3/1', '3/2', '4/1', '4/2']);
    const wrong = await rows<{ n: number }>(sql`
      select count(*)::int as n from refunds r
       where (r.dev_status = 3 and r.dev_tipo = 1) <> exists (
         select 1 from statement_entries e
          where e.ext_id = r.ext_id and e.ext_valor = -r.dev_valor and e.svc_id = r.svc_id and e.ext_key = 'devolucao:' || r.dev_id)`);
    expect(wrong[0]!.n).toBe(0);
    const keys = await rows<{ n: number }>(sql`
      select count(*)::int as n from statement_entries where ext_key like 'devolucao:%' group by ext_key having count(*) > 1`);
    expect(keys).toEqual([]);
    // The Atendimento demo user registers (v2dev without v2devapr: the reduced list); Financeiro approves.
    const page = await ctx.app.services.refunds.list(1, { page: 1, pageSize: 50 }, ['v2dev']);
    expect(page.total).toBeGreaterThan(0);
    await expect(ctx.app.services.refunds.list(2, { page: 1, pageSize: 50 }, ['v2dev'])).rejects.toThrow();
    expect((await ctx.app.services.refunds.toPay({})).length).toBeGreaterThan(0);
    const requester = await rows<{ n: number }>(sql`
      select count(*)::int as n from users u join profile_roles r on r.perm_id = u.perm_id
       where u.cpf = '22255588846' and r.role = 'v2dev'
         and not exists (select 1 from profile_roles x where x.perm_id = u.perm_id and x.role = 'v2devapr')`);
    expect(requester[0]!.n).toBe(1);
  });
  it('shows every panel of the portal Cadastro and Dependentes for the portal demo member (issue 28)', async () => {
    const [portal] = await rows<{ cst_id: number }>(sql`
      select u.cst_id from users u join profile_roles r on r.perm_id = u.perm_id where r.role = 'v2portal' and u.cst_id is not null limit 1`);
    const form = await ctx.app.services.portal.get(portal!.cst_id);
    expect(form.custEmail).toBeTruthy();
    expect(form.custCelular).toBeTruthy();
    expect(form.custConcurso).toBeTruthy();
    expect(form.enderecoResidencial.adZipcode).toHaveLength(8);
    expect(form.enderecoComercial.adZipcode).toHaveLength(8);
    expect(form.enderecoForum?.adZipcode).toHaveLength(8);
    expect(form.custContatoNome).toBeTruthy();
    expect(form.custContatoFone).toBeTruthy();
    expect(form.bankAccount?.bankName).toBeTruthy();
    expect(form.dependentes.length).toBeGreaterThanOrEqual(2);
  });

  it('has SMS and WhatsApp in the outbox in every state, with the provider’s answers (issue 29 item 3)', async () => {
    const kinds = await rows<{ channel: string; status: string; outcome: string | null }>(sql`
      select channel, status, provider_answer->>'outcome' as outcome from outbox where channel <> 'email'
       group by 1, 2, 3 order by 1, 2, 3 nulls first`);
    expect(kinds.map((k) => `${k.channel}/${k.status}/${k.outcome ?? '-'}`)).toEqual([
      'sms/failed/rejected',
      'sms/pending/-',
      'sms/sent/accepted',
      'whatsapp/failed/rejected',
      'whatsapp/pending/-',
      'whatsapp/pending/rate-limited',
      'whatsapp/sent/accepted',
    ]);
    const bad = await rows<{ n: number }>(sql`
      select count(*)::int as n from outbox
       where channel <> 'email' and ("to" !~ '^[+]55[0-9]{2}9[0-9]{8}$' or (channel = 'whatsapp') <> (template is not null)
          or (status = 'sent') <> (provider_message_id is not null))`);
    expect(bad[0]!.n).toBe(0);
  });

  it('has terminal queries of every outcome in the demo superadmin history (issue 29 item 4)', async () => {
    const outcomes = await rows<{ outcome: string; n: number }>(sql`
      select q.outcome, count(*)::int as n from terminal_queries q join users u on u.user_id = q.user_id
       where u.cpf = '11144477735' group by 1 order by 1`);
    expect(outcomes.map((o) => o.outcome)).toEqual(['error', 'ok', 'refused']);
  });

  it("gives every menu job of issue 30 something to do: both insurers' insured, plans 21 and 22 in the last closed period, calls to e-mail, an age-range change next month", async () => {
    const life = createLifeInsuranceRepository();
    const insurers = await life.insurers(ctx.db);
    expect(insurers).toHaveLength(2);
    for (const insurer of insurers) expect((await life.insured(ctx.db, insurer.supId, isoDateInAppZone())).length, insurer.name).toBeGreaterThan(0);
    const health = createHealthDeclarationRepository();
    const period = (await health.latestLockedPeriod(ctx.db))!;
    for (const plan of [21, 22]) {
      const holders = await health.planHoldersAfter(ctx.db, plan, period.fecAno, period.fecMes, 0, 10_000);
      expect(holders.filter((h) => h.email).length, `plano ${plan}`).toBeGreaterThan(0);
    }
    const mobile = await rows<{ n: number }>(sql`
      select count(*)::int as n from customers c where nullif(trim(c.cust_email), '') is not null
         and exists (select 1 from mobile_calls m where m.cst_id = c.cst_id
                       and (m.mc_ano, m.mc_mes) = (select mc_ano, mc_mes from mobile_calls order by 1 desc, 2 desc limit 1))`);
    expect(mobile[0]!.n).toBeGreaterThan(0);
    const bands = await ctx.app.services.ageBands.list({ page: 1, pageSize: 10 });
    expect(bands.total).toBeGreaterThan(0);
    expect(bands.items[0]!.novoValor).not.toBeNull();
  });
  it("has the superadmin's saved filters, one shared with Atendimento, each finding people (issue 29 item 1)", async () => {
    const saved = await rows<{ name: string; query: FilterQuery; shares: number }>(sql`
      select f.name, f.query, (select count(*)::int from saved_filter_shares s where s.filter_id = f.id) as shares
        from saved_filters f join users u on u.user_id = f.owner_id where u.cpf = ${cpfFromBase('111444777')} order by f.id`);
    expect(saved).toHaveLength(2);
    expect(saved.map((f) => f.shares)).toEqual([0, 1]);
    for (const f of saved) {
      const found = await rows<{ n: number }>(
        sql`select count(*)::int as n from (${membersMatching(filterQuerySchema.parse(f.query), { today: isoDateInAppZone() })}) m`,
      );
      expect(found[0]!.n, f.name).toBeGreaterThan(0);
    }
  });

  it('shows something on every dashboard card, the superadmin seeing them all (issue 30)', async () => {
    // The demo's remittances need the file store (npm start passes it): here, a temporary one.
    await seedRemittances(ctx.db, createLocalStore(fs.mkdtempSync(path.join(os.tmpdir(), 'demo-remessas-'))), ctx.config);
    const [admin] = await rows<{ user_id: number }>(sql`select user_id from users where cpf = '11144477735'`);
    const caller = { userId: admin!.user_id, roles: allRoles.filter((r) => r !== 'v2portal') };
    for (const card of dashboardCards) {
      const data = await ctx.app.services.dashboardCards.card(card.key, caller);
      const numbers = [data.total?.value ?? 0, ...data.parts.flatMap((p) => p.rows.flatMap((r) => r.values))];
      expect(
        numbers.some((n) => n > 0),
        card.key,
      ).toBe(true);
      for (const part of data.parts) expect(part.rows.length, `${card.key}: ${part.title}`).toBeGreaterThan(0);
    }
    // The time-axis cards have something in their months too, and the return card has answered lines.
    const months = async (key: 'socios' | 'cch' | 'fechamento') => (await ctx.app.services.dashboardCards.card(key, caller, 12)).parts.at(-1)!;
    expect((await months('cch')).rows.some((r) => r.values.some((v) => v > 0))).toBe(true);
    expect((await months('fechamento')).rows.length).toBeGreaterThan(1);
    const remittance = await ctx.app.services.dashboardCards.card('retorno', caller);
    expect(remittance.parts[0]!.rows.some((r) => r.label !== 'Sem retorno')).toBe(true);
  });

  it('has a sent campaign whose recipients show every outcome, and holders who refuse campaigns (issue 29 item 2)', async () => {
    const campaigns = await ctx.app.services.marketing.list();
    expect(campaigns).toHaveLength(1);
    expect(campaigns[0]).toMatchObject({ status: 'concluida', channel: 'preferido', counts: { sent: 3, failed: 1, pending: 2 } });
    const detail = await ctx.app.services.marketing.get(campaigns[0]!.id, 1, 50);
    const outcomes = new Set(detail.recipients.items.map((r) => (r.outcome === 'enviado' ? r.delivery : r.outcome)));
    for (const o of ['sent', 'failed', 'pending', 'recusa', 'correio', 'sem_celular', 'sem_email']) expect(outcomes, o).toContain(o);
    expect(new Set(detail.recipients.items.map((r) => r.channel))).toEqual(new Set(['email', 'sms', 'whatsapp', null]));
    const optOut = await rows<{ n: number }>(sql`select count(*)::int as n from customers where cust_recusa_campanhas`);
    expect(optOut[0]!.n).toBeGreaterThan(0);
  });
});

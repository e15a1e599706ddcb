import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthDeclarationMessages as hm, healthDeclarationContracts } from '@assoc/domain';
import { extratoGroups, outbox, products, reportTemplates, services, suppliers } from '../../db/schema/index.js';
import {
  call,
  createFamily,
  createMember,
  createStatementEntries,
  createTestApp,
  signedInAs,
  type Client,
  type TestContext,
} from '../../../test/helper.js';
import { pdfText } from '../documents/pdf-text.testing.js';
import { NO_HEALTH_PAYMENTS, declaracaoSaude } from '../documents/definitions/declaracao-saude.js';

let ctx: TestContext;
let staff: Client;
let fecId: number;
const PLAN_SVC = 9421;
const OTHER_SVC = 9499;
/** A plan-21 service whose IR group is not a health-plan group: neither the informe nor the declaration lists it. */
const NOT_HEALTH_SVC = 9422;

beforeAll(async () => {
  ctx = await createTestApp();
  const [sup] = await ctx.db.insert(suppliers).values({ supName: 'Operadora' }).returning();
  await ctx.db.insert(products).values([
    { sucId: 21, supId: sup!.supId, sucName: 'Plano Enfermaria', sucHealth: true },
    { sucId: 9499, supId: sup!.supId, sucName: 'Outro produto' },
  ]);
  // The informe's rule (issue 22 item 2): only services of a health-plan IR group count.
  const [health] = await ctx.db.insert(extratoGroups).values({ extgrpName: 'Planos de saúde', extgrpSaude: true }).returning();
  const [other] = await ctx.db.insert(extratoGroups).values({ extgrpName: 'Seguros de vida' }).returning();
  await ctx.db.insert(services).values([
    { svcId: PLAN_SVC, sucId: 21, svcName: 'Plano Enfermaria titular', svcValor: 50000, irgrpId: health!.extgrpID },
    { svcId: OTHER_SVC, sucId: 9499, svcName: 'Outro serviço', svcValor: 1000 },
    { svcId: NOT_HEALTH_SVC, sucId: 21, svcName: 'Seguro prestamista', svcValor: 700, irgrpId: other!.extgrpID },
  ]);
  fecId = (await ctx.app.services.ledger.openPeriod(ctx.db)).fecId;
  ({ client: staff } = await signedInAs(ctx, ['v2access', 'v2extratoprint', 'v2extratoemail']));
});
afterAll(() => ctx?.close());

async function family() {
  const {
    holder,
    dependents: [spouse, child],
  } = await createFamily(ctx, {
    holder: {
      custName: 'Titular Saúde',
      custCpf: '11144477735',
      custBirthdate: '1960-05-01',
      custEmail: 'titular@example.com',
      services: [{ svcId: PLAN_SVC, valor: 50000 }],
    },
    dependents: [
      { custName: 'Cônjuge Saúde', custBirthdate: '1962-03-04', custParentesco: 1, services: [{ svcId: PLAN_SVC, valor: 40000 }] },
      {
        custName: 'Filho Sem Plano',
        custBirthdate: '1990-01-01',
        custParentesco: 2,
        services: [
          { svcId: OTHER_SVC, valor: 1000 },
          // Ended before the period: not in the declaration.
          { svcId: PLAN_SVC, valor: 40000, cslInicio: '2001-01-01', cslFim: '2001-12-31' },
        ],
      },
    ],
  });
  return { holder, spouse: spouse!, child: child! };
}

describe('GET user/decsaude/{cstId}/{period}', () => {
  it('answers 401 signed out and 404 without v2extratoprint (not their member: issue 28)', async () => {
    const { holder } = await family();
    expect((await call(ctx.app, healthDeclarationContracts.pdf, { params: { cstId: holder.cstId, period: fecId } })).status).toBe(401);
    const { client } = await signedInAs(ctx, ['v2access', 'v2extratoemail']);
    expect((await call(client, healthDeclarationContracts.pdf, { params: { cstId: holder.cstId, period: fecId } })).status).toBe(404);
  });

  it("renders the plan 21 declaration with the holder and the dependents enrolled in the period (the open period's negative value too)", async () => {
    const { holder } = await family();
    for (const period of [fecId, -fecId]) {
      const res = await call(staff, healthDeclarationContracts.pdf, { params: { cstId: holder.cstId, period } });
      expect(res.status, res.res.body).toBe(200);
      expect(res.res.headers['content-type']).toContain('application/pdf');
      const text = (await pdfText(new Uint8Array(res.body))).join(' ');
      expect(text).toContain('DECLARAÇÃO DE SAÚDE');
      expect(text).toContain('Plano 21');
      expect(text).toContain('Plano Enfermaria');
      expect(text).toContain('Titular Saúde');
      expect(text).toContain('Cônjuge Saúde');
      expect(text).not.toContain('Filho Sem Plano');
    }
  });

  it('answers 404 with a message without a plan, for an unknown period or member; 400 for a dependent or a bad period', async () => {
    const lonely = await createMember(ctx, { custName: 'Sem Plano', custCpf: '52998224725', custBirthdate: '1970-01-01' });
    const none = await call(staff, healthDeclarationContracts.pdf, { params: { cstId: lonely.cstId, period: fecId } });
    expect(none.status).toBe(404);
    expect(none.error.message).toBe(hm.noPlan);
    const { holder, spouse } = await family();
    const period = await call(staff, healthDeclarationContracts.pdf, { params: { cstId: holder.cstId, period: 999999 } });
    expect([period.status, period.error.message]).toEqual([404, hm.periodNotFound]);
    const member = await call(staff, healthDeclarationContracts.pdf, { params: { cstId: 999999999, period: fecId } });
    expect([member.status, member.error.message]).toEqual([404, hm.memberNotFound]);
    const dependent = await call(staff, healthDeclarationContracts.pdf, { params: { cstId: spouse.cstId, period: fecId } });
    expect([dependent.status, dependent.error.message]).toEqual([400, hm.notHolder]);
    const bad = await call(staff, healthDeclarationContracts.pdf, { params: { cstId: holder.cstId, period: 'abc' } });
    expect(bad.status).toBe(400);
    expect(bad.error.message).toContain(hm.invalidPeriod);
  });
});

/**
 * The family's ledger of the period: the holder's fee R$ 500,00, an extra R$ 50,00 reversed, a refund (credit on the
 * plan) R$ 150,00; the spouse's fee R$ 400,00 and a co-payment R$ 12,34; the child's other service and the holder's
 * payment (no service) and the plan's service outside the health IR groups (R$ 7,00) do not count. Paid R$ 500,00 + R$ 412,34 = R$ 912,34; reimbursed R$ 150,00.
 */
async function ledgerOf({ holder, spouse, child }: Awaited<ReturnType<typeof family>>) {
  const entry = (respId: number, svcId: number | null, extValor: number, extTipo = 'fechamento', extDescricao = 'Plano Enfermaria') => ({
    cstId: holder.cstId,
    fecId,
    respId,
    svcId,
    extValor,
    extTipo,
    extDescricao,
  });
  await createStatementEntries(ctx, [
    entry(holder.cstId, PLAN_SVC, 50000),
    entry(spouse.cstId, PLAN_SVC, 40000),
    entry(spouse.cstId, PLAN_SVC, 1234, 'lancamento', 'Coparticipação consulta'),
    entry(holder.cstId, PLAN_SVC, -15000, 'credito', 'Reembolso de consulta'),
    entry(child.cstId, OTHER_SVC, 1000),
    // A plan-21 service outside the health IR groups: the informe leaves it out, so does the declaration.
    entry(holder.cstId, NOT_HEALTH_SVC, 700, 'fechamento', 'Seguro prestamista'),
    entry(holder.cstId, null, -90000, 'pagamento', 'Pagamento recebido'),
  ]);
  const [extra] = await createStatementEntries(ctx, [entry(holder.cstId, PLAN_SVC, 5000, 'lancamento', 'Taxa extra')]);
  await createStatementEntries(ctx, [{ ...entry(holder.cstId, PLAN_SVC, -5000, 'estorno', 'Estorno: Taxa extra'), extEstornoParent: extra!.extId }]);
}

const declarationText = async (cstId: number, period: number) => {
  const res = await call(staff, healthDeclarationContracts.pdf, { params: { cstId, period } });
  expect(res.status, res.res.body).toBe(200);
  return (await pdfText(new Uint8Array(res.body))).join(' ');
};

describe('the declaration lists the period’s health-plan payments', () => {
  it('per beneficiary (name, CPF, relationship, paid, reimbursed), with the entity’s name and CNPJ and the totals', async () => {
    const people = await family();
    await ledgerOf(people);
    const text = await declarationText(people.holder.cstId, fecId);
    const period = await ctx.db.execute<{ label: string }>(
      sql`select lpad(fec_mes::text, 2, '0') || '/' || fec_ano as label from closing_periods where fec_id = ${fecId}`,
    );
    expect(text).toContain(`Pagamentos ao plano de saúde no período ${period.rows[0]!.label}`);
    expect(text).toContain(`Entidade: ${ctx.app.config.ASSOCIATION_NAME} — CNPJ 11.222.333/0001-81`);
    const table = text.slice(text.indexOf('Pagamentos ao plano de saúde'));
    expect(table).toMatch(/Titular Saúde\s+111\.444\.777-35\s+Titular\s+R\$ 500,00\s+R\$ 150,00/);
    expect(table).toMatch(/Cônjuge Saúde\s+[\d.-]+\s+Cônjuge\s+R\$ 412,34\s+R\$ 0,00/);
    expect(table).not.toContain('Filho Sem Plano');
    expect(table).toContain('Total pago: R$ 912,34 — Total reembolsado: R$ 150,00');
    expect(table).not.toContain(NO_HEALTH_PAYMENTS);
  });

  it('an enrolled member without plan entries in the period: the declaration with "Nenhum pagamento…" and R$ 0,00', async () => {
    const { holder } = await family();
    const text = await declarationText(holder.cstId, fecId);
    expect(text).toContain(NO_HEALTH_PAYMENTS);
    expect(text).toContain('Total pago: R$ 0,00 — Total reembolsado: R$ 0,00');
    expect(text).toContain('Cônjuge Saúde');
  });

  // An edited template renders in a worker thread (issue 22 item 4); the first one loads pdfme through tsx (slow on a busy machine).
  it('a template saved before the payments section (Relatórios) still renders: the new fields are simply unused', { timeout: 120_000 }, async () => {
    const people = await family();
    await ledgerOf(people);
    const [row] = await ctx.db.select().from(reportTemplates).where(eq(reportTemplates.name, 'declaracao-saude'));
    const old = structuredClone(declaracaoSaude.template);
    old.schemas[0] = old.schemas[0]!.filter((schema) => !schema.name.startsWith('pagamentos'));
    await ctx.db.update(reportTemplates).set({ template: old }).where(eq(reportTemplates.name, 'declaracao-saude'));
    try {
      const text = await declarationText(people.holder.cstId, fecId);
      expect(text).toContain('DECLARAÇÃO DE SAÚDE');
      expect(text).toContain('Cônjuge Saúde');
      expect(text).not.toContain('Pagamentos ao plano de saúde');
      expect(text).not.toContain('R$ 412,34');
    } finally {
      await ctx.db.update(reportTemplates).set({ template: row!.template }).where(eq(reportTemplates.name, 'declaracao-saude'));
    }
  });

  // Its speed (p95 of the declarations through the API) is measured by bench/documents.bench.ts (issue 23 §8), not here.
});

describe('GET user/emailsaude/{cstId}/{fecID}', () => {
  it('answers 401 signed out and 404 without v2extratoemail (not their member: issue 28)', async () => {
    const { holder } = await family();
    expect((await call(ctx.app, healthDeclarationContracts.email, { params: { cstId: holder.cstId, fecID: fecId } })).status).toBe(401);
    const { client } = await signedInAs(ctx, ['v2access', 'v2extratoprint']);
    expect((await call(client, healthDeclarationContracts.email, { params: { cstId: holder.cstId, fecID: fecId } })).status).toBe(404);
  });

  it('puts an e-mail with the PDF attached in the outbox and answers the spec message', async () => {
    const { holder } = await family();
    const res = await call(staff, healthDeclarationContracts.email, { params: { cstId: holder.cstId, fecID: fecId } });
    expect(res.status, res.res.body).toBe(200);
    expect(res.body).toEqual({ message: 'Declaração de saúde enviada com sucesso!' });
    const [mail] = await ctx.db.select().from(outbox).where(eq(outbox.cstId, holder.cstId));
    expect(mail).toMatchObject({ to: 'titular@example.com' });
    const links = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from file_links where owner_kind = 'outbox' and owner_id = ${String(mail!.id)}`,
    );
    expect(links.rows[0]!.n).toBe(1);
    // The attachment is the same declaration, with the payments table.
    const file = await ctx.db.execute<{ id: string }>(
      sql`select file_id::text as id from file_links where owner_kind = 'outbox' and owner_id = ${String(mail!.id)}`,
    );
    const stored = await ctx.app.services.files.find(file.rows[0]!.id);
    const chunks: Buffer[] = [];
    for await (const chunk of await ctx.app.services.files.open(stored!)) chunks.push(chunk as Buffer);
    expect((await pdfText(new Uint8Array(Buffer.concat(chunks)))).join(' ')).toContain(NO_HEALTH_PAYMENTS);
  });

  it('refuses a holder without e-mail (400) and writes nothing', async () => {
    const { holder } = await family();
    await ctx.db.execute(sql`update customers set cust_email = null where cst_id = ${holder.cstId}`);
    const res = await call(staff, healthDeclarationContracts.email, { params: { cstId: holder.cstId, fecID: fecId } });
    expect([res.status, res.body.message]).toEqual([400, hm.emailMissing]);
    expect(await ctx.db.select().from(outbox).where(eq(outbox.cstId, holder.cstId))).toHaveLength(0);
  });
});

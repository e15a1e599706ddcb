import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthDeclarationMessages as hm } from '@assoc/domain';
import { customerServices, outbox, products, services, suppliers } from '../../db/schema/index.js';
import { createMember, createTestApp, signedInAs, type Client, type TestContext } from '../../../test/helper.js';
import { pdfText } from '../documents/pdf-text.testing.js';

let ctx: TestContext;
let staff: Client;
let fecId: number;
const PLAN_SVC = 9421;
const OTHER_SVC = 9499;

beforeAll(async () => {
  ctx = await createTestApp();
  const [sup] = await ctx.db.insert(suppliers).values({ supName: 'Operadora' }).returning();
  await ctx.db.insert(products).values([
    { sucId: 21, supId: sup!.supId, sucName: 'Plano Enfermaria', sucHealth: true },
    { sucId: 9499, supId: sup!.supId, sucName: 'Outro produto' },
  ]);
  await ctx.db.insert(services).values([
    { svcId: PLAN_SVC, sucId: 21, svcName: 'Plano Enfermaria titular', svcValor: 50000 },
    { svcId: OTHER_SVC, sucId: 9499, svcName: 'Outro serviço', svcValor: 1000 },
  ]);
  fecId = (await ctx.app.services.ledger.openPeriod(ctx.db)).fecId;
  ({ client: staff } = await signedInAs(ctx, ['v2access', 'v2extratoprint', 'v2extratoemail']));
});
afterAll(() => ctx?.close());

async function family() {
  const holder = await createMember(ctx, {
    custName: 'Titular Saúde',
    custCpf: '11144477735',
    custBirthdate: '1960-05-01',
    custEmail: 'titular@example.com',
  });
  const spouse = await createMember(ctx, { parentId: holder.cstId, custName: 'Cônjuge Saúde', custBirthdate: '1962-03-04', custParentesco: 1 });
  const child = await createMember(ctx, { parentId: holder.cstId, custName: 'Filho Sem Plano', custBirthdate: '1990-01-01', custParentesco: 2 });
  await ctx.db.insert(customerServices).values([
    { cstId: holder.cstId, svcId: PLAN_SVC, valor: 50000 },
    { cstId: spouse.cstId, svcId: PLAN_SVC, valor: 40000 },
    { cstId: child.cstId, svcId: OTHER_SVC, valor: 1000 },
    // Ended before the period: not in the declaration.
    { cstId: child.cstId, svcId: PLAN_SVC, valor: 40000, cslInicio: '2001-01-01', cslFim: '2001-12-31' },
  ]);
  return { holder, spouse, child };
}

describe('GET user/decsaude/{cstId}/{period}', () => {
  it('answers 401 signed out and 403 without v2extratoprint', async () => {
    const { holder } = await family();
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/user/decsaude/${holder.cstId}/${fecId}` })).statusCode).toBe(401);
    const { client } = await signedInAs(ctx, ['v2access', 'v2extratoemail']);
    expect((await client.get(`/api/v1/user/decsaude/${holder.cstId}/${fecId}`)).statusCode).toBe(403);
  });

  it("renders the plan 21 declaration with the holder and the dependents enrolled in the period (the open period's negative value too)", async () => {
    const { holder } = await family();
    for (const period of [fecId, -fecId]) {
      const res = await staff.get(`/api/v1/user/decsaude/${holder.cstId}/${period}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toContain('application/pdf');
      const text = (await pdfText(new Uint8Array(res.rawPayload))).join(' ');
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
    const none = await staff.get(`/api/v1/user/decsaude/${lonely.cstId}/${fecId}`);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(hm.noPlan);
    const { holder, spouse } = await family();
    const period = await staff.get(`/api/v1/user/decsaude/${holder.cstId}/999999`);
    expect([period.statusCode, period.json().message]).toEqual([404, hm.periodNotFound]);
    const member = await staff.get(`/api/v1/user/decsaude/999999999/${fecId}`);
    expect([member.statusCode, member.json().message]).toEqual([404, hm.memberNotFound]);
    const dependent = await staff.get(`/api/v1/user/decsaude/${spouse.cstId}/${fecId}`);
    expect([dependent.statusCode, dependent.json().message]).toEqual([400, hm.notHolder]);
    const bad = await staff.get(`/api/v1/user/decsaude/${holder.cstId}/abc`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(hm.invalidPeriod);
  });
});

describe('GET user/emailsaude/{cstId}/{fecID}', () => {
  it('answers 401 signed out and 403 without v2extratoemail', async () => {
    const { holder } = await family();
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/user/emailsaude/${holder.cstId}/${fecId}` })).statusCode).toBe(401);
    const { client } = await signedInAs(ctx, ['v2access', 'v2extratoprint']);
    expect((await client.get(`/api/v1/user/emailsaude/${holder.cstId}/${fecId}`)).statusCode).toBe(403);
  });

  it('puts an e-mail with the PDF attached in the outbox and answers the spec message', async () => {
    const { holder } = await family();
    const res = await staff.get(`/api/v1/user/emailsaude/${holder.cstId}/${fecId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Declaração de saúde enviada com sucesso!' });
    const [mail] = await ctx.db.select().from(outbox).where(eq(outbox.cstId, holder.cstId));
    expect(mail).toMatchObject({ to: 'titular@example.com' });
    const links = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from file_links where owner_kind = 'outbox' and owner_id = ${String(mail!.id)}`,
    );
    expect(links.rows[0]!.n).toBe(1);
  });

  it('refuses a holder without e-mail (400) and writes nothing', async () => {
    const { holder } = await family();
    await ctx.db.execute(sql`update customers set cust_email = null where cst_id = ${holder.cstId}`);
    const res = await staff.get(`/api/v1/user/emailsaude/${holder.cstId}/${fecId}`);
    expect([res.statusCode, res.json().message]).toEqual([400, hm.emailMissing]);
    expect(await ctx.db.select().from(outbox).where(eq(outbox.cstId, holder.cstId))).toHaveLength(0);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthExportColumns, jobsContracts } from '@assoc/domain';
import { extratoGroups, products, services, suppliers } from '../../db/schema/index.js';
import {
  call,
  createFamily,
  createLedgerPeriod,
  createStatementEntries,
  createTestApp,
  lockLedgerPeriod,
  signedInAs,
  type Client,
  type TestContext,
} from '../../../test/helper.js';
import { jobAttachment, outboxOf, runHandler, runMenuJob, xlsxRows } from '../../../test/menu-jobs.js';
import { pdfText } from '../documents/pdf-text.testing.js';
import { healthEmailJob } from './health-declaration.job.js';
import { createHealthDeclarationRepository } from './health-declaration.repository.js';

// The menu's health-declaration jobs (issue 30 item 1; spec 1 §2 `^21`/`^22`), by hand: three families in plan 21 (one
// without e-mail, whose dependent only is enrolled), one in plan 22; the newest locked period holds their fees.
let ctx: TestContext;
let atd: Client;
let atdUserId: number;
const PLAN21 = 9621;
const PLAN22 = 9622;
let fam: Record<'a' | 'b' | 'c', Awaited<ReturnType<typeof createFamily>>>;

beforeAll(async () => {
  ctx = await createTestApp({}, { features: { jobs: true } });
  const [sup] = await ctx.db.insert(suppliers).values({ supName: 'Operadora' }).returning();
  await ctx.db.insert(products).values([
    { sucId: 21, supId: sup!.supId, sucName: 'Plano Enfermaria', sucHealth: true },
    { sucId: 22, supId: sup!.supId, sucName: 'Plano Apartamento', sucHealth: true },
  ]);
  const [health] = await ctx.db.insert(extratoGroups).values({ extgrpName: 'Planos de saúde', extgrpSaude: true }).returning();
  await ctx.db.insert(services).values([
    { svcId: PLAN21, sucId: 21, svcName: 'Enfermaria titular', svcValor: 50000, irgrpId: health!.extgrpID },
    { svcId: PLAN22, sucId: 22, svcName: 'Apartamento titular', svcValor: 80000, irgrpId: health!.extgrpID },
  ]);
  ({
    client: atd,
    user: { userId: atdUserId },
  } = await signedInAs(ctx, ['v2access', 'v2atd']));
  const a = await createFamily(ctx, {
    holder: {
      custName: 'Ana Plano 21',
      custCpf: '11144477735',
      custBirthdate: '1960-05-01',
      custEmail: 'ana@example.com',
      services: [{ svcId: PLAN21, valor: 50000 }],
    },
    dependents: [{ custName: 'Bia Cônjuge', custBirthdate: '1962-03-04', custParentesco: 1, services: [{ svcId: PLAN21, valor: 40000 }] }],
  });
  const b = await createFamily(ctx, {
    holder: { custName: 'Beto Plano 22', custEmail: 'beto@example.com', services: [{ svcId: PLAN22, valor: 80000 }] },
  });
  const c = await createFamily(ctx, {
    holder: { custName: 'Caio Sem Email', custEmail: null },
    dependents: [{ custName: 'Cida Filha', custBirthdate: '2001-07-08', custParentesco: 2, services: [{ svcId: PLAN21, valor: 30000 }] }],
  });
  fam = { a, b, c };
  const fecId = await createLedgerPeriod(ctx);
  const fee = (cstId: number, respId: number, svcId: number, extValor: number) => ({
    cstId,
    fecId,
    respId,
    svcId,
    extValor,
    extTipo: 'fechamento',
    extDescricao: 'Plano',
  });
  await createStatementEntries(ctx, [
    fee(a.holder.cstId, a.holder.cstId, PLAN21, 50000),
    fee(a.holder.cstId, a.dependents[0]!.cstId, PLAN21, 40000),
    fee(b.holder.cstId, b.holder.cstId, PLAN22, 80000),
    fee(c.holder.cstId, c.dependents[0]!.cstId, PLAN21, 30000),
  ]);
  await lockLedgerPeriod(ctx, fecId);
  await createLedgerPeriod(ctx);
});
afterAll(() => ctx?.close());

const holders = () => [fam.a.holder.cstId, fam.b.holder.cstId, fam.c.holder.cstId];

describe('declaracaosaude-email ^21 / ^22 (issue 30 item 1)', () => {
  it('refuses users without v2atd (403) and no longer answers 501', async () => {
    const { client } = await signedInAs(ctx, ['v2access', 'v2menufinanceiro']);
    expect((await call(client, jobsContracts.sendWithData, { params: { jobCommand: 'declaracaosaude-email', userData: 21 } })).status).toBe(403);
    expect((await call(client, jobsContracts.sendWithData, { params: { jobCommand: 'declaracaosaude-export', userData: 22 } })).status).toBe(403);
  });

  it("e-mails plan 21's declaration to each holder of the plan once; the one without e-mail is listed; plan 22 is its own job", async () => {
    const job = await runMenuJob(ctx, atd, 'declaracaosaude-email', 21);
    expect(job.jobStatus).toBe(30);
    expect(job.jobDescription).toBe('Declaração de saúde por e-mail (plano 21)');
    expect(job.jobResult).toBe('1 e-mail(s) enviado(s)\nCaio Sem Email: sem e-mail cadastrado, não enviado');
    const sent = await outboxOf(ctx, holders());
    expect(sent.map((m) => [m.cstId, m.to])).toEqual([[fam.a.holder.cstId, 'ana@example.com']]);
    expect(sent[0]!.files[0]!.name).toMatch(/^declaracao-saude-plano-21-\d{2}-\d{4}\.pdf$/);
    const text = (await pdfText(new Uint8Array(sent[0]!.files[0]!.data))).join(' ');
    expect(text).toContain('Plano 21');
    expect(text).toContain('Bia Cônjuge');

    const again = await runMenuJob(ctx, atd, 'declaracaosaude-email', 21);
    expect(again.jobResult).toContain('0 e-mail(s) enviado(s); 1 já enviado(s) antes');
    expect(await outboxOf(ctx, holders())).toHaveLength(1);

    const plan22 = await runMenuJob(ctx, atd, 'declaracaosaude-email', 22);
    expect(plan22.jobResult).toBe('1 e-mail(s) enviado(s)');
    expect((await outboxOf(ctx, holders())).map((m) => m.cstId)).toEqual([fam.a.holder.cstId, fam.b.holder.cstId]);
  });

  it('a run killed after its first holder is resumed by the retry: nobody twice', async () => {
    const job = healthEmailJob(ctx.app, createHealthDeclarationRepository());
    await ctx.db.execute(sql`delete from mass_emails where kind = 'declaracaosaude-email:21'`);
    await expect(runHandler(ctx, job, { userId: atdUserId, plan: 21, userData: '21', killAfter: 1 })).rejects.toThrow('Tarefa interrompida');
    const mine = async () => (await outboxOf(ctx, holders())).filter((m) => m.cstId === fam.a.holder.cstId);
    // Ana's e-mail again (the key was cleared above, as for a new period), once; the retry sends nothing more.
    expect(await mine()).toHaveLength(2);
    expect(await runHandler(ctx, job, { userId: atdUserId, plan: 21, userData: '21' })).toMatchObject({
      result: '0 e-mail(s) enviado(s); 1 já enviado(s) antes\nCaio Sem Email: sem e-mail cadastrado, não enviado',
    });
    expect(await mine()).toHaveLength(2);
  });
});

describe('declaracaosaude-export ^21 (issue 30 item 1)', () => {
  it("writes one row per beneficiary of the plan with the period's payments; twice gives the same rows", async () => {
    const job = await runMenuJob(ctx, atd, 'declaracaosaude-export', 21);
    expect(job.jobStatus).toBe(30);
    expect(job.jobAttachments).toMatch(/;declaracao-saude-plano-21-\d{2}-\d{4}\.xlsx$/);
    const { data } = await jobAttachment(atd, job.jobId);
    const rows = await xlsxRows(data);
    expect(rows[0]).toEqual(healthExportColumns.map((c) => c.header));
    expect(rows.slice(1).map((r) => [r[1], r[3], r[5], r[6], r[7], r[8], r[9]])).toEqual([
      ['Ana Plano 21', 'Ana Plano 21', 'Titular', '01/05/1960', 'Plano Enfermaria', 500, 0],
      ['Ana Plano 21', 'Bia Cônjuge', 'Cônjuge', '04/03/1962', 'Plano Enfermaria', 400, 0],
      ['Caio Sem Email', 'Cida Filha', 'Filho(a)', '08/07/2001', 'Plano Enfermaria', 300, 0],
    ]);
    const again = await runMenuJob(ctx, atd, 'declaracaosaude-export', 21);
    expect(await xlsxRows((await jobAttachment(atd, again.jobId)).data)).toEqual(rows);
  });
});

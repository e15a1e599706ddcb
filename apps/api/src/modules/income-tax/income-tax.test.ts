import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCents, incomeTaxMessages as im, incomeTaxContracts, memberContracts } from '@assoc/domain';
import { customers, extratoGroups, outbox, products, services, suppliers } from '../../db/schema/index.js';
import { call, createMember, createTestApp, signedInAs, type Client, type TestContext } from '../../../test/helper.js';
import { pdfText } from '../documents/pdf-text.testing.js';
import { baseYearOf, generateIncomeTax, irEmailJob, irPrinterJob } from './income-tax.job.js';

let ctx: TestContext;
let staff: Client;
let holderId: number;
let spouseId: number;
const HEALTH = 9601;
const DENTAL = 9602;
const NO_GROUP = 9603;
/** A service whose IR group is not a health-plan group (the Fundo de Pecúlio, life insurance): never in the informe. */
const PECULIO = 9604;

/** Entries of the holder written into a fresh period of `ano`/`mes`, then locked (or left open). */
async function period(ano: number, mes: number, rows: [respId: number, svcId: number, valor: number][], lock = true) {
  await ctx.db.execute(sql`update closing_periods set locked_at = now() where locked_at is null`);
  const result = await ctx.db.execute<{ fec_id: number }>(
    sql`insert into closing_periods (fec_ano, fec_mes) values (${ano}, ${mes}) returning fec_id`,
  );
  const fecId = result.rows[0]!.fec_id;
  for (const [respId, svcId, valor] of rows) {
    await ctx.db.execute(sql`
      insert into statement_entries (cst_id, fec_id, ext_descricao, resp_id, ext_responsavel, svc_id, ext_valor, ext_tipo)
      values (${holderId}, ${fecId}, 'Plano', ${respId}, 'Pessoa', ${svcId}, ${valor}, ${valor < 0 ? 'credito' : 'fechamento'})`);
  }
  if (lock) await ctx.db.execute(sql`update closing_periods set locked_at = now() where fec_id = ${fecId}`);
}

beforeAll(async () => {
  ctx = await createTestApp();
  const [health] = await ctx.db.insert(extratoGroups).values({ extgrpName: 'Plano de saúde IR', extgrpSort: 1, extgrpSaude: true }).returning();
  const [dental] = await ctx.db.insert(extratoGroups).values({ extgrpName: 'Odontológico IR', extgrpSort: 2, extgrpSaude: true }).returning();
  const [peculio] = await ctx.db.insert(extratoGroups).values({ extgrpName: 'Fundo de Pecúlio IR', extgrpSort: 3 }).returning();
  const [sup] = await ctx.db.insert(suppliers).values({ supName: 'Operadora IR' }).returning();
  await ctx.db.insert(products).values({ sucId: 9600, supId: sup!.supId, sucName: 'Planos IR', sucHealth: true });
  await ctx.db.insert(services).values([
    { svcId: HEALTH, sucId: 9600, svcName: 'Saúde', irgrpId: health!.extgrpID },
    { svcId: DENTAL, sucId: 9600, svcName: 'Dental', irgrpId: dental!.extgrpID },
    { svcId: NO_GROUP, sucId: 9600, svcName: 'Sem grupo' },
    { svcId: PECULIO, sucId: 9600, svcName: 'Fundo de Pecúlio', irgrpId: peculio!.extgrpID },
  ]);
  const holder = await createMember(ctx, {
    custName: 'Titular IR',
    custCpf: '11144477735',
    custBirthdate: '1960-01-01',
    custEmail: 'ir@example.com',
    custIRPorEmail: true,
    custAssocSituacao: 1,
  });
  const spouse = await createMember(ctx, { parentId: holder.cstId, custName: 'Cônjuge IR', custParentesco: 1, custBirthdate: '1962-02-02' });
  [holderId, spouseId] = [holder.cstId, spouse.cstId];
  await period(2024, 12, [[holderId, HEALTH, 99_999]]);
  await period(2025, 1, [
    [holderId, HEALTH, 50_000],
    [spouseId, HEALTH, 40_000],
    [holderId, DENTAL, 5_000],
    [holderId, NO_GROUP, 7_777],
    [holderId, PECULIO, 9_800],
  ]);
  await period(2025, 2, [
    [holderId, HEALTH, 50_000],
    [spouseId, HEALTH, 40_000],
    [spouseId, HEALTH, -40_000],
  ]);
  await period(2026, 1, [[holderId, HEALTH, 12_345]], false);
  ({ client: staff } = await signedInAs(ctx, ['v2access', 'v2tabir', 'v2iremail', 'v2userdadospessoaisview']));
});
afterAll(() => ctx?.close());

describe('GET user/ir/{cstId}/{ano}', () => {
  it('answers 401 signed out and 404 without v2tabir (not their member: issue 28)', async () => {
    expect((await call(ctx.app, incomeTaxContracts.statement, { params: { cstId: holderId, ano: 2025 } })).status).toBe(401);
    const { client } = await signedInAs(ctx, ['v2access', 'v2iremail']);
    expect((await call(client, incomeTaxContracts.statement, { params: { cstId: holderId, ano: 2025 } })).status).toBe(404);
    expect((await call(client, incomeTaxContracts.pdf, { params: { cstId: holderId, period: 2025 } })).status).toBe(404);
  });

  it('sums the locked periods of the base year per beneficiary and health IR group: paid apart from reimbursed; other IR groups and services without one left out', async () => {
    const res = await call(staff, incomeTaxContracts.statement, { params: { cstId: holderId, ano: 2025 } });
    expect(res.status, res.res.body).toBe(200);
    const s = res.body;
    expect(s.entidade).toEqual({ nome: ctx.config.ASSOCIATION_NAME, cnpj: ctx.config.BOLETO_BENEFICIARY_CNPJ });
    expect(s.titular).toMatchObject({ cstId: holderId, nome: 'Titular IR', cpf: '11144477735' });
    // The spouse's 400,00 credit on the plan is a reimbursement, shown apart (as the health declaration shows it).
    expect(s.beneficiarios.map((b) => [b.nome, b.parentesco, b.grupos.map((g) => [g.nome, g.valor, g.reembolsado])])).toEqual([
      [
        'Titular IR',
        'Titular',
        [
          ['Plano de saúde IR', 100_000, 0],
          ['Odontológico IR', 5_000, 0],
        ],
      ],
      ['Cônjuge IR', 'Cônjuge', [['Plano de saúde IR', 80_000, 40_000]]],
    ]);
    expect(s.total).toBe(185_000);
    expect(s.reembolsado).toBe(40_000);
    expect(s.grupos.map((g) => g.nome)).not.toContain('Fundo de Pecúlio IR');
    const ledger = await ctx.db.execute<{ pago: number; reembolsado: number }>(sql`
      select sum(e.ext_valor) filter (where e.ext_tipo <> 'credito')::int as pago, -sum(e.ext_valor) filter (where e.ext_tipo = 'credito')::int as reembolsado
        from statement_entries e join closing_periods p using (fec_id) join services sv using (svc_id) join extrato_groups g on g.extgrp_id = sv.irgrp_id
       where e.cst_id = ${holderId} and p.fec_ano = 2025 and p.locked_at is not null and g.extgrp_saude`);
    expect([s.total, s.reembolsado]).toEqual([ledger.rows[0]!.pago, ledger.rows[0]!.reembolsado]);
  });

  it('fills irDatas with the base years of locked periods (the open one left out)', async () => {
    const res = await call(staff, memberContracts.get, { params: { cstId: holderId } });
    expect(res.status, res.res.body).toBe(200);
    expect(res.body.irDatas).toEqual([
      { value: 2025, label: '2025' },
      { value: 2024, label: '2024' },
    ]);
  });

  it('400 for a bad year or a dependent, 404 for an unknown member', async () => {
    const bad = await call(staff, incomeTaxContracts.statement, { params: { cstId: holderId, ano: 25 } });
    expect(bad.status).toBe(400);
    expect(bad.error.message).toContain(im.invalidYear);
    expect((await call(staff, incomeTaxContracts.statement, { params: { cstId: spouseId, ano: 2025 } })).error.message).toBe(im.notHolder);
    const missing = await call(staff, incomeTaxContracts.statement, { params: { cstId: 999999999, ano: 2025 } });
    expect([missing.status, missing.error.message]).toEqual([404, im.memberNotFound]);
  });
});

describe('GET user/irpdf/{cstId}/{period}', () => {
  it('renders the informe with the totals of the ledger', async () => {
    const res = await call(staff, incomeTaxContracts.pdf, { params: { cstId: holderId, period: 2025 } });
    expect(res.status, res.res.body).toBe(200);
    expect(res.res.headers['content-type']).toContain('application/pdf');
    const text = (await pdfText(new Uint8Array(res.body))).join(' ');
    expect(text).toContain('Ano-calendário 2025');
    expect(text).toContain('Titular IR (Plano de saúde IR)');
    expect(text).toContain('Cônjuge IR (Plano de saúde IR)');
    expect(text).toContain(`Total pago no ano: ${formatCents(185_000)}`);
    expect(text).toContain(`Total reembolsado: ${formatCents(40_000)}`);
    expect(text).toContain(formatCents(100_000));
    expect(text).not.toContain('Pecúlio');
  });

  it('answers 404 with a message for a year without payments', async () => {
    const res = await call(staff, incomeTaxContracts.pdf, { params: { cstId: holderId, period: 2019 } });
    expect([res.status, res.error.message]).toEqual([404, im.noPayments]);
  });
});

describe('GET user/emailir/{cstId}/{ano}', () => {
  it('answers 401 signed out and 404 without v2iremail (not their member: issue 28)', async () => {
    expect((await call(ctx.app, incomeTaxContracts.email, { params: { cstId: holderId, ano: 2025 } })).status).toBe(401);
    const { client } = await signedInAs(ctx, ['v2access', 'v2tabir']);
    expect((await call(client, incomeTaxContracts.email, { params: { cstId: holderId, ano: 2025 } })).status).toBe(404);
  });

  it('puts the e-mail with the PDF in the outbox: "IR enviado com sucesso!"', async () => {
    const res = await call(staff, incomeTaxContracts.email, { params: { cstId: holderId, ano: 2025 } });
    expect(res.status, res.res.body).toBe(200);
    expect(res.body).toEqual({ message: 'IR enviado com sucesso!' });
    const mails = await ctx.db.select().from(outbox).where(eq(outbox.cstId, holderId));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'ir@example.com' });
  });

  it('refuses situation 5 and custIRPorEmail off, writing nothing', async () => {
    await ctx.db.execute(sql`update customers set cust_ir_por_email = false where cst_id = ${holderId}`);
    const off = await call(staff, incomeTaxContracts.email, { params: { cstId: holderId, ano: 2025 } });
    expect([off.status, off.body.message]).toEqual([400, im.emailNotAllowed]);
    await ctx.db.execute(sql`update customers set cust_ir_por_email = true, cust_assoc_situacao = 5 where cst_id = ${holderId}`);
    const deceased = await call(staff, incomeTaxContracts.email, { params: { cstId: holderId, ano: 2025 } });
    expect([deceased.status, deceased.body.message]).toEqual([400, im.emailDeceased]);
    await ctx.db.execute(sql`update customers set cust_assoc_situacao = 1 where cst_id = ${holderId}`);
    expect(await ctx.db.select().from(outbox).where(eq(outbox.cstId, holderId))).toHaveLength(1);
  });
});

describe('job ir-gerar (Gerar I.R. do ano base)', () => {
  it('computes every holder of the base year with progress, into a CSV whose figures equal GET user/ir', async () => {
    const progress: [number, number][] = [];
    let attached: { name: string; data: Buffer } | null = null;
    const outcome = await generateIncomeTax({
      db: ctx.db,
      userData: '2025',
      progress: async (current, total) => void progress.push([current, total]),
      attach: async (file) => void (attached = file),
    });
    expect(outcome).toEqual({ subtitle: 'Ano-base 2025: 1 titulares', result: 'Total 1850,00' });
    const holders = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from customers where parent_id is null`);
    expect(progress.at(-1)).toEqual([holders.rows[0]!.n, holders.rows[0]!.n]);
    const file = attached as unknown as { name: string; data: Buffer };
    expect(file.name).toBe('ir-2025.csv');
    const lines = file.data
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const cells = lines.slice(1).map((l) => l.split(';'));
    expect(cells.map((c) => [c[1], c[3], c[5], c[6]])).toEqual([
      ['Titular IR', 'Titular IR', 'Plano de saúde IR', '1000,00'],
      ['Titular IR', 'Titular IR', 'Odontológico IR', '50,00'],
      ['Titular IR', 'Cônjuge IR', 'Plano de saúde IR', '800,00'],
    ]);
    expect(cells[0]![4]).toBe('111.444.777-35');
  });

  it('resumes after its last committed chunk when interrupted: the same file and totals as an uninterrupted run', async () => {
    const holders = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from customers where parent_id is null`);
    const size = Math.max(1, Math.ceil(holders.rows[0]!.n / 3));
    const files: Buffer[] = [];
    const attach = async (file: { data: Buffer }) => void files.push(file.data);
    const progress = async () => {};
    const whole = await generateIncomeTax({ db: ctx.db, userData: '2025', progress, attach }, 2025, size);

    // The first attempt dies after its first chunk is committed (the report after it throws, as a crash would stop it).
    const jobId = crypto.randomUUID();
    let reports = 0;
    const crashing = async () => {
      reports += 1;
      if (reports === 2) throw new Error('queda');
    };
    await expect(generateIncomeTax({ db: ctx.db, jobId, userData: '2025', progress: crashing, attach }, 2025, size)).rejects.toThrow('queda');
    const committed = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from job_chunks where job_id = ${jobId}`);
    expect(committed.rows[0]!.n).toBe(1);
    expect(files).toHaveLength(1);

    const resumed = await generateIncomeTax({ db: ctx.db, jobId, userData: '2025', progress, attach }, 2025, size);
    expect(resumed).toEqual(whole);
    expect(files[1]!.equals(files[0]!)).toBe(true);
  });

  it('refuses a bad base year; 0 means the year before', () => {
    expect(() => baseYearOf('1999')).toThrow('Ano-base inválido');
    expect(baseYearOf('0', new Date('2026-03-01T12:00:00Z'))).toBe(2025);
  });
});

describe('menu jobs ir-email and ir-impressora (issue 30 item 1)', () => {
  /** Runs a job's handler as the engine would, with the attachments it makes. */
  async function run(job: typeof irEmailJob, userData = '2025') {
    const attached: { name: string; data: Buffer }[] = [];
    const outcome = await job(ctx.app).handler({
      jobId: crypto.randomUUID(),
      userId: 1,
      userData,
      attempt: 0,
      signal: new AbortController().signal,
      db: ctx.db,
      files: ctx.app.services.files,
      progress: async () => {},
      attach: async (file) => void attached.push(file),
    });
    return { outcome: outcome!, attached };
  }

  it('e-mails the informe once per holder and base year; a second run sends nothing and says so', async () => {
    const sent = async () =>
      (
        await ctx.db.execute<{ n: number }>(
          sql`select count(*)::int as n from outbox o join file_links l on l.owner_kind = 'outbox' and l.owner_id = o.id::text
               where o.cst_id = ${holderId} and o.subject like 'Informe%' and o.text like ${'%informe-rendimentos-2024.pdf%'}`,
        )
      ).rows[0]!.n;
    const first = await run(irEmailJob, '2024');
    expect(first.outcome.subtitle).toBe('I.R. ano-base 2024');
    expect(first.outcome.result).toMatch(/^1 enviado\(s\) por e-mail; \d+ sem e-mail \(não enviado\); 0 já enviado\(s\) antes/);
    expect(await sent()).toBe(1);
    const second = await run(irEmailJob, '2024');
    expect(second.outcome.result).toMatch(/^0 enviado\(s\) por e-mail; \d+ sem e-mail \(não enviado\); 1 já enviado\(s\) antes/);
    expect(await sent()).toBe(1);
  });

  it('prints the informe of the holders whose I.R. does not go by e-mail, the same pages and text on a second run', async () => {
    await ctx.db.update(customers).set({ custIRPorEmail: false }).where(eq(customers.cstId, holderId));
    try {
      const first = await run(irPrinterJob);
      expect(first.attached).toHaveLength(1);
      expect(first.attached[0]!.name).toBe('informe-rendimentos-2025-grafica.pdf');
      const pages = await pdfText(first.attached[0]!.data);
      expect(first.outcome.result).toBe(`1 documento(s), ${pages.length} página(s)`);
      const text = pages.join(' ');
      expect(text).toContain('Titular IR');
      expect(text).toContain('1.850,00');
      const second = await run(irPrinterJob);
      expect(await pdfText(second.attached[0]!.data)).toEqual(pages);
    } finally {
      await ctx.db.update(customers).set({ custIRPorEmail: true }).where(eq(customers.cstId, holderId));
    }
  });
});

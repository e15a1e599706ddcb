import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { files } from '../../db/schema/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobsContracts, type Job } from '@assoc/domain';
import { addAddress, call, createMember, createTestApp, signedInAs, type Client, type TestContext } from '../../../test/helper.js';
import { jobEnded } from '../../../test/barriers.js';
import { pdfText } from '../documents/pdf-text.testing.js';
import type { Executor } from '../../db/client.js';
import { emailDocuments } from './document-jobs.js';

let ctx: TestContext;
let staff: Client;
let userId: number;
let fecId: number;
/** The open period after it. */
let openId: number;
const people = {} as Record<'mailA' | 'mailB' | 'mailC' | 'noEmail' | 'deceased' | 'paperZ' | 'paperA' | 'paperNoAddress', number>;

async function holder(name: string, values: Record<string, unknown>, cep?: string, period = fecId) {
  const m = await createMember(ctx, { custName: name, ...values });
  if (cep) await addAddress(ctx, m.cstId, { adZipcode: cep });
  await ctx.db.execute(sql`
    insert into statement_entries (cst_id, fec_id, ext_descricao, resp_id, ext_responsavel, ext_valor, ext_tipo)
    values (${m.cstId}, ${period}, 'Mensalidade', ${m.cstId}, ${name}, 12345, 'fechamento'),
           (${m.cstId}, ${period}, 'Pagamento recebido', ${m.cstId}, ${name}, -2345, 'pagamento')`);
  return m.cstId;
}

async function runJob(command: string, client = staff, userData = 0): Promise<Job> {
  const res = await call(client, jobsContracts.sendWithData, { params: { jobCommand: command, userData } });
  expect(res.status, JSON.stringify(res.error)).toBe(200);
  const jobId = res.body.jobId;
  return jobEnded([ctx.app], jobId, async () => (await call(client, jobsContracts.list)).body.find((j: Job) => j.jobId === jobId)!, 60_000);
}

/** The e-mails of the statement job: recipient, attachment name and size. */
async function emails(mes = '04/2031') {
  const result = await ctx.db.execute<{ to: string; name: string; size: number; cst_id: number }>(sql`
    select o.to, f.name, f.size, o.cst_id from outbox o
      join file_links l on l.owner_kind = 'outbox' and l.owner_id = o.id::text
      join files f on f.id = l.file_id
     where o.subject = ${`Extrato mensal ${mes}`} order by o.id`);
  return result.rows;
}

async function bytesOf(id: string) {
  const [file] = await ctx.db.select().from(files).where(eq(files.id, id));
  return ctx.app.services.files.bytes(file!);
}

/** The job's attached file: its name and bytes. */
async function attachment(jobId: string) {
  const [file] = (
    await ctx.db.execute<{ id: string; name: string }>(sql`
      select f.* from files f join file_links l on l.file_id = f.id where l.owner_kind = 'job' and l.owner_id = ${jobId}`)
  ).rows;
  return { name: file!.name, bytes: await bytesOf(file!.id) };
}

beforeAll(async () => {
  ctx = await createTestApp({}, { features: { jobs: true } });
  const signed = await signedInAs(ctx, ['v2access', 'v2atd']);
  staff = signed.client;
  userId = signed.user.userId;
  // A closed period (the one the jobs send) and the open one after it.
  await ctx.db.execute(sql`update closing_periods set locked_at = now() where locked_at is null`);
  const period = await ctx.db.execute<{ fec_id: number }>(sql`insert into closing_periods (fec_ano, fec_mes) values (2031, 4) returning fec_id`);
  fecId = period.rows[0]!.fec_id;
  const email = (e: string) => ({ custEmail: e, custExtratoPorEmail: true });
  people.mailA = await holder('Ana Extrato', email('ana@example.com'), '04000000');
  people.mailB = await holder('Bruno Extrato', email('bruno@example.com'));
  people.mailC = await holder('Carla Extrato', email('carla@example.com'));
  people.noEmail = await holder('Davi Sem Email', { custEmail: null, custExtratoPorEmail: true }, '09000000');
  people.deceased = await holder('Eva Falecida', { ...email('eva@example.com'), custAssocSituacao: 5 }, '03000000');
  people.paperZ = await holder('Zeca Papel', { custEmail: 'zeca@example.com' }, '01000000');
  people.paperA = await holder('Abel Papel', { custEmail: null }, '05000000');
  people.paperNoAddress = await holder('Beto Sem Endereço', {});
  await ctx.db.execute(sql`update closing_periods set locked_at = '2031-05-01T03:00:00Z' where fec_id = ${fecId}`);
  openId = (await ctx.db.execute<{ fec_id: number }>(sql`insert into closing_periods (fec_ano, fec_mes) values (2031, 5) returning fec_id`)).rows[0]!
    .fec_id;
});

afterAll(async () => {
  await ctx?.close();
});

describe('menu job extrato-email (issue 30 item 1)', () => {
  it('403 without v2atd; the menu no longer answers 501', async () => {
    const { client } = await signedInAs(ctx, ['v2access', 'v2menufinanceiro']);
    expect((await call(client, jobsContracts.sendWithData, { params: { jobCommand: 'extrato-email', userData: 0 } })).status).toBe(403);
    for (const jobCommand of ['extrato-impressora', 'ir-email', 'ir-impressora'])
      expect((await call(client, jobsContracts.sendWithData, { params: { jobCommand, userData: 0 } })).status).toBe(403);
  });

  it('e-mails the last closed period to every holder with statement by e-mail on, once, and says so on a second run', async () => {
    const job = await runJob('extrato-email');
    expect(job.jobStatus, job.jobResult ?? '').toBe(30);
    expect(job.jobSubtitle).toBe('Extrato 04/2031');
    expect(job.jobResult).toBe('3 enviado(s) por e-mail; 1 sem e-mail (não enviado); 0 já enviado(s) antes');
    const sent = await emails();
    expect(sent.map((e) => e.to).sort()).toEqual(['ana@example.com', 'bruno@example.com', 'carla@example.com']);
    for (const e of sent) {
      expect(e.name).toBe('extrato-2031-04.pdf');
      expect(e.size).toBeGreaterThan(1000);
    }
    // The PDF is the holder's statement of that period.
    const file = await ctx.db.execute<{ id: string }>(sql`
      select f.id from outbox o join file_links l on l.owner_kind = 'outbox' and l.owner_id = o.id::text join files f on f.id = l.file_id
       where o.cst_id = ${people.mailA} and o.subject like 'Extrato mensal%'`);
    const text = (await pdfText(await bytesOf(file.rows[0]!.id))).join(' ');
    expect(text).toContain('Ana Extrato');
    expect(text).toContain('04/2031');
    expect(text).toContain('100,00');

    const again = await runJob('extrato-email');
    expect(again.jobStatus).toBe(30);
    expect(again.jobResult).toBe('0 enviado(s) por e-mail; 1 sem e-mail (não enviado); 3 já enviado(s) antes');
    expect(await emails()).toHaveLength(3);
  });

  it('fails cleanly, with the reason, for a period that is not a closed one (nothing sent)', async () => {
    const before = (await emails()).length;
    for (const command of ['extrato-email', 'extrato-impressora']) {
      const job = await runJob(command, staff, openId);
      expect(job.jobStatus).toBe(20);
      expect(job.jobResult).toBe('Período inválido: informe o fecID de um período fechado');
    }
    expect(await emails()).toHaveLength(before);
  });

  it('resumes after its last committed chunk when killed: every holder e-mailed once', async () => {
    // Three more holders; a run over the open period (05/2031) in chunks of one dies after its fifth chunk, the retry
    // (same job id) goes on after it.
    const email = (e: string) => ({ custEmail: e, custExtratoPorEmail: true });
    const more = [
      await holder('Fabi Retomada', email('fabi@example.com'), undefined, openId),
      await holder('Gabi Retomada', email('gabi@example.com'), undefined, openId),
      await holder('Hugo Retomado', email('hugo@example.com'), undefined, openId),
    ];
    const jobId = crypto.randomUUID();
    const spec = {
      kind: 'extrato' as const,
      optIn: sql`c.cust_extrato_por_email`,
      period: openId,
      report: 'extrato',
      fileName: 'extrato-2031-05.pdf',
      subtitle: 'Extrato 05/2031',
      load: (tx: Executor, ids: readonly number[]) => ctx.app.services.ledger.statementDocuments(tx, openId, ids),
      template: { key: 'extrato' as const, values: { mes: '05/2031' } },
    };
    let reports = 0;
    const crashing = async () => {
      reports += 1;
      if (reports === 6) throw new Error('queda');
    };
    const actor = { userId, name: 'Teste' };
    await expect(emailDocuments({ jobId, db: ctx.db, progress: crashing }, ctx.app.services.documents, actor, spec, 1)).rejects.toThrow('queda');
    expect(await emails('05/2031')).toHaveLength(4);
    const resumed = await emailDocuments({ jobId, db: ctx.db, progress: async () => {} }, ctx.app.services.documents, actor, spec, 1);
    expect(resumed.state).toMatchObject({ sent: 6, noEmail: 1, already: 0 });
    const all = await emails('05/2031');
    expect(all).toHaveLength(6);
    expect(new Set(all.map((e) => e.cst_id)).size).toBe(6);
    expect(all.map((e) => e.cst_id)).toEqual(expect.arrayContaining(more));
    await ctx.db.execute(sql`delete from job_chunks where job_id = ${jobId}`);
  });
});

describe('menu job extrato-impressora (issue 30 item 1)', () => {
  it('one PDF of the holders without statement by e-mail, in the order of the address labels, the same on a second run', async () => {
    const job = await runJob('extrato-impressora');
    expect(job.jobStatus, job.jobResult ?? '').toBe(30);
    const { name, bytes } = await attachment(job.jobId);
    expect(name).toBe('extratos-2031-04-grafica.pdf');
    const pages = await pdfText(bytes);
    const mine = ['Zeca Papel', 'Eva Falecida', 'Abel Papel', 'Davi Sem Email', 'Beto Sem Endereço'];
    // Every holder not e-mailed (the deceased and the one without e-mail included), none of those e-mailed.
    const order = pages.map((p) => [...mine, 'Ana Extrato', 'Bruno Extrato'].find((n) => p.includes(n))).filter(Boolean);
    expect(order.filter((n) => mine.includes(n!))).toEqual(mine);
    expect(order).not.toContain('Ana Extrato');
    expect(job.jobResult).toMatch(new RegExp(`documento\\(s\\), ${pages.length} página\\(s\\)$`));
    expect(pages.find((p) => p.includes('Zeca Papel'))).toContain('100,00');

    const again = await runJob('extrato-impressora');
    expect(again.jobResult).toBe(job.jobResult);
    const second = await attachment(again.jobId);
    expect(await pdfText(second.bytes)).toEqual(pages);
  });
});

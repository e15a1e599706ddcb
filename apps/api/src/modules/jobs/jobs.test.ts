import crypto from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { incomeTaxMessages, jobCommands, jobTexts, type Job, jobsContracts } from '@assoc/domain';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { call, createMember, createTestApp, signedInAs, type Client, type TestContext } from '../../../test/helper.js';
import { jobEnded, within } from '../../../test/barriers.js';
import { profileRoles } from '../../db/schema/index.js';
import type { EmittedEvent } from '../../plugins/app/events.js';
import { defineJob } from './jobs.define.js';
import { JobFailure } from './jobs.types.js';

let ctx: TestContext;
let staff: Client;
let staffUserId: number;
const events: EmittedEvent[] = [];
let releaseSlow: () => void = () => {};
let slowGate: Promise<void> = Promise.resolve();

beforeAll(async () => {
  ctx = await createTestApp({ JOBS_SUPERVISE_SECONDS: 1, JOBS_RETRY_LIMIT: 1 }, { features: { jobs: true } });
  ctx.app.events.subscribe((e) => events.push(e));
  const registry = ctx.app.jobs.registry;
  registry.register({
    command: 'teste-lento',
    label: 'Teste lento',
    question: '?',
    role: 'v2atd',
    handler: async (job) => {
      await job.progress(1, 2, 'metade');
      await slowGate;
    },
  });
  registry.register({
    command: 'teste-duplicavel',
    label: 'Teste duplicável',
    question: '?',
    role: 'v2atd',
    allowDuplicates: true,
    handler: async () => {},
  });
  registry.register({
    command: 'teste-falha',
    label: 'Teste falha',
    question: '?',
    role: 'v2atd',
    handler: async () => {
      throw new JobFailure('Nenhum associado para processar');
    },
  });
  registry.register({
    command: 'teste-retry',
    label: 'Teste nova tentativa',
    question: '?',
    role: 'v2atd',
    allowDuplicates: true,
    handler: async (job) => {
      if (job.attempt === 0) throw new Error('falha passageira');
      return { result: `tentativa ${job.attempt}` };
    },
  });
  registry.register({
    label: 'Teste de carga tipada',
    question: '?',
    role: 'v2atd',
    allowDuplicates: true,
    ...defineJob({
      command: 'teste-carga',
      payload: z
        .string()
        .regex(/^\d+$/, 'Quantidade inválida')
        .transform((text) => ({ quantidade: Number(text) })),
      run: async (job) => ({ result: `dobro ${job.payload.quantidade * 2}` }),
    }),
  });
  const signed = await signedInAs(ctx, ['v2access', 'v2atd']);
  staff = signed.client;
  staffUserId = signed.user.userId;
});
afterAll(async () => {
  await ctx.close();
});

/** The job as the client's list shows it once it has ended (an event barrier on the engine's jobprogress, no polling). */
function waitFinished(client: Client, jobId: string, timeoutMs = 20_000): Promise<Job> {
  return jobEnded([ctx.app], jobId, async () => (await call(client, jobsContracts.list)).body.find((j) => j.jobId === jobId), timeoutMs);
}

describe('GET jobs/send: contagem-excel end to end', () => {
  it('queues the job, runs it with progress, and attaches a real XLSX with the counts', async () => {
    await createMember(ctx, { custName: 'Ativa Um', custStatus: 'M', custAssocSituacao: 1 });
    await createMember(ctx, { custName: 'Ativo Dois', custStatus: 'N', custAssocSituacao: 1 });
    const holder = await createMember(ctx, { custName: 'Aposentado Três', custStatus: 'M', custAssocSituacao: 2 });
    await createMember(ctx, { custName: 'Pensionista Quatro', custStatus: 'V', custAssocSituacao: 1 });
    await createMember(ctx, { custName: 'Falecido Cinco', custStatus: 'M', custAssocSituacao: 5 });
    await createMember(ctx, { custName: 'Dependente Seis', parentId: holder.cstId, custStatus: 'M', custAssocSituacao: 1 });

    const res = await call(staff, jobsContracts.sendWithData, { params: { jobCommand: 'contagem-excel', userData: 0 } });
    expect(res.status).toBe(200);
    const queued = res.body;
    expect(queued).toMatchObject({
      jobName: 'contagem-excel',
      jobDescription: 'Contagem ativos/aposentados/pensionistas (Excel)',
      jobStatus: 10,
      show: true,
    });
    expect(Object.keys(queued).sort()).toEqual([
      'jobAttachments',
      'jobCurrent',
      'jobDescription',
      'jobFinished',
      'jobId',
      'jobName',
      'jobResult',
      'jobStatus',
      'jobSubmitted',
      'jobSubtitle',
      'jobTotal',
      'show',
    ]);

    const done = await waitFinished(staff, queued.jobId);
    expect(done.jobStatus).toBe(30);
    expect(done.jobCurrent).toBe(4);
    expect(done.jobTotal).toBe(4);
    expect(done.jobFinished).not.toBeNull();
    expect(done.jobSubtitle).toBe('4 pessoas: 2 ativos, 1 aposentados, 1 pensionistas');
    expect(done.jobAttachments).toMatch(/^[0-9a-f-]{36};Contagem_ativos_aposentados_pensionistas_\d{4}-\d{2}-\d{2}\.xlsx$/);

    // Live progress went out on the events helper for the owner: queued, running, progress, done.
    const mine = events
      .filter((e) => e.name === 'jobprogress' && e.target === staffUserId && (e.payload as Job).jobId === queued.jobId)
      .map((e) => e.payload as Job);
    expect(mine.map((j) => j.jobStatus)).toEqual(expect.arrayContaining([10, 0, 30]));
    expect(mine.some((j) => j.jobStatus === 0 && j.jobTotal === 4)).toBe(true);
    expect(mine.at(-1)!.jobStatus).toBe(30);

    const file = await call(staff, jobsContracts.downloadByJob, { params: { jobId: queued.jobId } });
    expect(file.status).toBe(200);
    expect(file.res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(file.res.headers['content-disposition']).toMatch(/^attachment; filename="Contagem_ativos_aposentados_pensionistas_/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.body as unknown as ArrayBuffer);
    const summary = workbook.getWorksheet('Contagem')!;
    const rows = summary
      .getSheetValues()
      .slice(2)
      .map((r) => (r as unknown[]).slice(1, 6));
    expect(rows).toEqual([
      ['M', 1, 1, 0, 2],
      ['N', 1, 0, 0, 1],
      ['V', 0, 0, 1, 1],
      ['Total', 2, 1, 1, 4],
    ]);
    const people = workbook.getWorksheet('Pessoas')!;
    const names = people.getColumn(1).values.slice(2);
    expect(names).toEqual(expect.arrayContaining(['Ativa Um', 'Ativo Dois', 'Aposentado Três', 'Pensionista Quatro']));
    expect(names).toHaveLength(4);

    const fileId = done.jobAttachments.split(';')[0];
    const byFile = await call(staff, jobsContracts.download, { params: { fileId: fileId! } });
    expect(byFile.status).toBe(200);
    expect(byFile.body.equals(file.body)).toBe(true);

    // Only the owner or a superadmin: anyone else 404, like an unknown id (issue 28).
    const { client: other } = await signedInAs(ctx, ['v2access', 'v2atd']);
    expect((await call(other, jobsContracts.download, { params: { fileId: fileId! } })).status).toBe(404);
    expect((await call(other, jobsContracts.downloadByJob, { params: { jobId: queued.jobId } })).status).toBe(404);
    expect((await call(other, jobsContracts.list)).body).toEqual([]);
    const { client: superadmin } = await signedInAs(ctx, ['v2access', 'superadmin']);
    expect((await call(superadmin, jobsContracts.download, { params: { fileId: fileId! } })).status).toBe(200);
    expect((await call(superadmin, jobsContracts.downloadByJob, { params: { jobId: queued.jobId } })).status).toBe(200);
  });
});

describe('GET jobs/send: refusals', () => {
  it('answers 404 for an unknown command', async () => {
    const res = await call(staff, jobsContracts.sendWithData, { params: { jobCommand: 'nao-existe', userData: 0 } });
    expect(res.status).toBe(404);
    expect(res.error.message).toBe('Tarefa não encontrada');
  });

  it('has a handler for every menu command: none is pending, so none answers 501 any more (issue 30)', () => {
    expect(jobCommands.filter((c) => c.pending).map((c) => c.command)).toEqual([]);
  });

  it("answers 403 when the user lacks the command's own role", async () => {
    const res = await call(staff, jobsContracts.sendWithData, { params: { jobCommand: 'celular-email', userData: 0 } });
    expect(res.status).toBe(403);
    const { client: finance } = await signedInAs(ctx, ['v2access', 'v2menufincel']);
    expect((await call(finance, jobsContracts.sendWithData, { params: { jobCommand: 'contagem-excel', userData: 0 } })).status).toBe(403);
  });

  it('answers 401 without a session and 403 without any job role', async () => {
    expect((await call(ctx.app, jobsContracts.sendWithData, { params: { jobCommand: 'contagem-excel', userData: 0 } })).status).toBe(401);
    const { client } = await signedInAs(ctx, ['v2access']);
    expect((await call(client, jobsContracts.sendWithData, { params: { jobCommand: 'contagem-excel', userData: 0 } })).status).toBe(403);
  });

  it('refuses a second start of a same-named job while one waits or runs (409), unless duplicates are allowed', async () => {
    slowGate = new Promise((resolve) => {
      releaseSlow = resolve;
    });
    const first = await call(staff, jobsContracts.send, { params: { jobCommand: 'teste-lento' } });
    expect(first.status).toBe(200);
    const second = await call(staff, jobsContracts.sendWithData, { params: { jobCommand: 'teste-lento', userData: 0 } });
    expect(second.status).toBe(409);
    expect(second.error.message).toBe('Já existe uma tarefa "Teste lento" aguardando ou em execução. Aguarde a conclusão.');
    // Another user is refused too: the job works on shared data.
    const { client: colleague } = await signedInAs(ctx, ['v2access', 'v2atd']);
    expect((await call(colleague, jobsContracts.sendWithData, { params: { jobCommand: 'teste-lento', userData: 0 } })).status).toBe(409);
    releaseSlow();
    expect((await waitFinished(staff, first.body.jobId)).jobStatus).toBe(30);
    const third = await call(staff, jobsContracts.sendWithData, { params: { jobCommand: 'teste-lento', userData: 0 } });
    expect(third.status).toBe(200);
    await waitFinished(staff, third.body.jobId);

    const a = await call(staff, jobsContracts.sendWithData, { params: { jobCommand: 'teste-duplicavel', userData: 0 } });
    const b = await call(staff, jobsContracts.sendWithData, { params: { jobCommand: 'teste-duplicavel', userData: 0 } });
    expect([a.status, b.status]).toEqual([200, 200]);
  });

  it('answers 404 / 400 for unknown or malformed job and file ids', async () => {
    expect((await call(staff, jobsContracts.downloadByJob, { params: { jobId: crypto.randomUUID() } })).status).toBe(404);
    expect((await call(staff, jobsContracts.download, { params: { fileId: crypto.randomUUID() } })).error.message).toBe('Arquivo não encontrado');
    expect((await call(staff, jobsContracts.download, { params: { fileId: 'abc' } })).status).toBe(400);
    const noFile = await call(staff, jobsContracts.sendWithData, { params: { jobCommand: 'teste-duplicavel', userData: 0 } });
    await waitFinished(staff, noFile.body.jobId);
    expect((await call(staff, jobsContracts.downloadByJob, { params: { jobId: noFile.body.jobId } })).status).toBe(404);
  });
});

describe('typed payloads (issue 23 §1)', () => {
  it('parses the payload before queueing: a bad one answers 400 with its message and queues nothing; the handler gets it typed', async () => {
    const bad = await call(staff, jobsContracts.sendWithData, { params: { jobCommand: 'teste-carga', userData: 'abc' } });
    expect([bad.status, bad.error.message]).toEqual([400, 'Quantidade inválida']);
    expect((await call(staff, jobsContracts.list)).body.some((j: Job) => j.jobName === 'teste-carga')).toBe(false);
    const good = await call(staff, jobsContracts.sendWithData, { params: { jobCommand: 'teste-carga', userData: 21 } });
    expect(good.status).toBe(200);
    expect(await waitFinished(staff, good.body.jobId)).toMatchObject({ jobStatus: 30, jobResult: 'dobro 42' });
  });

  it('ir-gerar refuses a bad base year at once (400, the field message), and queues nothing', async () => {
    const res = await call(staff, jobsContracts.sendWithData, { params: { jobCommand: 'ir-gerar', userData: 1999 } });
    expect([res.status, res.error.message]).toEqual([400, incomeTaxMessages.invalidYear]);
    expect((await call(staff, jobsContracts.list)).body.some((j: Job) => j.jobName === 'ir-gerar')).toBe(false);
  });
});

describe('schedules through pg-boss (issue 23 §1)', () => {
  it('declares the recurring work of the modules as pg-boss schedules, run by a worker', async () => {
    const schedules = await ctx.app.jobs.schedules();
    expect(schedules.map((s) => [s.key, s.cron]).sort()).toEqual([
      ['auth-prune-limits', '7 * * * *'],
      ['member-documents-cleanup', '37 * * * *'],
    ]);
    await ctx.db.execute(sql`insert into login_limits (key, window_start, count) values ('ip:10.70.0.1', now() - interval '1 day', 3)`);
    // Barrier: the occurrence pg-boss hands to the engine's schedule worker has run (no polling of the table).
    const ran = new Promise<void>((resolve) => {
      const runSchedule = ctx.app.jobs.runSchedule.bind(ctx.app.jobs);
      vi.spyOn(ctx.app.jobs, 'runSchedule').mockImplementation(async (name) => {
        await runSchedule(name);
        if (name === 'auth-prune-limits') resolve();
      });
    });
    try {
      await ctx.app.jobs.triggerSchedule('auth-prune-limits');
      await within(ran, 20_000, 'the scheduled prune did not run');
    } finally {
      vi.restoreAllMocks();
    }
    const left = await ctx.db.execute(sql`select 1 from login_limits where key = 'ip:10.70.0.1'`);
    expect(left.rows).toEqual([]);
  });
});

describe('job outcomes', () => {
  it('ends failed (20) with the handler message and no retry on a business failure', async () => {
    const res = await call(staff, jobsContracts.sendWithData, { params: { jobCommand: 'teste-falha', userData: 0 } });
    const job = await waitFinished(staff, res.body.jobId);
    expect(job).toMatchObject({ jobStatus: 20, jobResult: 'Nenhum associado para processar' });
  });

  it('retries a job whose attempt threw, and ends done on the retry', async () => {
    const res = await call(staff, jobsContracts.sendWithData, { params: { jobCommand: 'teste-retry', userData: 0 } });
    const job = await waitFinished(staff, res.body.jobId);
    expect(job).toMatchObject({ jobStatus: 30, jobResult: 'tentativa 1' });
    const seen = events.filter((e) => e.name === 'jobprogress' && (e.payload as Job).jobId === job.jobId).map((e) => (e.payload as Job).jobStatus);
    expect(seen).toEqual([10, 0, 10, 0, 30]);
  });

  it('ends as failed, with a clear result, an open job that pg-boss no longer runs', async () => {
    const jobId = crypto.randomUUID();
    await ctx.pool.query(
      `insert into jobs (job_id, job_name, job_description, job_status, job_submitted, user_id) values ($1, 'contagem-excel', 'Perdida', 0, now() - interval '1 minute', $2)`,
      [jobId, staffUserId],
    );
    await ctx.app.jobs.supervise();
    const job = (await call(staff, jobsContracts.list)).body.find((j: Job) => j.jobId === jobId);
    expect(job).toMatchObject({ jobStatus: 20, jobResult: jobTexts.interrupted });
  });
});

describe('GET jobs and POST jobs/{jobId}/hide', () => {
  it('lists the own jobs newest submitted first, and hides one (showoff)', async () => {
    const { client, user } = await signedInAs(ctx, ['v2access', 'v2atd']);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await call(client, jobsContracts.sendWithData, { params: { jobCommand: 'teste-duplicavel', userData: 0 } })).body.jobId);
    const list = (await call(client, jobsContracts.list)).body;
    expect(list.map((j) => j.jobId)).toEqual([...ids].reverse());

    const before = events.length;
    const hide = await call(client, jobsContracts.hide, { params: { jobId: ids[1]! }, rawBody: {} });
    expect(hide.status).toBe(204);
    expect((await call(client, jobsContracts.list)).body.map((j: Job) => j.jobId)).toEqual([ids[2], ids[0]]);
    expect(events.slice(before).some((e) => e.name === 'reloadjobs' && e.target === user.userId)).toBe(true);

    // Someone else's job, an unknown one, and no XSRF header.
    expect((await call(staff, jobsContracts.hide, { params: { jobId: ids[0]! }, rawBody: {} })).status).toBe(404);
    expect((await call(client, jobsContracts.hide, { params: { jobId: crypto.randomUUID() }, rawBody: {} })).status).toBe(404);
    const noXsrf = await call(ctx.app, jobsContracts.hide, { params: { jobId: ids[0]! }, rawBody: {}, headers: { cookie: client.cookie } });
    expect(noXsrf.status).toBe(403);
    expect(noXsrf.error.message).toContain('XSRF');
    expect((await call(ctx.app, jobsContracts.list)).status).toBe(401);
  });
});

describe('downloads check the command role now (issue 8, finding 14)', () => {
  it('a user demoted after an export gets 403 for its file; a superadmin still reads it', async () => {
    ctx.app.jobs.registry.register({
      command: 'teste-anexo',
      label: 'Teste anexo',
      question: '?',
      role: 'v2menufinexp',
      allowDuplicates: true,
      handler: async (job) => {
        await job.attach({ name: 'exportacao.csv', mimeType: 'text/csv', data: Buffer.from('a;b\n1;2\n') });
      },
    });
    const { client, user } = await signedInAs(ctx, ['v2access', 'v2menufinexp']);
    const started = await call(client, jobsContracts.sendWithData, { params: { jobCommand: 'teste-anexo', userData: 0 } });
    expect(started.status, started.res.body).toBe(200);
    const done = await waitFinished(client, started.body.jobId);
    expect(done.jobStatus).toBe(30);
    const fileId = done.jobAttachments.split(';')[0]!;
    expect((await call(client, jobsContracts.download, { params: { fileId } })).status).toBe(200);
    expect((await call(client, jobsContracts.downloadByJob, { params: { jobId: done.jobId } })).status).toBe(200);

    // The profile loses the export role: the next request sees it.
    await ctx.db.delete(profileRoles).where(and(eq(profileRoles.permId, user.permId!), eq(profileRoles.role, 'v2menufinexp')));
    // The job's own download: 403; the file by its id cannot tell the owner from anyone (issue 28): 404.
    const byJob = await call(client, jobsContracts.downloadByJob, { params: { jobId: done.jobId } });
    expect(byJob.status).toBe(403);
    expect(byJob.error.message).toBe('Você não tem permissão para executar esta operação');
    expect((await call(client, jobsContracts.download, { params: { fileId } })).status).toBe(404);
    const { client: superadmin } = await signedInAs(ctx, ['v2access', 'superadmin']);
    expect((await call(superadmin, jobsContracts.download, { params: { fileId } })).status).toBe(200);
  });
});

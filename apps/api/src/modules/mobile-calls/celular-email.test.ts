import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobsContracts, mobileCallsColumns } from '@assoc/domain';
import { call, createMember, createTestApp, signedInAs, type Client, type TestContext } from '../../../test/helper.js';
import { outboxOf, runHandler, runMenuJob, xlsxRows } from '../../../test/menu-jobs.js';
import { celularEmailJob } from './celular-email.job.js';

let ctx: TestContext;
let cel: Client;
let celUserId: number;
const people = {} as Record<'ana' | 'beto' | 'caio' | 'dora' | 'edu', number>;

async function addCall(cstId: number, ano: number, mes: number, day: number, valor: number, tipo = 'Ligação local') {
  await ctx.db.execute(sql`
    insert into mobile_calls (cst_id, resp_id, mc_responsavel, mc_ano, mc_mes, mc_data, mc_numero, mc_tipo, mc_destino, mc_qtde, mc_valor)
    values (${cstId}, ${cstId}, 'Responsável', ${ano}, ${mes}, make_timestamptz(${ano}, ${mes}, ${day}, 12, 0, 0, 'America/Sao_Paulo'),
            '11999990000', ${tipo}, '11988887777', 3, ${valor})`);
}

beforeAll(async () => {
  ctx = await createTestApp({}, { features: { jobs: true } });
  const signed = await signedInAs(ctx, ['v2access', 'v2atd', 'v2menufincel']);
  cel = signed.client;
  celUserId = signed.user.userId;
  people.ana = (await createMember(ctx, { custName: 'Ana Celular', custEmail: 'ana@example.com' })).cstId;
  people.beto = (await createMember(ctx, { custName: 'Beto Sem Email', custEmail: null })).cstId;
  people.caio = (await createMember(ctx, { custName: 'Caio Mês Anterior', custEmail: 'caio@example.com' })).cstId;
  await addCall(people.ana, 2031, 5, 3, 150);
  await addCall(people.ana, 2031, 5, 1, 250, 'SMS');
  await addCall(people.ana, 2031, 4, 10, 999);
  await addCall(people.beto, 2031, 5, 2, 100);
  await addCall(people.caio, 2031, 4, 7, 300);
});
afterAll(() => ctx?.close());

describe('celular-email (issue 30 item 1): the month’s calls to each phone-plan holder, once', () => {
  it('refuses users without v2menufincel (403) and no longer answers 501', async () => {
    const { client } = await signedInAs(ctx, ['v2access', 'v2atd']);
    expect((await call(client, jobsContracts.sendWithData, { params: { jobCommand: 'celular-email', userData: 0 } })).status).toBe(403);
  });

  it('e-mails the newest month’s calls as a spreadsheet, lists a holder without e-mail, and sends nothing twice', async () => {
    const job = await runMenuJob(ctx, cel, 'celular-email');
    expect(job.jobStatus).toBe(30);
    expect(job.jobSubtitle).toBe('Ligações de 05/2031: 1 e-mail(s) enviado(s)');
    expect(job.jobResult).toBe('1 e-mail(s) enviado(s)\nBeto Sem Email: sem e-mail cadastrado, não enviado');
    const sent = await outboxOf(ctx, [people.ana, people.beto, people.caio]);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ cstId: people.ana, to: 'ana@example.com', subject: 'Extrato detalhado do celular 05/2031' });
    expect(sent[0]!.files.map((f) => f.name)).toEqual(['extrato-celular-2031-05.xlsx']);
    const rows = await xlsxRows(sent[0]!.files[0]!.data);
    expect(rows[0]).toEqual(mobileCallsColumns.map((c) => c.header));
    // The month's two calls in date order, then the total (R$ 4,00); April's call is not there.
    expect(rows.slice(1).map((r) => [r[0], r[3], r[6]])).toEqual([
      ['01/05/2031 12:00', 'SMS', 2.5],
      ['03/05/2031 12:00', 'Ligação local', 1.5],
      ['Total', undefined, 4],
    ]);

    const again = await runMenuJob(ctx, cel, 'celular-email');
    expect(again.jobStatus).toBe(30);
    expect(again.jobResult).toContain('0 e-mail(s) enviado(s); 1 já enviado(s) antes');
    expect(await outboxOf(ctx, [people.ana, people.beto, people.caio])).toHaveLength(1);
  });

  it('a run killed in the middle resumes where it stopped: every holder once, none twice', async () => {
    people.dora = (await createMember(ctx, { custName: 'Dora Abril', custEmail: 'dora@example.com' })).cstId;
    people.edu = (await createMember(ctx, { custName: 'Edu Abril', custEmail: 'edu@example.com' })).cstId;
    await addCall(people.dora, 2031, 4, 5, 120);
    await addCall(people.edu, 2031, 4, 6, 130);
    const job = celularEmailJob(ctx.app);
    // Killed after the first holder of April (Ana): her e-mail is committed, the others are not sent yet.
    await expect(runHandler(ctx, job, { userId: celUserId, userData: '2031-04', killAfter: 1 })).rejects.toThrow('Tarefa interrompida');
    const april = async () => (await outboxOf(ctx, [people.ana, people.caio, people.dora, people.edu])).filter((m) => m.subject.endsWith('04/2031'));
    expect((await april()).map((m) => m.cstId)).toEqual([people.ana]);
    // The retry goes on with the others.
    const outcome = await runHandler(ctx, job, { userId: celUserId, userData: '2031-04' });
    expect(outcome).toMatchObject({ result: '3 e-mail(s) enviado(s); 1 já enviado(s) antes' });
    expect((await april()).map((m) => m.cstId).sort()).toEqual([people.ana, people.caio, people.dora, people.edu].sort());
  });
});

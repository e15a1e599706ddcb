import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  filterContracts,
  jobsContracts,
  marketingContracts,
  marketingMessages as mm,
  type CampaignCreated,
  type CampaignPreviewBody,
  type FilterQuery,
} from '@assoc/domain';
import { jobEnded } from '../../../test/barriers.js';
import { call, createMember, createTestApp, signedInAs, type Client, type TestContext } from '../../../test/helper.js';
import { audits, campaignRecipients, customers, messageTemplates, outbox } from '../../db/schema/index.js';

let ctx: TestContext;
let staff: Client;
let filterId: number;
const t = {} as Record<'email' | 'sms' | 'whatsapp' | 'otherEmail', number>;
/** The fixture, one member per edge (docs/MARKETING.md): the key says what a 'preferido' campaign does with them. */
const f = {} as Record<'email' | 'semEmail' | 'sms' | 'whatsapp' | 'correio' | 'recusa' | 'semCelular', number>;
const query: FilterQuery = { combinator: 'and', rules: [{ field: 'nome', operator: 'beginsWith', value: 'campanhax' }] };

beforeAll(async () => {
  ctx = await createTestApp({}, { features: { jobs: true } });
  staff = (await signedInAs(ctx, ['v2menufiltro'])).client;
  const m = (custName: string, values: Parameters<typeof createMember>[1]) =>
    createMember(ctx, { custName, custCelularDdd: null, custCelular: null, custEmail: null, ...values }).then((r) => r.cstId);
  f.email = await m('Campanhax Ana', {
    custTreatment: 'Dr.',
    custEmail: 'ana@example.com',
    custCelularDdd: '61',
    custCelular: '991110001',
    custComunicacao: 1,
  });
  f.semEmail = await m('Campanhax Bruno', { custComunicacao: 1 });
  f.sms = await m('Campanhax Célia', { custEmail: 'celia@example.com', custCelularDdd: '61', custCelular: '991110003', custComunicacao: 2 });
  f.whatsapp = await m('Campanhax Davi', { custCelularDdd: '61', custCelular: '991110004', custComunicacao: 3 });
  f.correio = await m('Campanhax Eva', { custEmail: 'eva@example.com', custComunicacao: 4 });
  f.recusa = await m('Campanhax Fábio', {
    custEmail: 'fabio@example.com',
    custCelularDdd: '61',
    custCelular: '991110006',
    custComunicacao: 1,
    custRecusaCampanhas: true,
  });
  f.semCelular = await m('Campanhax Gil', { custEmail: 'gil@example.com', custCelularDdd: '61', custCelular: '32345678', custComunicacao: 2 });
  await createMember(ctx, { custName: 'Fora Do Filtro', custEmail: 'fora@example.com' });
  const rows = await ctx.db
    .insert(messageTemplates)
    .values([
      { channel: 'email', emName: 'CAMPANHA', emDescription: 'Novidades para {nome}', emData: 'Olá, {tratamento} {nome}! A {associacao} informa.' },
      { channel: 'sms', emName: 'SMS CAMPANHA', emDescription: 'SMS', emData: 'Oi {nome}, novidade da {associacao}.' },
      { channel: 'whatsapp', emName: 'Aviso Campanha', emDescription: 'WhatsApp', emData: 'Olá {nome}, veja as novidades de {mes}.' },
      { channel: 'email', emName: 'OUTRO', emDescription: 'Outro', emData: 'Texto' },
    ])
    .returning();
  [t.email, t.sms, t.whatsapp, t.otherEmail] = rows.map((r) => r.emID) as [number, number, number, number];
  const saved = await call(staff, filterContracts.savedCreate, { body: { name: 'Campanha teste', query, columns: ['nome'], sharedWith: [] } });
  filterId = saved.body.id;
}, 60_000);
afterAll(async () => {
  await ctx.close();
});

const draft = (channel: CampaignPreviewBody['channel']): CampaignPreviewBody => ({
  filterId,
  channel,
  templates: channel === 'preferido' ? { email: t.email, sms: t.sms, whatsapp: t.whatsapp } : { [channel]: t[channel] },
});
const fixtureIds = () => Object.values(f);
const outboxOf = async () => ctx.db.select().from(outbox).where(inArray(outbox.cstId, fixtureIds())).orderBy(outbox.id);

describe('preview (POST marketing/previa)', () => {
  it('counts the reached by channel and the skipped by reason; the first recipients with the text filled', async () => {
    const res = await call(staff, marketingContracts.preview, { body: draft('preferido') });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      total: 7,
      reached: 3,
      byChannel: { email: 1, sms: 1, whatsapp: 1 },
      skipped: { sem_email: 1, sem_celular: 1, recusa: 1, correio: 1 },
    });
    const association = ctx.config.ASSOCIATION_NAME;
    expect(res.body.recipients).toEqual([
      {
        cstId: f.email,
        name: 'Campanhax Ana',
        channel: 'email',
        to: 'ana@example.com',
        subject: 'Novidades para Campanhax Ana',
        text: `Olá, Dr. Campanhax Ana! A ${association} informa.`,
      },
      {
        cstId: f.sms,
        name: 'Campanhax Célia',
        channel: 'sms',
        to: '+5561991110003',
        subject: '',
        text: `Oi Campanhax Célia, novidade da ${association}.`,
      },
      expect.objectContaining({ cstId: f.whatsapp, channel: 'whatsapp', to: '+5561991110004' }),
    ]);
  });

  it('a fixed channel: e-mail skips who has none, SMS who has no mobile; the opt-out always; Correio only for the preference', async () => {
    const email = await call(staff, marketingContracts.preview, { body: draft('email') });
    expect(email.body).toMatchObject({ reached: 4, skipped: { sem_email: 2, sem_celular: 0, recusa: 1, correio: 0 } });
    const sms = await call(staff, marketingContracts.preview, { body: draft('sms') });
    expect(sms.body).toMatchObject({ reached: 3, byChannel: { sms: 3 }, skipped: { sem_email: 0, sem_celular: 3, recusa: 1, correio: 0 } });
    expect(sms.body.recipients.map((r) => r.cstId)).not.toContain(f.recusa);
  });
});

describe('access and bad input', () => {
  it('401 anonymous, 403 without the route role, 400 pt-BR on a bad body or a template of another channel, 404 unknown filter', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/v1/marketing/campanhas' });
    expect(anonymous.statusCode).toBe(401);
    const other = (await signedInAs(ctx, ['v2access'])).client;
    expect((await call(other, marketingContracts.list)).status).toBe(403);
    expect((await call(other, marketingContracts.preview, { rawBody: draft('email') })).status).toBe(403);
    const missing = await call(staff, marketingContracts.preview, { rawBody: { filterId, channel: 'sms', templates: {} } });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.res.json())).toContain(mm.templateRequired);
    expect((await call(staff, marketingContracts.preview, { rawBody: { filterId, channel: 'fax', templates: {} } })).status).toBe(400);
    const wrong = await call(staff, marketingContracts.create, { rawBody: { name: 'X', filterId, channel: 'sms', templates: { sms: t.email } } });
    expect(wrong.status).toBe(400);
    expect((wrong.res.json() as { message: string }).message).toContain(mm.templateNotFound);
    const unknown = await call(staff, marketingContracts.preview, { rawBody: { ...draft('email'), filterId: 999_999 } });
    expect(unknown.status).toBe(404);
    expect(await ctx.db.select().from(campaignRecipients)).toHaveLength(0);
  });
});

describe('send (POST marketing/campanhas)', () => {
  let created: CampaignCreated;

  it('queues one outbox row per reached member on its channel with the filled text, writes every recipient, audited', async () => {
    const res = await call(staff, marketingContracts.create, {
      body: { ...draft('preferido'), name: 'Boas novas', idempotencyKey: 'chave-boas-novas-1' },
    });
    expect(res.status).toBe(201);
    created = res.body;
    expect(created.campaign).toMatchObject({ name: 'Boas novas', filterName: 'Campanha teste', channel: 'preferido', status: 'enviando' });
    const ended = await jobEnded(
      [ctx.app],
      created.job!.jobId,
      async () => (await call(staff, jobsContracts.list)).body.find((j) => j.jobId === created.job!.jobId),
      30_000,
    );
    expect(ended).toMatchObject({ jobStatus: 30, jobCurrent: 7, jobTotal: 7 });
    const rows = await outboxOf();
    expect(rows.map((r) => [r.cstId, r.channel, r.to])).toEqual([
      [f.email, 'email', 'ana@example.com'],
      [f.sms, 'sms', '+5561991110003'],
      [f.whatsapp, 'whatsapp', '+5561991110004'],
    ]);
    expect(rows[0]).toMatchObject({
      subject: 'Novidades para Campanhax Ana',
      text: `Olá, Dr. Campanhax Ana! A ${ctx.config.ASSOCIATION_NAME} informa.`,
    });
    expect(rows[2]!.template).toMatchObject({ name: 'aviso_campanha', parameters: ['Campanhax Davi', expect.stringMatching(/^\d{2}\/\d{4}$/)] });

    const list = await call(staff, marketingContracts.list);
    expect(list.body.find((c) => c.id === created.campaign.id)).toMatchObject({
      status: 'concluida',
      counts: { queued: 3, pending: 3, sent: 0, failed: 0, skipped: 4 },
    });
    const detail = await call(staff, marketingContracts.get, { params: { id: created.campaign.id }, query: { page: 1, pageSize: 5 } });
    expect(detail.body.recipients.total).toBe(7);
    expect(detail.body.recipients.items).toHaveLength(5);
    expect(detail.body.recipients.items[0]).toMatchObject({ name: 'Campanhax Ana', outcome: 'enviado', delivery: 'pending', channel: 'email' });
    const page2 = await call(staff, marketingContracts.get, { params: { id: created.campaign.id }, query: { page: 2, pageSize: 5 } });
    expect(page2.body.recipients.items.map((r) => r.outcome).sort()).toEqual(['recusa', 'sem_celular']);
    const audit = await ctx.db.select().from(audits).where(eq(audits.category, 'campanhas'));
    expect(audit).toEqual([expect.objectContaining({ entityId: String(created.campaign.id), action: 'insert' })]);
  });

  it('sent once: the same idempotencyKey answers the same campaign without a job; a retried job (twice at once) queues nothing again', async () => {
    const again = await call(staff, marketingContracts.create, {
      body: { ...draft('preferido'), name: 'Boas novas', idempotencyKey: 'chave-boas-novas-1' },
    });
    expect(again.status).toBe(201);
    expect(again.body.campaign.id).toBe(created.campaign.id);
    expect(again.body.job).toBeNull();
    const runs = await Promise.all([
      ctx.app.services.marketing.send(ctx.db, created.campaign.id),
      ctx.app.services.marketing.send(ctx.db, created.campaign.id),
    ]);
    expect(runs.map((r) => r!.queued)).toEqual([0, 0]);
    expect(await outboxOf()).toHaveLength(3);
  });

  it('a job that died before a chunk committed: the retry queues exactly the members without a recipient row', async () => {
    const id = created.campaign.id;
    const [ana] = await ctx.db.select().from(outbox).where(eq(outbox.cstId, f.email));
    // What an uncommitted chunk leaves: neither the recipient row nor its outbox row.
    await ctx.db.execute(sql`delete from campaign_recipients where campaign_id = ${id} and cst_id = ${f.email}`);
    await ctx.db.delete(outbox).where(eq(outbox.id, ana!.id));
    const run = await ctx.app.services.marketing.send(ctx.db, id);
    expect(run).toEqual({ members: 7, queued: 1 });
    const rows = await outboxOf();
    expect(rows.filter((r) => r.cstId === f.email)).toHaveLength(1);
    expect(rows).toHaveLength(3);
  });

  it('a template deleted before the job runs: the job fails without retries and the campaign reads falhou, nothing queued', async () => {
    const [copy] = await ctx.db
      .insert(messageTemplates)
      .values({ channel: 'sms', emName: 'SMS APAGADO', emDescription: 'SMS', emData: 'Oi {nome}' })
      .returning();
    const before = (await outboxOf()).length;
    // Deleted in the same transaction as the campaign is created: the job always finds it gone.
    await ctx.db.execute(sql`create or replace function mkt_test_drop() returns trigger language plpgsql as $$
      begin update message_templates set deleted_at = now() where em_id = ${sql.raw(String(copy!.emID))}; return new; end $$`);
    await ctx.db.execute(sql`create trigger mkt_test_drop after insert on campaigns for each row execute function mkt_test_drop()`);
    try {
      const res = await call(staff, marketingContracts.create, { body: { ...draft('sms'), templates: { sms: copy!.emID }, name: 'Apagado' } });
      expect(res.status).toBe(201);
      const ended = await jobEnded([ctx.app], res.body.job!.jobId, async () =>
        (await call(staff, jobsContracts.list)).body.find((j) => j.jobId === res.body.job!.jobId),
      );
      expect(ended.jobStatus).toBe(20);
      expect((await call(staff, marketingContracts.list)).body.find((c) => c.id === res.body.campaign.id)).toMatchObject({ status: 'falhou' });
      expect(await outboxOf()).toHaveLength(before);
    } finally {
      await ctx.db.execute(sql`drop trigger mkt_test_drop on campaigns`);
    }
  });

  it('the opt-out is honoured by every campaign; turned off, the member is reached again', async () => {
    const email = await call(staff, marketingContracts.create, { body: { ...draft('email'), name: 'Só e-mail' } });
    await jobEnded([ctx.app], email.body.job!.jobId, async () =>
      (await call(staff, jobsContracts.list)).body.find((j) => j.jobId === email.body.job!.jobId),
    );
    const rows = await outboxOf();
    expect(rows.some((r) => r.cstId === f.recusa)).toBe(false);
    const detail = await call(staff, marketingContracts.get, { params: { id: email.body.campaign.id }, query: { page: 1, pageSize: 50 } });
    expect(detail.body.recipients.items.find((r) => r.cstId === f.recusa)).toMatchObject({ outcome: 'recusa', delivery: null, channel: null });
    await ctx.db.update(customers).set({ custRecusaCampanhas: false }).where(eq(customers.cstId, f.recusa));
    const preview = await call(staff, marketingContracts.preview, { body: draft('email') });
    expect(preview.body.skipped.recusa).toBe(0);
    await ctx.db.update(customers).set({ custRecusaCampanhas: true }).where(eq(customers.cstId, f.recusa));
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { mailContracts, messageProviderMessages, whatsappTemplateOf } from '@assoc/domain';
import { call, createTestApp, signedInAs, type TestContext } from '../../../test/helper.js';
import { startProviderStub, type ProviderStub } from '../../../test/provider-stub.js';
import { loadConfig } from '../../config.js';
import { outbox } from '../../db/schema/index.js';
import { enqueueMessage, enqueueMessages } from './mail.repository.js';
import { createMailWorker } from './mail.worker.js';
import { retryAfterSeconds } from './providers/provider.js';
import { createZenviaProvider } from './providers/zenvia.js';

const rowOf = async (ctx: TestContext, id: number) => (await ctx.db.select().from(outbox).where(eq(outbox.id, id)))[0]!;
/** The row is due again now (the backoff or Retry-After has passed), instead of sleeping through it. */
const duePassed = (ctx: TestContext, ids: number[]) => ctx.db.execute(sql`update outbox set next_attempt_at = now() where id in ${ids}`);
/** Seconds from now until the row's next attempt. */
const waitOf = (row: { nextAttemptAt: Date }) => (row.nextAttemptAt.getTime() - Date.now()) / 1000;

describe('SMS through Zenvia (API v2) against a stub of its API', () => {
  let zenvia: ProviderStub;
  let ctx: TestContext;
  beforeAll(async () => {
    zenvia = await startProviderStub((request, n) => ({
      status: 200,
      body: {
        id: `zen-${n}`,
        from: 'ASSOC',
        to: (request.body as { to: string }).to,
        direction: 'OUT',
        channel: 'sms',
        contents: (request.body as { contents: unknown }).contents,
        timestamp: '2026-11-29T12:00:00.000Z',
      },
    }));
    ctx = await createTestApp({
      SMTP_URL: '',
      MAIL_POLL_MS: 600_000,
      MAIL_MAX_ATTEMPTS: 3,
      MAIL_RETRY_SECONDS: 30,
      SMS_PROVIDER: 'zenvia',
      SMS_BASE_URL: zenvia.url,
      SMS_TOKEN: 'tok-zenvia',
      SMS_SENDER: 'ASSOC',
    });
  });
  afterAll(async () => {
    await ctx.close();
    await zenvia.close();
  });
  beforeEach(() => {
    zenvia.requests.length = 0;
  });

  it('sends the exact request and records the accepted message with its id', async () => {
    const id = await ctx.db.transaction((tx) =>
      enqueueMessage(tx, { channel: 'sms', to: '(61) 98765-4321', text: 'Olá, Ana! Seu boleto está disponível.' }),
    );
    expect((await rowOf(ctx, id)).to).toBe('+5561987654321');

    expect(await ctx.app.mailWorker.runOnce()).toBe(1);
    expect(zenvia.requests).toHaveLength(1);
    const [request] = zenvia.requests;
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/v2/channels/sms/messages');
    expect(request!.headers['x-api-token']).toBe('tok-zenvia');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers.authorization).toBeUndefined();
    expect(request!.body).toEqual({
      from: 'ASSOC',
      to: '5561987654321',
      contents: [{ type: 'text', text: 'Olá, Ana! Seu boleto está disponível.' }],
    });

    const row = await rowOf(ctx, id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, provider: 'zenvia', providerMessageId: 'zen-1' });
    expect(row.providerAnswer).toMatchObject({ outcome: 'accepted', httpStatus: 200, code: null, reason: null });
    expect(row.sentAt).not.toBeNull();
    expect(await ctx.app.mailWorker.runOnce()).toBe(0);
  });

  it('a 400 is a rejection for good: the row fails with the provider’s reason and is never retried', async () => {
    zenvia.answer({
      status: 400,
      body: {
        code: 'VALIDATION_ERROR',
        message: 'Validation error',
        details: [{ code: 'INVALID_FORMAT', path: 'to', message: 'should match pattern "^[0-9]+$"' }],
      },
    });
    const id = await enqueueMessage(ctx.db, { channel: 'sms', to: '61987654321', text: 'Recusada' });
    await ctx.app.mailWorker.runOnce();
    const row = await rowOf(ctx, id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, provider: 'zenvia', providerMessageId: null });
    expect(row.lastError).toBe('Validation error — to: should match pattern "^[0-9]+$"');
    expect(row.providerAnswer).toMatchObject({ outcome: 'rejected', httpStatus: 400, code: 'VALIDATION_ERROR' });

    await duePassed(ctx, [id]);
    expect(await ctx.app.mailWorker.runOnce()).toBe(0);
    expect(zenvia.requests).toHaveLength(1);
  });

  it('429 honours Retry-After: the row waits that long, the round’s other SMS go back untried, then both are accepted', async () => {
    zenvia.answer({ status: 429, headers: { 'Retry-After': '120' }, body: { code: 'TOO_MANY_REQUESTS', message: 'Too many requests' } });
    const first = await enqueueMessage(ctx.db, { channel: 'sms', to: '61987654321', text: 'Primeira' });
    const second = await enqueueMessage(ctx.db, { channel: 'sms', to: '61912345678', text: 'Segunda' });

    expect(await ctx.app.mailWorker.runOnce()).toBe(2);
    expect(zenvia.requests).toHaveLength(1);
    let a = await rowOf(ctx, first);
    expect(a).toMatchObject({ status: 'pending', attempts: 1, lastError: 'Too many requests' });
    expect(a.providerAnswer).toMatchObject({ outcome: 'rate-limited', httpStatus: 429, code: 'TOO_MANY_REQUESTS' });
    expect(waitOf(a)).toBeGreaterThan(100);
    expect(waitOf(a)).toBeLessThanOrEqual(121);
    let b = await rowOf(ctx, second);
    // Not tried: its claim is given back, with the same wait.
    expect(b).toMatchObject({ status: 'pending', attempts: 0, providerAnswer: null });
    expect(waitOf(b)).toBeGreaterThan(100);
    // Nothing is due before the wait.
    expect(await ctx.app.mailWorker.runOnce()).toBe(0);

    await duePassed(ctx, [first, second]);
    expect(await ctx.app.mailWorker.runOnce()).toBe(2);
    a = await rowOf(ctx, first);
    b = await rowOf(ctx, second);
    expect(a).toMatchObject({ status: 'sent', attempts: 2, lastError: null, provider: 'zenvia' });
    expect(a.providerAnswer).toMatchObject({ outcome: 'accepted', httpStatus: 200 });
    expect(b).toMatchObject({ status: 'sent', attempts: 1 });
    expect(zenvia.requests.map((r) => (r.body as { contents: { text: string }[] }).contents[0]!.text)).toEqual(['Primeira', 'Primeira', 'Segunda']);
  });

  it('5xx is temporary: retried with the e-mail backoff, failed after the last attempt', async () => {
    zenvia.answer({ status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: 'Service unavailable' } }, { status: 502 });
    const id = await enqueueMessage(ctx.db, { channel: 'sms', to: '61987654321', text: 'Instável' });
    await ctx.app.mailWorker.runOnce();
    let row = await rowOf(ctx, id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'Service unavailable' });
    expect(row.providerAnswer).toMatchObject({ outcome: 'temporary', httpStatus: 503, code: 'SERVICE_UNAVAILABLE' });
    // MAIL_RETRY_SECONDS after the first attempt.
    expect(waitOf(row)).toBeGreaterThan(20);
    expect(waitOf(row)).toBeLessThanOrEqual(31);

    await duePassed(ctx, [id]);
    await ctx.app.mailWorker.runOnce();
    row = await rowOf(ctx, id);
    expect(row).toMatchObject({ status: 'pending', attempts: 2, lastError: messageProviderMessages.unexpected(502) });
    expect(waitOf(row)).toBeGreaterThan(50);

    await duePassed(ctx, [id]);
    await ctx.app.mailWorker.runOnce();
    row = await rowOf(ctx, id);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, providerMessageId: expect.stringMatching(/^zen-/) });

    // Three 500s with MAIL_MAX_ATTEMPTS 3: failed, with the last answer kept.
    zenvia.answer({ status: 500 }, { status: 500 }, { status: 500, body: { code: 'INTERNAL', message: 'Erro interno' } });
    const lost = await enqueueMessage(ctx.db, { channel: 'sms', to: '61987654321', text: 'Perdida' });
    for (let i = 0; i < 3; i++) {
      await duePassed(ctx, [lost]);
      await ctx.app.mailWorker.runOnce();
    }
    row = await rowOf(ctx, lost);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lastError: 'Erro interno' });
    expect(row.providerAnswer).toMatchObject({ outcome: 'temporary', httpStatus: 500 });
  });

  it('a number that is not a Brazilian mobile fails without reaching the provider', async () => {
    const bad = await enqueueMessage(ctx.db, { channel: 'sms', to: '98765-4321', text: 'Sem DDD' });
    const landline = await enqueueMessage(ctx.db, { channel: 'sms', to: '(61) 3322-1100', text: 'Fixo' });
    await ctx.app.mailWorker.runOnce();
    expect(await rowOf(ctx, bad)).toMatchObject({
      status: 'failed',
      to: '98765-4321',
      lastError: messageProviderMessages.invalidPhone,
      provider: null,
    });
    expect(await rowOf(ctx, landline)).toMatchObject({ status: 'failed', to: '+556133221100', lastError: messageProviderMessages.notMobile });
    expect(zenvia.requests).toHaveLength(0);
  });

  it('an unreachable provider is a temporary failure', async () => {
    const closed = await startProviderStub(() => ({ status: 200 }));
    await closed.close();
    const worker = createMailWorker({
      db: ctx.db,
      config: ctx.config,
      log: ctx.app.log,
      store: ctx.app.services.files.store,
      providers: { sms: createZenviaProvider({ baseUrl: closed.url, token: 't', sender: 'ASSOC', timeoutMs: 2000 }) },
    });
    const id = await enqueueMessage(ctx.db, { channel: 'sms', to: '61987654321', text: 'Sem rede' });
    try {
      await worker.runOnce();
    } finally {
      await worker.stop();
    }
    const row = await rowOf(ctx, id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.lastError).toMatch(/^O provedor não respondeu/);
    expect(row.providerAnswer).toMatchObject({ outcome: 'temporary', httpStatus: null });
  });

  it('GET outbox shows the channel and the provider’s answer', async () => {
    const id = await enqueueMessage(ctx.db, { channel: 'sms', to: '61987654321', text: 'Na tela' });
    await ctx.app.mailWorker.runOnce();
    const { client } = await signedInAs(ctx, ['v2access', 'superadmin']);
    const page = (await call(client, mailContracts.outbox)).body;
    const item = page.items.find((i: { id: number }) => i.id === id);
    expect(item).toMatchObject({
      channel: 'sms',
      to: '+5561987654321',
      status: 'sent',
      provider: 'zenvia',
      providerMessageId: expect.stringMatching(/^zen-/),
      providerAnswer: { outcome: 'accepted', httpStatus: 200, code: null, reason: null },
    });
  });
});

describe('WhatsApp through the Cloud API against a stub of the Graph API', () => {
  let graph: ProviderStub;
  let ctx: TestContext;
  const template = whatsappTemplateOf(
    { name: 'CCH APROVADO', text: 'Olá, {nome}. Seu pedido de CCH de {mes} foi aprovado.' },
    { '{nome}': 'Ana Souza', '{mes}': 'março' },
  );
  beforeAll(async () => {
    graph = await startProviderStub((request, n) => ({
      status: 200,
      body: {
        messaging_product: 'whatsapp',
        contacts: [{ input: (request.body as { to: string }).to, wa_id: (request.body as { to: string }).to }],
        messages: [{ id: `wamid.TEST${n}` }],
      },
    }));
    ctx = await createTestApp({
      SMTP_URL: '',
      MAIL_POLL_MS: 600_000,
      MAIL_MAX_ATTEMPTS: 3,
      WHATSAPP_PROVIDER: 'meta',
      WHATSAPP_BASE_URL: graph.url,
      WHATSAPP_API_VERSION: 'v23.0',
      WHATSAPP_TOKEN: 'tok-meta',
      WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
    });
  });
  afterAll(async () => {
    await ctx.close();
    await graph.close();
  });
  beforeEach(() => {
    graph.requests.length = 0;
  });

  it('sends the template message exactly as the Cloud API takes it and records the wamid', async () => {
    const id = await enqueueMessage(ctx.db, {
      channel: 'whatsapp',
      to: '+55 61 98765-4321',
      text: 'Olá, Ana Souza. Seu pedido de CCH de março foi aprovado.',
      template,
    });
    expect(await ctx.app.mailWorker.runOnce()).toBe(1);
    const [request] = graph.requests;
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/v23.0/106540352242922/messages');
    expect(request!.headers.authorization).toBe('Bearer tok-meta');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5561987654321',
      type: 'template',
      template: {
        name: 'cch_aprovado',
        language: { code: 'pt_BR' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Ana Souza' },
              { type: 'text', text: 'março' },
            ],
          },
        ],
      },
    });
    const row = await rowOf(ctx, id);
    expect(row).toMatchObject({ status: 'sent', subject: 'cch_aprovado', provider: 'meta', providerMessageId: 'wamid.TEST1' });
    expect(row.providerAnswer).toMatchObject({ outcome: 'accepted', httpStatus: 200 });
  });

  it('a template error (132001) is a rejection for good, with Meta’s message and details', async () => {
    graph.answer({
      status: 404,
      body: {
        error: {
          message: '(#132001) Template name does not exist in the translation',
          type: 'OAuthException',
          code: 132001,
          error_data: { messaging_product: 'whatsapp', details: 'template name (cch_aprovado) does not exist in pt_BR' },
          fbtrace_id: 'AbCdEf',
        },
      },
    });
    const id = await enqueueMessage(ctx.db, { channel: 'whatsapp', to: '61987654321', text: 'x', template });
    await ctx.app.mailWorker.runOnce();
    const row = await rowOf(ctx, id);
    expect(row).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: '(#132001) Template name does not exist in the translation — template name (cch_aprovado) does not exist in pt_BR',
    });
    expect(row.providerAnswer).toMatchObject({ outcome: 'rejected', httpStatus: 404, code: '132001' });
  });

  it('a throughput or pair rate limit (130429, 131056) waits and is then accepted', async () => {
    graph.answer(
      { status: 429, headers: { 'Retry-After': '60' }, body: { error: { message: '(#130429) Rate limit hit', code: 130429 } } },
      { status: 400, body: { error: { message: '(#131056) (Business Account, Consumer Account) pair rate limit hit', code: 131056 } } },
    );
    const id = await enqueueMessage(ctx.db, { channel: 'whatsapp', to: '61987654321', text: 'x', template });
    await ctx.app.mailWorker.runOnce();
    let row = await rowOf(ctx, id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.providerAnswer).toMatchObject({ outcome: 'rate-limited', httpStatus: 429, code: '130429' });
    expect(waitOf(row)).toBeGreaterThan(50);
    expect(waitOf(row)).toBeLessThanOrEqual(61);

    await duePassed(ctx, [id]);
    await ctx.app.mailWorker.runOnce();
    row = await rowOf(ctx, id);
    // No Retry-After: the e-mail backoff.
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    expect(row.providerAnswer).toMatchObject({ outcome: 'rate-limited', httpStatus: 400, code: '131056' });

    await duePassed(ctx, [id]);
    await ctx.app.mailWorker.runOnce();
    expect(await rowOf(ctx, id)).toMatchObject({ status: 'sent', attempts: 3, providerMessageId: expect.stringMatching(/^wamid\./) });
  });

  it('a 5xx (131000) is retried; an expired token (190) is kept for a retry', async () => {
    graph.answer(
      { status: 500, body: { error: { message: '(#131000) Something went wrong', code: 131000 } } },
      { status: 401, body: { error: { message: 'Error validating access token: Session has expired', type: 'OAuthException', code: 190 } } },
    );
    const id = await enqueueMessage(ctx.db, { channel: 'whatsapp', to: '61987654321', text: 'x', template });
    await ctx.app.mailWorker.runOnce();
    let row = await rowOf(ctx, id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: '(#131000) Something went wrong' });
    expect(row.providerAnswer).toMatchObject({ outcome: 'temporary', httpStatus: 500, code: '131000' });

    await duePassed(ctx, [id]);
    await ctx.app.mailWorker.runOnce();
    row = await rowOf(ctx, id);
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    expect(row.lastError).toBe(`${messageProviderMessages.unauthorized(401)} — Error validating access token: Session has expired`);

    await duePassed(ctx, [id]);
    await ctx.app.mailWorker.runOnce();
    expect(await rowOf(ctx, id)).toMatchObject({ status: 'sent', attempts: 3 });
  });

  it('SMS stay pending while only WhatsApp has a provider', async () => {
    const sms = await enqueueMessage(ctx.db, { channel: 'sms', to: '61987654321', text: 'Aguardando' });
    await ctx.app.mailWorker.runOnce();
    expect(await rowOf(ctx, sms)).toMatchObject({ status: 'pending', attempts: 0, provider: null });
  });
});

describe('without a provider configured', () => {
  it('SMS and WhatsApp stay pending in the outbox, as before', async () => {
    const ctx = await createTestApp({ SMTP_URL: '', SMS_PROVIDER: '', WHATSAPP_PROVIDER: '' });
    try {
      const sms = await enqueueMessage(ctx.db, { channel: 'sms', to: '61987654321', text: 'Parado' });
      const wa = await enqueueMessage(ctx.db, {
        channel: 'whatsapp',
        to: '61987654321',
        text: 'Parado',
        template: { name: 'aviso', parameters: [] },
      });
      expect(await ctx.app.mailWorker.runOnce()).toBe(0);
      for (const id of [sms, wa])
        expect(await rowOf(ctx, id)).toMatchObject({ status: 'pending', attempts: 0, provider: null, providerAnswer: null });

      // A campaign's worth at once (enqueueMessages: a thousand rows per INSERT), numbers normalised, all pending.
      const many = Array.from({ length: 2500 }, (_, i) => ({
        channel: 'sms' as const,
        to: `(61) 9${String(10_000_000 + i).slice(-8)}`,
        text: `Aviso ${i}`,
        cstId: null,
      }));
      const ids = await ctx.db.transaction((tx) => enqueueMessages(tx, many));
      expect(new Set(ids).size).toBe(2500);
      const counted = await ctx.db.execute<{ n: number; e164: number }>(sql`
        select count(*)::int as n, count(*) filter (where "to" ~ '^[+]55619[0-9]{8}$')::int as e164
          from outbox where id between ${Math.min(...ids)} and ${Math.max(...ids)} and status = 'pending' and channel = 'sms'`);
      expect(counted.rows[0]).toEqual({ n: 2500, e164: 2500 });
      expect(await ctx.app.mailWorker.runOnce()).toBe(0);
    } finally {
      await ctx.close();
    }
  });

  it('a provider named without its credentials stops the start with a message naming them', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'zenvia', SMS_TOKEN: '', SMS_SENDER: '' })).toThrow(
      /SMS_TOKEN: obrigatório com SMS_PROVIDER.*SMS_SENDER/,
    );
    expect(() => loadConfig({ WHATSAPP_PROVIDER: 'meta', WHATSAPP_TOKEN: 'x' })).toThrow(
      /WHATSAPP_PHONE_NUMBER_ID: obrigatório com WHATSAPP_PROVIDER/,
    );
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio' })).toThrow(/SMS_PROVIDER/);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-29T12:00:00Z');
    expect(retryAfterSeconds('120', now)).toBe(120);
    expect(retryAfterSeconds('Sun, 29 Nov 2026 12:01:30 GMT', now)).toBe(90);
    expect(retryAfterSeconds(null, now)).toBeNull();
    expect(retryAfterSeconds('logo', now)).toBeNull();
  });
});

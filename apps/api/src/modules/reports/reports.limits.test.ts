import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authContracts, reportContracts, reportLimits, reportMessages } from '@assoc/domain';
import { audits, reportTemplates } from '../../db/schema/index.js';
import { pdfText } from '../documents/pdf-text.testing.js';
import { call, createTestApp, expectOk, signedInAs, type Client, type TestContext } from '../../../test/helper.js';
import { within } from '../../../test/barriers.js';
import { fixedTextSchema } from '../documents/template.testing.js';

/**
 * Issue 22 item 4: report templates are bounded. A template may hold only so much (size, texts, schemas), a base page
 * that is a blank page or an embedded PDF, the shipped types and fonts, and placeholders that are names; a save
 * test-renders the sample; a stored template past the bounds, or a render past its time limit, answers 422 naming the
 * template while the API keeps answering.
 */

const NAME = 'declaracao-vinculo';
const DESCRIPTION = 'Declaração de vínculo associativo';
const params = { name: NAME };

type Schema = { name: string; type: string; content?: string; readOnly?: boolean; [key: string]: unknown };
type Template = { basePdf: unknown; schemas: Schema[][] };

/** A fixed text of the template (read-only). */
const fixedText = (name: string, content: string, y = 250): Schema => fixedTextSchema(name, content, y);

/** The hostile expression (3.4 KB of nested repeats and array loops): pdfme evaluated it on the main thread. */
const HOSTILE_EXPRESSION = `{${Array.from({ length: 48 }, (_, i) => `Array(${1e6 + i}).fill('x'.repeat(1e3)).map((a) => a.repeat(1e3)).join('')`).join(' + ')}}`;

/**
 * Within the bounds but slow: many long texts (pdfme splits each into lines word by word; about 50 ms per text on
 * a busy machine), so the render passes a short time limit.
 */
function slowTemplate(base: Template): Template {
  const texts = Array.from({ length: 60 }, (_, i) => fixedText(`lento_${i}`, `${'palavra '.repeat(1200)}${i}`.slice(0, reportLimits.textChars), 20));
  return { ...base, schemas: [[...base.schemas[0]!, ...texts]] };
}

/** Anonymous `GET ping`: the 401 needs no database, only the event loop. */
const ping = async (target: TestContext) => {
  const res = await call(target.app, authContracts.ping);
  expect(res.status).toBe(401);
  return 'ping' as const;
};

/**
 * Resolves once the next render has read (or refused) its stored template (the document service reads it through the reports
 * service's `current`, then checks it and hands it to the renderer in the same turn): the barrier a ping orders against.
 */
function templateRead(target: TestContext): Promise<void> {
  const reports = target.app.services.reports;
  const current = reports.current.bind(reports);
  return new Promise((resolve) => {
    reports.current = async (name) => {
      reports.current = current;
      // Read, or refused as read (a template past the size bound).
      try {
        return await current(name);
      } finally {
        resolve();
      }
    };
  });
}

/**
 * The event loop answers while a template renders (an ordering, not a time): once the render has begun, a GET ping
 * sent then is answered before the render is. An in-process render held the ping until the render's end (seconds).
 */
async function expectPingBeforeRender(target: TestContext, started: Promise<void>, rendering: Promise<unknown>, what: string) {
  const order: string[] = [];
  const rendered = rendering.then(
    () => order.push('render'),
    () => order.push('render'),
  );
  await started;
  order.push(await ping(target));
  await rendered;
  expect(order, what).toEqual(['ping', 'render']);
}

let ctx: TestContext;
let admin: Client;
let shipped: Template;
let version: number;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await signedInAs(ctx, ['v2access', 'superadmin'])).client;
  const read = await expectOk(call(admin, reportContracts.get, { params }));
  shipped = read.rptData as Template;
  version = read.version;
});
afterAll(async () => {
  await ctx.close();
});

/** PUT report/{name}: the template as a raw body (the cases are templates the contract's schema may refuse). */
const put = (rptData: unknown) => call(admin, reportContracts.save, { params, rawBody: { rptData, version } });
const pdf = (client: Client) => call(client, reportContracts.pdf, { params });
const withFixed = (...extra: Schema[]): Template => ({ ...shipped, schemas: [[...shipped.schemas[0]!, ...extra]] });
const auditCount = async () =>
  (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from audits where category = 'relatorios'`)).rows[0]!.n;
/** Writes a template straight to the database, as one saved before the bounds (or by other means) would be. */
const storeDirectly = (template: unknown) => ctx.db.update(reportTemplates).set({ template }).where(eq(reportTemplates.name, NAME));

// An edited template renders in a worker thread; the first one loads pdfme through tsx (slow on a busy machine).
describe('report templates are bounded: PUT report/{name}', { timeout: 120_000 }, () => {
  it('the shipped template is no edited one: it renders in-process (the template source answers null)', async () => {
    expect(await ctx.app.services.reports.current(NAME)).toBeNull();
  });

  it('refuses, with a pt-BR 400 and nothing saved, what a template may not hold', async () => {
    const longText = 'x'.repeat(reportLimits.textChars + 1);
    const many = Array.from({ length: reportLimits.schemas }, (_, i) => fixedText(`extra_${i}`, 'texto'));
    const pages = Array.from({ length: reportLimits.pages + 1 }, () => [] as Schema[]);
    const big = 'A'.repeat(reportLimits.templateChars);
    const cases: Array<[string, unknown, string]> = [
      ['template size', withFixed({ ...fixedText('logo2', ''), type: 'image', content: `data:image/png;base64,${big}` }), reportMessages.tooLarge(2)],
      ['a long text', withFixed(fixedText('longo', longText)), reportMessages.textTooLong('longo', reportLimits.textChars)],
      ['too many schemas', withFixed(...many), reportMessages.tooManySchemas(reportLimits.schemas)],
      ['too many pages', { ...shipped, schemas: [shipped.schemas[0]!, ...pages] }, reportMessages.tooManyPages(reportLimits.pages)],
      ['a URL base page', { ...shipped, basePdf: 'https://example.com/base.pdf' }, reportMessages.basePdf],
      ['a file base page', { ...shipped, basePdf: '/etc/passwd' }, reportMessages.basePdf],
      ['an unknown schema type', withFixed({ ...fixedText('tipo', 'x'), type: 'no-such-type' }), reportMessages.unknownType('tipo', 'no-such-type')],
      [
        'an unknown font',
        withFixed({ ...fixedText('fonte', 'x'), fontName: 'Comic Sans' }),
        reportMessages.unknownFont('fonte', 'Comic Sans', ['DejaVuSans', 'DejaVuSans-Bold']),
      ],
      ['an expression', withFixed(fixedText('expr', "Total: {'x'.repeat(1e8)}")), reportMessages.expression('expr', "{'x'.repeat(1e8)}")],
    ];
    const audited = await auditCount();
    for (const [what, rptData, message] of cases) {
      const res = await put(rptData);
      expect(res.status, what).toBe(400);
      expect(res.error.message, what).toBe(message);
    }
    const now = await expectOk(call(admin, reportContracts.get, { params }));
    expect(now.version).toBe(version);
    expect(now.rptData).toEqual(shipped);
    expect(await auditCount()).toBe(audited);
  });

  it('test-renders the template with its sample before saving: one that cannot render is refused, naming it; a good one is saved', async () => {
    // Passes the bounds (an embedded PDF is allowed) but is no PDF: pdfme fails on it at every render.
    const broken = { ...shipped, basePdf: 'data:application/pdf;base64,bm90IGEgcGRm' };
    const res = await put(broken);
    expect(res.status).toBe(400);
    expect(res.error.message).toMatch(new RegExp(`^O modelo do relatório "Declaração de vínculo associativo" \\(${NAME}\\) não pôde ser gerado: `));
    expect((await expectOk(call(admin, reportContracts.get, { params }))).version).toBe(version);

    // Placeholders that are names are filled: the page numbers and another field.
    const good = withFixed(fixedText('rodape', 'Página {currentPage} de {totalPages} · {assinatura}'));
    version = (await expectOk(put(good))).version;
    const rendered = await expectOk(pdf(admin));
    expect((await pdfText(rendered)).join(' ')).toContain('Página 1 de 1 · Associação dos Magistrados');
    const rows = await ctx.db
      .select()
      .from(audits)
      .where(and(eq(audits.category, 'relatorios'), eq(audits.action, 'update')));
    expect(rows).toHaveLength(1);
  });
});

describe('report templates are bounded: a stored hostile template', { timeout: 120_000 }, () => {
  it('is answered 422 naming the template, quickly, and the API keeps answering GET ping meanwhile', async () => {
    const hostile: Array<[string, Template, string]> = [
      ['expression', withFixed(fixedText('expr', HOSTILE_EXPRESSION)), reportMessages.expression('expr', `${HOSTILE_EXPRESSION.slice(0, 57)}…`)],
      ['500 KB of text', withFixed(fixedText('texto', 'palavra '.repeat(64_000))), reportMessages.textTooLong('texto', reportLimits.textChars)],
      ['19 MB', withFixed(...Array.from({ length: 38 }, (_, i) => fixedText(`t${i}`, 'x'.repeat(512 * 1024)))), reportMessages.tooLarge(2)],
      ['URL base page', { ...shipped, basePdf: 'http://169.254.169.254/base.pdf' }, reportMessages.basePdf],
    ];
    expect(HOSTILE_EXPRESSION.length).toBeGreaterThan(3400);
    for (const [what, template, problem] of hostile) {
      await storeDirectly(template);
      const read = templateRead(ctx);
      const rendering = pdf(admin);
      // Refused by the check of the stored template, before any render: a ping sent once it is read is answered too.
      await read;
      const [res] = await Promise.all([within(rendering, 5_000, `${what}: the 422`), ping(ctx)]);
      expect(res.status, what).toBe(422);
      expect(res.error.message, what).toBe(reportMessages.renderFailed(DESCRIPTION, NAME, problem));
    }
  });
});

describe('report templates are bounded: a render past the time limit', { timeout: 180_000 }, () => {
  let limited: TestContext;
  let client: Client;
  beforeAll(async () => {
    limited = await createTestApp({ DOCUMENTS_RENDER_TIMEOUT_MS: 200 });
    client = (await signedInAs(limited, ['v2access', 'superadmin'])).client;
  });
  afterAll(async () => {
    await limited.close();
  });

  it('answers 422 naming the template, GET ping answered while it renders; the API goes on rendering', async () => {
    const base = (await expectOk(call(client, reportContracts.get, { params }))).rptData as Template;
    const slow = slowTemplate(base);
    await limited.db.update(reportTemplates).set({ template: slow }).where(eq(reportTemplates.name, NAME));
    // The worker loaded first, as the start-up does when an edited template is stored (loading pdfme is not the render).
    await limited.app.services.documents.warm();
    const read = templateRead(limited);
    const rendering = pdf(client);
    await expectPingBeforeRender(limited, read, rendering, 'time limit');
    const res = await rendering;
    expect(res.status, JSON.stringify(res.error).slice(0, 300)).toBe(422);
    expect(res.error.message).toBe(reportMessages.renderFailed(DESCRIPTION, NAME, reportMessages.renderTimeLimit(0.2)));
    expect(res.error.message).toBe(
      'O modelo do relatório "Declaração de vínculo associativo" (declaracao-vinculo) não pôde ser gerado: passou do limite de tempo de 0,2 s.',
    );

    // The API goes on rendering: the shipped template (in-process) answers its PDF.
    await limited.db.update(reportTemplates).set({ template: base }).where(eq(reportTemplates.name, NAME));
    const again = await expectOk(pdf(client));
    expect((await pdfText(again)).join(' ')).toContain('DECLARAÇÃO DE VÍNCULO ASSOCIATIVO');
  });
});

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportLimits, reportMessages, authContracts } from '@assoc/domain';
import { audits, reportTemplates } from '../../db/schema/index.js';
import { pdfText } from '../documents/pdf-text.testing.js';
import { call, createTestApp, signedInAs, type Client, type TestContext } from '../../../test/helper.js';
import { fixedTextSchema } from '../documents/template.testing.js';

/**
 * Issue 22 item 4: report templates are bounded. A template may hold only so much (size, texts, schemas), a base page
 * that is a blank page or an embedded PDF, the shipped types and fonts, and placeholders that are names; a save
 * test-renders the sample; a stored template past the bounds, or a render past its time limit, answers 422 naming the
 * template while the API keeps answering.
 */

const NAME = 'declaracao-vinculo';
const DESCRIPTION = 'Declaração de vínculo associativo';
const url = `/api/v1/report/${NAME}`;

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

const ping = async (ctx: TestContext) => {
  const start = performance.now();
  const res = await call(ctx.app, authContracts.ping);
  expect(res.status).toBe(401);
  return performance.now() - start;
};
const pause = () => new Promise((resolve) => setTimeout(resolve, 20));

/** Anonymous `GET ping` (the 401 needs no database) while `work` runs: every answer's time in ms. */
async function pingsDuring(ctx: TestContext, work: Promise<unknown>): Promise<number[]> {
  let done = false;
  void work.finally(() => (done = true)).catch(() => undefined);
  const times: number[] = [];
  while (!done) {
    times.push(await ping(ctx));
    await pause();
  }
  return times;
}

/**
 * The event loop answers while a template renders: every ping within 100 ms. A machine shared by many processes
 * delays any answer now and then, rendering or not: that noise (the slowest of as many pings just before, with
 * nothing rendering) is added to the bound, so the test measures what the render itself holds up. An in-process
 * render held the first ping for the whole render (seconds).
 */
async function expectResponsive(ctx: TestContext, pings: number[], what = '') {
  const baseline: number[] = [];
  for (let i = 0; i < Math.max(5, pings.length); i += 1) {
    baseline.push(await ping(ctx));
    await pause();
  }
  const noise = Math.max(...baseline);
  console.info(
    `${what} GET ping while rendering: ${pings.length} pings, slowest ${Math.max(...pings).toFixed(1)} ms (idle slowest ${noise.toFixed(1)} ms)`,
  );
  expect(Math.max(...pings), what).toBeLessThan(100 + noise);
  expect([...pings].sort((a, b) => a - b)[Math.floor(pings.length / 2)]!, what).toBeLessThan(100);
}

let ctx: TestContext;
let admin: Client;
let shipped: Template;
let version: number;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await signedInAs(ctx, ['v2access', 'superadmin'])).client;
  const read = (await admin.get(url)).json() as { rptData: Template; version: number };
  shipped = read.rptData;
  version = read.version;
});
afterAll(async () => {
  await ctx.close();
});

const put = (rptData: unknown) => admin.request({ method: 'PUT', url, payload: { rptData, version } });
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
      expect(res.statusCode, what).toBe(400);
      expect(res.json().message, what).toBe(message);
    }
    const now = (await admin.get(url)).json() as { rptData: Template; version: number };
    expect(now.version).toBe(version);
    expect(now.rptData).toEqual(shipped);
    expect(await auditCount()).toBe(audited);
  });

  it('test-renders the template with its sample before saving: one that cannot render is refused, naming it; a good one is saved', async () => {
    // Passes the bounds (an embedded PDF is allowed) but is no PDF: pdfme fails on it at every render.
    const broken = { ...shipped, basePdf: 'data:application/pdf;base64,bm90IGEgcGRm' };
    const res = await put(broken);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(new RegExp(`^O modelo do relatório "Declaração de vínculo associativo" \\(${NAME}\\) não pôde ser gerado: `));
    expect(((await admin.get(url)).json() as { version: number }).version).toBe(version);

    // Placeholders that are names are filled: the page numbers and another field.
    const good = withFixed(fixedText('rodape', 'Página {currentPage} de {totalPages} · {assinatura}'));
    const saved = await put(good);
    expect(saved.statusCode, saved.body).toBe(200);
    version = (saved.json() as { version: number }).version;
    const pdf = await admin.get(`${url}/pdf`);
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    expect((await pdfText(pdf.rawPayload)).join(' ')).toContain('Página 1 de 1 · Associação dos Magistrados');
    const rows = await ctx.db
      .select()
      .from(audits)
      .where(and(eq(audits.category, 'relatorios'), eq(audits.action, 'update')));
    expect(rows).toHaveLength(1);
  });
});

describe('report templates are bounded: a stored hostile template', { timeout: 120_000 }, () => {
  it('is answered 422 naming the template, quickly, and the API keeps answering GET ping within 100 ms', async () => {
    const hostile: Array<[string, Template, string]> = [
      ['expression', withFixed(fixedText('expr', HOSTILE_EXPRESSION)), reportMessages.expression('expr', `${HOSTILE_EXPRESSION.slice(0, 57)}…`)],
      ['500 KB of text', withFixed(fixedText('texto', 'palavra '.repeat(64_000))), reportMessages.textTooLong('texto', reportLimits.textChars)],
      ['19 MB', withFixed(...Array.from({ length: 38 }, (_, i) => fixedText(`t${i}`, 'x'.repeat(512 * 1024)))), reportMessages.tooLarge(2)],
      ['URL base page', { ...shipped, basePdf: 'http://169.254.169.254/base.pdf' }, reportMessages.basePdf],
    ];
    expect(HOSTILE_EXPRESSION.length).toBeGreaterThan(3400);
    for (const [what, template, problem] of hostile) {
      await storeDirectly(template);
      const start = performance.now();
      const rendering = admin.get(`${url}/pdf`);
      const pings = await pingsDuring(ctx, rendering);
      const res = await rendering;
      expect(res.statusCode, what).toBe(422);
      expect(res.json().message, what).toBe(reportMessages.renderFailed(DESCRIPTION, NAME, problem));
      expect(performance.now() - start, what).toBeLessThan(5_000);
      await expectResponsive(ctx, pings, what);
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

  it('answers 422 naming the template while GET ping answers within 100 ms; the API goes on rendering', async () => {
    const base = ((await client.get(url)).json() as { rptData: Template }).rptData;
    const slow = slowTemplate(base);
    await limited.db.update(reportTemplates).set({ template: slow }).where(eq(reportTemplates.name, NAME));
    // The worker loaded first, as the start-up does when an edited template is stored (loading pdfme is not the render).
    await limited.app.services.documents.warm();
    const rendering = client.get(`${url}/pdf`);
    const pings = await pingsDuring(limited, rendering);
    const res = await rendering;
    expect(res.statusCode, res.body.slice(0, 300)).toBe(422);
    expect(res.json().message).toBe(reportMessages.renderFailed(DESCRIPTION, NAME, reportMessages.renderTimeLimit(0.2)));
    expect(res.json().message).toBe(
      'O modelo do relatório "Declaração de vínculo associativo" (declaracao-vinculo) não pôde ser gerado: passou do limite de tempo de 0,2 s.',
    );
    expect(pings.length).toBeGreaterThan(3);
    await expectResponsive(limited, pings, 'time limit');

    // The API goes on rendering: the shipped template (in-process) answers its PDF.
    await limited.db.update(reportTemplates).set({ template: base }).where(eq(reportTemplates.name, NAME));
    const again = await client.get(`${url}/pdf`);
    expect(again.statusCode, again.body.slice(0, 300)).toBe(200);
    expect((await pdfText(again.rawPayload)).join(' ')).toContain('DECLARAÇÃO DE VÍNCULO ASSOCIATIVO');
  });
});

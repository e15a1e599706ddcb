import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { genericMessages, reportMessages, reportContracts, type BodyOf } from '@assoc/domain';
import { audits, reportTemplates } from '../../db/schema/index.js';
import { pdfText } from '../documents/pdf-text.testing.js';
import { call, createMember, createTestApp, expectOk, prepare, signedInAs, type Client, type TestContext } from '../../../test/helper.js';

let ctx: TestContext;
let admin: Client;
let adminName: string;
let admin2: Client;
const NAME = 'declaracao-vinculo';

beforeAll(async () => {
  ctx = await createTestApp();
  const signed = await signedInAs(ctx, ['v2access', 'superadmin']);
  admin = signed.client;
  adminName = signed.user.name;
  admin2 = (await signedInAs(ctx, ['v2access', 'superadmin'])).client;
});
afterAll(async () => {
  await ctx.close();
});

/** The part of a pdfme template the tests read (the contract types rptData as an open record on purpose). */
const templateSchema = z.looseObject({
  basePdf: z.unknown(),
  schemas: z.array(z.array(z.looseObject({ name: z.string(), content: z.string().optional() }))),
});
type Template = z.infer<typeof templateSchema>;

const put = (client: Client, payload: Record<string, unknown>, name = NAME) =>
  call(client, reportContracts.save, { params: { name }, rawBody: payload });
const restore = (client: Client, body: BodyOf<typeof reportContracts.restore>, name = NAME) =>
  call(client, reportContracts.restore, { params: { name }, body });
/** The stored template by name, its rptData read as a pdfme template. */
const templateOf = async (name: string) => {
  const reply = await expectOk(call(admin, reportContracts.get, { params: { name } }));
  return { ...reply, rptData: templateSchema.parse(reply.rptData) };
};
const current = () => templateOf(NAME);
const versionsOf = async (name: string) => (await call(admin, reportContracts.versions, { params: { name } })).body;
/** The rendered PDF's text, after checking it is a PDF. */
async function pdfOf(name: string) {
  const res = await call(admin, reportContracts.pdf, { params: { name } });
  expect(res.status, res.res.body.slice(0, 200)).toBe(200);
  expect(res.res.headers['content-type']).toBe('application/pdf');
  return (await pdfText(res.body)).join(' ');
}

/** The template with the closing sentence ('fecho', a fixed text) replaced. */
function withFecho(template: Template, text: string): Template {
  const copy = structuredClone(template);
  for (const page of copy.schemas) for (const schema of page) if (schema.name === 'fecho') schema.content = text;
  return copy;
}

const renderedText = () => pdfOf(NAME);

describe('report templates: access', () => {
  const calls = [
    prepare(reportContracts.list),
    prepare(reportContracts.get, { params: { name: NAME } }),
    prepare(reportContracts.byNumber, { params: { number: 1 } }),
    prepare(reportContracts.save, { params: { name: NAME }, body: { rptData: {}, version: 1 } }),
    prepare(reportContracts.versions, { params: { name: NAME } }),
    prepare(reportContracts.restore, { params: { name: NAME }, body: { padrao: true } }),
    prepare(reportContracts.pdf, { params: { name: NAME } }),
  ];

  it('answers 401 without a session and 403 to a non-superadmin on every call', async () => {
    const { client } = await signedInAs(ctx, ['v2access', 'admin']);
    for (const refused of calls) {
      expect((await refused.send(ctx.app)).status, refused.label).toBe(401);
      expect((await refused.send(client)).status, refused.label).toBe(403);
    }
  });
});

// An edited template renders in a worker thread (issue 22 item 4); the first one loads pdfme through tsx (slow on a busy machine).
describe('report templates', { timeout: 120_000 }, () => {
  it('installs one row per shipped document, once (a second install changes nothing)', async () => {
    const before = await ctx.db.select().from(reportTemplates);
    expect(before.map((r) => r.name)).toContain(NAME);
    await ctx.app.services.reports.install();
    const after = await ctx.db.select().from(reportTemplates);
    expect(after).toEqual(before);
  });

  it('GET report lists name, description, number, version and the last change', async () => {
    const res = await call(admin, reportContracts.list);
    expect(res.status).toBe(200);
    const item = res.body.find((r) => r.name === NAME);
    expect(item).toMatchObject({ name: NAME, description: 'Declaração de vínculo associativo', version: 1, updatedByName: null });
    expect(typeof item!.number).toBe('number');
  });

  it('GET report/{name} and GET report/id/{number} answer the same template as an object; unknown ones 404', async () => {
    const byName = await current();
    expect(byName.rptData.schemas.flat().some((s) => s.name === 'fecho')).toBe(true);
    const byNumber = await call(admin, reportContracts.byNumber, { params: { number: byName.number } });
    expect(byNumber.status).toBe(200);
    expect(byNumber.body).toEqual(byName);
    for (const unknown of [
      prepare(reportContracts.get, { params: { name: 'nao-existe' } }),
      prepare(reportContracts.byNumber, { params: { number: 999999 } }),
      prepare(reportContracts.pdf, { params: { name: 'nao-existe' } }),
    ]) {
      const res = await unknown.send(admin);
      expect(res.status, unknown.label).toBe(404);
      expect(res.error.message).toBe(reportMessages.notFound);
    }
  });

  it('GET report/{name}/pdf renders the demo member through the stored template', async () => {
    await createMember(ctx, { custName: 'Demóstenes Conceição Teste', custAdmissao: '2001-02-03' });
    const text = await renderedText();
    expect(text).toContain('DECLARAÇÃO DE VÍNCULO ASSOCIATIVO');
    expect(text).toContain('Demóstenes Conceição Teste');
  });

  // Its speed (p95 through the API, stored template read each time) is measured by bench/documents.bench.ts
  // (issue 23 §8), not here.

  it('PUT refuses an invalid template and one that drops a filled field with a pt-BR 400, changing nothing', async () => {
    const { rptData, version } = await current();
    const bad = await put(admin, { rptData: { schemas: 'x' }, version });
    expect(bad.status).toBe(400);
    expect(bad.error.message).toMatch(/^Modelo de relatório inválido: /);
    const dropped = structuredClone(rptData);
    dropped.schemas = dropped.schemas.map((page) => page.filter((s) => s.name !== 'corpo'));
    const missing = await put(admin, { rptData: dropped, version });
    expect(missing.status).toBe(400);
    expect(missing.error.message).toBe(reportMessages.missingFields(['corpo']));
    const noVersion = await put(admin, { rptData });
    expect(noVersion.status).toBe(400);
    expect((await current()).version).toBe(version);
  });

  it('PUT saves a new version (audited), the next PDF shows it, and a stale version answers 409', async () => {
    const read = await current();
    const res = await put(admin, { rptData: withFecho(read.rptData, 'Texto alterado pelo teste de relatórios.'), version: read.version });
    expect(res.status, res.error.message).toBe(200);
    expect(res.body.version).toBe(read.version + 1);
    expect(await renderedText()).toContain('Texto alterado pelo teste de relatórios.');

    const stale = await put(admin2, { rptData: withFecho(read.rptData, 'Outro texto'), version: read.version });
    expect(stale.status).toBe(409);
    expect(stale.error.message).toBe(genericMessages.staleRecord);
    expect(await renderedText()).not.toContain('Outro texto');

    const rows = await ctx.db
      .select()
      .from(audits)
      .where(and(eq(audits.category, 'relatorios'), eq(audits.entityId, String(read.number))));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'update', userName: adminName });
    const list = (await call(admin, reportContracts.list)).body;
    expect(list.find((r) => r.name === NAME)!.updatedByName).toBe(adminName);
  });

  it('GET versoes lists the history newest first; restaurar { version } and { padrao } are new versions', async () => {
    const before = await current();
    const history = await versionsOf(NAME);
    expect(history.map((v) => v.action)).toEqual(['save', 'default']);
    expect(history[0]).toMatchObject({ version: before.version, savedByName: adminName });

    const stale = await restore(admin, { version: 1, current: before.version - 1 });
    expect(stale.status).toBe(409);
    const unknown = await restore(admin, { version: 99 });
    expect(unknown.status).toBe(404);
    const neither = await restore(admin, {});
    expect(neither.status).toBe(400);
    expect(neither.error.message).toContain(reportMessages.restoreTarget);

    const restored = await restore(admin, { version: 1, current: before.version });
    expect(restored.status, restored.error.message).toBe(200);
    expect(restored.body.version).toBe(before.version + 1);
    expect(await renderedText()).not.toContain('Texto alterado pelo teste de relatórios.');

    const again = await restore(admin, { version: 2 });
    expect(again.status).toBe(200);
    expect(await renderedText()).toContain('Texto alterado pelo teste de relatórios.');

    const padrao = await restore(admin, { padrao: true });
    expect(padrao.status).toBe(200);
    expect(await renderedText()).not.toContain('Texto alterado pelo teste de relatórios.');
    const after = await versionsOf(NAME);
    expect(after.map((v) => v.action)).toEqual(['default', 'restore', 'restore', 'save', 'default']);
    const count = await ctx.db.execute(sql`select count(*)::int as n from audits where category = 'relatorios' and action = 'restore'`);
    expect(count.rows[0]).toEqual({ n: 3 });
  });
});

describe('shipped templates upgrade themselves at start-up where nobody edited them', { timeout: 120_000 }, () => {
  const SAUDE = 'declaracao-saude';
  const PAYMENT_FIELDS = ['pagamentos_titulo', 'pagamentos_entidade', 'pagamentos', 'pagamentos_total'];
  const shipped = () => ctx.app.services.documents.definitions.find((d) => d.name === SAUDE)!.template as unknown as Template;
  /** The declaration as shipped before the payments table (commit c8ed052): none of the payment fields. */
  const oldTemplate = () => {
    const old = structuredClone(shipped());
    old.schemas = old.schemas.map((page) => page.filter((s) => !s.name.startsWith('pagamentos')));
    return old;
  };
  const withTitle = (template: Template, text: string) => {
    const copy = structuredClone(template);
    for (const page of copy.schemas) for (const s of page) if (s.name === 'dependentes_titulo') s.content = text;
    return copy;
  };
  const saude = () => templateOf(SAUDE);
  const history = () => versionsOf(SAUDE);
  const saudeText = () => pdfOf(SAUDE);
  const upgradeAudits = async (reportId: number) =>
    ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audits where category = 'relatorios' and entity_id = ${String(reportId)} and (after->>'upgrade')::boolean`,
    );
  /**
   * Puts the database as an older release left it: the current version (and its history row) holds `template`, written
   * with `action` (the install's 'default', a user's 'save' or 'restore').
   */
  async function storedAs(template: Template, action: 'default' | 'save' | 'restore') {
    const { number, version } = await saude();
    await ctx.db.execute(sql`update report_templates set template = ${JSON.stringify(template)}::jsonb where report_id = ${number}`);
    await ctx.db.execute(
      sql`update report_template_versions set template = ${JSON.stringify(template)}::jsonb, action = ${action}
          where report_id = ${number} and version = ${version}`,
    );
    return { number, version };
  }

  it('an untouched old template (the install’s version) becomes the shipped one: a new version, action default, audited; the payments render', async () => {
    const { number, version } = await storedAs(oldTemplate(), 'default');
    expect(await saudeText()).not.toContain('Pagamentos ao plano de saúde');

    expect(await ctx.app.services.reports.install()).toEqual([SAUDE]);
    const after = await saude();
    expect(after.version).toBe(version + 1);
    expect(after.rptData).toEqual(JSON.parse(JSON.stringify(shipped())));
    expect((await history())[0]).toEqual(expect.objectContaining({ version: version + 1, action: 'default', savedByName: null }));
    expect((await upgradeAudits(number)).rows[0]!.n).toBe(1);
    const [audit] = await ctx.db
      .select()
      .from(audits)
      .where(and(eq(audits.category, 'relatorios'), eq(audits.entityId, String(number))));
    expect(audit).toMatchObject({ action: 'update', userName: 'Sistema' });
    expect(await saudeText()).toContain('Pagamentos ao plano de saúde no período');
    const list = (await call(admin, reportContracts.list)).body;
    expect(list.find((r) => r.name === SAUDE)).toMatchObject({ version: version + 1, updatedByName: null });
  });

  it('a second start changes nothing, and two instances starting together upgrade once', async () => {
    const before = await saude();
    expect(await ctx.app.services.reports.install()).toEqual([]);
    expect(await saude()).toEqual(before);

    await storedAs(oldTemplate(), 'default');
    const starts = await Promise.all([ctx.app.services.reports.install(), ctx.app.services.reports.install()]);
    expect(starts.flat()).toEqual([SAUDE]);
    expect((await saude()).version).toBe(before.version + 1);
    expect((await upgradeAudits(before.number)).rows[0]!.n).toBe(2);
  });

  it('"Restaurar padrão" and a restore of a default version count as untouched; a restore of a saved version does not', async () => {
    // "Restaurar padrão" of an older release wrote the old template (action default): upgraded.
    const viaDefault = await storedAs(oldTemplate(), 'default');
    expect(await ctx.app.services.reports.install()).toEqual([SAUDE]);
    // A restore of that old default version: its template is one the application wrote, upgraded too.
    const restoredOld = await restore(admin, { version: viaDefault.version }, SAUDE);
    expect(restoredOld.status, restoredOld.error.message).toBe(200);
    expect(await saudeText()).not.toContain('Pagamentos ao plano de saúde');
    expect(await ctx.app.services.reports.install()).toEqual([SAUDE]);
    expect(await saudeText()).toContain('Pagamentos ao plano de saúde');
    expect((await history())[0]!.action).toBe('default');

    // A restore of a version a user saved: left alone.
    const { version } = await storedAs(withTitle(oldTemplate(), 'Dependentes (salvo por um usuário)'), 'save');
    const restoredSaved = await restore(admin, { version }, SAUDE);
    expect(restoredSaved.status, restoredSaved.error.message).toBe(200);
    const before = await saude();
    expect(await ctx.app.services.reports.install()).toEqual([]);
    expect(await saude()).toEqual(before);
  });

  it('an edited old template is left alone: it still renders, and saving it asks for the payment fields by name', async () => {
    const edited = withTitle(oldTemplate(), 'Dependentes inscritos (texto editado)');
    await storedAs(edited, 'save');
    const before = await saude();
    const versionsBefore = await history();
    expect(await ctx.app.services.reports.install()).toEqual([]);
    expect(await saude()).toEqual(before);
    expect(await history()).toEqual(versionsBefore);

    const text = await saudeText();
    expect(text).toContain('Dependentes inscritos (texto editado)');
    expect(text).toContain('DECLARAÇÃO DE SAÚDE');
    expect(text).not.toContain('Pagamentos ao plano de saúde');

    const res = await put(admin, { rptData: before.rptData, version: before.version }, SAUDE);
    expect(res.status).toBe(400);
    expect(res.error.message).toBe(reportMessages.missingFields(PAYMENT_FIELDS));
    expect(res.error.message).toBe(
      'O modelo não tem os campos pagamentos_titulo, pagamentos_entidade, pagamentos, pagamentos_total que o documento preenche; inclua-os antes de salvar.',
    );
    expect((await saude()).version).toBe(before.version);
  });
});

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { genericMessages, reportMessages } from '@assoc/domain';
import { audits, reportTemplates } from '../../db/schema/index.js';
import { pdfText } from '../documents/pdf-text.testing.js';
import { createMember, createTestApp, signedInAs, type Client, type TestContext } from '../../../test/helper.js';

let ctx: TestContext;
let admin: Client;
let adminName: string;
let admin2: Client;
const NAME = 'declaracao-vinculo';
const url = `/api/v1/report/${NAME}`;

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

type Template = { basePdf: unknown; schemas: Array<Array<{ name: string; content?: string; [key: string]: unknown }>> };
interface TemplateReply {
  name: string;
  number: number;
  version: number;
  rptData: Template;
}
const put = (client: Client, payload: unknown) => client.request({ method: 'PUT', url, payload: payload as object });
const current = async () => (await admin.get(url)).json() as TemplateReply;

/** The template with the closing sentence ('fecho', a fixed text) replaced. */
function withFecho(template: Template, text: string): Template {
  const copy = structuredClone(template);
  for (const page of copy.schemas) for (const schema of page) if (schema.name === 'fecho') schema.content = text;
  return copy;
}

async function renderedText() {
  const res = await admin.get(`${url}/pdf`);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return (await pdfText(res.rawPayload)).join(' ');
}

describe('report templates: access', () => {
  const calls = [
    { method: 'GET', url: '/api/v1/report' },
    { method: 'GET', url },
    { method: 'GET', url: '/api/v1/report/id/1' },
    { method: 'PUT', url, payload: { rptData: {}, version: 1 } },
    { method: 'GET', url: `${url}/versoes` },
    { method: 'POST', url: `${url}/restaurar`, payload: { padrao: true } },
    { method: 'GET', url: `${url}/pdf` },
  ] as const;

  it('answers 401 without a session and 403 to a non-superadmin on every call', async () => {
    const { client } = await signedInAs(ctx, ['v2access', 'admin']);
    for (const call of calls) {
      const anon = await ctx.app.inject({ method: call.method, url: call.url, payload: 'payload' in call ? call.payload : undefined });
      expect(anon.statusCode, `${call.method} ${call.url}`).toBe(401);
      const denied = await client.request({ method: call.method, url: call.url, payload: 'payload' in call ? call.payload : undefined });
      expect(denied.statusCode, `${call.method} ${call.url}`).toBe(403);
    }
  });
});

describe('report templates', () => {
  it('installs one row per shipped document, once (a second install changes nothing)', async () => {
    const before = await ctx.db.select().from(reportTemplates);
    expect(before.map((r) => r.name)).toContain(NAME);
    await ctx.app.services.reports.install();
    const after = await ctx.db.select().from(reportTemplates);
    expect(after).toEqual(before);
  });

  it('GET report lists name, description, number, version and the last change', async () => {
    const res = await admin.get('/api/v1/report');
    expect(res.statusCode).toBe(200);
    const item = (res.json() as Array<Record<string, unknown>>).find((r) => r.name === NAME);
    expect(item).toMatchObject({ name: NAME, description: 'Declaração de vínculo associativo', version: 1, updatedByName: null });
    expect(typeof item!.number).toBe('number');
  });

  it('GET report/{name} and GET report/id/{number} answer the same template as an object; unknown ones 404', async () => {
    const byName = await current();
    expect(byName.rptData.schemas.flat().some((s) => s.name === 'fecho')).toBe(true);
    const byNumber = await admin.get(`/api/v1/report/id/${byName.number}`);
    expect(byNumber.statusCode).toBe(200);
    expect(byNumber.json()).toEqual(byName);
    for (const path of ['/api/v1/report/nao-existe', '/api/v1/report/id/999999', '/api/v1/report/nao-existe/pdf']) {
      const res = await admin.get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.json().message).toBe(reportMessages.notFound);
    }
  });

  it('GET report/{name}/pdf renders the demo member through the stored template', async () => {
    await createMember(ctx, { custName: 'Demóstenes Conceição Teste', custAdmissao: '2001-02-03' });
    const text = await renderedText();
    expect(text).toContain('DECLARAÇÃO DE VÍNCULO ASSOCIATIVO');
    expect(text).toContain('Demóstenes Conceição Teste');
  });

  it('GET report/{name}/pdf answers fast (p95 of 30 renders through the API, stored template read each time)', async () => {
    const times: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const start = performance.now();
      const res = await admin.get(`${url}/pdf`);
      times.push(performance.now() - start);
      expect(res.statusCode).toBe(200);
    }
    times.sort((a, b) => a - b);
    const p95 = times[Math.ceil(times.length * 0.95) - 1]!;
    console.log(`GET report/${NAME}/pdf: p50 ${times[14]!.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`);
    // The target is 100 ms; the bound leaves room for a loaded CI machine.
    expect(p95).toBeLessThan(1000);
  });

  it('PUT refuses an invalid template and one that drops a filled field with a pt-BR 400, changing nothing', async () => {
    const { rptData, version } = await current();
    const bad = await put(admin, { rptData: { schemas: 'x' }, version });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^Modelo de relatório inválido: /);
    const dropped = structuredClone(rptData);
    dropped.schemas = dropped.schemas.map((page) => page.filter((s) => s.name !== 'corpo'));
    const missing = await put(admin, { rptData: dropped, version });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(reportMessages.missingFields(['corpo']));
    const noVersion = await put(admin, { rptData });
    expect(noVersion.statusCode).toBe(400);
    expect((await current()).version).toBe(version);
  });

  it('PUT saves a new version (audited), the next PDF shows it, and a stale version answers 409', async () => {
    const read = await current();
    const res = await put(admin, { rptData: withFecho(read.rptData, 'Texto alterado pelo teste de relatórios.'), version: read.version });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as TemplateReply).version).toBe(read.version + 1);
    expect(await renderedText()).toContain('Texto alterado pelo teste de relatórios.');

    const stale = await put(admin2, { rptData: withFecho(read.rptData, 'Outro texto'), version: read.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(genericMessages.staleRecord);
    expect(await renderedText()).not.toContain('Outro texto');

    const rows = await ctx.db
      .select()
      .from(audits)
      .where(and(eq(audits.category, 'relatorios'), eq(audits.entityId, String(read.number))));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'update', userName: adminName });
    const list = (await admin.get('/api/v1/report')).json() as Array<{ name: string; updatedByName: string | null }>;
    expect(list.find((r) => r.name === NAME)!.updatedByName).toBe(adminName);
  });

  it('GET versoes lists the history newest first; restaurar { version } and { padrao } are new versions', async () => {
    const before = await current();
    const history = (await admin.get(`${url}/versoes`)).json() as Array<{ version: number; action: string; savedByName: string | null }>;
    expect(history.map((v) => v.action)).toEqual(['save', 'default']);
    expect(history[0]).toMatchObject({ version: before.version, savedByName: adminName });

    const stale = await admin.post(`${url}/restaurar`, { version: 1, current: before.version - 1 });
    expect(stale.statusCode).toBe(409);
    const unknown = await admin.post(`${url}/restaurar`, { version: 99 });
    expect(unknown.statusCode).toBe(404);
    const neither = await admin.post(`${url}/restaurar`, {});
    expect(neither.statusCode).toBe(400);
    expect(neither.json().message).toContain(reportMessages.restoreTarget);

    const restored = await admin.post(`${url}/restaurar`, { version: 1, current: before.version });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((restored.json() as TemplateReply).version).toBe(before.version + 1);
    expect(await renderedText()).not.toContain('Texto alterado pelo teste de relatórios.');

    const again = await admin.post(`${url}/restaurar`, { version: 2 });
    expect(again.statusCode).toBe(200);
    expect(await renderedText()).toContain('Texto alterado pelo teste de relatórios.');

    const padrao = await admin.post(`${url}/restaurar`, { padrao: true });
    expect(padrao.statusCode).toBe(200);
    expect(await renderedText()).not.toContain('Texto alterado pelo teste de relatórios.');
    const after = (await admin.get(`${url}/versoes`)).json() as Array<{ action: string }>;
    expect(after.map((v) => v.action)).toEqual(['default', 'restore', 'restore', 'save', 'default']);
    const count = await ctx.db.execute(sql`select count(*)::int as n from audits where category = 'relatorios' and action = 'restore'`);
    expect(count.rows[0]).toEqual({ n: 3 });
  });
});

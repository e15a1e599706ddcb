import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths, closingLineKey, jobsContracts, postingContracts, postingMessages, roleCatalogue, formatCents, type Role } from '@assoc/domain';
import { addresses, products, services, statementEntries, suppliers } from '../../db/schema/index.js';
import { call, createDependent, createMember, createTestApp, expectOk, signedInAs, type Client, type TestContext } from '../../../test/helper.js';
import { jobEnded } from '../../../test/barriers.js';
import { multipartBody } from '../../../test/multipart.js';
import { createClosingRepository } from '../closing/closing.repository.js';
import { runPosting } from './postings.job.js';
import { createPostingsRepository } from './postings.repository.js';

let ctx: TestContext;
/** Jobs that ended, from the event bus (test/barriers.ts): no polling, no race. */
let poster: Client;
let withoutRole: Client;
const allRoles = (Object.keys(roleCatalogue) as Role[]).filter((r) => r !== 'v2portal' && r !== 'v2menulancamentos');

// A typed service (up to 6 instalments, dependents allowed), a holders-only one, a phone service and a file service.
const TYPED = 9601;
const HOLDERS = 9602;
const PHONE = 9603;
const BAR = 9604;
const DELETED = 9605;
const people: Record<string, { cstId: number; cpf: string }> = {};
// Phones: one of A only, one shared by B and C (several), one of nobody.
const PHONE_A = '11987650001';
const PHONE_SHARED = '11987650002';
const PHONE_NONE = '11987650009';

const count = async (table: string) => (await ctx.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).rows[0]!.n;
const counts = async () => ({
  entries: await count('statement_entries'),
  postings: await count('postings'),
  instalments: await count('posting_instalments'),
  jobs: await count('jobs'),
});
const entriesByKey = async (prefix: string) =>
  (
    await ctx.db
      .select()
      .from(statementEntries)
      .where(sql`${statementEntries.extKey} like ${`${prefix}%`}`)
  ).sort((a, b) => a.extId - b.extId);

/** The screen's upload: the fields, then the file. */
const multipart = (fields: Record<string, string>, file?: { name: string; data: Buffer }) =>
  multipartBody([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ...(file ? [{ name: 'file', filename: file.name, data: file.data, contentType: 'application/octet-stream' }] : []),
  ]);
const upload = (client: Client, svcId: number, name: string, text: string | Buffer) =>
  call(client, postingContracts.postFile, multipart({ svcId: String(svcId) }, { name, data: Buffer.isBuffer(text) ? text : Buffer.from(text) }));

beforeAll(async () => {
  ctx = await createTestApp({}, { features: { jobs: true } });
  poster = (await signedInAs(ctx, ['v2access', 'v2menulancamentos'])).client;
  withoutRole = (await signedInAs(ctx, allRoles)).client;
  const [sup] = await ctx.db.insert(suppliers).values({ supName: 'Fornecedor dos Lançamentos' }).returning();
  await ctx.db.insert(products).values({ sucId: 9601, supId: sup!.supId, sucName: 'Produto dos Lançamentos' });
  await ctx.db.insert(services).values([
    { svcId: TYPED, sucId: 9601, svcName: 'AAA Digitação Teste', svcValor: 0, svcServiceType: 1, svcMaxParcelas: 6 },
    { svcId: HOLDERS, sucId: 9601, svcName: 'AAB Só Titular Teste', svcValor: 0, svcServiceType: 1, svcPermiteDependente: false },
    { svcId: PHONE, sucId: 9601, svcName: 'AAC Telefonia Teste', svcValor: 0, svcServiceType: 2, svcLancPlugin: 'lanccelular', svcMaxParcelas: 3 },
    { svcId: BAR, sucId: 9601, svcName: 'AAD Lanchonete Teste', svcValor: 0, svcServiceType: 2, svcLancPlugin: 'lancbar', svcMaxParcelas: 6 },
    { svcId: DELETED, sucId: 9601, svcName: 'AAE Apagado Teste', svcValor: 0, svcServiceType: 1, deletedAt: new Date() },
  ]);
  const a = await createMember(ctx, { custCelularDdd: PHONE_A.slice(0, 2), custCelular: PHONE_A.slice(2) });
  const d = await createDependent(ctx, a.cstId);
  const b = await createMember(ctx, { custCelularDdd: PHONE_SHARED.slice(0, 2), custCelular: PHONE_SHARED.slice(2) });
  const c = await createMember(ctx);
  await ctx.db.insert(addresses).values({ cstId: c.cstId, kind: 1, adPhoneDdd: PHONE_SHARED.slice(0, 2), adPhone: PHONE_SHARED.slice(2) });
  const dead = await createMember(ctx, { custAssocSituacao: 5 });
  for (const [k, p] of Object.entries({ a, d, b, c, dead })) people[k] = { cstId: p.cstId, cpf: p.custCpf! };
});
afterAll(async () => {
  await ctx.close();
});

describe('GET lancamentos', () => {
  it('refuses an anonymous caller (401) and a user without v2menulancamentos (403)', async () => {
    expect((await call(ctx.app, postingContracts.services)).status).toBe(401);
    expect((await call(withoutRole, postingContracts.services)).status).toBe(403);
  });

  it('lists the services not deleted, by name, with type, plugin, instalments and holders-only', async () => {
    const list = await expectOk(call(poster, postingContracts.services));
    const ours = list.filter((s) => s.id >= 9601 && s.id <= 9605);
    expect(ours).toEqual([
      { id: TYPED, label: 'AAA Digitação Teste', serviceType: 1, plugin: null, parcelasMax: 6, onlyTitular: false },
      { id: HOLDERS, label: 'AAB Só Titular Teste', serviceType: 1, plugin: null, parcelasMax: 1, onlyTitular: true },
      { id: PHONE, label: 'AAC Telefonia Teste', serviceType: 2, plugin: 'lanccelular', parcelasMax: 3, onlyTitular: false },
      { id: BAR, label: 'AAD Lanchonete Teste', serviceType: 2, plugin: 'lancbar', parcelasMax: 6, onlyTitular: false },
    ]);
    const labels = list.map((s) => s.label);
    expect(labels).toEqual([...labels].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
  });
});

describe('POST search/phones', () => {
  it('refuses an anonymous caller (401), a user without the role (403) and a number without 11 digits (400)', async () => {
    expect((await call(ctx.app, postingContracts.searchPhones, { body: { text: PHONE_A } })).status).toBe(401);
    expect((await call(withoutRole, postingContracts.searchPhones, { body: { text: PHONE_A } })).status).toBe(403);
    for (const text of ['(11) 1111-111', '', '119876500011']) {
      const refused = await call(poster, postingContracts.searchPhones, { body: { text } });
      expect(refused.status).toBe(400);
      expect(refused.error.message).toBe(`text: ${postingMessages.phoneInvalid}`);
    }
  });

  it('answers none, one (masked or not) and several members', async () => {
    expect(await expectOk(call(poster, postingContracts.searchPhones, { body: { text: PHONE_NONE } }))).toEqual([]);
    const one = await expectOk(call(poster, postingContracts.searchPhones, { body: { text: '(11) 98765-0001' } }));
    expect(one.map((p) => p.cstId)).toEqual([people.a!.cstId]);
    const several = await expectOk(call(poster, postingContracts.searchPhones, { body: { text: PHONE_SHARED } }));
    expect(several.map((p) => p.cstId).sort()).toEqual([people.b!.cstId, people.c!.cstId].sort());
  });
});

const row = (over: Record<string, unknown> = {}) => ({ index: 0, cstId: people.a!.cstId, label: 'A', parcelas: 1, value: 1_000, ...over });

describe('POST lancamentos', () => {
  it('refuses an anonymous caller (401) and a user without v2menulancamentos (403), writing nothing', async () => {
    const before = await counts();
    const body = { svcId: TYPED, lancamentos: [row()] };
    expect((await call(ctx.app, postingContracts.post, { body })).status).toBe(401);
    expect((await call(withoutRole, postingContracts.post, { body })).status).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it('refuses every broken rule with its pt-BR message and the row field, writing nothing', async () => {
    const before = await counts();
    const refusals: [object, string][] = [
      [{ svcId: TYPED, lancamentos: [] }, `lancamentos: ${postingMessages.noRows}`],
      [{ svcId: TYPED, lancamentos: [row({ value: 0 })] }, `lancamentos.0.value: ${postingMessages.valueZero}`],
      [{ svcId: TYPED, lancamentos: [row({ value: -500 })] }, `lancamentos: ${postingMessages.totalNotPositive}`],
      [{ svcId: 999_999, lancamentos: [row()] }, `svcId: ${postingMessages.serviceNotPostable}`],
      [{ svcId: DELETED, lancamentos: [row()] }, `svcId: ${postingMessages.serviceNotPostable}`],
      [{ svcId: BAR, lancamentos: [row()] }, `svcId: ${postingMessages.wrongMode}`],
      [
        { svcId: TYPED, lancamentos: [row(), row({ index: 1 }), row({ index: 2, parcelas: 7 })] },
        `lancamentos.2.parcelas: ${postingMessages.instalmentsInvalid(6)}`,
      ],
      [{ svcId: TYPED, lancamentos: [row({ value: 2, parcelas: 3 })] }, `lancamentos.0.value: ${postingMessages.valueBelowInstalments}`],
      [{ svcId: TYPED, lancamentos: [row({ cstId: people.dead!.cstId })] }, `lancamentos.0.cstId: ${postingMessages.memberNotFound}`],
      [{ svcId: TYPED, lancamentos: [row({ cstId: 99_999_999 })] }, `lancamentos.0.cstId: ${postingMessages.memberNotFound}`],
      [{ svcId: HOLDERS, lancamentos: [row({ cstId: people.d!.cstId })] }, `lancamentos.0.cstId: ${postingMessages.holderOnly}`],
      [{ svcId: TYPED, lancamentos: [row({ phone: PHONE_A })] }, `lancamentos.0.phone: ${postingMessages.wrongMode}`],
      [{ svcId: PHONE, lancamentos: [row()] }, `lancamentos.0.phone: ${postingMessages.phoneInvalid}`],
      [{ svcId: PHONE, lancamentos: [row({ phone: PHONE_NONE })] }, `lancamentos.0.phone: ${postingMessages.phoneNotFound}`],
      [{ svcId: PHONE, lancamentos: [row({ phone: PHONE_SHARED, cstId: people.b!.cstId })] }, `lancamentos.0.phone: ${postingMessages.phoneSeveral}`],
      [{ svcId: PHONE, lancamentos: [row({ phone: PHONE_A, cstId: people.b!.cstId })] }, `lancamentos.0.phone: ${postingMessages.phoneMismatch}`],
    ];
    for (const [body, message] of refusals) {
      const refused = await call(poster, postingContracts.post, { rawBody: body });
      expect(refused.status, message).toBe(400);
      expect(refused.error.message).toBe(message);
    }
    expect(await counts()).toEqual(before);
  });

  it('cannot be started through GET jobs/send', async () => {
    expect((await call(poster, jobsContracts.send, { params: { jobCommand: 'lancamentos' } })).status).toBe(404);
  });

  it('posts in a job: instalment 1 in the open period, the later ones scheduled; the same key again posts nothing', async () => {
    const open = await ctx.app.services.ledger.openPeriod(ctx.db);
    const month = { ano: open.fecAno, mes: open.fecMes };
    const key = `key-${crypto.randomUUID()}`;
    const body = {
      svcId: TYPED,
      lancamentoKey: key,
      lancamentos: [
        row({ index: 0, value: 10_000, parcelas: 3 }),
        row({ index: 1, cstId: people.d!.cstId, value: 2_550 }),
        row({ index: 2, cstId: people.b!.cstId, value: -1_000 }),
      ],
    };
    const before = await counts();
    const started = await expectOk(call(poster, postingContracts.post, { body }));
    expect(started).toMatchObject({ message: postingMessages.started, created: true });
    const job = await jobEnded(ctx.app, started.jobId);
    expect(job.jobStatus).toBe(30);
    expect(job.jobResult).toBe(postingMessages.done(3, formatCents(11_550)));

    const entries = await entriesByKey(`lanc:${started.postingId}:`);
    expect(entries.map((e) => [e.cstId, e.respId, e.extDescricao, e.extValor, e.extTipo, e.fecId])).toEqual([
      [people.a!.cstId, people.a!.cstId, 'AAA Digitação Teste — Parcela 1/3', 3_334, 'lancamento', open.fecId],
      // A dependent's row goes to the holder's ledger, concerning the dependent.
      [people.a!.cstId, people.d!.cstId, 'AAA Digitação Teste', 2_550, 'lancamento', open.fecId],
      [people.b!.cstId, people.b!.cstId, 'AAA Digitação Teste', -1_000, 'lancamento', open.fecId],
    ]);
    const later = await ctx.db.execute<{ parcela: number; valor: number; ano: number; mes: number }>(
      sql`select parcela, valor, ano, mes from posting_instalments where lan_id = ${started.postingId} order by parcela`,
    );
    expect(later.rows).toEqual([
      { parcela: 2, valor: 3_333, ...addMonths(month, 1) },
      { parcela: 3, valor: 3_333, ...addMonths(month, 2) },
    ]);
    // One audit row for the batch.
    const audit = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audits where category = 'lancamento' and entity_id = ${`lancamento:${started.postingId}`}`,
    );
    expect(audit.rows[0]!.n).toBe(1);
    const after = await counts();
    expect(after).toEqual({ entries: before.entries + 3, postings: before.postings + 1, instalments: before.instalments + 2, jobs: before.jobs + 1 });

    // The same key again (a double submit): the same batch and job, nothing started, nothing written.
    const again = await expectOk(call(poster, postingContracts.post, { body }));
    expect(again).toEqual({ ...started, created: false });
    expect(await counts()).toEqual(after);

    // The job retried (a new attempt with no checkpoint): every write is a no-op.
    await runPosting(
      { jobId: crypto.randomUUID(), userId: 1, db: ctx.db, progress: async () => {} },
      { repo: createPostingsRepository(), ledger: ctx.app.services.ledger },
      started.postingId,
      1,
    );
    expect(await counts()).toEqual(after);

    // The closing of the next month writes instalment 2 ("Parcela 2/3", key parcela:<pinId>) for A.
    const closingRepo = createClosingRepository();
    const holders = await closingRepo.holders(ctx.db, { after: people.a!.cstId - 1, limit: 1 });
    const [plan] = await ctx.app.services.closing.plan(ctx.db, open.fecId, addMonths(month, 1), holders);
    const pin = await ctx.db.execute<{ pinId: number }>(
      sql`select pin_id as "pinId" from posting_instalments where lan_id = ${started.postingId} and parcela = 2`,
    );
    expect(plan!.entries.filter((e) => e.svcId === TYPED)).toEqual([
      expect.objectContaining({
        cstId: people.a!.cstId,
        descricao: 'AAA Digitação Teste — Parcela 2/3',
        valor: 3_333,
        key: closingLineKey(open.fecId, { kind: 'parcela', cslId: null, pinId: pin.rows[0]!.pinId }),
      }),
    ]);
  });

  it('posts by phone when the phone resolves to exactly that member', async () => {
    const started = await expectOk(
      call(poster, postingContracts.post, { body: { svcId: PHONE, lancamentos: [row({ phone: PHONE_A, value: 4_990 })] } }),
    );
    expect((await jobEnded(ctx.app, started.jobId)).jobStatus).toBe(30);
    const entries = await entriesByKey(`lanc:${started.postingId}:`);
    expect(entries.map((e) => [e.cstId, e.extDescricao, e.extValor])).toEqual([[people.a!.cstId, 'AAC Telefonia Teste', 4_990]]);
  });
});

describe('POST lancamentos/files', () => {
  it('refuses an anonymous caller (401) and a user without v2menulancamentos (403)', async () => {
    expect((await upload(ctx.app as unknown as Client, BAR, 'a.csv', `${people.a!.cpf};10,00`)).status).toBe(401);
    expect((await upload(withoutRole, BAR, 'a.csv', `${people.a!.cpf};10,00`)).status).toBe(403);
  });

  it('refuses a service not in file mode, a missing file, XLS by name and by content, writing nothing', async () => {
    const before = await counts();
    const wrong = await upload(poster, TYPED, 'a.csv', `${people.a!.cpf};10,00`);
    expect(wrong.status).toBe(400);
    expect(wrong.error.message).toBe(`svcId: ${postingMessages.wrongMode}`);
    const missing = await call(poster, postingContracts.postFile, multipart({ svcId: String(BAR) }));
    expect(missing.status).toBe(400);
    expect(missing.error.message).toBe(`file: ${postingMessages.fileRequired}`);
    const xls = await upload(poster, BAR, 'planilha.xls', 'qualquer coisa');
    expect(xls.status).toBe(400);
    expect(xls.error.message).toBe(postingMessages.xlsRefused);
    const ole2 = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)]);
    const disguised = await upload(poster, BAR, 'planilha.csv', ole2);
    expect(disguised.status).toBe(400);
    expect(disguised.error.message).toBe(postingMessages.xlsRefused);
    expect((await upload(poster, BAR, 'foto.png', 'x')).error.message).toBe(postingMessages.fileType);
    expect(await counts()).toEqual(before);
  });

  it('refuses a file with bad lines whole, naming the first ten by line number and why; nothing written', async () => {
    const before = await counts();
    const good = `${people.a!.cpf};10,00`;
    const lines = [
      'CPF;Valor;Parcelas',
      good,
      '111.444.777-35;10,00',
      `${people.a!.cpf};abc`,
      `${people.b!.cpf};0,00`,
      `${people.b!.cpf};10,00;7`,
      '',
      PHONE_SHARED + ';5,00',
      ...Array.from({ length: 12 }, () => `${PHONE_NONE};1,00`),
    ];
    const refused = await upload(poster, BAR, 'bar.csv', lines.join('\n'));
    expect(refused.status).toBe(400);
    const expected = postingMessages.fileRejected(
      [
        postingMessages.line(3, postingMessages.lineUnknown),
        postingMessages.line(4, postingMessages.lineValue),
        postingMessages.line(5, postingMessages.lineValue),
        postingMessages.line(6, postingMessages.lineInstalments(6)),
        postingMessages.line(8, postingMessages.lineSeveral),
        ...Array.from({ length: 5 }, (_, i) => postingMessages.line(9 + i, postingMessages.lineUnknown)),
      ],
      7,
    );
    expect(refused.error.message).toBe(expected);
    expect((refused.error as unknown as { errorMessage: string }).errorMessage).toBe(expected);
    expect(await counts()).toEqual(before);
  });

  it('posts a good CSV (CPF masked or not, a phone, a header), once even when sent twice', async () => {
    const masked = people.b!.cpf.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4');
    const text = ['cpf,valor,parcelas', `${people.a!.cpf},12.50`, `${masked}\t1.234,56\t2`, `${PHONE_A};3,00;1`].join('\r\n');
    const before = await counts();
    const started = await expectOk(upload(poster, BAR, 'bar.csv', text));
    expect(started.created).toBe(true);
    expect((await jobEnded(ctx.app, started.jobId)).jobStatus).toBe(30);
    const entries = await entriesByKey(`lanc:${started.postingId}:`);
    expect(entries.map((e) => [e.cstId, e.extDescricao, e.extValor])).toEqual([
      [people.a!.cstId, 'AAD Lanchonete Teste', 1_250],
      [people.b!.cstId, 'AAD Lanchonete Teste — Parcela 1/2', 61_728],
      [people.a!.cstId, 'AAD Lanchonete Teste', 300],
    ]);
    const after = await counts();
    expect(after).toEqual({ entries: before.entries + 3, postings: before.postings + 1, instalments: before.instalments + 1, jobs: before.jobs + 1 });
    const again = await expectOk(upload(poster, BAR, 'bar-de-novo.csv', text));
    expect(again).toEqual({ ...started, created: false });
    expect(await counts()).toEqual(after);
  });

  it('posts an XLSX (a CPF cell as a number that lost its leading zeros)', async () => {
    const zeroCpf = '01234567890';
    const z = await createMember(ctx, { custCpf: zeroCpf });
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Lançamentos');
    sheet.addRow(['CPF', 'Valor', 'Parcelas']);
    sheet.addRow([Number(zeroCpf), 7.5, 1]);
    sheet.addRow([people.c!.cpf, '20,00']);
    const data = Buffer.from(await workbook.xlsx.writeBuffer());
    const started = await expectOk(upload(poster, BAR, 'bar.xlsx', data));
    expect((await jobEnded(ctx.app, started.jobId)).jobStatus).toBe(30);
    const entries = await entriesByKey(`lanc:${started.postingId}:`);
    expect(entries.map((e) => [e.cstId, e.extValor])).toEqual([
      [z.cstId, 750],
      [people.c!.cstId, 2_000],
    ]);
  });
});

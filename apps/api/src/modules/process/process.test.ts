import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config.js';
import { allRoles, formatCnj, processContracts, processMessages, type ProcessSearchReply, type RouteContract } from '@assoc/domain';
import { call, createTestApp, prepare, signedInAs, type Client, type TestContext } from '../../../test/helper.js';
import { importBatch, nextCnj, testPdf } from './process.testing.js';
import { multipartBody } from '../../../test/multipart.js';
import { createProcessRepository, hyphenatedWords } from './process.repository.js';

let ctx: TestContext;
let staff: Client;
let admin: Client;
let apiKey: string;
let apiKeyId: number;
let inboxId: number;

/** A value for every path parameter of the screen's calls (the access walk below). */
const sampleParams = { pastaId: 1, proId: 1, andId: 1, id: 1 };

async function importAs(key: string | null, batch: unknown, files: { name: string; filename?: string; data: Buffer }[] = []) {
  const body = multipartBody([{ name: 'dados', value: JSON.stringify(batch) }, ...files]);
  return call(ctx.app, processContracts.import, { rawBody: body.payload, headers: { ...body.headers, ...(key ? { 'x-api-key': key } : {}) } });
}

/** Rows of the process tables and the file store, to prove that a call changed nothing. */
async function fingerprint() {
  const { rows } = await ctx.pool.query(`
    select (select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from (select pro_id, numero, pasta_id, tribunal, classe, assunto, partes, status, ano, ultimo_andamento, changed_at, pdf_file_id, (select (s.*)::text from process_search s where s.pro_id = processes.pro_id) as search from processes) t) as p,
           (select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from process_movements t) as m,
           (select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from process_folders t) as f,
           (select count(*) from files) as files, (select count(*) from file_links) as links`);
  return rows[0];
}

async function search(body: Record<string, unknown>): Promise<ProcessSearchReply> {
  const res = await call(staff, processContracts.search, { body: body });
  expect(res.status, res.res.body).toBe(200);
  return res.body;
}

beforeAll(async () => {
  ctx = await createTestApp();
  staff = (await signedInAs(ctx, ['v2menuprocesso'])).client;
  admin = (await signedInAs(ctx, ['v2access', 'superadmin'])).client;
  const created = await call(admin, processContracts.createApiKey, { body: { nome: 'Integração do tribunal' } });
  expect(created.status, created.res.body).toBe(201);
  apiKey = created.body.chave;
  apiKeyId = created.body.id;
  inboxId = (await call(staff, processContracts.inbox)).body.pastaId;
});
afterAll(async () => {
  await ctx.close();
});

describe('access', () => {
  it('every call of the screen answers 401 without a session and 403 without v2menuprocesso; API keys need superadmin', async () => {
    const { client: other } = await signedInAs(
      ctx,
      allRoles.filter((r) => r !== 'v2menuprocesso' && r !== 'superadmin'),
    );
    for (const contract of Object.values(processContracts)) {
      if ('apiKey' in contract.access) continue;
      const payload = contract.method === 'GET' || contract.method === 'DELETE' ? undefined : {};
      const sample = prepare(contract as RouteContract, { params: sampleParams, rawBody: payload });
      expect((await sample.send(ctx.app)).status, contract.path).toBe(401);
      expect((await sample.send(other)).status, `${contract.method} ${contract.path}`).toBe(403);
    }
    expect((await call(staff, processContracts.apiKeys)).status).toBe(403);
  });

  it('the import answers 401 without a key, with a wrong key and with a session instead of a key', async () => {
    const batch = importBatch(nextCnj());
    for (const key of [null, 'apk_errada_errada_errada_errada_errada']) {
      const res = await importAs(key, batch);
      expect(res.status).toBe(401);
      expect(res.error.message).toBe(processMessages.apiKeyMissing);
    }
    const body = multipartBody([{ name: 'dados', value: JSON.stringify(batch) }]);
    const withSession = await call(admin, processContracts.import, { rawBody: body.payload, headers: body.headers });
    expect(withSession.status).toBe(401);
  });
});

describe('API keys', () => {
  it('are stored hashed, shown once, list their last use, and a revoked key is refused', async () => {
    const { rows } = await ctx.pool.query('select key_hash, prefix from api_keys where id = $1', [apiKeyId]);
    expect(rows[0].key_hash).not.toContain(apiKey);
    expect(apiKey.startsWith(rows[0].prefix)).toBe(true);
    const listed = (await call(admin, processContracts.apiKeys)).body;
    const mine = listed.find((k: { id: number }) => k.id === apiKeyId);
    expect(mine).not.toHaveProperty('chave');
    expect(JSON.stringify(listed)).not.toContain(apiKey);

    const other = (await call(admin, processContracts.createApiKey, { body: { nome: 'Temporária' } })).body;
    expect((await importAs(other.chave, importBatch(nextCnj()))).status).toBe(200);
    const used = (await call(admin, processContracts.apiKeys)).body.find((k: { id: number }) => k.id === other.id);
    expect(used!.ultimoUso).not.toBeNull();
    expect((await call(admin, processContracts.revokeApiKey, { params: { id: other.id } })).status).toBe(204);
    const refused = await importAs(other.chave, importBatch(nextCnj()));
    expect(refused.status).toBe(401);
    expect((await call(admin, processContracts.apiKeys)).body.find((k: { id: number }) => k.id === other.id)!.revogadaEm).not.toBeNull();
    expect((await call(admin, processContracts.createApiKey, { body: { nome: '' } })).status).toBe(400);
    expect((await call(admin, processContracts.revokeApiKey, { params: { id: 999999 } })).status).toBe(404);
  });
});

describe('import', () => {
  it('creates the process in the inbox with its PDF, movements and documents; the same batch twice changes nothing', async () => {
    const numero = nextCnj();
    const batch = importBatch(numero, [
      { id: 'a1', data: '2024-01-10', texto: 'Distribuído por sorteio.' },
      { id: 'a2', data: '2024-02-05', texto: 'Juntada de petição. Intimação do réu.', documento: 'peticao.pdf' },
    ]);
    const files = [
      { name: 'pdf', filename: 'processo.pdf', data: testPdf('autos') },
      { name: 'peticao.pdf', filename: 'peticao.pdf', data: testPdf('peticao') },
    ];
    const first = await importAs(apiKey, batch, files);
    expect(first.status, first.res.body).toBe(200);
    expect(first.body).toMatchObject({ criado: true, andamentosNovos: 2 });
    const proId = first.body.proId;
    const row = (await call(staff, processContracts.process, { params: { proId } })).body;
    expect(row).toMatchObject({ pastaId: inboxId, numero, ano: 2021, ultimoAndamento: '2024-02-05', temPdf: true, lido: false });

    const before = await fingerprint();
    const { rows: audits } = await ctx.pool.query(`select count(*)::int as n from audits where category = 'processos:importacao'`);
    const second = await importAs(apiKey, batch, files);
    expect(second.status, second.res.body).toBe(200);
    expect(second.body).toEqual({ proId, criado: false, alterado: false, andamentosNovos: 0 });
    expect(await fingerprint()).toEqual(before);
    const { rows: after } = await ctx.pool.query(`select count(*)::int as n from audits where category = 'processos:importacao'`);
    expect(after[0].n).toBe(audits[0].n + 1);

    const movements = (await call(staff, processContracts.movements, { params: { proId } })).body;
    expect(movements.map((m: { texto: string }) => m.texto)).toEqual(['Juntada de petição. Intimação do réu.', 'Distribuído por sorteio.']);
    expect(movements[0]!.documento).toBe('peticao.pdf');
    const doc = await call(staff, processContracts.movementDocument, { params: { andId: movements[0]!.andId } });
    expect(doc.status).toBe(200);
    expect(doc.res.body).toContain('peticao');
    const pdf = await call(staff, processContracts.pdf, { params: { proId } });
    expect(pdf.status).toBe(200);
    expect(pdf.res.headers['content-type']).toBe('application/pdf');
    expect(pdf.res.body).toContain('autos');

    // A new movement and a changed PDF are applied; the known ones stay.
    const third = await importAs(
      apiKey,
      { ...batch, andamentos: [...batch.andamentos!, { id: 'a3', data: '2024-03-01', texto: 'Sentença proferida.' }] },
      [{ name: 'pdf', filename: 'processo.pdf', data: testPdf('autos v2') }, files[1]!],
    );
    expect(third.body).toMatchObject({ criado: false, alterado: true, andamentosNovos: 1 });
    expect((await call(staff, processContracts.pdf, { params: { proId } })).res.body).toContain('autos v2');
    const { rows: links } = await ctx.pool.query(`select count(*)::int as n from file_links where owner_kind = 'process' and owner_id = $1`, [
      String(proId),
    ]);
    expect(links[0].n).toBe(1);
  });

  it('refuses bad data with a pt-BR message and changes nothing', async () => {
    const before = await fingerprint();
    const invalid = await importAs(apiKey, importBatch('0058967-78.2016.8.19.0000'));
    expect(invalid.status).toBe(400);
    expect(invalid.error.message).toBe(`numero: ${processMessages.invalidCnj}`);
    expect((await importAs(apiKey, { numero: nextCnj() })).status).toBe(400);
    const missingDoc = await importAs(apiKey, importBatch(nextCnj(), [{ id: 'x', data: '2024-01-01', texto: 'Despacho.', documento: 'falta.pdf' }]));
    expect(missingDoc.status).toBe(400);
    const notPdf = await importAs(apiKey, importBatch(nextCnj()), [
      { name: 'pdf', filename: 'a.pdf', data: Buffer.from('texto simples, não é PDF') },
    ]);
    expect(notPdf.status).toBe(415);
    const json = await call(ctx.app, processContracts.import, { rawBody: importBatch(nextCnj()), headers: { 'x-api-key': apiKey } });
    expect(json.status).toBe(415);
    expect(await fingerprint()).toEqual(before);
  });
});

describe('search', () => {
  const numeros = { a: nextCnj(2019, 8, 26), b: nextCnj(2020, 8, 19), c: nextCnj(2020, 5, 2) };
  beforeAll(async () => {
    await importAs(
      apiKey,
      importBatch(numeros.a, [{ id: '1', data: '2023-05-02', texto: 'O réu foi intimado para se manifestar.' }], {
        tribunal: 'TJSP',
        status: 'Em andamento',
        partes: 'Autor: Ana Lúcia Araújo',
      }),
    );
    await importAs(
      apiKey,
      importBatch(numeros.b, [{ id: '1', data: '2023-06-01', texto: 'Expedidas intimações às partes.' }], {
        tribunal: 'TJRJ',
        status: 'Suspenso',
        partes: 'Autor: Bruno Souza',
      }),
    );
    await importAs(
      apiKey,
      importBatch(numeros.c, [{ id: '1', data: '2023-07-01', texto: 'Sentença de procedência publicada.' }], {
        tribunal: 'TRT2',
        status: 'Sentenciado',
        partes: 'Reclamante: Carla Dias',
      }),
    );
  });

  it('finds Portuguese stems ("intimação" finds "intimado" and "intimações"), ignoring accents and case', async () => {
    const stem = await search({ query: 'intimação', filter: {}, orderby: 'relevancia' });
    const found = stem.rows.map((r) => r.numero);
    expect(found).toEqual(expect.arrayContaining([numeros.a, numeros.b]));
    expect(found).not.toContain(numeros.c);
    const highlighted = stem.rows.find((r) => r.numero === numeros.a)!.destaque;
    expect(highlighted.some((p) => p.marcado && /intimado/i.test(p.texto))).toBe(true);
    expect((await search({ query: 'SENTENCA' })).rows.map((r) => r.numero)).toContain(numeros.c);
    expect((await search({ query: 'araujo' })).rows.map((r) => r.numero)).toEqual([numeros.a]);
    expect((await search({ query: 'ARAÚJO lúcia' })).rows.map((r) => r.numero)).toEqual([numeros.a]);
  });

  it('finds a CNJ number with or without punctuation', async () => {
    expect((await search({ query: formatCnj(numeros.b) })).rows.map((r) => r.numero)).toEqual([numeros.b]);
    expect((await search({ query: numeros.b })).rows.map((r) => r.numero)).toEqual([numeros.b]);
  });

  it('counts facets (folder, court, year, status) and narrows by them; orders by number', async () => {
    const all = await search({ query: 'intimação' });
    expect(all.total).toBe(all.rows.length);
    expect(all).not.toHaveProperty('aproximado');
    expect(all.facets.tribunal).toEqual(expect.arrayContaining([expect.objectContaining({ value: 'TJRJ', count: 1 })]));
    expect(all.facets.ano).toEqual(
      expect.arrayContaining([expect.objectContaining({ value: 2020, count: 1 }), expect.objectContaining({ value: 2019 })]),
    );
    expect(all.facets.status).toEqual(expect.arrayContaining([expect.objectContaining({ value: 'Suspenso', count: 1 })]));
    expect(all.facets.pasta[0]).toMatchObject({ value: inboxId, label: 'Caixa de entrada' });
    const narrowed = await search({ query: 'intimação', filter: { tribunal: ['TJRJ'] } });
    expect(narrowed.rows.map((r) => r.numero)).toEqual([numeros.b]);
    expect(narrowed.total).toBe(1);
    expect((await search({ query: 'intimação', filter: { ano: [2019] } })).rows.map((r) => r.numero)).toEqual([numeros.a]);
    const byNumber = await search({ query: '', filter: { status: ['Em andamento', 'Suspenso', 'Sentenciado'] }, orderby: 'numero', limit: 200 });
    const keys = byNumber.rows.map((r) => `${r.ano}${r.numero}`);
    expect(keys).toEqual([...keys].sort());
    const byDate = await search({ query: '', orderby: 'data', limit: 2 });
    expect(byDate.rows[0]!.ultimoAndamento! >= byDate.rows[1]!.ultimoAndamento!).toBe(true);
    expect(byDate.nextOffset).toBe(2);
  });

  it('orderby "" (a client\'s "no ordering") answers the default order, not 400; an unknown ordering is still refused (issue 22 item 24)', async () => {
    const byDefault = await search({ query: 'intimação', filter: {} });
    expect(await search({ query: 'intimação', filter: {}, orderby: '' })).toEqual(byDefault);
    const unknown = await call(staff, processContracts.search, { rawBody: { query: '', orderby: 'nome' } });
    expect(unknown.status).toBe(400);
    expect(unknown.error.message).toBeTruthy();
  });

  it('finds the same page by walking the order index as from the bitmap of all matches (forced or by cost); a hyphenated word as a whole', async () => {
    const extra = { d: nextCnj(2021, 8, 26), e: nextCnj(2021, 8, 26) };
    await importAs(
      apiKey,
      importBatch(extra.d, [{ id: '1', data: '2023-08-01', texto: 'Pedido de licença-prêmio intimado.' }], { tribunal: 'TJSP' }),
    );
    await importAs(apiKey, importBatch(extra.e, [{ id: '1', data: '2023-08-02', texto: 'Licença e prêmio; intimação.' }], { tribunal: 'TJMG' }));
    const repo = createProcessRepository();
    const userId = 1;
    for (const text of ['intimação', 'intimacao licença', 'ARAÚJO lúcia', 'licença-prêmio', '"licença-prêmio intimado"', 'intimação -araujo']) {
      for (const orderby of ['relevancia', 'data', 'numero'] as const) {
        for (const filter of [{}, { tribunal: ['TJSP', 'TJRJ'] }, { ano: [2019, 2021] }]) {
          for (const [offset, limit] of [
            [0, 50],
            [1, 1],
          ] as const) {
            const spec = { userId, cnj: null, text, filter, orderby, offset, limit };
            const { plan: walk, ...walked } = await repo.search(ctx.db, { ...spec, plan: 'walk' });
            const { plan: bitmap, ...fromBitmap } = await repo.search(ctx.db, { ...spec, plan: 'bitmap' });
            expect(walked, JSON.stringify(spec)).toEqual(fromBitmap);
            const { plan: _, ...chosen } = await repo.search(ctx.db, spec); // by cost, with the first page's walk beside the counts
            expect(chosen, JSON.stringify(spec)).toEqual(fromBitmap);
            if (walked.rows.length) expect([walk, bitmap]).toEqual(['walk', 'bitmap']);
          }
        }
      }
    }
    // "licença-prêmio" is the hyphenated word (not its parts apart); inside quotes it stays a phrase.
    expect((await search({ query: 'licença-prêmio' })).rows.map((r) => r.numero)).toEqual([extra.d]);
    expect((await search({ query: 'licenca-premio', orderby: 'data' })).rows.map((r) => r.numero)).toEqual([extra.d]);
    expect((await search({ query: '"licença-prêmio intimado"' })).rows.map((r) => r.numero)).toEqual([extra.d]);
    expect((await search({ query: 'licença prêmio', orderby: 'numero' })).rows.map((r) => r.numero)).toEqual([extra.d, extra.e]);
    expect(hyphenatedWords('licença-prêmio e pró-labore, -guarda-chuva')).toEqual(['licença-prêmio', 'pró-labore', 'guarda-chuva']);
    expect(hyphenatedWords('"licença-prêmio"')).toEqual([]);
  });

  it('refuses a bad search body with a pt-BR message', async () => {
    const res = await call(staff, processContracts.search, { rawBody: { query: 'x', orderby: 'tamanho' } });
    expect(res.status).toBe(400);
    expect(res.error.message).toBe('Valor não válido');
  });
});

describe('folders, moves and read state', () => {
  it('creates, renames and deletes folders; a folder with processes and the inbox cannot be deleted', async () => {
    const created = await call(staff, processContracts.createFolder, { body: { nome: 'Urgentes', parentId: null } });
    expect(created.status, created.res.body).toBe(201);
    const pastaId = created.body.pastaId;
    expect((await call(staff, processContracts.createFolder, { body: { nome: 'urgentes', parentId: null } })).status).toBe(409);
    const child = (await call(staff, processContracts.createFolder, { body: { nome: 'Prazos', parentId: pastaId } })).body;
    const rename = await call(staff, processContracts.renameFolder, { params: { pastaId: child.pastaId }, body: { nome: 'Prazos da semana' } });
    expect(rename.status).toBe(204);
    const tree = (await call(staff, processContracts.folders)).body;
    expect(tree[0]).toMatchObject({ pastaId: inboxId, inbox: true });
    const urgentes = tree.find((f: { pastaId: number }) => f.pastaId === pastaId);
    expect(urgentes!.children.map((c: { nome: string }) => c.nome)).toEqual(['Prazos da semana']);

    const proId = (await importAs(apiKey, importBatch(nextCnj()))).body.proId;
    expect((await call(staff, processContracts.move, { params: { proId }, body: { pastaId: child.pastaId } })).status).toBe(204);
    expect((await call(staff, processContracts.process, { params: { proId } })).body.pastaId).toBe(child.pastaId);
    const blocked = await call(staff, processContracts.deleteFolder, { params: { pastaId: child.pastaId } });
    expect(blocked.status).toBe(409);
    expect(blocked.error.message).toBe(processMessages.folderHasProcesses);
    const inbox = await call(staff, processContracts.deleteFolder, { params: { pastaId: inboxId } });
    expect(inbox.status).toBe(409);
    expect(inbox.error.message).toBe(processMessages.inboxFixed);
    expect((await call(staff, processContracts.deleteFolder, { params: { pastaId } })).error.message).toBe(processMessages.folderHasChildren);
    await call(staff, processContracts.move, { params: { proId }, body: { pastaId: inboxId } });
    expect((await call(staff, processContracts.deleteFolder, { params: { pastaId: child.pastaId } })).status).toBe(204);
    expect((await call(staff, processContracts.deleteFolder, { params: { pastaId } })).status).toBe(204);
    expect((await call(staff, processContracts.move, { params: { proId }, body: { pastaId: 999999 } })).status).toBe(404);
    expect((await call(staff, processContracts.renameFolder, { params: { pastaId: inboxId }, body: { nome: '' } })).status).toBe(400);
  });

  it('counts the inbox processes this user has not opened; opening, marking and a new movement change it', async () => {
    const proId = (await importAs(apiKey, importBatch(nextCnj(), [{ id: 'm1', data: '2024-01-01', texto: 'Despacho inicial.' }]))).body.proId;
    const count = async () => (await call(staff, processContracts.inbox)).body.naoLidos as number;
    const unread = await count();
    expect(unread).toBeGreaterThan(0);
    await call(staff, processContracts.movements, { params: { proId } });
    expect(await count()).toBe(unread - 1);
    expect((await call(staff, processContracts.process, { params: { proId } })).body.lido).toBe(true);
    await call(staff, processContracts.markRead, { params: { proId }, body: { lido: false } });
    expect(await count()).toBe(unread);
    await call(staff, processContracts.markRead, { params: { proId }, body: { lido: true } });
    expect(await count()).toBe(unread - 1);
    await importAs(
      apiKey,
      importBatch((await call(staff, processContracts.process, { params: { proId } })).body.numero, [
        { id: 'm2', data: '2024-02-01', texto: 'Nova intimação.' },
      ]),
    );
    expect(await count()).toBe(unread);
    // Another user's state is their own.
    const { client: other } = await signedInAs(ctx, ['v2menuprocesso']);
    expect((await call(other, processContracts.inbox)).body.naoLidos).toBeGreaterThanOrEqual(unread);
  });

  it('pages a folder newest movement first with a cursor', async () => {
    const first = (await call(staff, processContracts.processes, { params: { pastaId: inboxId }, query: { limit: 2 } })).body;
    expect(first.rows).toHaveLength(2);
    expect(first.nextCursor).toBeTruthy();
    const second = (
      await call(staff, processContracts.processes, {
        params: { pastaId: inboxId },
        query: { limit: 2, cursor: first.nextCursor! },
      })
    ).body;
    expect(second.rows[0]!.proId).not.toBe(first.rows[1]!.proId);
    const all = (await call(staff, processContracts.processes, { params: { pastaId: inboxId }, query: { limit: 200 } })).body.rows;
    expect(all.slice(0, 4).map((r: { proId: number }) => r.proId)).toEqual([...first.rows, ...second.rows].map((r: { proId: number }) => r.proId));
    expect((await call(staff, processContracts.processes, { params: { pastaId: inboxId }, query: { cursor: 'xyz' } })).status).toBe(400);
    expect((await call(staff, processContracts.processes, { params: { pastaId: 999999 } })).status).toBe(404);
  });
});

describe('manual upload', () => {
  const upload = (dados: unknown, pdf?: Buffer) => {
    const body = multipartBody([
      { name: 'dados', value: JSON.stringify(dados) },
      ...(pdf ? [{ name: 'pdf', filename: 'autos.pdf', data: pdf }] : []),
    ]);
    return call(staff, processContracts.upload, { rawBody: body.payload, headers: body.headers });
  };

  it('creates a process with its PDF in the chosen folder; refuses a bad CNJ, a missing or non-PDF file and a known number, changing nothing', async () => {
    const numero = nextCnj(2022, 4, 3);
    const fields = { ...importBatch(formatCnj(numero)), andamentos: undefined, pastaId: inboxId };
    const before = await fingerprint();
    const badCnj = await upload({ ...fields, numero: '1234567-00.2022.4.03.0100' }, testPdf());
    expect(badCnj.status).toBe(400);
    expect(badCnj.error.message).toBe(`numero: ${processMessages.invalidCnj}`);
    expect((await upload(fields)).error.message).toBe(processMessages.pdfRequired);
    expect((await upload(fields, Buffer.from('GIF89a....'))).status).toBe(415);
    expect((await upload({ ...fields, pastaId: 999999 }, testPdf())).status).toBe(404);
    expect(await fingerprint()).toEqual(before);
    const created = await upload(fields, testPdf('manual'));
    expect(created.status, created.res.body).toBe(201);
    expect(created.body).toMatchObject({ numero, temPdf: true, lido: true, pastaId: inboxId });
    const again = await upload(fields, testPdf('manual'));
    expect(again.status).toBe(409);
    expect(again.error.message).toBe(processMessages.duplicateCnj);
    const { rows } = await ctx.pool.query(`select count(*)::int as n from audits where category = 'processos' and entity_id = $1`, [
      String(created.body.proId),
    ]);
    expect(rows[0].n).toBe(1);
  });
});

describe('import script (apps/api/scripts/import-processes.mjs)', () => {
  it('imports a folder of JSON and PDF files through the import call, and a second run changes nothing', async () => {
    const url = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'processos-'));
    const numero = nextCnj(2023, 8, 13);
    fs.writeFileSync(
      path.join(folder, 'a.json'),
      JSON.stringify(importBatch(formatCnj(numero), [{ id: 's1', data: '2023-03-03', texto: 'Despacho: intime-se.', documento: 'despacho.pdf' }])),
    );
    fs.writeFileSync(path.join(folder, 'a.pdf'), testPdf('script'));
    fs.writeFileSync(path.join(folder, 'despacho.pdf'), testPdf('despacho'));
    fs.writeFileSync(path.join(folder, 'b.json'), JSON.stringify(importBatch('123')));
    const script = path.join(repoRoot, 'apps/api/scripts/import-processes.mjs');
    const run = () =>
      promisify(execFile)(process.execPath, [script, '--url', url, '--key', apiKey, folder]).catch(
        (error: { stdout: string; code: number }) => error,
      );
    const first = (await run()) as { stdout: string; code?: number };
    expect(first.code).toBe(1);
    expect(first.stdout).toContain('a.json: processo');
    expect(first.stdout).toContain('criado, 1 andamento(s) novo(s)');
    const row = (await call(staff, processContracts.processes, { params: { pastaId: inboxId }, query: { limit: 200 } })).body.rows.find(
      (r: { numero: string }) => r.numero === numero,
    );
    expect(row).toMatchObject({ temPdf: true, ultimoAndamento: '2023-03-03' });
    const second = (await run()) as { stdout: string };
    expect(second.stdout).toContain('sem alteração, 0 andamento(s) novo(s)');
    fs.rmSync(folder, { recursive: true, force: true });
  });
});

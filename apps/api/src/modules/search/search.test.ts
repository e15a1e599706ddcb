import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cnpjFromBase, searchContracts } from '@assoc/domain';
import { call, createMember, createTestApp, nextCpf, signedInAs, type Client, type TestContext } from '../../../test/helper.js';
import { addresses, terceiros } from '../../db/schema/index.js';
import { ageOn, foldName, prefixUpperBound } from './search.service.js';

let ctx: TestContext;
let staff: Client;
beforeAll(async () => {
  ctx = await createTestApp({}, { features: { searchIndex: true } });
  staff = (await signedInAs(ctx, ['v2access', 'v2search'])).client;
});
afterAll(async () => {
  await ctx.close();
});

const search = async (text: string, client = staff) => call(client, searchContracts.search, { body: { text } });
const names = async (text: string) => {
  const res = await search(text);
  expect(res.status).toBe(200);
  return res.body.map((p) => p.custName);
};

const SUGGESTION_FIELDS = [
  'cstId',
  'parentId',
  'custName',
  'custNumeroInterno',
  'custCPF',
  'custAniversario',
  'custFalecimento',
  'custAge',
  'custSituacao',
  'custPerfil',
  'custPhotoKey',
  'socio',
  'titular',
  'isTerceiro',
  'custCelular',
  'custPhones',
].sort();

describe('POST search: names', () => {
  it('ignores accents and case', async () => {
    await createMember(ctx, { custName: 'José Quixadá Pereira' });
    await createMember(ctx, { custName: 'Maria da Conceição Quixadá' });
    expect(await names('jose quixa')).toEqual(['José Quixadá Pereira']);
    expect(await names('JOSÉ QUIXADÁ')).toEqual(['José Quixadá Pereira']);
    expect(await names('CONCEICAO quixada')).toEqual(['Maria da Conceição Quixadá']);
    expect(await names('quixadá')).toEqual(['José Quixadá Pereira', 'Maria da Conceição Quixadá']);
  });

  it('finds a part of the name in the middle, and every word of a multi-word query in any order', async () => {
    await createMember(ctx, { custName: 'Antônio Bartolomeu de Albuquerque Sampaio' });
    await createMember(ctx, { custName: 'Antônio Bartolomeu Rocha' });
    expect(await names('rtolome')).toEqual(['Antônio Bartolomeu de Albuquerque Sampaio', 'Antônio Bartolomeu Rocha']);
    expect(await names('albuquerque samp')).toEqual(['Antônio Bartolomeu de Albuquerque Sampaio']);
    expect(await names('sampaio antonio bartolomeu')).toEqual(['Antônio Bartolomeu de Albuquerque Sampaio']);
    expect(await names('bartolomeu da rocha')).toEqual([]);
  });

  it('lists names starting with the query first, then the others, each part alphabetically (pt-BR)', async () => {
    for (const custName of ['Zuleica Xerém', 'Xerém Vasconcelos', 'Ângela Xerém', 'Bruno Xerém', 'Xerem Álvares', 'álvaro xerém']) {
      await createMember(ctx, { custName });
    }
    expect(await names('xerem')).toEqual([
      'Xerem Álvares',
      'Xerém Vasconcelos', // starting with the query
      'álvaro xerém',
      'Ângela Xerém',
      'Bruno Xerém',
      'Zuleica Xerém', // containing it; accents and case do not push names to the end
    ]);
  });

  it('answers at most 30 people', async () => {
    for (let i = 0; i < 35; i++) await createMember(ctx, { custName: `Limite Trinta ${String(i).padStart(2, '0')}` });
    const res = await search('limite trinta');
    expect(res.body).toHaveLength(30);
    expect(res.body[0]!.custName).toBe('Limite Trinta 00');
    // The contains part is limited as well.
    expect((await search('mite trint')).body).toHaveLength(30);
  });

  it('treats LIKE wildcards as plain characters', async () => {
    await createMember(ctx, { custName: 'Percentual Teste' });
    expect(await names('%%%')).toEqual([]);
    expect(await names('p_rcentual')).toEqual([]);
  });
});

describe('POST search: numbers', () => {
  it('finds by CPF with or without punctuation, whole or prefix', async () => {
    const cpf = nextCpf();
    const member = await createMember(ctx, { custName: 'Cpf Pesquisado', custCpf: cpf });
    const formatted = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
    for (const text of [cpf, formatted, formatted.slice(0, 11)]) {
      const res = await search(text);
      expect(res.status).toBe(200);
      expect(res.body.map((p: { cstId: number }) => p.cstId)).toContain(member.cstId);
    }
    const [first] = (await search(formatted)).body;
    expect(first).toMatchObject({ cstId: member.cstId, custCPF: cpf });
  });

  it('finds by internal number, exact or prefix, exact first', async () => {
    const a = await createMember(ctx, { custName: 'Numero Exato', custNumeroInterno: '8765430' });
    const b = await createMember(ctx, { custName: 'Aaa Numero Vizinho', custNumeroInterno: '8765431' });
    const exact = (await search('8765430')).body;
    expect(exact.map((p: { cstId: number }) => p.cstId)).toEqual([a.cstId]);
    const prefix = (await search('876543')).body;
    expect(prefix.map((p: { cstId: number }) => p.cstId)).toEqual([b.cstId, a.cstId]);
    expect((await search('876543-0')).body[0]).toMatchObject({ cstId: a.cstId, custNumeroInterno: '8765430' });
  });
});

describe('POST search: dependents and third parties', () => {
  it('returns a dependent with its holder id and name', async () => {
    const holder = await createMember(ctx, { custName: 'Wenceslau Titular Ribamar' });
    const dependent = await createMember(ctx, {
      custName: 'Wenceslau Filho Ribamar',
      parentId: holder.cstId,
      custStatus: null,
      custAssocSituacao: null,
      custNumeroInterno: null,
      custParentesco: 2,
    });
    await ctx.db.insert(addresses).values({ cstId: holder.cstId, kind: 1, adPhoneDdd: '11', adPhone: '34567890' });
    const res = (await search('ribamar')).body;
    expect(res).toEqual([
      expect.objectContaining({
        cstId: dependent.cstId,
        parentId: holder.cstId,
        titular: 'Wenceslau Titular Ribamar',
        custPerfil: '',
        custSituacao: null,
        custNumeroInterno: '',
        custPhones: ['(11) 3456-7890'],
      }),
      expect.objectContaining({ cstId: holder.cstId, parentId: null, titular: '', custPerfil: 'M', custSituacao: 1, custPhones: ['(11) 3456-7890'] }),
    ]);
  });

  it('finds third parties by name and by CPF/CNPJ', async () => {
    const cnpj = cnpjFromBase('987650430001');
    const [company] = await ctx.db
      .insert(terceiros)
      .values({
        terTipo: 1,
        terCPFCNPJ: cnpj,
        terNome: 'Clínica Yasmim Odontológica Ltda',
        terTelefone1: '1133334444',
        terTelefone2: '11987654321',
      })
      .returning();
    const person = nextCpf();
    const [individual] = await ctx.db.insert(terceiros).values({ terTipo: 0, terCPFCNPJ: person, terNome: 'Yasmim Terceira Pessoa' }).returning();
    const byName = (await search('YASMIM')).body;
    expect(byName).toEqual([
      // 'Yasmim Terceira…' starts with the query: first.
      expect.objectContaining({ cstId: individual!.terId, isTerceiro: true, custCPF: person, custFalecimento: '1900-01-01' }),
      expect.objectContaining({
        cstId: company!.terId,
        isTerceiro: true,
        parentId: null,
        titular: '',
        custCPF: cnpj,
        socio: 'N',
        custAniversario: null,
        custCelular: '(11) 98765-4321',
        custPhones: ['(11) 3333-4444'],
      }),
    ]);
    const byCnpj = (await search(`${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`)).body;
    expect(byCnpj).toEqual([expect.objectContaining({ cstId: company!.terId, isTerceiro: true })]);
  });
});

describe('POST search: reply shape and validation', () => {
  it('answers exactly the suggestion fields', async () => {
    const member = await createMember(ctx, {
      custName: 'Formato Completo',
      custBirthdate: '1950-03-10',
      custDeceased: '2020-03-09',
      custAssocSituacao: 5,
      custStatus: 'J',
      custSocio: 'S',
      custCelularDdd: '21',
      custCelular: '987651234',
      custNumeroInterno: '1234567',
    });
    const [row] = (await search('formato completo')).body;
    expect(Object.keys(row!).sort()).toEqual(SUGGESTION_FIELDS);
    expect(row).toEqual({
      cstId: member.cstId,
      parentId: null,
      custName: 'Formato Completo',
      custNumeroInterno: '1234567',
      custCPF: member.custCpf,
      custAniversario: '1950-03-10',
      custFalecimento: '2020-03-09',
      custAge: 69,
      custSituacao: 5,
      custPerfil: 'J',
      custPhotoKey: null,
      socio: 'S',
      titular: '',
      isTerceiro: false,
      custCelular: '(21) 98765-1234',
      custPhones: [],
    });
  });

  it('refuses fewer than 3 or more than 30 characters', async () => {
    for (const text of ['ab', '  ab  ', '']) {
      const res = await search(text);
      expect(res.status).toBe(400);
      expect(res.error.message).toBe('Digite pelo menos 3 caracteres');
    }
    const long = await search('a'.repeat(31));
    expect(long.status).toBe(400);
    expect(long.error.message).toMatch(/30 caracteres/);
    expect((await search('a'.repeat(30))).status).toBe(200);
    expect((await call(staff, searchContracts.search, { rawBody: {} })).status).toBe(400);
  });

  it('needs a session and the v2search role', async () => {
    const anonymous = await call(ctx.app, searchContracts.search, { body: { text: 'silva' } });
    expect(anonymous.status).toBe(401);
    const { client } = await signedInAs(ctx, ['v2access']);
    expect((await search('silva', client)).status).toBe(403);
  });
});

describe('search history', () => {
  it('records opened members, newest first, and moves a reopened one to the top', async () => {
    const { client } = await signedInAs(ctx, ['v2access']);
    const first = await createMember(ctx, { custName: 'Histórico Primeiro' });
    const second = await createMember(ctx, { custName: 'Histórico Segundo' });
    expect((await call(client, searchContracts.history)).body).toEqual([]);

    expect((await call(client, searchContracts.recordView, { params: { cstId: first.cstId } })).status).toBe(200);
    const afterSecond = await call(client, searchContracts.recordView, { params: { cstId: second.cstId } });
    expect(afterSecond.body.map((p: { cstId: number }) => p.cstId)).toEqual([second.cstId, first.cstId]);

    const reopened = (await call(client, searchContracts.recordView, { params: { cstId: first.cstId } })).body;
    expect(reopened.map((p: { cstId: number }) => p.cstId)).toEqual([first.cstId, second.cstId]);
    expect(Object.keys(reopened[0]!).sort()).toEqual([...SUGGESTION_FIELDS, 'viewedAt'].sort());
    expect(new Date(reopened[0]!.viewedAt).getTime()).toBeGreaterThan(new Date(reopened[1]!.viewedAt).getTime());

    const list = (await call(client, searchContracts.history)).body;
    expect(list).toEqual(reopened);
    // Another user's history is their own.
    expect((await call(staff, searchContracts.history)).body).toEqual([]);
  });

  it('keeps the newest 20', async () => {
    const { client } = await signedInAs(ctx, ['v2access']);
    const ids: number[] = [];
    for (let i = 0; i < 22; i++) {
      const member = await createMember(ctx, { custName: `Histórico Longo ${i}` });
      ids.push(member.cstId);
      await call(client, searchContracts.recordView, { params: { cstId: member.cstId } });
    }
    const list = (await call(client, searchContracts.history)).body;
    expect(list.map((p: { cstId: number }) => p.cstId)).toEqual(ids.slice(2).reverse());
  });

  it('answers 404 for an unknown member, 400 for a non-numeric id, 401/403 without access', async () => {
    const { client } = await signedInAs(ctx, ['v2access']);
    const missing = await call(client, searchContracts.recordView, { params: { cstId: 999999 } });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Associado não encontrado' });
    const invalid = await call(client, searchContracts.recordView, { params: { cstId: 'abc' } });
    expect(invalid.status).toBe(400);
    expect(invalid.error.message).toBe('Código do associado inválido');

    expect((await call(ctx.app, searchContracts.history)).status).toBe(401);
    const { client: searchOnly } = await signedInAs(ctx, ['v2search']);
    expect((await call(searchOnly, searchContracts.history)).status).toBe(403);
    expect((await call(searchOnly, searchContracts.recordView, { params: { cstId: 1 } })).status).toBe(403);
  });
});

describe('search helpers', () => {
  it('folds names like the database and bounds prefixes', () => {
    expect(foldName('JOSÉ Conceição Müller')).toBe('jose conceicao muller');
    expect(prefixUpperBound('silva')).toBe('silvb');
    expect(ageOn('1970-05-10', '2026-05-09')).toBe(55);
    expect(ageOn('1970-05-10', '2026-05-10')).toBe(56);
    expect(ageOn('2000-02-29', '2027-02-28')).toBe(26);
    expect(ageOn(null, '2026-05-10')).toBeNull();
  });
});

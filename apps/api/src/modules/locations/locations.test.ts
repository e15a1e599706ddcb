import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  genericMessages,
  circunscricaoContracts,
  comarcaContracts,
  forumContracts,
  localContracts,
  locationContracts,
  type RouteContract,
} from '@assoc/domain';
import { audits, circunscricoes, comarcas, forums, locals, regions } from '../../db/schema/index.js';
import { call, createMember, createTestApp, prepare, signedInAs, type CallResult, type Client, type TestContext } from '../../../test/helper.js';

let ctx: TestContext;
let admin: Client;
let adminName: string;
let withoutLoc: Client;
/** Holder magistrates who may coordinate. */
let titular: { cstId: number; custName: string };
let adjunto: { cstId: number; custName: string };
let other: { cstId: number; custName: string };
let rajId: number;
let deletedRajId: number;

const auditsOf = (category: string, entityId: number | string) =>
  ctx.db
    .select()
    .from(audits)
    .where(and(eq(audits.category, category), eq(audits.entityId, String(entityId))))
    .orderBy(asc(audits.auditId));
const auditCount = async () => Number((await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from audits`)).rows[0]!.n);
const versionKeys = {
  circunscricao: ['circunscricoes', 'cir_id'],
  comarcas: ['comarcas', 'com_id'],
  forums: ['forums', 'apf_id'],
  local: ['locals', 'loc_id'],
} as const;
/** A row's current version: what a client that has just loaded it sends back (decision 5). */
async function versionOf(level: keyof typeof versionKeys, id: number): Promise<number> {
  const [table, key] = versionKeys[level];
  const { rows } = await ctx.db.execute<{ version: number }>(sql`select version from ${sql.identifier(table)} where ${sql.identifier(key)} = ${id}`);
  return rows[0]!.version;
}
/** Every row of the four tables: proves that a refused call changed nothing. */
const snapshot = async () => ({
  cirs: await ctx.db.select().from(circunscricoes).orderBy(asc(circunscricoes.cirId)),
  coms: await ctx.db.select().from(comarcas).orderBy(asc(comarcas.comId)),
  fors: await ctx.db.select().from(forums).orderBy(asc(forums.apfId)),
  locs: await ctx.db.select().from(locals).orderBy(asc(locals.locId)),
  audits: await auditCount(),
});

const cir = { cirNome: '1ª Circunscrição Judiciária', cirRegional: 'Capital', cirRaj: null, corTitular: null, corAdjunto: null };
const comarca = { comNome: 'Comarca de São Paulo', corTitular: null, corAdjunto: null };
const forum = {
  forNome: 'Fórum João Mendes Júnior',
  forShort: 'João Mendes',
  forZipcode: '01501-900',
  forAddress: 'Praça João Mendes',
  forNumber: 's/n',
  forComplement: '',
  forCity: 'São Paulo',
  forState: 'sp',
  forPhoneDdd1: '11',
  apfPhone1: '2171-6000',
  forPhoneDdd2: '',
  forPhone2: '',
  corTitular: null,
  corAdjunto: null,
};
const local = {
  locNome: '1ª Vara Cível',
  predioNome: 'Fórum João Mendes Júnior',
  locPhone1Ddd: '11',
  locPhone1: '21716001',
  locPhone1Ext: '123',
  locPhone2Ddd: '',
  locPhone2: '',
  locPhone2Ext: '',
  locFaxDdd: '11',
  locFax: '21716099',
};

beforeAll(async () => {
  ctx = await createTestApp();
  const signed = await signedInAs(ctx, ['v2access', 'v2menucad', 'v2menucadloc']);
  admin = signed.client;
  adminName = signed.user.name;
  withoutLoc = (await signedInAs(ctx, ['v2access', 'v2menucad', 'v2menucadservicos'])).client;
  titular = await createMember(ctx, { custName: 'José Antônio Coordenação', custStatus: 'M' });
  adjunto = await createMember(ctx, { custName: 'Márcia Adjunta Teixeira', custStatus: 'J' });
  other = await createMember(ctx, { custName: 'Otávio Outro Magistrado', custStatus: 'H' });
  const [raj] = await ctx.db.insert(regions).values({ regionName: '1ª RAJ - Grande São Paulo' }).returning();
  const [gone] = await ctx.db.insert(regions).values({ regionName: 'Região apagada', deletedAt: new Date() }).returning();
  rajId = raj!.regionId;
  deletedRajId = gone!.regionId;
});
afterAll(async () => {
  await ctx.close();
});

describe('access', () => {
  it('refuses every call to a user without v2menucadloc (403), changing nothing', async () => {
    const before = await snapshot();
    for (const refused of [
      prepare(circunscricaoContracts.list),
      prepare(circunscricaoContracts.get, { params: { cirId: 1 } }),
      prepare(circunscricaoContracts.add, { body: cir }),
      prepare(circunscricaoContracts.update, { params: { cirId: 1 }, rawBody: cir }),
      prepare(comarcaContracts.list, { params: { cirId: 1 } }),
      prepare(comarcaContracts.get, { params: { comId: 1 } }),
      prepare(comarcaContracts.add, { params: { cirId: 1 }, body: comarca }),
      prepare(comarcaContracts.update, { params: { comId: 1 }, rawBody: comarca }),
      prepare(forumContracts.list, { params: { comId: 1 } }),
      prepare(forumContracts.get, { params: { apfId: 1 } }),
      prepare(forumContracts.add, { params: { comId: 1 }, body: forum }),
      prepare(forumContracts.update, { params: { apfId: 1 }, rawBody: forum }),
      prepare(localContracts.list, { params: { apfId: 1, refreshCounter: 0 } }),
      prepare(localContracts.add, { params: { apfId: 1 }, body: local }),
      prepare(localContracts.update, { rawBody: { ...local, locId: 1 } }),
      prepare(localContracts.remove, { params: { locId: 1 } }),
      prepare(locationContracts.coordinators, { query: { q: 'jose' } }),
    ]) {
      const res = await refused.send(withoutLoc);
      expect(res.status, refused.label).toBe(403);
      expect(res.error.message).toBeTruthy();
    }
    expect(await snapshot()).toEqual(before);
  });
});

let cirId: number;
let comId: number;
let apfId: number;
let locId: number;

describe('circunscricao', () => {
  it('adds (200, the record with cirId, coordinator names) and audits', async () => {
    const res = await call(admin, circunscricaoContracts.add, { body: { ...cir, cirRaj: rajId, corAdjunto: adjunto.cstId } });
    expect(res.status, res.res.body).toBe(200);
    const record = res.body;
    cirId = record.cirId;
    expect(record).toEqual({
      cirId: expect.any(Number),
      cirNome: cir.cirNome,
      cirRegional: 'Capital',
      cirRaj: rajId,
      corTitular: null,
      corAdjunto: adjunto.cstId,
      titularName: null,
      adjuntoName: adjunto.custName,
      version: 1,
    });
    const [audit] = await auditsOf('circunscricoes', cirId);
    expect(audit).toMatchObject({ action: 'insert', userName: adminName, before: null, after: record });
  });

  it('lists circunscrições with the RAJ choices (live regions only) and reads one', async () => {
    const res = await call(admin, circunscricaoContracts.list);
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body.cirs).toContainEqual(expect.objectContaining({ cirId, cirNome: cir.cirNome }));
    expect(body.rajs).toEqual([{ regionId: rajId, regionName: '1ª RAJ - Grande São Paulo' }]);
    const one = await call(admin, circunscricaoContracts.get, { params: { cirId } });
    expect(one.body).toEqual(body.cirs.find((c: { cirId: number }) => c.cirId === cirId));
  });

  it('lists ordinals by their value: 2ª before 10ª', async () => {
    for (const cirNome of ['10ª Ordem Numérica', '2ª Ordem Numérica']) {
      expect((await call(admin, circunscricaoContracts.add, { body: { ...cir, cirNome } })).status).toBe(200);
    }
    const names = (await call(admin, circunscricaoContracts.list)).body.cirs
      .map((c: { cirNome: string }) => c.cirNome)
      .filter((name: string) => name.includes('Ordem Numérica'));
    expect(names).toEqual(['2ª Ordem Numérica', '10ª Ordem Numérica']);
  });

  it('updates with PUT circunscricao/{cirId} (204) and audits before/after', async () => {
    const res = await call(admin, circunscricaoContracts.update, {
      params: { cirId },
      body: {
        ...cir,
        cirRaj: rajId,
        cirRegional: 'Capital e Grande SP',
        corAdjunto: adjunto.cstId,
        version: await versionOf('circunscricao', cirId),
      },
    });
    expect(res.status, res.res.body).toBe(204);
    expect(res.res.body).toBe('');
    expect((await call(admin, circunscricaoContracts.get, { params: { cirId } })).body).toMatchObject({
      cirRegional: 'Capital e Grande SP',
      cirRaj: rajId,
    });
    expect((await auditsOf('circunscricoes', cirId)).at(-1)).toMatchObject({
      action: 'update',
      before: { cirRegional: 'Capital' },
      after: { cirRegional: 'Capital e Grande SP' },
    });
  });

  it.each([
    [{ cirNome: '' }, 'cirNome: Campo obrigatório'],
    [{ cirNome: 'Ab' }, 'cirNome: Tamanho mínimo de 3 caracteres'],
    [{ cirNome: 'x'.repeat(51) }, 'cirNome: Tamanho máxumo de 50 caracteres'],
    [{ cirRegional: '  ' }, 'cirRegional: Campo obrigatório'],
    [{ cirRegional: 'Ab' }, 'cirRegional: Tamanho mínimo de 3 caracteres'],
    [{ cirRegional: 'x'.repeat(51) }, 'cirRegional: Tamanho máxumo de 50 caracteres'],
    [{ cirRaj: 'x' }, 'cirRaj: Valor não válido'],
    [{ corTitular: 0 }, 'corTitular: Valor não válido'],
  ])('refuses %j with the pt-BR message (400), changing nothing', async (change, message) => {
    const before = await snapshot();
    const add = await call(admin, circunscricaoContracts.add, { rawBody: { ...cir, ...change } });
    expect(add.status).toBe(400);
    expect(add.error.message).toBe(message);
    const update = await call(admin, circunscricaoContracts.update, {
      params: { cirId },
      rawBody: { ...cir, ...change, version: await versionOf('circunscricao', cirId) },
    });
    expect(update.status).toBe(400);
    expect(update.error.message).toBe(message);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses unknown RAJs, members who are not holder magistrates and the deceased (400), changing nothing', async () => {
    const dependent = await createMember(ctx, { custName: 'Filho Dependente', parentId: titular.cstId, custStatus: 'M' });
    const staff = await createMember(ctx, { custName: 'Sócio Não Magistrado', custStatus: 'T' });
    const deceasedBySituation = await createMember(ctx, { custName: 'Magistrado Situação Cinco', custStatus: 'M', custAssocSituacao: 5 });
    const deceasedByDate = await createMember(ctx, { custName: 'Magistrado Data Óbito', custStatus: 'M', custDeceased: '2021-05-06' });
    const before = await snapshot();
    for (const [change, message] of [
      [{ cirRaj: 999_999 }, 'cirRaj: Região (RAJ) não encontrada'],
      [{ cirRaj: deletedRajId }, 'cirRaj: Região (RAJ) não encontrada'],
      [{ corTitular: 999_999 }, 'corTitular: Coordenador não encontrado entre os magistrados titulares'],
      [{ corAdjunto: dependent.cstId }, 'corAdjunto: Coordenador não encontrado entre os magistrados titulares'],
      [{ corTitular: staff.cstId }, 'corTitular: Coordenador não encontrado entre os magistrados titulares'],
      [{ corTitular: deceasedBySituation.cstId }, 'corTitular: Coordenador não encontrado entre os magistrados titulares'],
      [{ corAdjunto: deceasedByDate.cstId }, 'corAdjunto: Coordenador não encontrado entre os magistrados titulares'],
    ] as const) {
      const add = await call(admin, circunscricaoContracts.add, { body: { ...cir, ...change } });
      expect(add.status, JSON.stringify(change)).toBe(400);
      expect(add.body).toEqual({ message });
      const update = await call(admin, circunscricaoContracts.update, {
        params: { cirId },
        body: { ...cir, ...change, version: await versionOf('circunscricao', cirId) },
      });
      expect(update.body).toEqual({ message });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 for an unknown circunscrição', async () => {
    expect((await call(admin, circunscricaoContracts.get, { params: { cirId: 999999 } })).body).toEqual({ message: 'Circunscrição não encontrada' });
    const res = await call(admin, circunscricaoContracts.update, { params: { cirId: 999999 }, body: { ...cir, version: 1 } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Circunscrição não encontrada' });
  });
});

describe('comarcas', () => {
  it('adds to a circunscrição (200, the record), lists by circunscrição, reads one, updates (204); audited', async () => {
    const res = await call(admin, comarcaContracts.add, { params: { cirId }, body: comarca });
    expect(res.status, res.res.body).toBe(200);
    comId = res.body.comId;
    expect(res.body).toEqual({
      comId,
      cirId,
      comNome: 'Comarca de São Paulo',
      corTitular: null,
      corAdjunto: null,
      titularName: null,
      adjuntoName: null,
      version: 1,
    });
    expect((await call(admin, comarcaContracts.list, { params: { cirId } })).body).toEqual([res.body]);
    expect((await call(admin, comarcaContracts.get, { params: { comId } })).body).toEqual(res.body);
    const updated = await call(admin, comarcaContracts.update, {
      params: { comId },
      body: {
        ...comarca,
        comNome: 'Comarca da Capital',
        version: await versionOf('comarcas', comId),
      },
    });
    expect(updated.status, updated.res.body).toBe(204);
    expect((await call(admin, comarcaContracts.get, { params: { comId } })).body.comNome).toBe('Comarca da Capital');
    expect((await auditsOf('comarcas', comId)).map((a) => a.action)).toEqual(['insert', 'update']);
  });

  it.each([
    [{ comNome: '' }, 'comNome: Campo obrigatório'],
    [{ comNome: 'Ab' }, 'comNome: Tamanho mínimo de 3 caracteres'],
    [{ comNome: 'x'.repeat(65) }, 'comNome: Tamanho máxumo de 64 caracteres'],
    [{ corAdjunto: 999_999 }, 'corAdjunto: Coordenador não encontrado entre os magistrados titulares'],
  ])('refuses %j with the pt-BR message (400), changing nothing', async (change, message) => {
    const before = await snapshot();
    expect((await call(admin, comarcaContracts.add, { params: { cirId }, body: { ...comarca, ...change } })).body).toEqual({ message });
    const update = await call(admin, comarcaContracts.update, {
      params: { comId },
      body: { ...comarca, ...change, version: await versionOf('comarcas', comId) },
    });
    expect(update.status).toBe(400);
    expect(update.body).toEqual({ message });
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 for an unknown circunscrição or comarca, changing nothing', async () => {
    const before = await snapshot();
    const post = await call(admin, comarcaContracts.add, { params: { cirId: 999999 }, body: comarca });
    expect(post.status).toBe(404);
    expect(post.body).toEqual({ message: 'Circunscrição não encontrada' });
    expect((await call(admin, comarcaContracts.list, { params: { cirId: 999999 } })).body).toEqual({ message: 'Circunscrição não encontrada' });
    expect((await call(admin, comarcaContracts.get, { params: { comId: 999999 } })).body).toEqual({ message: 'Comarca não encontrada' });
    expect((await call(admin, comarcaContracts.update, { params: { comId: 999999 }, body: { ...comarca, version: 1 } })).status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});

describe('forums', () => {
  it('adds to a comarca with CEP and phones as digits (200), lists, reads one, updates (204); audited', async () => {
    const res = await call(admin, forumContracts.add, { params: { comId }, body: forum });
    expect(res.status, res.res.body).toBe(200);
    apfId = res.body.apfId;
    expect(res.body).toEqual({
      apfId,
      comId,
      forNome: forum.forNome,
      forShort: 'João Mendes',
      forZipcode: '01501900',
      forAddress: 'Praça João Mendes',
      forNumber: 's/n',
      forComplement: null,
      forCity: 'São Paulo',
      forState: 'SP',
      forPhoneDdd1: '11',
      apfPhone1: '21716000',
      forPhoneDdd2: null,
      forPhone2: null,
      corTitular: null,
      corAdjunto: null,
      titularName: null,
      adjuntoName: null,
      version: 1,
    });
    expect((await call(admin, forumContracts.list, { params: { comId } })).body).toEqual([res.body]);
    expect((await call(admin, forumContracts.get, { params: { apfId } })).body).toEqual(res.body);
    const updated = await call(admin, forumContracts.update, {
      params: { apfId },
      body: {
        ...forum,
        forComplement: '2º andar',
        forPhoneDdd2: '11',
        forPhone2: '98765-4321',
        version: await versionOf('forums', apfId),
      },
    });
    expect(updated.status, updated.res.body).toBe(204);
    expect((await call(admin, forumContracts.get, { params: { apfId } })).body).toMatchObject({
      forComplement: '2º andar',
      forPhoneDdd2: '11',
      forPhone2: '987654321',
    });
    expect((await auditsOf('foruns', apfId)).at(-1)).toMatchObject({
      action: 'update',
      before: { forComplement: null },
      after: { forComplement: '2º andar' },
    });
  });

  it.each([
    [{ forNome: '' }, 'forNome: Campo obrigatório'],
    [{ forNome: 'x'.repeat(51) }, 'forNome: Tamanho máxumo de 50 caracteres'],
    [{ forShort: 'Ab' }, 'forShort: Tamanho mínimo de 3 caracteres'],
    [{ forShort: 'x'.repeat(51) }, 'forShort: Tamanho máxumo de 50 caracteres'],
    [{ forZipcode: '0150190' }, 'forZipcode: Tamanho de 8 caracteres'],
    [{ forZipcode: 'abc' }, 'forZipcode: Apenas caracteres numéricos'],
    [{ forAddress: 'x'.repeat(81) }, 'forAddress: Tamanho máxumo de 80 caracteres'],
    [{ forNumber: 'x'.repeat(21) }, 'forNumber: Tamanho máxumo de 20 caracteres'],
    [{ forComplement: 'x'.repeat(21) }, 'forComplement: Tamanho máxumo de 20 caracteres'],
    [{ forCity: 'x'.repeat(33) }, 'forCity: Tamanho máxumo de 32 caracteres'],
    [{ forState: 'SPX' }, 'forState: Tamanho máxumo de 2 caracteres'],
    [{ forPhoneDdd1: '1' }, 'forPhoneDdd1: Tamanho de 2 caracteres'],
    [{ apfPhone1: '2171600' }, 'apfPhone1: Tamanho mínimo de 8 caracteres'],
    [{ apfPhone1: '2171600000' }, 'apfPhone1: Tamanho máxumo de 9 caracteres'],
    [{ forPhoneDdd1: '' }, 'forPhoneDdd1: Campo obrigatório'],
    [{ forPhoneDdd2: '11' }, 'forPhone2: Campo obrigatório'],
    [{ corTitular: 999_999 }, 'corTitular: Coordenador não encontrado entre os magistrados titulares'],
  ])('refuses %j with the pt-BR message (400), changing nothing', async (change, message) => {
    const before = await snapshot();
    expect((await call(admin, forumContracts.add, { params: { comId }, body: { ...forum, ...change } })).body).toEqual({ message });
    const update = await call(admin, forumContracts.update, {
      params: { apfId },
      body: { ...forum, ...change, version: await versionOf('forums', apfId) },
    });
    expect(update.status).toBe(400);
    expect(update.body).toEqual({ message });
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 for an unknown comarca or fórum, changing nothing', async () => {
    const before = await snapshot();
    expect((await call(admin, forumContracts.add, { params: { comId: 999999 }, body: forum })).body).toEqual({ message: 'Comarca não encontrada' });
    expect((await call(admin, forumContracts.list, { params: { comId: 999999 } })).status).toBe(404);
    expect((await call(admin, forumContracts.get, { params: { apfId: 999999 } })).body).toEqual({ message: 'Fórum não encontrado' });
    expect((await call(admin, forumContracts.update, { params: { apfId: 999999 }, body: { ...forum, version: 1 } })).status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});

describe('local', () => {
  it('adds to a forum (200, the record), lists by forum, updates with the key in the body (200); audited', async () => {
    const res = await call(admin, localContracts.add, { params: { apfId }, body: local });
    expect(res.status, res.res.body).toBe(200);
    locId = res.body.locId;
    expect(res.body).toEqual({
      locId,
      apfId,
      locNome: '1ª Vara Cível',
      predioNome: 'Fórum João Mendes Júnior',
      locPhone1Ddd: '11',
      locPhone1: '21716001',
      locPhone1Ext: '123',
      locPhone2Ddd: null,
      locPhone2: null,
      locPhone2Ext: null,
      locFaxDdd: '11',
      locFax: '21716099',
      // The nearest coordinators above: the circunscrição's adjunto.
      corTitular: null,
      corAdjunto: adjunto.cstId,
      titularName: null,
      adjuntoName: adjunto.custName,
      version: 1,
    });
    // refreshCounter only busts the client's cache.
    expect((await call(admin, localContracts.list, { params: { apfId, refreshCounter: 0 } })).body).toEqual([res.body]);
    expect((await call(admin, localContracts.list, { params: { apfId, refreshCounter: 17 } })).body).toEqual([res.body]);
    const updated = await call(admin, localContracts.update, {
      body: {
        ...local,
        locId,
        locNome: '2ª Vara Cível',
        locPhone1Ext: '',
        version: await versionOf('local', locId),
      },
    });
    expect(updated.status, updated.res.body).toBe(200);
    expect(updated.body).toEqual({ ...res.body, locNome: '2ª Vara Cível', locPhone1Ext: null, version: 2 });
    expect((await auditsOf('locais', locId)).map((a) => a.action)).toEqual(['insert', 'update']);
    expect((await auditsOf('locais', locId)).at(-1)).toMatchObject({ before: { locNome: '1ª Vara Cível' }, after: { locNome: '2ª Vara Cível' } });
  });

  it.each([
    [{ locNome: '' }, 'locNome: Campo obrigatório'],
    [{ locNome: 'Ab' }, 'locNome: Tamanho mínimo de 3 caracteres'],
    [{ locNome: 'x'.repeat(81) }, 'locNome: Tamanho máxumo de 80 caracteres'],
    [{ predioNome: '' }, 'predioNome: Campo obrigatório'],
    [{ predioNome: 'x'.repeat(81) }, 'predioNome: Tamanho máxumo de 80 caracteres'],
    [{ locPhone1Ext: '123456' }, 'locPhone1Ext: Tamanho máxumo de 5 caracteres'],
    [{ locPhone1Ext: '12a' }, 'locPhone1Ext: Apenas caracteres numéricos'],
    [{ locPhone1Ddd: '' }, 'locPhone1Ddd: Campo obrigatório'],
    [{ locPhone1: '1234' }, 'locPhone1: Tamanho mínimo de 8 caracteres'],
    [{ locPhone2Ddd: '11' }, 'locPhone2: Campo obrigatório'],
    [{ locFax: 'fax' }, 'locFax: Apenas caracteres numéricos'],
  ])('refuses %j with the pt-BR message (400), changing nothing', async (change, message) => {
    const before = await snapshot();
    expect((await call(admin, localContracts.add, { params: { apfId }, body: { ...local, ...change } })).body).toEqual({ message });
    const update = await call(admin, localContracts.update, { body: { ...local, locId, ...change, version: await versionOf('local', locId) } });
    expect(update.status).toBe(400);
    expect(update.body).toEqual({ message });
    expect(await snapshot()).toEqual(before);
  });

  it('soft-deletes (200, the record): gone from the list, kept in the table, recovered by PUT local', async () => {
    const res = await call(admin, localContracts.remove, { params: { locId }, query: { version: await versionOf('local', locId) } });
    expect(res.status, res.res.body).toBe(200);
    expect(res.body).toMatchObject({ locId, locNome: '2ª Vara Cível' });
    expect((await call(admin, localContracts.list, { params: { apfId, refreshCounter: 1 } })).body).toEqual([]);
    const [row] = await ctx.db.select().from(locals).where(eq(locals.locId, locId));
    expect(row!.deletedAt).toBeInstanceOf(Date);
    const again = await call(admin, localContracts.remove, { params: { locId }, query: { version: await versionOf('local', locId) } });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'Registro já foi apagado' });

    const restored = await call(admin, localContracts.update, {
      body: { ...local, locId, locNome: '2ª Vara Cível', version: await versionOf('local', locId) },
    });
    expect(restored.status).toBe(200);
    expect((await call(admin, localContracts.list, { params: { apfId, refreshCounter: 2 } })).body).toHaveLength(1);
    expect((await auditsOf('locais', locId)).map((a) => a.action)).toEqual(['insert', 'update', 'delete', 'restore']);
  });

  it('answers 404 for an unknown forum or local, changing nothing', async () => {
    const before = await snapshot();
    expect((await call(admin, localContracts.list, { params: { apfId: 999999, refreshCounter: 0 } })).body).toEqual({
      message: 'Fórum não encontrado',
    });
    expect((await call(admin, localContracts.add, { params: { apfId: 999999 }, body: local })).body).toEqual({ message: 'Fórum não encontrado' });
    expect((await call(admin, localContracts.update, { body: { ...local, locId: 999_999, version: 1 } })).body).toEqual({
      message: 'Local não encontrado',
    });
    expect((await call(admin, localContracts.update, { body: { ...local, version: 1 } })).status).toBe(404);
    expect((await call(admin, localContracts.remove, { params: { locId: 999999 }, query: { version: 1 } })).body).toEqual({
      message: 'Local não encontrado',
    });
    expect(await snapshot()).toEqual(before);
  });
});

describe('lost updates (decision 5)', () => {
  let admin2: Client;
  beforeAll(async () => {
    admin2 = (await signedInAs(ctx, ['v2access', 'v2menucad', 'v2menucadloc'])).client;
  });

  /** Two users load a level row; the first saves (204, version + 1); the second, saving what it loaded, gets 409 and changes nothing. */
  async function race(
    row: {
      load(client: Client): Promise<{ body: { version: number } }>;
      save(client: Client, body: object): Promise<Pick<CallResult<RouteContract>, 'status' | 'body' | 'error'>>;
    },
    body: Record<string, unknown>,
    first: Record<string, unknown>,
    second: Record<string, unknown>,
  ) {
    const loaded1 = (await row.load(admin)).body;
    const loaded2 = (await row.load(admin2)).body;
    expect(loaded1.version).toBe(1);
    expect(loaded2.version).toBe(1);
    const saved = await row.save(admin, { ...body, ...first, version: loaded1.version });
    expect(saved.status, saved.error.message).toBe(204);
    const afterFirst = (await row.load(admin)).body;
    expect(afterFirst).toMatchObject({ ...first, version: 2 });
    const before = await snapshot();
    const stale = await row.save(admin2, { ...body, ...second, version: loaded2.version });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ message: genericMessages.staleRecord });
    expect(await snapshot()).toEqual(before);
    expect((await row.load(admin)).body).toEqual(afterFirst);
  }

  it('circunscrição: the second save over the first gets 409', async () => {
    const id = (await call(admin, circunscricaoContracts.add, { body: { ...cir, cirNome: 'Circunscrição disputada' } })).body.cirId;
    await race(
      {
        load: (client) => call(client, circunscricaoContracts.get, { params: { cirId: id } }),
        save: (client, rawBody) => call(client, circunscricaoContracts.update, { params: { cirId: id }, rawBody }),
      },
      cir,
      { cirNome: 'Circunscrição do primeiro' },
      { cirNome: 'Circunscrição do segundo', corTitular: titular.cstId },
    );
  });

  it('comarca: the second save over the first gets 409', async () => {
    const id = (await call(admin, comarcaContracts.add, { params: { cirId }, body: { ...comarca, comNome: 'Comarca disputada' } })).body.comId;
    await race(
      {
        load: (client) => call(client, comarcaContracts.get, { params: { comId: id } }),
        save: (client, rawBody) => call(client, comarcaContracts.update, { params: { comId: id }, rawBody }),
      },
      comarca,
      { comNome: 'Comarca do primeiro' },
      { comNome: 'Comarca do segundo' },
    );
  });

  it('fórum: the second save over the first gets 409', async () => {
    const id = (await call(admin, forumContracts.add, { params: { comId }, body: { ...forum, forNome: 'Fórum disputado' } })).body.apfId;
    await race(
      {
        load: (client) => call(client, forumContracts.get, { params: { apfId: id } }),
        save: (client, rawBody) => call(client, forumContracts.update, { params: { apfId: id }, rawBody }),
      },
      forum,
      { forNome: 'Fórum do primeiro' },
      { forNome: 'Fórum do segundo', forCity: 'Santos' },
    );
  });

  it('of two level saves sent at once on the same version, exactly one wins', async () => {
    const id = (await call(admin, circunscricaoContracts.add, { body: { ...cir, cirNome: 'Circunscrição simultânea' } })).body.cirId;
    const results = await Promise.all([
      call(admin, circunscricaoContracts.update, { params: { cirId: id }, body: { ...cir, cirNome: 'Simultânea um', version: 1 } }),
      call(admin2, circunscricaoContracts.update, { params: { cirId: id }, body: { ...cir, cirNome: 'Simultânea dois', version: 1 } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([204, 409]);
    expect((await call(admin, circunscricaoContracts.get, { params: { cirId: id } })).body.version).toBe(2);
    expect((await auditsOf('circunscricoes', id)).map((a) => a.action)).toEqual(['insert', 'update']);
  });

  it('local: a stale PUT local and a stale DELETE local/{locId} get 409 and change nothing', async () => {
    const created = (await call(admin, localContracts.add, { params: { apfId }, body: { ...local, locNome: 'Vara disputada' } })).body;
    const load = async (client: Client) =>
      (await call(client, localContracts.list, { params: { apfId, refreshCounter: 0 } })).body.find(
        (l: { locId: number }) => l.locId === created.locId,
      );
    const first = await load(admin);
    const second = await load(admin2);
    const saved = await call(admin, localContracts.update, {
      body: { ...local, locId: created.locId, locNome: 'Vara do primeiro', version: first!.version },
    });
    expect(saved.status, saved.res.body).toBe(200);
    expect(saved.body.version).toBe(2);
    const before = await snapshot();
    const stale = await call(admin2, localContracts.update, {
      body: { ...local, locId: created.locId, locNome: 'Vara do segundo', version: second!.version },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ message: genericMessages.staleRecord });
    const staleDelete = await call(admin2, localContracts.remove, { params: { locId: created.locId }, query: { version: second!.version } });
    expect(staleDelete.status).toBe(409);
    expect(staleDelete.body).toEqual({ message: genericMessages.staleRecord });
    expect(await snapshot()).toEqual(before);
    expect(await load(admin)).toEqual(saved.body);
    expect((await call(admin, localContracts.remove, { params: { locId: created.locId } })).body).toEqual({ message: 'version: Campo obrigatório' });
  });

  it('a coordinator propagated from a level bumps the locals beneath: a local form opened before cannot save over it', async () => {
    const forumId = (await call(admin, forumContracts.add, { params: { comId }, body: { ...forum, forNome: 'Fórum propagado' } })).body.apfId;
    const created = (await call(admin, localContracts.add, { params: { apfId: forumId }, body: { ...local, locNome: 'Vara sob o fórum' } })).body;
    const opened = (await call(admin2, localContracts.list, { params: { apfId: forumId, refreshCounter: 0 } })).body[0];
    expect(opened!.version).toBe(1);
    const forumNow = (await call(admin, forumContracts.get, { params: { apfId: forumId } })).body;
    expect(
      (
        await call(admin, forumContracts.update, {
          params: { apfId: forumId },
          body: { ...forum, forNome: 'Fórum propagado', corTitular: other.cstId, version: forumNow.version },
        })
      ).status,
    ).toBe(204);
    const propagated = (await call(admin, localContracts.list, { params: { apfId: forumId, refreshCounter: 0 } })).body[0];
    expect(propagated).toMatchObject({ locId: created.locId, corTitular: other.cstId, version: 2 });

    const stale = await call(admin2, localContracts.update, {
      body: { ...local, locId: created.locId, locNome: 'Vara renomeada', version: opened!.version },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ message: genericMessages.staleRecord });
    expect((await call(admin, localContracts.list, { params: { apfId: forumId, refreshCounter: 0 } })).body[0]).toEqual(propagated);
  });
});

describe('coordinators', () => {
  /** A small hierarchy: returns the ids of its levels and locals. */
  async function hierarchy(name: string, forumsPerComarca: number[]) {
    const c = (await call(admin, circunscricaoContracts.add, { body: { ...cir, cirNome: `Circunscrição ${name}` } })).body;
    const result = { cirId: c.cirId as number, comIds: [] as number[], apfIds: [] as number[], locIds: [] as number[][] };
    for (const [i, n] of forumsPerComarca.entries()) {
      const com = (await call(admin, comarcaContracts.add, { params: { cirId: c.cirId }, body: { ...comarca, comNome: `Comarca ${name} ${i + 1}` } }))
        .body;
      result.comIds.push(com.comId);
      for (let f = 0; f < n; f++) {
        const fo = (
          await call(admin, forumContracts.add, { params: { comId: com.comId }, body: { ...forum, forNome: `Fórum ${name} ${i + 1}.${f + 1}` } })
        ).body;
        result.apfIds.push(fo.apfId);
        const ids = [];
        for (const vara of ['1ª Vara Cível', '2ª Vara Criminal'])
          ids.push((await call(admin, localContracts.add, { params: { apfId: fo.apfId }, body: { ...local, locNome: vara } })).body.locId);
        result.locIds.push(ids);
      }
    }
    return result;
  }
  const pairs = async (ids: number[]) =>
    (
      await ctx.db
        .select({ locId: locals.locId, corTitular: locals.corTitular, corAdjunto: locals.corAdjunto })
        .from(locals)
        .where(inArray(locals.locId, ids))
        .orderBy(asc(locals.locId))
    ).map((r) => [r.corTitular, r.corAdjunto]);

  it('a circunscrição with a titular gives it to every live local beneath, only there; one summary audit', async () => {
    const a = await hierarchy('A', [2, 1]);
    const b = await hierarchy('B', [1]);
    const allA = a.locIds.flat();
    const deletedLocal = allA.at(-1)!;
    await call(admin, localContracts.remove, { params: { locId: deletedLocal }, query: { version: await versionOf('local', deletedLocal) } });
    // One local keeps its own adjunto: only the titular is informed.
    await ctx.db.update(locals).set({ corAdjunto: other.cstId }).where(eq(locals.locId, allA[0]!));

    const res = await call(admin, circunscricaoContracts.update, {
      params: { cirId: a.cirId },
      body: {
        ...cir,
        cirNome: 'Circunscrição A',
        corTitular: titular.cstId,
        version: await versionOf('circunscricao', a.cirId),
      },
    });
    expect(res.status, res.res.body).toBe(204);
    const live = allA.filter((id) => id !== deletedLocal);
    expect(await pairs(live)).toEqual(live.map((id) => [titular.cstId, id === allA[0] ? other.cstId : null]));
    expect(await pairs([deletedLocal])).toEqual([[null, null]]);
    expect(await pairs(b.locIds.flat())).toEqual(b.locIds.flat().map(() => [null, null]));
    // The local's record shows the coordinator's name.
    expect((await call(admin, localContracts.list, { params: { apfId: a.apfIds[0], refreshCounter: 0 } })).body[0]).toMatchObject({
      corTitular: titular.cstId,
      titularName: titular.custName,
    });

    const [summary] = await auditsOf('locais', `circunscricoes:${a.cirId}`);
    expect(summary).toMatchObject({ action: 'update', userName: adminName, after: { corTitular: titular.cstId, locIds: live } });
    expect(summary!.before).toEqual(live.map((id) => ({ locId: id, corTitular: null, corAdjunto: id === allA[0] ? other.cstId : null })));
    expect((await auditsOf('circunscricoes', a.cirId)).at(-1)).toMatchObject({
      action: 'update',
      after: { corTitular: titular.cstId, titularName: titular.custName },
    });

    // A comarca with an adjunto: only its own locals change.
    const comarcaLocals = a.locIds.slice(0, 2).flat();
    expect(
      (
        await call(admin, comarcaContracts.update, {
          params: { comId: a.comIds[0] },
          body: {
            ...comarca,
            comNome: 'Comarca A 1',
            corAdjunto: adjunto.cstId,
            version: await versionOf('comarcas', a.comIds[0]!),
          },
        })
      ).status,
    ).toBe(204);
    expect(await pairs(comarcaLocals)).toEqual(comarcaLocals.map(() => [titular.cstId, adjunto.cstId]));
    expect(await pairs([a.locIds[2]![0]!])).toEqual([[titular.cstId, null]]);
    expect((await auditsOf('locais', `comarcas:${a.comIds[0]}`))[0]!.after).toEqual({ corAdjunto: adjunto.cstId, locIds: comarcaLocals });

    // A forum with both: its locals only.
    expect(
      (
        await call(admin, forumContracts.update, {
          params: { apfId: a.apfIds[1] },
          body: {
            ...forum,
            forNome: 'Fórum A 1.2',
            corTitular: other.cstId,
            corAdjunto: titular.cstId,
            version: await versionOf('forums', a.apfIds[1]!),
          },
        })
      ).status,
    ).toBe(204);
    expect(await pairs(a.locIds[1]!)).toEqual([
      [other.cstId, titular.cstId],
      [other.cstId, titular.cstId],
    ]);
    expect(await pairs(a.locIds[0]!)).toEqual([
      [titular.cstId, adjunto.cstId],
      [titular.cstId, adjunto.cstId],
    ]);

    // Saving again with the same coordinators changes no local: no new summary.
    await call(admin, forumContracts.update, {
      params: { apfId: a.apfIds[1] },
      body: {
        ...forum,
        forNome: 'Fórum A 1.2',
        corTitular: other.cstId,
        corAdjunto: titular.cstId,
        version: await versionOf('forums', a.apfIds[1]!),
      },
    });
    expect(await auditsOf('locais', `foruns:${a.apfIds[1]}`)).toHaveLength(1);

    // No coordinator informed: the locals keep theirs.
    await call(admin, circunscricaoContracts.update, {
      params: { cirId: a.cirId },
      body: { ...cir, cirNome: 'Circunscrição A', version: await versionOf('circunscricao', a.cirId) },
    });
    expect(await pairs(a.locIds[1]!)).toEqual([
      [other.cstId, titular.cstId],
      [other.cstId, titular.cstId],
    ]);

    // A new local starts with the nearest coordinators above it: the forum's pair, else the comarca's
    // adjunto (the circunscrição has none any more).
    const inForum = (await call(admin, localContracts.add, { params: { apfId: a.apfIds[1] }, body: { ...local, locNome: 'Juizado Especial Cível' } }))
      .body;
    expect(inForum).toMatchObject({ corTitular: other.cstId, corAdjunto: titular.cstId, titularName: other.custName });
    const inComarca = (
      await call(admin, localContracts.add, { params: { apfId: a.apfIds[0] }, body: { ...local, locNome: 'Juizado Especial Criminal' } })
    ).body;
    expect(inComarca).toMatchObject({ corTitular: null, corAdjunto: adjunto.cstId, adjuntoName: adjunto.custName });
  });

  it('changes nothing when the transaction fails midway (the save and the locals roll back together)', async () => {
    const c = await hierarchy('C', [1]);
    const [localId] = c.locIds[0]!;
    // The database refuses this titular on locals: the propagation fails after the comarca's update.
    await ctx.db.execute(
      sql.raw(`alter table locals add constraint locals_test_refuse check (cor_titular is distinct from ${other.cstId}) not valid`),
    );
    try {
      const before = await snapshot();
      const res = await call(admin, comarcaContracts.update, {
        params: { comId: c.comIds[0] },
        body: {
          ...comarca,
          comNome: 'Comarca C renomeada',
          corTitular: other.cstId,
          version: await versionOf('comarcas', c.comIds[0]!),
        },
      });
      // A check violation is a refused request (400), no longer a 500 (issue 8 finding 12).
      expect(res.status).toBe(400);
      expect(await snapshot()).toEqual(before);
      expect((await call(admin, comarcaContracts.get, { params: { comId: c.comIds[0] } })).body).toMatchObject({
        comNome: 'Comarca C 1',
        corTitular: null,
      });
      expect(await pairs([localId!])).toEqual([[null, null]]);
    } finally {
      await ctx.db.execute(sql`alter table locals drop constraint locals_test_refuse`);
    }
  });

  it('GET coordenadores?q= finds holder magistrates by any words, accents and case ignored', async () => {
    await createMember(ctx, { custName: 'José Dependente Coordenação', parentId: titular.cstId, custStatus: 'M' });
    await createMember(ctx, { custName: 'José Servidor Coordenação', custStatus: 'T' });
    const search = async (q: string) => {
      const res = await call(admin, locationContracts.coordinators, { query: { q } });
      expect(res.status, res.res.body).toBe(200);
      return res.body;
    };
    expect(await search('jose antonio')).toEqual([{ cstId: titular.cstId, custName: 'José Antônio Coordenação' }]);
    expect(await search('COORDENACAO')).toEqual([{ cstId: titular.cstId, custName: 'José Antônio Coordenação' }]);
    expect(await search('marcia')).toEqual([{ cstId: adjunto.cstId, custName: 'Márcia Adjunta Teixeira' }]);
    expect(await search('%')).toEqual([]);
    // Names starting with the text come first.
    const ordered = await search('o');
    expect(ordered[0]!.custName).toBe('Otávio Outro Magistrado');
    for (let i = 0; i < 25; i++) await createMember(ctx, { custName: `Magistrado Lote ${String(i).padStart(2, '0')}`, custStatus: 'N' });
    expect(await search('lote')).toHaveLength(20);
    expect((await call(admin, locationContracts.coordinators, { query: { q: 'x'.repeat(65) } })).status).toBe(400);
  });

  it('GET coordenadores with an empty query answers the first page by name, never the deceased', async () => {
    await createMember(ctx, { custName: 'Aarão Falecido Situação', custStatus: 'M', custAssocSituacao: 5 });
    await createMember(ctx, { custName: 'Abel Falecido Data', custStatus: 'M', custDeceased: '2020-01-02' });
    for (const query of [{ q: '' }, {}, { q: '  ' }]) {
      const res = await call(admin, locationContracts.coordinators, { query });
      expect(res.status, `${JSON.stringify(query)}: ${res.error.message}`).toBe(200);
      const names = res.body.map((o) => o.custName);
      expect(names.length).toBeGreaterThan(0);
      expect(names.length).toBeLessThanOrEqual(20);
      expect(names).not.toContain('Aarão Falecido Situação');
      expect(names).not.toContain('Abel Falecido Data');
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'pt-BR')));
    }
    const res = await call(admin, locationContracts.coordinators, { query: { q: 'falecido' } });
    expect(res.body).toEqual([]);
  });
});

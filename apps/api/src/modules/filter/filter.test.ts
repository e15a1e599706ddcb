import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  filterContracts,
  filterMessages as fm,
  genericMessages as m,
  isoDateInAppZone,
  jobsContracts,
  type FilterQuery,
  type FilterRule,
  type SavedFilter,
} from '@assoc/domain';
import { jobEnded } from '../../../test/barriers.js';
import {
  addAddress,
  call,
  createCatalogueService,
  createDependent,
  createLedgerPeriod,
  createMember,
  createOpenPeriodEntry,
  createServiceRows,
  createTestApp,
  createUser,
  signedInAs,
  type Client,
  type TestContext,
} from '../../../test/helper.js';
import { FILTER_EXPORT_COMMAND } from './filter.service.js';

let ctx: TestContext;
let staff: Client;
let staffUserId: number;
const today = isoDateInAppZone();

/** today − years (+ days), ISO. */
function yearsAgo(years: number, days = 0) {
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The fixture: one of each edge (holders and a dependent, a 29/02 birthday, an age on the birthday, no services…). */
const f = {} as Record<'h1' | 'd1' | 'h2' | 'd2' | 'h3', number>;
const ids = {} as { svcA: number; svcB: number; supB: number; region: number; cir1: number; com1: number; for1: number; for2: number };

async function location(name: string) {
  const cir = await ctx.db.execute<{ id: number }>(
    sql`insert into circunscricoes (cir_nome, cir_regional) values (${`Circ ${name}`}, 'R') returning cir_id as id`,
  );
  const com = await ctx.db.execute<{ id: number }>(
    sql`insert into comarcas (cir_id, com_nome) values (${cir.rows[0]!.id}, ${`Comarca ${name}`}) returning com_id as id`,
  );
  const forum = await ctx.db.execute<{ id: number }>(
    sql`insert into forums (com_id, for_nome, for_short) values (${com.rows[0]!.id}, ${`Fórum ${name}`}, ${name}) returning apf_id as id`,
  );
  return { cir: cir.rows[0]!.id, com: com.rows[0]!.id, forum: forum.rows[0]!.id };
}

beforeAll(async () => {
  ctx = await createTestApp({}, { features: { jobs: true } });
  const signed = await signedInAs(ctx, ['v2menufiltro']);
  staff = signed.client;
  staffUserId = signed.user.userId;

  const l1 = await location('Um');
  const l2 = await location('Dois');
  Object.assign(ids, { cir1: l1.cir, com1: l1.com, for1: l1.forum, for2: l2.forum });
  const region = await ctx.db.execute<{ id: number }>(sql`insert into regions (region_name) values ('Região Capital') returning region_id as id`);
  ids.region = region.rows[0]!.id;
  await ctx.db.execute(sql`insert into region_cities (region_id, city_id) values (${ids.region}, 3550308)`);

  const svcA = await createCatalogueService(ctx, { svcName: 'Serviço A' });
  const svcB = await createCatalogueService(ctx, { svcName: 'Serviço B' });
  ids.svcA = svcA.svcId;
  ids.svcB = svcB.svcId;
  const supB = await ctx.db.execute<{ id: number }>(sql`select p.sup_id as id from products p where p.suc_id = ${svcB.sucId}`);
  ids.supB = supB.rows[0]!.id;

  const h1 = await createMember(ctx, {
    custName: 'Álvaro Filtro',
    custStatus: 'M',
    custAssocSituacao: 1,
    custSocio: 'S',
    custBirthdate: yearsAgo(40),
    custEmail: 'alvaro@example.com',
    custComunicacao: 1,
    bnkId: 2,
    custAdmissao: '2010-03-15',
    apfId: ids.for1,
    custNumeroInterno: '1234561',
  });
  const d1 = await createDependent(ctx, h1.cstId, {
    custName: 'Beatriz Filtro',
    custStatus: null,
    custAssocSituacao: null,
    custBirthdate: yearsAgo(40, 1),
  });
  const h2 = await createMember(ctx, {
    custName: 'Carla Filtro',
    custStatus: 'V',
    custAssocSituacao: 2,
    custSocio: 'N',
    custBirthdate: '2000-02-29',
    custEmail: null,
    custComunicacao: 3,
    bnkId: 11,
    custAdmissao: '2020-01-01',
    apfId: ids.for2,
    custNumeroInterno: '7654321',
  });
  const d2 = await createDependent(ctx, h2.cstId, {
    custName: 'Daniel Filtro',
    custStatus: null,
    custAssocSituacao: null,
    custBirthdate: '2012-12-31',
  });
  const h3 = await createMember(ctx, {
    custName: 'Eva Filtro',
    custStatus: 'J',
    custAssocSituacao: 5,
    custSocio: 'N',
    custBirthdate: null,
    custEmail: '  ',
    custComunicacao: 4,
    bnkId: null,
    custNumeroInterno: '1299990',
  });
  Object.assign(f, { h1: h1.cstId, d1: d1.cstId, h2: h2.cstId, d2: d2.cstId, h3: h3.cstId });

  await addAddress(ctx, h1.cstId, { kind: 1, adCity: 'Sao Paulo', adState: 'SP' });
  await addAddress(ctx, h2.cstId, { kind: 1, adCity: 'Campinas', adState: 'SP' });
  await addAddress(ctx, h3.cstId, { kind: 2, adCity: 'São Paulo', adState: 'SP' });

  await createServiceRows(ctx, h1.cstId, [{ svcId: ids.svcA, cslFim: null }]);
  await createServiceRows(ctx, d1.cstId, [{ svcId: ids.svcB, cslInicio: '2020-01-01', cslFim: yearsAgo(0, -1) }]);
  await createServiceRows(ctx, h2.cstId, [{ svcId: ids.svcB, cslFim: yearsAgo(0) }]);

  await createLedgerPeriod(ctx);
  await createOpenPeriodEntry(ctx, h1.cstId, 50_000, 'lancamento');
  await createOpenPeriodEntry(ctx, h3.cstId, -100, 'credito');
});

afterAll(async () => {
  await ctx?.close();
});

const rule = (field: string, operator: string, value: unknown): FilterRule => ({ field, operator, value });
const and = (...rules: (FilterRule | FilterQuery)[]): FilterQuery => ({ combinator: 'and', rules });
const or = (...rules: (FilterRule | FilterQuery)[]): FilterQuery => ({ combinator: 'or', rules });

async function matching(query: FilterQuery, client: Client = staff) {
  const res = await call(client, filterContracts.run, { body: { query, columns: ['nome'], page: 1, pageSize: 200 } });
  expect(res.status, JSON.stringify(res.error)).toBe(200);
  expect(res.body.total).toBe(res.body.rows.length);
  return res.body.rows.map((r) => r.cstId).sort((a, b) => a - b);
}
const set = (...keys: (keyof typeof f)[]) => keys.map((k) => f[k]).sort((a, b) => a - b);
const ALL = ['h1', 'd1', 'h2', 'd2', 'h3'] as const;

describe('each criterion against real rows', () => {
  it('situação (in / notIn with nulls)', async () => {
    expect(await matching(and(rule('situacao', 'in', [1, 2])))).toEqual(set('h1', 'h2'));
    expect(await matching(and(rule('situacao', 'notIn', [1])))).toEqual(set('d1', 'h2', 'd2', 'h3'));
  });

  it('status H, J, M, N, V', async () => {
    expect(await matching(and(rule('status', 'in', ['M', 'J'])))).toEqual(set('h1', 'h3'));
    expect(await matching(and(rule('status', 'in', ['V'])))).toEqual(set('h2'));
    expect(await matching(and(rule('status', 'in', ['H', 'N'])))).toEqual([]);
  });

  it('sócio', async () => {
    expect(await matching(and(rule('socio', '=', 'S')))).toEqual(set('h1'));
  });

  it('titular or dependente', async () => {
    expect(await matching(and(rule('titular', '=', 'dependente')))).toEqual(set('d1', 'd2'));
    expect(await matching(and(rule('titular', '=', 'titular')))).toEqual(set('h1', 'h2', 'h3'));
  });

  it('service has / has not (an ended row does not count; one ending today does; members with no services)', async () => {
    expect(await matching(and(rule('servico', 'in', [ids.svcA, ids.svcB])))).toEqual(set('h1', 'h2'));
    expect(await matching(and(rule('servico', 'notIn', [ids.svcB])))).toEqual(set('h1', 'd1', 'd2', 'h3'));
  });

  it('supplier has / has not', async () => {
    expect(await matching(and(rule('fornecedor', 'in', [ids.supB])))).toEqual(set('h2'));
    expect(await matching(and(rule('fornecedor', 'notIn', [ids.supB])))).toEqual(set('h1', 'd1', 'd2', 'h3'));
  });

  it('age range: on the birthday, the day before, no birth date', async () => {
    expect(await matching(and(rule('idade', '=', 40)))).toEqual(set('h1'));
    expect(await matching(and(rule('idade', 'between', [39, 39])))).toEqual(set('d1'));
    expect(await matching(and(rule('idade', '>=', 40)))).toEqual(set('h1'));
    expect(await matching(and(rule('idade', '<', 40)))).toEqual(set('d1', 'h2', 'd2'));
  });

  it("age agrees with PostgreSQL's age() for every member, 29/02 included", async () => {
    const ages = await ctx.db.execute<{ cst_id: number; age: number }>(
      sql`select cst_id, extract(year from age(${today}::date, cust_birthdate))::int as age from customers where cust_birthdate is not null`,
    );
    for (const age of new Set(ages.rows.map((r) => r.age))) {
      const expected = ages.rows.filter((r) => r.age === age).map((r) => r.cst_id);
      expect(await matching(and(rule('idade', '=', age))), `age ${age}`).toEqual(expected.sort((a, b) => a - b));
    }
  });

  it('birthday month (29/02 is February)', async () => {
    expect(await matching(and(rule('aniversario', 'in', [2])))).toEqual(
      Number(yearsAgo(40).slice(5, 7)) === 2 ? expect.arrayContaining(set('h2')) : set('h2'),
    );
    expect(await matching(and(rule('aniversario', 'in', [12])))).toEqual(expect.arrayContaining(set('d2')));
  });

  it('region: the holder’s residential city (accents and case ignored); dependents follow their holder', async () => {
    expect(await matching(and(rule('regiao', 'in', [ids.region])))).toEqual(set('h1', 'd1'));
    expect(await matching(and(rule('regiao', 'notIn', [ids.region])))).toEqual(set('h2', 'd2', 'h3'));
  });

  it('circunscrição, comarca, fórum', async () => {
    expect(await matching(and(rule('circunscricao', 'in', [ids.cir1])))).toEqual(set('h1'));
    expect(await matching(and(rule('comarca', 'in', [ids.com1])))).toEqual(set('h1'));
    expect(await matching(and(rule('forum', 'in', [ids.for2])))).toEqual(set('h2'));
    expect(await matching(and(rule('forum', 'notIn', [ids.for2])))).toEqual(set('h1', 'd1', 'd2', 'h3'));
  });

  it("debit place: the holder's", async () => {
    expect(await matching(and(rule('localDebito', 'in', [2])))).toEqual(set('h1', 'd1'));
    expect(await matching(and(rule('localDebito', 'in', [11])))).toEqual(set('h2', 'd2'));
  });

  it('internal number: equal (with its mask), prefix, range', async () => {
    expect(await matching(and(rule('numeroInterno', '=', '123456-1')))).toEqual(set('h1'));
    expect(await matching(and(rule('numeroInterno', 'beginsWith', '12'), rule('titular', '=', 'titular')))).toEqual(set('h1', 'h3'));
    expect(await matching(and(rule('numeroInterno', 'between', ['7000000', '7999999']), rule('titular', '=', 'titular')))).toEqual(set('h2'));
  });

  it('name contains / begins with, accents ignored', async () => {
    expect(await matching(and(rule('nome', 'beginsWith', 'alvaro')))).toEqual(set('h1'));
    expect(await matching(and(rule('nome', 'contains', 'FILTRO')))).toEqual(set(...ALL));
  });

  it('admission date', async () => {
    expect(await matching(and(rule('admissao', 'between', ['2010-01-01', '2015-12-31'])))).toEqual(set('h1'));
    expect(await matching(and(rule('admissao', '>', '2010-03-15')))).toEqual(set('h2'));
  });

  it('communication preference', async () => {
    expect(await matching(and(rule('comunicacao', 'in', [3, 4])))).toEqual(set('h2', 'h3'));
  });

  it('e-mail present (blank is not)', async () => {
    expect(await matching(and(rule('temEmail', '=', true)))).toEqual(set('h1'));
    expect(await matching(and(rule('temEmail', '=', false), rule('titular', '=', 'titular')))).toEqual(set('h2', 'h3'));
  });

  it("open balance above a value: the holder's (holder_balances), none is 0", async () => {
    expect(await matching(and(rule('saldoAberto', '>', 0)))).toEqual(set('h1', 'd1'));
    expect(await matching(and(rule('saldoAberto', '<', 0)))).toEqual(set('h3'));
    expect(await matching(and(rule('saldoAberto', '<=', 0), rule('titular', '=', 'titular')))).toEqual(set('h2', 'h3'));
  });

  it('nested AND/OR groups and NOT', async () => {
    const query = and(
      rule('titular', '=', 'titular'),
      or(rule('status', 'in', ['V']), and(rule('socio', '=', 'S'), rule('servico', 'in', [ids.svcA]))),
    );
    expect(await matching(query)).toEqual(set('h1', 'h2'));
    // NOT (status V) keeps the people without a status (a null is not V).
    expect(await matching(and({ combinator: 'and', not: true, rules: [rule('status', 'in', ['V'])] }))).toEqual(set('h1', 'd1', 'd2', 'h3'));
    expect(
      await matching(
        and(rule('titular', '=', 'titular'), { combinator: 'or', not: true, rules: [rule('status', 'in', ['V']), rule('socio', '=', 'S')] }),
      ),
    ).toEqual(set('h3'));
    expect(await matching(and())).toEqual(set(...ALL));
  });
});

describe('POST filter/executar', () => {
  it('answers the count and the page in the columns and order asked, raw values', async () => {
    const res = await call(staff, filterContracts.run, {
      body: {
        query: and(rule('titular', '=', 'titular')),
        columns: ['nome', 'saldoAberto', 'nascimento', 'localDebito', 'forum'],
        page: 1,
        pageSize: 2,
        sort: { column: 'nome', direction: 'desc' },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    expect(res.body.rows.map((r) => r.cells.nome)).toEqual(['Eva Filtro', 'Carla Filtro']);
    expect(res.body.rows[1]).toMatchObject({
      cstId: f.h2,
      holderId: f.h2,
      cells: { saldoAberto: 0, nascimento: '2000-02-29', localDebito: 11, forum: 'Fórum Dois' },
    });
    const dep = await call(staff, filterContracts.run, {
      body: { query: and(rule('nome', 'beginsWith', 'beatriz')), columns: ['titular', 'saldoAberto'] },
    });
    expect(dep.body.rows[0]).toMatchObject({ cstId: f.d1, holderId: f.h1, cells: { titular: 'Álvaro Filtro', saldoAberto: 50_000 } });
  });

  it('401 anonymous, 403 without v2menufiltro', async () => {
    const body = { query: and(), columns: ['nome'] };
    expect((await call(ctx.app, filterContracts.run, { body })).status).toBe(401);
    const { client } = await signedInAs(ctx, ['v2menucch']);
    expect((await call(client, filterContracts.run, { body })).status).toBe(403);
  });

  it.each([
    ['an unknown field', rule('cust_password', '=', 'x'), fm.unknownField('cust_password')],
    ['an operator the criterion does not allow', rule('socio', 'contains', 'S'), fm.unknownOperator('Sócio')],
    ['a value outside the choices', rule('status', 'in', ['Z']), fm.badValue('Status (perfil)')],
    ['SQL as a value', rule('idade', '=', '1; drop table customers'), fm.badValue('Idade (anos)')],
    ['a reversed range', rule('idade', 'between', [50, 20]), fm.badValue('Idade (anos)')],
    ['a bad date', rule('admissao', '=', '2024-02-30'), fm.badValue('Data de admissão')],
  ])('400 pt-BR for %s', async (_, bad, message) => {
    const res = await call(staff, filterContracts.run, { body: { query: and(bad), columns: ['nome'] } });
    expect(res.status).toBe(400);
    expect(res.error?.message).toContain(message);
  });

  it('400 for a query too deep or too large, and an unknown column', async () => {
    let deep: FilterQuery = and(rule('socio', '=', 'S'));
    for (let i = 0; i < 5; i++) deep = and(deep);
    expect((await call(staff, filterContracts.run, { body: { query: deep, columns: [] } })).error?.message).toContain(fm.tooDeep(4));
    const many = and(...Array.from({ length: 51 }, () => rule('socio', '=', 'S')));
    expect((await call(staff, filterContracts.run, { body: { query: many, columns: [] } })).status).toBe(400);
    const col = await call(staff, filterContracts.run, { body: { query: and(), columns: ['cust_cpf; --'] } });
    expect(col.status).toBe(400);
  });
});

describe('saved filters', () => {
  let other: Client;
  let otherUserId: number;
  let saved: SavedFilter;

  beforeAll(async () => {
    const o = await signedInAs(ctx, ['v2menufiltro']);
    other = o.client;
    otherUserId = o.user.userId;
  });

  it('saves per user, audited; the same name twice is 409', async () => {
    const res = await call(staff, filterContracts.savedCreate, {
      body: { name: 'Sócios ativos', query: and(rule('socio', '=', 'S')), columns: ['nome', 'cpf'] },
    });
    expect(res.status, JSON.stringify(res.error)).toBe(200);
    saved = res.body;
    expect(saved).toMatchObject({ name: 'Sócios ativos', own: true, ownerId: staffUserId, version: 1, sharedWith: [] });
    expect((await call(staff, filterContracts.savedCreate, { body: { name: 'sócios ATIVOS', query: and(), columns: [] } })).status).toBe(409);
    expect((await call(other, filterContracts.savedList)).body).toEqual([]);
    const audit = await ctx.db.execute(sql`select action from audits where category = 'filtros' and entity_id = ${String(saved.id)}`);
    expect(audit.rows).toEqual([{ action: 'insert' }]);
    // Another user may use the same name for their own.
    expect((await call(other, filterContracts.savedCreate, { body: { name: 'Sócios ativos', query: and(), columns: [] } })).status).toBe(200);
  });

  it('400 for a bad query in a saved filter', async () => {
    const res = await call(staff, filterContracts.savedCreate, { body: { name: 'Ruim', query: and(rule('x', '=', 1)), columns: [] } });
    expect(res.status).toBe(400);
  });

  it('renames at the version read; a stale rename is 409 and changes nothing', async () => {
    const res = await call(staff, filterContracts.savedUpdate, {
      params: { id: saved.id },
      body: { name: 'Sócios', query: saved.query, columns: saved.columns, sharedWith: [], version: 1 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Sócios', version: 2 });
    const stale = await call(staff, filterContracts.savedUpdate, {
      params: { id: saved.id },
      body: { name: 'Outro nome', query: saved.query, columns: saved.columns, sharedWith: [], version: 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.error?.message).toBe(m.staleRecord);
    saved = res.body;
  });

  it('shares read-only: the other user sees and uses it, may not change or delete it (403); unshared it is gone (404)', async () => {
    const shared = await call(staff, filterContracts.savedUpdate, {
      params: { id: saved.id },
      body: { name: saved.name, query: saved.query, columns: saved.columns, sharedWith: [otherUserId], version: saved.version },
    });
    expect(shared.status, JSON.stringify(shared.error)).toBe(200);
    expect(shared.body.sharedWith).toEqual([{ userId: otherUserId, name: 'Usuário de Teste' }]);
    saved = shared.body;
    const seen = (await call(other, filterContracts.savedList)).body.find((s) => s.id === saved.id);
    expect(seen).toMatchObject({ own: false, ownerId: staffUserId, sharedWith: [] });
    const rename = await call(other, filterContracts.savedUpdate, {
      params: { id: saved.id },
      body: { name: 'Meu', query: saved.query, columns: saved.columns, sharedWith: [], version: saved.version },
    });
    expect(rename.status).toBe(403);
    expect((await call(other, filterContracts.savedRemove, { params: { id: saved.id }, query: { version: saved.version } })).status).toBe(403);
    // Only users who open the Filtro, never oneself.
    const noRole = await createUser(ctx, { roles: ['v2menucch'] });
    for (const sharedWith of [[noRole.userId], [staffUserId]]) {
      const res = await call(staff, filterContracts.savedUpdate, {
        params: { id: saved.id },
        body: { name: saved.name, query: saved.query, columns: saved.columns, sharedWith, version: saved.version },
      });
      expect(res.status).toBe(400);
    }
    const users = (await call(staff, filterContracts.users)).body.map((u) => u.userId);
    expect(users).toContain(otherUserId);
    expect(users).not.toContain(noRole.userId);
    expect(users).not.toContain(staffUserId);
  });

  it('deletes its own at the version read (stale 409), audited; a stranger gets 404', async () => {
    const stranger = await signedInAs(ctx, ['v2menufiltro']);
    expect((await call(stranger.client, filterContracts.savedRemove, { params: { id: saved.id }, query: { version: saved.version } })).status).toBe(
      404,
    );
    expect((await call(staff, filterContracts.savedRemove, { params: { id: saved.id }, query: { version: 1 } })).status).toBe(409);
    expect((await call(staff, filterContracts.savedRemove, { params: { id: saved.id }, query: { version: saved.version } })).status).toBe(204);
    expect((await call(other, filterContracts.savedList)).body.find((s) => s.id === saved.id)).toBeUndefined();
    const audit = await ctx.db.execute(
      sql`select action from audits where category = 'filtros' and entity_id = ${String(saved.id)} order by audit_id`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['insert', 'update', 'update', 'delete']);
  });
});

describe('POST filter/exportar', () => {
  it('a small export answers the XLSX at once, read back', async () => {
    const res = await call(staff, filterContracts.export, {
      body: {
        query: and(rule('titular', '=', 'titular')),
        columns: ['nome', 'numeroInterno', 'saldoAberto', 'nascimento', 'situacao'],
        format: 'xlsx',
        sort: { column: 'nome', direction: 'asc' },
      },
    });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Filtro')!;
    const rows = sheet
      .getSheetValues()
      .slice(1)
      .map((r) => (r as unknown[]).slice(1));
    expect(rows[0]).toEqual(['Nome', 'Número interno', 'Saldo em aberto', 'Nascimento', 'Situação']);
    expect(rows[1]).toEqual(['Álvaro Filtro', '123456-1', 500, expect.stringMatching(/^\d\d\/\d\d\/\d{4}$/), 'Ativo']);
    expect(rows[2]).toEqual(['Carla Filtro', '765432-1', 0, '29/02/2000', 'Aposentado']);
    expect(rows).toHaveLength(4);
  });

  it('a small CSV (BOM, ;) read back', async () => {
    const res = await call(staff, filterContracts.export, {
      body: { query: and(rule('status', 'in', ['V'])), columns: ['nome', 'saldoAberto', 'localDebito'], format: 'csv' },
    });
    expect(res.status).toBe(200);
    const text = (res.body as Buffer).toString('utf8');
    expect(text).toBe('\ufeffNome;Saldo em aberto;Local de débito\nCarla Filtro;R$ 0,00;Boleto Bancário\n');
  });

  it('400 without columns; 403 without the role', async () => {
    expect((await call(staff, filterContracts.export, { body: { query: and(), columns: [], format: 'csv' } })).status).toBe(400);
    const { client } = await signedInAs(ctx, ['v2menucch']);
    expect((await call(client, filterContracts.export, { body: { query: and(), columns: ['nome'], format: 'csv' } })).status).toBe(403);
  });

  it('above 5,000 rows a job builds the file (progress, attachment), read back', async () => {
    await ctx.db.execute(
      sql`insert into customers (cust_name, cust_status, cust_assoc_situacao, cust_socio) select 'Massa ' || lpad(g::text, 5, '0'), 'M', 1, 'N' from generate_series(1, 5050) g`,
    );
    const res = await staff.request({
      method: 'POST',
      url: '/api/v1/filter/exportar',
      payload: { query: and(rule('nome', 'beginsWith', 'massa')), columns: ['nome', 'status'], format: 'csv' },
    });
    expect(res.statusCode).toBe(202);
    const { job, message } = res.json() as { job: { jobId: string; jobName: string }; message: string };
    expect(message).toBe(fm.exportStarted);
    expect(job.jobName).toBe(FILTER_EXPORT_COMMAND);
    const ended = await jobEnded(
      [ctx.app],
      job.jobId,
      async () => (await call(staff, jobsContracts.list)).body.find((j) => j.jobId === job.jobId),
      60_000,
    );
    expect(ended).toMatchObject({ jobStatus: 30, jobCurrent: 5050, jobTotal: 5050 });
    const file = await call(staff, jobsContracts.downloadByJob, { params: { jobId: job.jobId } });
    expect(file.status).toBe(200);
    const lines = (file.body as Buffer).toString('utf8').trim().split('\n');
    expect(lines).toHaveLength(5051);
    expect(lines[1]).toBe('Massa 00001;M');
    expect(lines[5050]).toBe('Massa 05050;M');
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  assocCargoContracts,
  extratoGroupContracts,
  feriadoContracts,
  forumCargoContracts,
  genericMessages,
  registryContracts,
  templateContracts,
  tussCheckDigit,
  tussRegistryContracts,
  type Role,
} from '@assoc/domain';
import { audits } from '../../db/schema/index.js';
import { call, createTestApp, signedInAs, type Client, type TestContext } from '../../../test/helper.js';

let ctx: TestContext;
let admin: Client;
/** A second user with the same screens: the other side of the lost-update tests (decision 5). */
let admin2: Client;
let adminName: string;
beforeAll(async () => {
  ctx = await createTestApp();
  const roles: Role[] = [
    'v2access',
    'v2menucad',
    'v2menucademails',
    'v2menucadgruposextir',
    'v2menucadterceiro',
    'v2menufinanceiro',
    'v2menucadloc',
    'superadmin',
  ];
  const { client, user } = await signedInAs(ctx, roles);
  admin = client;
  adminName = user.name;
  admin2 = (await signedInAs(ctx, roles)).client;
});
afterAll(async () => {
  await ctx.close();
});

/** A registry's row as the tests read it: its fields by name (the key differs per registry) and its version. */
type Row = Record<string, unknown> & { version: number };
/** The four calls of one registry, their replies typed as rows (each case's own contracts, parsed by their schemas). */
type RowContracts = ReturnType<typeof registryContracts<string, z.ZodType, z.ZodType<Row>, z.ZodType<Row>>>;

const list = async (client: Client, c: Case) => (await call(client, c.contracts.list)).body;
const add = (client: Client, c: Case, payload: Record<string, unknown>) => call(client, c.contracts.add, { rawBody: payload });
const put = (client: Client, c: Case, id: unknown, payload: Record<string, unknown>) =>
  call(client, c.contracts.update, { params: { id: String(id) }, rawBody: payload });
const del = (client: Client, c: Case, id: unknown, version?: number) =>
  call(client, c.contracts.remove, { params: { id: String(id) }, query: { version } });

async function auditsOf(category: string, entityId: number) {
  return ctx.db
    .select()
    .from(audits)
    .where(and(eq(audits.category, category), eq(audits.entityId, String(entityId))))
    .orderBy(audits.auditId);
}

interface Case {
  contracts: RowContracts;
  /** The registry's path (its contracts'), naming the case. */
  path: string;
  category: string;
  key: string;
  roles: Role[];
  valid: Record<string, unknown>;
  changed: Record<string, unknown>;
  /** [field values, expected message] */
  invalid: Array<[Record<string, unknown>, string]>;
  duplicate: [Record<string, unknown>, string];
  /** A user holding the menu role but not v2access (screens need every role). */
  menuOnly?: Role[];
}

const cases: Case[] = [
  {
    // The CCH's TUSS registry (/tuss, superadmin; issue 26): codes the shipped subset lacks, with a valid check digit.
    contracts: tussRegistryContracts,
    path: tussRegistryContracts.list.path.slice(1),
    category: 'tuss',
    key: 'tussId',
    roles: ['v2access', 'superadmin'],
    valid: { tussCodigo: '40303020', tussTerminologia: 'Procedimento de teste' },
    changed: { tussCodigo: '40303020', tussTerminologia: 'Procedimento de teste revisto' },
    invalid: [
      [{ tussCodigo: '', tussTerminologia: 'Termo' }, 'tussCodigo: Campo obrigatório'],
      [{ tussCodigo: '4030302', tussTerminologia: 'Termo' }, 'tussCodigo: Tamanho de 8 caracteres'],
      [{ tussCodigo: '40303021', tussTerminologia: 'Termo' }, 'tussCodigo: Código TUSS inválido: confira os dígitos'],
      [{ tussCodigo: '10101012', tussTerminologia: 'Termo' }, 'tussCodigo: Código já consta da tabela TUSS do sistema (versão 2021)'],
      [{ tussCodigo: '40303039', tussTerminologia: '' }, 'tussTerminologia: Campo obrigatório'],
      [{ tussCodigo: '40303039', tussTerminologia: 't'.repeat(251) }, 'tussTerminologia: Tamanho máxumo de 250 caracteres'],
    ],
    duplicate: [{ tussCodigo: '40303020', tussTerminologia: 'Outro termo' }, 'Código TUSS já cadastrado'],
  },
  {
    contracts: feriadoContracts,
    path: feriadoContracts.list.path.slice(1),
    category: 'feriados',
    key: 'ferId',
    roles: ['v2access', 'v2menufinanceiro'],
    valid: { ferDia: '2031-03-19', ferDescricao: 'São José' },
    changed: { ferDia: '2031-03-19', ferDescricao: 'Dia de São José' },
    invalid: [
      [{ ferDia: '', ferDescricao: 'Festa' }, 'ferDia: Campo obrigatório'],
      [{ ferDia: '2031-02-30', ferDescricao: 'Festa' }, 'ferDia: Campo não segue padrão determinado'],
      [{ ferDia: '2031-05-02', ferDescricao: '' }, 'ferDescricao: Campo obrigatório'],
      [{ ferDia: '2031-05-02', ferDescricao: 'X' }, 'ferDescricao: Tamanho mínimo de 2 caracteres'],
      [{ ferDia: '2031-05-02', ferDescricao: 'x'.repeat(81) }, 'ferDescricao: Tamanho máxumo de 80 caracteres'],
    ],
    duplicate: [{ ferDia: '2031-03-19', ferDescricao: 'Outro' }, 'Já existe um feriado nesta data'],
    menuOnly: ['v2menufinanceiro'],
  },
  {
    contracts: forumCargoContracts,
    path: forumCargoContracts.list.path.slice(1),
    category: 'forumcargos',
    key: 'afcId',
    roles: ['v2access', 'v2menucad', 'v2menucadloc'],
    valid: { afcCargo: 'Juiz Corregedor' },
    changed: { afcCargo: 'Juiz Corregedor Auxiliar' },
    invalid: [
      [{ afcCargo: '' }, 'afcCargo: Campo obrigatório'],
      [{ afcCargo: 'J' }, 'afcCargo: Tamanho mínimo de 2 caracteres'],
      [{ afcCargo: 'x'.repeat(65) }, 'afcCargo: Tamanho máxumo de 64 caracteres'],
    ],
    duplicate: [{ afcCargo: 'JUIZ CORREGEDOR AUXILIAR' }, 'Cargo já cadastrado'],
    menuOnly: ['v2menucad', 'v2menucadloc'],
  },
  {
    contracts: assocCargoContracts,
    path: assocCargoContracts.list.path.slice(1),
    category: 'assoccargos',
    key: 'aacId',
    roles: ['v2access', 'v2menucad', 'v2menucadloc'],
    valid: { aacCargo: 'Diretor de Comunicação' },
    changed: { aacCargo: 'Diretor de Comunicação Social' },
    invalid: [
      [{ aacCargo: ' ' }, 'aacCargo: Campo obrigatório'],
      [{ aacCargo: 'D' }, 'aacCargo: Tamanho mínimo de 2 caracteres'],
      [{ aacCargo: 'x'.repeat(121) }, 'aacCargo: Tamanho máxumo de 120 caracteres'],
    ],
    duplicate: [{ aacCargo: 'diretor de comunicação social' }, 'Cargo já cadastrado'],
  },
  {
    contracts: extratoGroupContracts,
    path: extratoGroupContracts.list.path.slice(1),
    category: 'extratogroup',
    key: 'extgrpID',
    roles: ['v2access', 'v2menucad', 'v2menucadgruposextir'],
    valid: { extgrpName: 'Previdência privada', extgrpSort: 70 },
    changed: { extgrpName: 'Previdência complementar', extgrpSort: 75 },
    invalid: [
      [{ extgrpName: '', extgrpSort: 10 }, 'extgrpName: Campo obrigatório'],
      [{ extgrpName: 'Plan', extgrpSort: 10 }, 'extgrpName: Tamanho mínimo de 5 caracteres'],
      [{ extgrpName: 'x'.repeat(81), extgrpSort: 10 }, 'extgrpName: Tamanho máxumo de 80 caracteres'],
      [{ extgrpName: 'Grupo válido', extgrpSort: 0 }, 'extgrpSort: Valor mínimo inválido'],
      [{ extgrpName: 'Grupo válido', extgrpSort: 10000 }, 'extgrpSort: Valor máximo inválido'],
      [{ extgrpName: 'Grupo válido', extgrpSort: null }, 'extgrpSort: Campo obrigatório'],
    ],
    duplicate: [{ extgrpName: 'PREVIDÊNCIA COMPLEMENTAR', extgrpSort: 1 }, 'Já existe um grupo com este nome'],
  },
  {
    contracts: templateContracts.sms,
    path: templateContracts.sms.list.path.slice(1),
    category: 'templates:sms',
    key: 'emID',
    roles: ['v2access', 'v2menucad', 'v2menucademails'],
    valid: { emName: 'lembrete', emDescription: 'Lembrete de vencimento', emData: 'Seu boleto vence amanhã.' },
    changed: { emName: 'Lembrete 2', emDescription: 'Lembrete de vencimento', emData: 'Seu boleto vence hoje.' },
    invalid: [
      [{ emName: '', emDescription: 'Descrição', emData: 'Mensagem' }, 'emName: Campo obrigatório'],
      [{ emName: 'A', emDescription: 'Descrição', emData: 'Mensagem' }, 'emName: Tamanho mínimo de 2 caracteres'],
      [{ emName: 'A'.repeat(33), emDescription: 'Descrição', emData: 'Mensagem' }, 'emName: Tamanho máxumo de 32 caracteres'],
      [{ emName: 'NOME', emDescription: 'D', emData: 'Mensagem' }, 'emDescription: Tamanho mínimo de 2 caracteres'],
      [{ emName: 'NOME', emDescription: 'd'.repeat(81), emData: 'Mensagem' }, 'emDescription: Tamanho máxumo de 80 caracteres'],
      [{ emName: 'NOME', emDescription: 'Descrição', emData: 'Oi' }, 'emData: Tamanho mínimo de 3 caracteres'],
      [{ emName: 'NOME', emDescription: 'Descrição', emData: 'm'.repeat(241) }, 'emData: Tamanho máxumo de 240 caracteres'],
    ],
    duplicate: [{ emName: 'lembrete 2', emDescription: 'Outro', emData: 'Outra mensagem' }, 'Já existe um modelo com este nome'],
  },
];

describe.each(cases)('generic registry $path', (c) => {
  let id: number;

  it('adds (200, the record with its key), lists, and audits the insert', async () => {
    const res = await add(admin, c, { ...c.valid, [c.key]: -1 });
    expect(res.status, res.error.message).toBe(200);
    const record = res.body;
    id = record[c.key] as number;
    expect(id).toBeGreaterThan(0);
    const rows = await list(admin, c);
    expect(rows.find((r) => r[c.key] === id)).toMatchObject(record);
    const [audit] = await auditsOf(c.category, id);
    expect(audit).toMatchObject({ action: 'insert', userName: adminName, before: null, after: record });
  });

  it('updates with the key appended (200) and audits before/after', async () => {
    const before = (await list(admin, c)).find((r) => r[c.key] === id)!;
    const res = await put(admin, c, id, { ...c.changed, version: before.version });
    expect(res.status, res.error.message).toBe(200);
    expect(res.body[c.key]).toBe(id);
    expect(res.body.version).toBe(before.version + 1);
    const rows = await auditsOf(c.category, id);
    expect(rows.at(-1)).toMatchObject({ action: 'update', before, after: res.body });
  });

  it('refuses a duplicate on add and on update, changing nothing', async () => {
    const before = await list(admin, c);
    const res = await add(admin, c, c.duplicate[0]);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: c.duplicate[1] });
    // Another record may not take the same value either.
    const other = await add(admin, c, otherValid(c));
    expect(other.status, other.error.message).toBe(200);
    const clash = await put(admin, c, other.body[c.key], { ...c.duplicate[0], version: other.body.version });
    expect(clash.status).toBe(409);
    expect(clash.body).toEqual({ message: c.duplicate[1] });
    expect((await del(admin, c, other.body[c.key], other.body.version)).status).toBe(200);
    expect(await list(admin, c)).toEqual(before);
  });

  it.each(c.invalid)('refuses %j with the pt-BR message, changing nothing', async (values, message) => {
    const before = await list(admin, c);
    const added = await add(admin, c, values);
    expect(added.status).toBe(400);
    expect(added.error.message).toBe(message);
    const update = await put(admin, c, id, { ...values, version: 1 });
    expect(update.status).toBe(400);
    expect(update.error.message).toBe(message);
    expect(await list(admin, c)).toEqual(before);
  });

  it('deletes with the key appended (soft), then PUT recovers it; both audited', async () => {
    const record = (await list(admin, c)).find((r) => r[c.key] === id)!;
    const res = await del(admin, c, id, record.version);
    expect(res.status, res.error.message).toBe(200);
    // The deleted record with its new version: what a restore names.
    expect(res.body).toEqual({ ...record, version: record.version + 1 });
    expect((await list(admin, c)).some((r) => r[c.key] === id)).toBe(false);
    expect((await del(admin, c, id, record.version + 1)).status).toBe(409);

    const { [c.key]: _key, emUses: _uses, lastModifiedDate: _modified, ...data } = res.body;
    const restored = await put(admin, c, id, data);
    expect(restored.status, restored.error.message).toBe(200);
    expect(restored.body.version).toBe(record.version + 2);
    expect((await list(admin, c)).some((r) => r[c.key] === id)).toBe(true);
    const rows = await auditsOf(c.category, id);
    expect(rows.slice(-2).map((r) => r.action)).toEqual(['delete', 'restore']);
    expect(rows.at(-2)).toMatchObject({ before: record, after: null });
  });

  it('answers 404 for an unknown key', async () => {
    expect((await put(admin, c, 999999, { ...c.changed, version: 1 })).status).toBe(404);
    expect((await del(admin, c, 999999, 1)).body).toEqual({ message: 'Registro não encontrado' });
  });

  it('answers 403 to a user without the menu role (and without every role of the screen)', async () => {
    const { client } = await signedInAs(
      ctx,
      c.roles.filter((r) => r !== c.roles.at(-1)),
    );
    expect((await call(client, c.contracts.list)).status).toBe(403);
    expect((await add(client, c, c.valid)).status).toBe(403);
    expect((await put(client, c, id, c.changed)).status).toBe(403);
    expect((await del(client, c, id)).status).toBe(403);
    if (c.menuOnly) {
      const menuOnly = await signedInAs(ctx, c.menuOnly);
      expect((await call(menuOnly.client, c.contracts.list)).status).toBe(403);
    }
    const allowed = await signedInAs(ctx, c.roles);
    expect((await call(allowed.client, c.contracts.list)).status).toBe(200);
  });
});

let freshCounter = 0;
/** Valid values no other test uses (the registries refuse duplicates). */
function fresh(c: Case): Record<string, unknown> {
  const n = ++freshCounter;
  switch (c.path) {
    case 'tuss': {
      const first7 = String(7_000_000 + n);
      return { tussCodigo: `${first7}${tussCheckDigit(first7)}`, tussTerminologia: `Procedimento ${n}` };
    }
    case 'feriados':
      return { ferDia: `2033-${String(1 + (n % 12)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}`, ferDescricao: `Feriado ${n}` };
    case 'forumcargos':
      return { afcCargo: `Cargo de fórum ${n}` };
    case 'assoccargos':
      return { aacCargo: `Cargo da associação ${n}` };
    case 'extratogroup':
      return { extgrpName: `Grupo concorrente ${n}`, extgrpSort: 5 };
    default:
      return { emName: `MODELO ${n}`, emDescription: `Modelo ${n}`, emData: `Mensagem ${n}` };
  }
}

describe.each(cases)('lost updates on $path (decision 5)', (c) => {
  const find = async (client: Client, id: number) => (await list(client, c)).find((r) => r[c.key] === id)!;
  const create = async () => {
    const res = await add(admin, c, fresh(c));
    expect(res.status, res.error.message).toBe(200);
    return res.body;
  };

  it('two users load v1; the first saves (v2); the second, saving v1, gets 409 and the first change stays', async () => {
    const id = (await create())[c.key] as number;
    const first = await find(admin, id);
    const second = await find(admin2, id);
    expect(first.version).toBe(1);
    expect(second.version).toBe(1);

    const saved = await put(admin, c, id, { ...fresh(c), version: first.version });
    expect(saved.status, saved.error.message).toBe(200);
    expect(saved.body.version).toBe(2);
    const afterFirst = await find(admin, id);

    const stale = await put(admin2, c, id, { ...fresh(c), version: second.version });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ message: genericMessages.staleRecord });
    expect(await find(admin, id)).toEqual(afterFirst);
    expect((await auditsOf(c.category, id)).map((a) => a.action)).toEqual(['insert', 'update']);

    // A DELETE naming the old version is refused too; the current one deletes.
    const staleDelete = await del(admin2, c, id, 1);
    expect(staleDelete.status).toBe(409);
    expect(staleDelete.body).toEqual({ message: genericMessages.staleRecord });
    expect(await find(admin, id)).toEqual(afterFirst);
    expect((await del(admin2, c, id, 2)).status).toBe(200);
    // A restore naming the version before the delete is refused as well.
    expect((await put(admin, c, id, { ...fresh(c), version: 2 })).status).toBe(409);
    expect(await find(admin, id)).toBeUndefined();
  });

  it('of two saves sent at once on the same version, exactly one wins', async () => {
    const id = (await create())[c.key] as number;
    const results = await Promise.all([put(admin, c, id, { ...fresh(c), version: 1 }), put(admin2, c, id, { ...fresh(c), version: 1 })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.status === 200)!.body;
    expect(await find(admin, id)).toEqual(winner);
    expect(winner.version).toBe(2);
    expect((await auditsOf(c.category, id)).map((a) => a.action)).toEqual(['insert', 'update']);
  });

  it('requires the version on PUT and DELETE (400), changing nothing', async () => {
    const created = await create();
    const id = created[c.key] as number;
    const update = await put(admin, c, id, fresh(c));
    expect(update.status).toBe(400);
    expect(update.error.message).toBe('version: Campo obrigatório');
    const remove = await del(admin, c, id);
    expect(remove.status).toBe(400);
    expect(remove.error.message).toBe('version: Campo obrigatório');
    expect(await find(admin, id)).toEqual(created);
  });
});

function otherValid(c: Case): Record<string, unknown> {
  switch (c.path) {
    case 'tuss':
      return { tussCodigo: '20101015', tussTerminologia: 'Outro procedimento' };
    case 'feriados':
      return { ferDia: '2031-08-11', ferDescricao: 'Dia do Advogado' };
    case 'forumcargos':
      return { afcCargo: 'Oficial de Justiça' };
    case 'assoccargos':
      return { aacCargo: 'Tesoureiro' };
    case 'extratogroup':
      return { extgrpName: 'Grupo auxiliar', extgrpSort: 5 };
    default:
      return { emName: 'OUTRO', emDescription: 'Outro modelo', emData: 'Outra mensagem' };
  }
}

describe('message templates', () => {
  it('forces the name to upper case and keeps each channel apart (same name allowed on another channel)', async () => {
    const sms = await call(admin, templateContracts.sms.add, {
      body: { emName: 'cobrança', emDescription: 'Aviso de cobrança', emData: 'Há um débito em aberto.' },
    });
    expect(sms.status).toBe(200);
    expect(sms.body).toMatchObject({ emName: 'COBRANÇA', emUses: 0 });
    expect(sms.body.lastModifiedDate).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const whatsapp = await call(admin, templateContracts.whatsapp.add, {
      body: {
        emName: 'Cobrança',
        emDescription: 'Aviso de cobrança',
        emData: 'Há um débito em aberto.',
      },
    });
    expect(whatsapp.status).toBe(200);
    const email = await call(admin, templateContracts.email.add, {
      body: { emName: 'COBRANÇA', emDescription: 'Aviso de cobrança', emData: 'Há um débito em aberto.' },
    });
    expect(email.status).toBe(200);
    expect((await call(admin, templateContracts.whatsapp.list)).body.map((t) => t.emID)).toEqual([whatsapp.body.emID]);
    // A template of one channel is not reachable through another.
    expect((await call(admin, templateContracts.sms.remove, { params: { id: whatsapp.body.emID }, query: { version: 1 } })).status).toBe(404);
  });
});

describe('GET extratogroup', () => {
  it('also serves the services screen (its statement-group dropdowns), but only /extratogroup writes', async () => {
    const { client } = await signedInAs(ctx, ['v2access', 'v2menucad', 'v2menucadservicos']);
    expect((await call(client, extratoGroupContracts.list)).status).toBe(200);
    expect((await call(client, extratoGroupContracts.add, { body: { extgrpName: 'Grupo do serviço', extgrpSort: 10 } })).status).toBe(403);
  });

  it('defaults the order to 10', async () => {
    const res = await call(admin, extratoGroupContracts.add, { body: { extgrpName: 'Grupo sem ordem' } });
    expect(res.status).toBe(200);
    expect(res.body.extgrpSort).toBe(10);
  });

  it('keeps whether an IR group is a health-plan group (issue 22 item 2): off by default, saved and listed', async () => {
    const plain = await call(admin, extratoGroupContracts.add, { body: { extgrpName: 'Grupo comum de IR' } });
    expect(plain.body.extgrpSaude).toBe(false);
    const health = await call(admin, extratoGroupContracts.add, { body: { extgrpName: 'Planos de saúde IR', extgrpSaude: true } });
    expect(health.status, health.res.body).toBe(200);
    expect(health.body.extgrpSaude).toBe(true);
    const off = await call(admin, extratoGroupContracts.update, {
      params: { id: health.body.extgrpID },
      body: {
        extgrpName: 'Planos de saúde IR',
        extgrpSaude: false,
        version: health.body.version,
      },
    });
    expect(off.status, off.res.body).toBe(200);
    const listed = (await call(admin, extratoGroupContracts.list)).body;
    expect(listed.find((g) => g.extgrpID === health.body.extgrpID)?.extgrpSaude).toBe(false);
    const bad = await call(admin, extratoGroupContracts.add, { rawBody: { extgrpName: 'Grupo inválido', extgrpSaude: 'sim' } });
    expect(bad.status).toBe(400);
  });
});

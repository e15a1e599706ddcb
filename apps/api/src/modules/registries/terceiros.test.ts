import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { genericMessages, searchContracts, terceiroContracts } from '@assoc/domain';
import { audits, terceiros } from '../../db/schema/index.js';
import { call, createTestApp, nextCpf, signedInAs, type Client, type TestContext } from '../../../test/helper.js';

const CNPJ = '11222333000181';
const OTHER_CNPJ = '11444777000161';

let ctx: TestContext;
let staff: Client;
beforeAll(async () => {
  ctx = await createTestApp({}, { features: { searchIndex: true } });
  // Process-only staff reach /terceiros without v2access (spec 1 §2).
  staff = (await signedInAs(ctx, ['v2menucadterceiro'])).client;
});
afterAll(async () => {
  await ctx.close();
});

const company = (overrides: Record<string, unknown> = {}) => ({
  terId: 0,
  terTipo: 1,
  terCPFCNPJ: '11.222.333/0001-81',
  terNome: 'Clínica Boa Saúde Ltda',
  terContato: 'Marta Gerente',
  terEmail: 'contato@boasaude.com.br',
  terCEP: '01310-100',
  terLogradouro: 'Avenida Paulista',
  terNumero: '1000',
  terComplemento: 'cj 12',
  terBairro: 'Bela Vista',
  terCidade: 'São Paulo',
  terUF: 'sp',
  terTelefone1: '1133334444',
  terTelefone2: '11987654321',
  ...overrides,
});

describe('process/terceiros', () => {
  let terId: number;

  it('adds a company (document stored as digits, UF upper case) and audits it', async () => {
    const res = await call(staff, terceiroContracts.add, { rawBody: company() });
    expect(res.status, res.res.body).toBe(200);
    expect(res.body).toMatchObject({ terTipo: 1, terCPFCNPJ: CNPJ, terCEP: '01310100', terUF: 'SP', terTelefone2: '11987654321' });
    terId = res.body.terId;
    const [audit] = await ctx.db
      .select()
      .from(audits)
      .where(and(eq(audits.category, 'terceiros'), eq(audits.entityId, String(terId))));
    expect(audit).toMatchObject({ action: 'insert', after: res.body });
  });

  it.each([
    [{ terCPFCNPJ: '' }, 'terCPFCNPJ: Campo obrigatório'],
    [{ terCPFCNPJ: '11222333000182' }, 'terCPFCNPJ: CPF/CNPJ Inválido'],
    [{ terTipo: 0, terCPFCNPJ: '11122233344' }, 'terCPFCNPJ: CPF/CNPJ Inválido'],
    // A valid CNPJ is not a valid CPF: the type decides.
    [{ terTipo: 0 }, 'terCPFCNPJ: CPF/CNPJ Inválido'],
    [{ terNome: 'Ana' }, 'terNome: Tamanho mínimo de 4 caracteres'],
    [{ terNome: '' }, 'terNome: Campo obrigatório'],
    [{ terNome: 'n'.repeat(81) }, 'terNome: Tamanho máxumo de 80 caracteres'],
    [{ terContato: 'c'.repeat(81) }, 'terContato: Tamanho máxumo de 80 caracteres'],
    [{ terEmail: 'sem-arroba' }, 'terEmail: E-mail inválido'],
    [{ terCEP: '0131010' }, 'terCEP: Tamanho de 8 caracteres'],
    [{ terNumero: '1'.repeat(21) }, 'terNumero: Tamanho máxumo de 20 caracteres'],
    [{ terComplemento: 'c'.repeat(21) }, 'terComplemento: Tamanho máxumo de 20 caracteres'],
    [{ terBairro: 'b'.repeat(33) }, 'terBairro: Tamanho máxumo de 32 caracteres'],
    [{ terCidade: 'c'.repeat(33) }, 'terCidade: Tamanho máxumo de 32 caracteres'],
    [{ terUF: 'SPX' }, 'terUF: Tamanho máxumo de 2 caracteres'],
    [{ terTelefone1: '(11) 3333-4444' }, 'terTelefone1: Apenas caracteres numéricos'],
    [{ terTelefone2: '1'.repeat(16) }, 'terTelefone2: Tamanho máxumo de 15 caracteres'],
  ])('refuses %j with its message', async (values, message) => {
    const res = await call(staff, terceiroContracts.add, { rawBody: company({ terCPFCNPJ: OTHER_CNPJ, ...values }) });
    expect(res.status).toBe(400);
    expect(res.error.message).toBe(message);
    expect(await ctx.db.select().from(terceiros).where(eq(terceiros.terCPFCNPJ, OTHER_CNPJ))).toEqual([]);
  });

  it('refuses a document another third party holds', async () => {
    const res = await call(staff, terceiroContracts.add, { rawBody: company({ terNome: 'Outra empresa' }) });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'CPF/CNPJ já cadastrado para outro terceiro' });
  });

  it('checks a document: valid for the type and not used by another third party', async () => {
    const check = async (id: number, tipo: number, doc: string) =>
      (await call(staff, terceiroContracts.checkDocument, { params: { terId: id, terTipo: tipo, document: doc } })).body;
    expect(await check(0, 1, OTHER_CNPJ)).toEqual({ valid: true, message: 'CPF/CNPJ válido' });
    expect(await check(0, 1, CNPJ)).toEqual({ valid: false, message: 'CPF/CNPJ já cadastrado para outro terceiro' });
    // Its own document is fine while editing it.
    expect(await check(terId, 1, CNPJ)).toEqual({ valid: true, message: 'CPF/CNPJ válido' });
    expect(await check(0, 1, '11222333000182')).toEqual({ valid: false, message: 'CPF/CNPJ Inválido' });
    expect(await check(0, 0, '11122233344')).toEqual({ valid: false, message: 'CPF/CNPJ Inválido' });
    expect(await check(0, 0, nextCpf())).toMatchObject({ valid: true });
    expect(await check(0, 7, CNPJ)).toEqual({ valid: false, message: 'CPF/CNPJ Inválido' });
  });

  it('updates, deletes (leaves the list and the member search, frees the document) and recovers', async () => {
    const updated = await call(staff, terceiroContracts.update, {
      params: { id: terId },
      rawBody: company({ terNome: 'Clínica Boa Saúde S.A.', version: 1 }),
    });
    expect(updated.status, updated.res.body).toBe(200);
    expect(updated.body).toMatchObject({ terNome: 'Clínica Boa Saúde S.A.', version: 2 });

    expect((await call(staff, terceiroContracts.remove, { params: { id: terId }, query: { version: 2 } })).status).toBe(200);
    expect((await call(staff, terceiroContracts.list)).body.some((t: { terId: number }) => t.terId === terId)).toBe(false);
    expect((await call(staff, terceiroContracts.checkDocument, { params: { terId: 0, terTipo: 1, document: CNPJ } })).body).toMatchObject({
      valid: true,
    });
    const searcher = (await signedInAs(ctx, ['v2access', 'v2search'])).client;
    const found = (await call(searcher, searchContracts.search, { body: { text: 'Clínica Boa Saúde' } })).body;
    expect(found.filter((p) => p.isTerceiro)).toEqual([]);

    const restored = await call(staff, terceiroContracts.update, {
      params: { id: terId },
      rawBody: company({ terNome: 'Clínica Boa Saúde S.A.', version: 3 }),
    });
    expect(restored.status, restored.res.body).toBe(200);
    const actions = (
      await ctx.db
        .select()
        .from(audits)
        .where(and(eq(audits.category, 'terceiros'), eq(audits.entityId, String(terId))))
        .orderBy(audits.auditId)
    ).map((a) => a.action);
    expect(actions).toEqual(['insert', 'update', 'delete', 'restore']);
  });

  it('two users editing the same third party: the second save, over the first, gets 409 and changes nothing (decision 5)', async () => {
    const other = (await signedInAs(ctx, ['v2menucadterceiro'])).client;
    const created = (await call(staff, terceiroContracts.add, { rawBody: company({ terCPFCNPJ: OTHER_CNPJ, terNome: 'Laboratório Concorrente' }) }))
      .body;
    const load = async (client: Client) =>
      (await call(client, terceiroContracts.list)).body.find((t: { terId: number }) => t.terId === created.terId);
    const first = await load(staff);
    const second = await load(other);
    const put = (client: Client, payload: object) => call(client, terceiroContracts.update, { params: { id: created.terId }, rawBody: payload });

    const saved = await put(staff, { ...first, terTelefone1: '1122223333' });
    expect(saved.status, saved.error.message).toBe(200);
    const stale = await put(other, { ...second, terEmail: 'novo@laboratorio.com.br' });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ message: genericMessages.staleRecord });
    expect(await load(staff)).toEqual(saved.body);
    expect(saved.body).toMatchObject({ terTelefone1: '1122223333', terEmail: 'contato@boasaude.com.br', version: 2 });

    const staleDelete = await call(other, terceiroContracts.remove, { params: { id: created.terId }, query: { version: 1 } });
    expect(staleDelete.status).toBe(409);
    expect(await load(staff)).toEqual(saved.body);
  });

  it('answers 403 without v2menucadterceiro', async () => {
    const { client } = await signedInAs(ctx, ['v2access', 'v2menucad', 'v2menuprocesso']);
    expect((await call(client, terceiroContracts.list)).status).toBe(403);
    expect((await call(client, terceiroContracts.checkDocument, { params: { terId: 0, terTipo: 1, document: CNPJ } })).status).toBe(403);
    expect((await call(client, terceiroContracts.add, { rawBody: company({ terCPFCNPJ: OTHER_CNPJ }) })).status).toBe(403);
  });
});

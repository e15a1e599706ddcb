import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audits } from '../../db/schema/index.js';
import { seedRegistries } from '../../db/seed/registries.seed.js';
import { seedServices } from '../../db/seed/services.seed.js';
import { createTestApp, signedInAs, type Client, type TestContext } from '../../../test/helper.js';

let ctx: TestContext;
let admin: Client;
let adminName: string;
let reader: Client;
beforeAll(async () => {
  ctx = await createTestApp();
  const signed = await signedInAs(ctx, ['v2access', 'v2menucad', 'v2menucadservicos']);
  admin = signed.client;
  adminName = signed.user.name;
  reader = (await signedInAs(ctx, ['v2access'])).client;
});
afterAll(async () => { await ctx.close(); });

const api = (path: string) => `/api/v1/${path}`;
const put = (client: Client, url: string, payload: unknown) => client.request({ method: 'PUT', url, payload: payload as object });
const del = (client: Client, url: string) => client.request({ method: 'DELETE', url });
const auditsOf = (category: string, entityId: number) =>
  ctx.db.select().from(audits).where(and(eq(audits.category, category), eq(audits.entityId, String(entityId)))).orderBy(audits.auditId);

const supplier = { supName: 'Unimed Teste', supFantasia: 'Unimed', supCnpj: '11.444.777/0001-61', supIe: '123', supCcm: '' };
const product = { sucName: 'Plano de saúde', sucHealth: true, sucMudaFaixa: true };
const service = { svcName: 'Titular', svcValor: 123456, svcTaxaAdm: 2.5, svcTaxaAdmNs: 0, svcServiceType: 1, svcMin: 0, svcMax: 58 };

let supId: number;
let sucId: number;
let svcId: number;

describe('fornecedores', () => {
  it('adds (200, the record, CNPJ as digits), lists (supId, supName), reads one, audits', async () => {
    const res = await admin.post(api('fornecedores'), supplier);
    expect(res.statusCode, res.body).toBe(200);
    const record = res.json();
    expect(record).toMatchObject({ supName: 'Unimed Teste', supCnpj: '11444777000161', supCcm: null });
    supId = record.supId;
    expect((await reader.get(api('fornecedores'))).json()).toContainEqual({ supId, supName: 'Unimed Teste' });
    expect((await reader.get(api(`fornecedores/${supId}`))).json()).toEqual(record);
    const [audit] = await auditsOf('fornecedores', supId);
    expect(audit).toMatchObject({ action: 'insert', userName: adminName, after: record });
  });

  it('updates with PUT fornecedores/{supId} (204) and audits before/after', async () => {
    const res = await put(admin, api(`fornecedores/${supId}`), { ...supplier, supName: 'Unimed Seguros' });
    expect(res.statusCode, res.body).toBe(204);
    expect((await admin.get(api(`fornecedores/${supId}`))).json().supName).toBe('Unimed Seguros');
    const rows = await auditsOf('fornecedores', supId);
    expect(rows.at(-1)).toMatchObject({ action: 'update', before: { supName: 'Unimed Teste' }, after: { supName: 'Unimed Seguros' } });
  });

  it.each([
    [{ supName: '' }, 'supName: Campo obrigatório'],
    [{ supName: 'Abcd' }, 'supName: Tamanho mínimo de 5 caracteres'],
    [{ supName: 'x'.repeat(41) }, 'supName: Tamanho máxumo de 40 caracteres'],
    [{ supFantasia: 'x'.repeat(41) }, 'supFantasia: Tamanho máxumo de 40 caracteres'],
    [{ supCnpj: '11.444.777/0001-62' }, 'supCnpj: CNPJ Inválido'],
    [{ supIe: 'x'.repeat(21) }, 'supIe: Tamanho máxumo de 20 caracteres'],
    [{ supCcm: 'x'.repeat(21) }, 'supCcm: Tamanho máxumo de 20 caracteres'],
  ])('refuses %j with the pt-BR message', async (change, message) => {
    const add = await admin.post(api('fornecedores'), { ...supplier, supCnpj: '04.252.011/0001-10', ...change });
    expect(add.statusCode).toBe(400);
    expect(add.json().message).toBe(message);
    const update = await put(admin, api(`fornecedores/${supId}`), { ...supplier, ...change });
    expect(update.statusCode).toBe(400);
    expect(update.json().message).toBe(message);
  });

  it('takes a supplier without CNPJ (optional, spec 3 §5), several of them, and clears a CNPJ on update', async () => {
    const first = await admin.post(api('fornecedores'), { ...supplier, supName: 'Cantina da Associação', supCnpj: '' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ supName: 'Cantina da Associação', supCnpj: null });
    const second = await admin.post(api('fornecedores'), { ...supplier, supName: 'Lanchonete da Sede', supCnpj: null });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().supCnpj).toBeNull();
    const { supCnpj: _none, ...withoutCnpj } = supplier;
    const third = await admin.post(api('fornecedores'), { ...withoutCnpj, supName: 'Banca de Jornais' });
    expect(third.statusCode, third.body).toBe(200);
    expect((await admin.get(api(`fornecedores/${third.json().supId}`))).json().supCnpj).toBeNull();
    const tooLong = await admin.post(api('fornecedores'), { ...supplier, supName: 'Fornecedor Longo', supCnpj: '1'.repeat(20) });
    expect(tooLong.statusCode).toBe(400);
  });

  it('refuses a CNPJ already used by another supplier', async () => {
    const res = await admin.post(api('fornecedores'), { ...supplier, supName: 'Outro fornecedor' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'CNPJ já cadastrado para outro fornecedor' });
  });
});

describe('produtos', () => {
  it('adds to a supplier, lists by supplier, reads one, updates; audited', async () => {
    const res = await admin.post(api(`produtos/${supId}`), product);
    expect(res.statusCode, res.body).toBe(200);
    sucId = res.json().sucId;
    expect(res.json()).toEqual({ sucId, supId, ...product });
    expect((await reader.get(api(`produtos/all/${supId}`))).json()).toEqual([res.json()]);
    expect((await reader.get(api(`produtos/${sucId}`))).json()).toEqual(res.json());
    // Not a health product: the age-band flag is cleared.
    const updated = await put(admin, api(`produtos/${sucId}`), { sucName: 'Plano odontológico', sucHealth: false, sucMudaFaixa: true });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toEqual({ sucId, supId, sucName: 'Plano odontológico', sucHealth: false, sucMudaFaixa: false });
    await put(admin, api(`produtos/${sucId}`), product);
    expect((await auditsOf('produtos', sucId)).map((r) => r.action)).toEqual(['insert', 'update', 'update']);
  });

  it.each([
    [{ sucName: '' }, 'sucName: Campo obrigatório'],
    [{ sucName: 'Abcd' }, 'sucName: Tamanho mínimo de 5 caracteres'],
    [{ sucName: 'x'.repeat(41) }, 'sucName: Tamanho máxumo de 40 caracteres'],
  ])('refuses %j with the pt-BR message', async (change, message) => {
    const add = await admin.post(api(`produtos/${supId}`), { ...product, ...change });
    expect(add.statusCode).toBe(400);
    expect(add.json().message).toBe(message);
    const update = await put(admin, api(`produtos/${sucId}`), { ...product, ...change });
    expect(update.json().message).toBe(message);
  });

  it('answers 404 for an unknown supplier or product', async () => {
    expect((await admin.post(api('produtos/999999'), product)).json()).toEqual({ message: 'Fornecedor não encontrado' });
    expect((await admin.get(api('produtos/999999'))).statusCode).toBe(404);
    expect((await admin.get(api('fornecedores/999999'))).statusCode).toBe(404);
  });
});

describe('servicos', () => {
  it('adds to a product with the defaults, lists by product; audited', async () => {
    const res = await admin.post(api(`servicos/${sucId}`), service);
    expect(res.statusCode, res.body).toBe(200);
    svcId = res.json().svcId;
    expect(res.json()).toMatchObject({
      sucId, svcValor: 123456, svcTaxaAdm: 2.5, svcMaxParcelas: 1, svcPermiteDependente: true, svcPermiteDuplicado: false,
      svcContaDebito: null, extgrpId: null,
    });
    expect((await reader.get(api(`servicos/all/${sucId}`))).json()).toEqual([res.json()]);
    expect((await auditsOf('servicos', svcId))[0]).toMatchObject({ action: 'insert', after: res.json() });
  });

  it('updates with PUT servicos (key in the body), keeping the product', async () => {
    const res = await put(admin, api('servicos'), { ...service, svcId, svcName: 'Dependente', svcTaxaAdm: 12.75, svcMaxParcelas: 99 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ svcId, sucId, svcName: 'Dependente', svcTaxaAdm: 12.75, svcMaxParcelas: 99 });
    expect((await auditsOf('servicos', svcId)).at(-1)).toMatchObject({ action: 'update', before: { svcName: 'Titular' } });
  });

  it.each([
    [{ svcName: '' }, 'svcName: Campo obrigatório'],
    [{ svcName: 'Ab' }, 'svcName: Tamanho mínimo de 3 caracteres'],
    [{ svcName: 'x'.repeat(51) }, 'svcName: Tamanho máxumo de 50 caracteres'],
    [{ svcTaxaAdm: -1 }, 'svcTaxaAdm: Valor mínimo inválido'],
    [{ svcTaxaAdm: 50.01 }, 'svcTaxaAdm: Valor máximo inválido'],
    [{ svcTaxaAdmNs: 1.234 }, 'svcTaxaAdmNs: Use no máximo 2 casas decimais'],
    [{ svcMaxParcelas: 0 }, 'svcMaxParcelas: Valor mínimo inválido'],
    [{ svcMaxParcelas: 100 }, 'svcMaxParcelas: Valor máximo inválido'],
    [{ svcMin: -1 }, 'svcMin: Valor mínimo inválido'],
    [{ svcMin: 1000, svcMax: 999 }, 'svcMin: Valor máximo inválido'],
    [{ svcMax: 0, svcMin: 0 }, 'svcMax: Valor mínimo inválido'],
    [{ svcMax: 1000 }, 'svcMax: Valor máximo inválido'],
    [{ svcMin: 60, svcMax: 30 }, 'svcMax: Idade mínima maior que a máxima'],
    [{ svcContaDebito: 'x'.repeat(21) }, 'svcContaDebito: Tamanho máxumo de 20 caracteres'],
    [{ svcContaCredito: 'x'.repeat(21) }, 'svcContaCredito: Tamanho máxumo de 20 caracteres'],
    [{ svcCentroDeCusto: 'x'.repeat(21) }, 'svcCentroDeCusto: Tamanho máxumo de 20 caracteres'],
  ])('refuses %j with the pt-BR message, changing nothing', async (change, message) => {
    const before = (await admin.get(api(`servicos/all/${sucId}`))).json();
    const add = await admin.post(api(`servicos/${sucId}`), { ...service, ...change });
    expect(add.statusCode).toBe(400);
    expect(add.json().message).toBe(message);
    const update = await put(admin, api('servicos'), { ...service, svcId, ...change });
    expect(update.statusCode).toBe(400);
    expect(update.json().message).toBe(message);
    expect((await admin.get(api(`servicos/all/${sucId}`))).json()).toEqual(before);
  });

  it('deletes with DELETE servicos/{svcId} (soft), PUT servicos recovers it; both audited', async () => {
    const [record] = (await admin.get(api(`servicos/all/${sucId}`))).json();
    const res = await del(admin, api(`servicos/${svcId}`));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(record);
    expect((await admin.get(api(`servicos/all/${sucId}`))).json()).toEqual([]);
    expect((await del(admin, api(`servicos/${svcId}`))).statusCode).toBe(409);
    const restored = await put(admin, api('servicos'), record);
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await admin.get(api(`servicos/all/${sucId}`))).json()).toEqual([record]);
    expect((await auditsOf('servicos', svcId)).slice(-2).map((r) => r.action)).toEqual(['delete', 'restore']);
    expect((await del(admin, api('servicos/999999'))).json()).toEqual({ message: 'Registro não encontrado' });
    expect((await admin.post(api('servicos/999999'), service)).json()).toEqual({ message: 'Produto não encontrado' });
  });
});

describe('roles', () => {
  it('reads for any v2access user, writes only with v2menucadservicos', async () => {
    for (const url of ['fornecedores', `fornecedores/${supId}`, `produtos/all/${supId}`, `produtos/${sucId}`, `servicos/all/${sucId}`]) {
      expect((await reader.get(api(url))).statusCode, url).toBe(200);
    }
    const { client } = await signedInAs(ctx, ['v2access', 'v2menucad']);
    expect((await client.post(api('fornecedores'), supplier)).statusCode).toBe(403);
    expect((await put(client, api(`fornecedores/${supId}`), supplier)).statusCode).toBe(403);
    expect((await client.post(api(`produtos/${supId}`), product)).statusCode).toBe(403);
    expect((await put(client, api(`produtos/${sucId}`), product)).statusCode).toBe(403);
    expect((await client.post(api(`servicos/${sucId}`), service)).statusCode).toBe(403);
    expect((await put(client, api('servicos'), { ...service, svcId })).statusCode).toBe(403);
    expect((await del(client, api(`servicos/${svcId}`))).statusCode).toBe(403);
    const noAccess = await signedInAs(ctx, ['v2menucadservicos']);
    expect((await noAccess.client.get(api('fornecedores'))).statusCode).toBe(403);
  });
});

describe('demo seed', () => {
  it('creates suppliers with products and services, twice in a row', async () => {
    for (let i = 0; i < 2; i++) {
      await seedRegistries(ctx.db);
      await seedServices(ctx.db);
    }
    const list = (await reader.get(api('fornecedores'))).json();
    expect(list.map((s: { supName: string }) => s.supName)).toEqual([
      'Operadora Conecta Celular', 'Seguradora Previdência Mútua', 'Unimed Cooperativa Médica',
    ]);
    const unimed = list[2].supId;
    const productsOf = (await reader.get(api(`produtos/all/${unimed}`))).json();
    expect(productsOf).toHaveLength(2);
    const saude = productsOf.find((p: { sucHealth: boolean; sucMudaFaixa: boolean }) => p.sucMudaFaixa);
    const servicesOf = (await reader.get(api(`servicos/all/${saude.sucId}`))).json();
    expect(servicesOf).toHaveLength(4);
    expect(servicesOf.every((s: { extgrpId: number | null }) => s.extgrpId !== null)).toBe(true);
  });
});

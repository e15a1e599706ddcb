import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { genericMessages, roleCatalogue, type Role, memberServiceContracts, serviceContracts } from '@assoc/domain';
import { audits, servicePlugins, suppliers } from '../../db/schema/index.js';
import { call, createTestApp, prepare, signedInAs, type Client, type TestContext } from '../../../test/helper.js';

let ctx: TestContext;
let admin: Client;
let adminName: string;
let reader: Client;
/** A second user of /servico: the other side of the lost-update tests (decision 5). */
let admin2: Client;
beforeAll(async () => {
  ctx = await createTestApp();
  const signed = await signedInAs(ctx, ['v2access', 'v2menucad', 'v2menucadservicos']);
  admin = signed.client;
  admin2 = (await signedInAs(ctx, ['v2access', 'v2menucad', 'v2menucadservicos'])).client;
  adminName = signed.user.name;
  reader = (await signedInAs(ctx, ['v2access'])).client;
});
afterAll(async () => {
  await ctx.close();
});

const auditsOf = (category: string, entityId: number) =>
  ctx.db
    .select()
    .from(audits)
    .where(and(eq(audits.category, category), eq(audits.entityId, String(entityId))))
    .orderBy(audits.auditId);

const supplier = { supName: 'Unimed Teste', supFantasia: 'Unimed', supCnpj: '11.444.777/0001-61', supIe: '123', supCcm: '' };
const product = { sucName: 'Plano de saúde', sucHealth: true, sucMudaFaixa: true };
const service = { svcName: 'Titular', svcValor: 123456, svcTaxaAdm: 2.5, svcTaxaAdmNs: 0, svcServiceType: 1, svcMin: 0, svcMax: 58 };

let supId: number;
let sucId: number;
let svcId: number;

describe('fornecedores', () => {
  it('adds (200, the record, CNPJ as digits), lists (supId, supName), reads one, audits', async () => {
    const res = await call(admin, serviceContracts.addSupplier, { body: supplier });
    expect(res.status, res.res.body).toBe(200);
    const record = res.body;
    expect(record).toMatchObject({ supName: 'Unimed Teste', supCnpj: '11444777000161', supCcm: null });
    supId = record.supId;
    expect((await call(reader, serviceContracts.listSuppliers)).body).toContainEqual({ supId, supName: 'Unimed Teste', version: 1 });
    expect((await call(reader, serviceContracts.getSupplier, { params: { supId } })).body).toEqual(record);
    const [audit] = await auditsOf('fornecedores', supId);
    expect(audit).toMatchObject({ action: 'insert', userName: adminName, after: record });
  });

  it('updates with PUT fornecedores/{supId} (204) and audits before/after', async () => {
    const res = await call(admin, serviceContracts.updateSupplier, {
      params: { supId },
      body: { ...supplier, supName: 'Unimed Seguros', version: 1 },
    });
    expect(res.status, res.res.body).toBe(204);
    expect((await call(admin, serviceContracts.getSupplier, { params: { supId } })).body.supName).toBe('Unimed Seguros');
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
    const add = await call(admin, serviceContracts.addSupplier, { body: { ...supplier, supCnpj: '04.252.011/0001-10', ...change } });
    expect(add.status).toBe(400);
    expect(add.error.message).toBe(message);
    const update = await call(admin, serviceContracts.updateSupplier, { params: { supId }, body: { ...supplier, ...change, version: 2 } });
    expect(update.status).toBe(400);
    expect(update.error.message).toBe(message);
  });

  it('takes a supplier without CNPJ (optional, spec 3 §5), several of them, and clears a CNPJ on update', async () => {
    const first = await call(admin, serviceContracts.addSupplier, { body: { ...supplier, supName: 'Cantina da Associação', supCnpj: '' } });
    expect(first.status, first.res.body).toBe(200);
    expect(first.body).toMatchObject({ supName: 'Cantina da Associação', supCnpj: null });
    const second = await call(admin, serviceContracts.addSupplier, { body: { ...supplier, supName: 'Lanchonete da Sede', supCnpj: null } });
    expect(second.status, second.res.body).toBe(200);
    expect(second.body.supCnpj).toBeNull();
    const { supCnpj: _none, ...withoutCnpj } = supplier;
    const third = await call(admin, serviceContracts.addSupplier, { body: { ...withoutCnpj, supName: 'Banca de Jornais' } });
    expect(third.status, third.res.body).toBe(200);
    expect((await call(admin, serviceContracts.getSupplier, { params: { supId: third.body.supId } })).body.supCnpj).toBeNull();
    // Stored as null, not as an empty string.
    const stored = await ctx.db.select({ supCnpj: suppliers.supCnpj }).from(suppliers).where(eq(suppliers.supId, first.body.supId));
    expect(stored).toEqual([{ supCnpj: null }]);
    const tooLong = await call(admin, serviceContracts.addSupplier, { body: { ...supplier, supName: 'Fornecedor Longo', supCnpj: '1'.repeat(20) } });
    expect(tooLong.status).toBe(400);
  });

  it('refuses a CNPJ already used by another supplier', async () => {
    const res = await call(admin, serviceContracts.addSupplier, { body: { ...supplier, supName: 'Outro fornecedor' } });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'CNPJ já cadastrado para outro fornecedor' });
  });
});

describe('produtos', () => {
  it('adds to a supplier, lists by supplier, reads one, updates; audited', async () => {
    const res = await call(admin, serviceContracts.addProduct, { params: { supId }, body: product });
    expect(res.status, res.res.body).toBe(200);
    sucId = res.body.sucId;
    expect(res.body).toEqual({ sucId, supId, ...product, version: 1 });
    expect((await call(reader, serviceContracts.listProducts, { params: { supId } })).body).toEqual([res.body]);
    expect((await call(reader, serviceContracts.getProduct, { params: { sucId } })).body).toEqual(res.body);
    // Not a health product: the age-band flag is cleared.
    const updated = await call(admin, serviceContracts.updateProduct, {
      params: { sucId },
      body: { sucName: 'Plano odontológico', sucHealth: false, sucMudaFaixa: true, version: 1 },
    });
    expect(updated.status, updated.res.body).toBe(200);
    expect(updated.body).toEqual({ sucId, supId, sucName: 'Plano odontológico', sucHealth: false, sucMudaFaixa: false, version: 2 });
    expect((await call(admin, serviceContracts.updateProduct, { params: { sucId }, body: { ...product, version: 2 } })).status).toBe(200);
    expect((await auditsOf('produtos', sucId)).map((r) => r.action)).toEqual(['insert', 'update', 'update']);
  });

  it.each([
    [{ sucName: '' }, 'sucName: Campo obrigatório'],
    [{ sucName: 'Abcd' }, 'sucName: Tamanho mínimo de 5 caracteres'],
    [{ sucName: 'x'.repeat(41) }, 'sucName: Tamanho máxumo de 40 caracteres'],
  ])('refuses %j with the pt-BR message', async (change, message) => {
    const add = await call(admin, serviceContracts.addProduct, { params: { supId }, body: { ...product, ...change } });
    expect(add.status).toBe(400);
    expect(add.error.message).toBe(message);
    const update = await call(admin, serviceContracts.updateProduct, { params: { sucId }, body: { ...product, ...change, version: 3 } });
    expect(update.error.message).toBe(message);
  });

  it('answers 404 for an unknown supplier or product', async () => {
    expect((await call(admin, serviceContracts.addProduct, { params: { supId: 999999 }, body: product })).body).toEqual({
      message: 'Fornecedor não encontrado',
    });
    expect((await call(admin, serviceContracts.getProduct, { params: { sucId: 999999 } })).status).toBe(404);
    expect((await call(admin, serviceContracts.getSupplier, { params: { supId: 999999 } })).status).toBe(404);
  });
});

describe('servicos', () => {
  it('adds to a product with the defaults, lists by product; audited', async () => {
    const res = await call(admin, serviceContracts.addService, { params: { sucId }, body: service });
    expect(res.status, res.res.body).toBe(200);
    svcId = res.body.svcId;
    expect(res.body).toMatchObject({
      sucId,
      svcValor: 123456,
      svcTaxaAdm: 2.5,
      svcMaxParcelas: 1,
      svcPermiteDependente: true,
      svcPermiteDuplicado: false,
      svcContaDebito: null,
      extgrpId: null,
    });
    expect((await call(reader, serviceContracts.listServices, { params: { sucId } })).body).toEqual([res.body]);
    expect((await auditsOf('servicos', svcId))[0]).toMatchObject({ action: 'insert', after: res.body });
  });

  it('updates with PUT servicos (key in the body), keeping the product', async () => {
    const res = await call(admin, serviceContracts.updateService, {
      body: { ...service, svcId, svcName: 'Dependente', svcTaxaAdm: 12.75, svcMaxParcelas: 99, version: 1 },
    });
    expect(res.status, res.res.body).toBe(200);
    expect(res.body).toMatchObject({ svcId, sucId, svcName: 'Dependente', svcTaxaAdm: 12.75, svcMaxParcelas: 99 });
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
    const before = (await call(admin, serviceContracts.listServices, { params: { sucId } })).body;
    const add = await call(admin, serviceContracts.addService, { params: { sucId }, body: { ...service, ...change } });
    expect(add.status).toBe(400);
    expect(add.error.message).toBe(message);
    const update = await call(admin, serviceContracts.updateService, { body: { ...service, svcId, ...change, version: 2 } });
    expect(update.status).toBe(400);
    expect(update.error.message).toBe(message);
    expect((await call(admin, serviceContracts.listServices, { params: { sucId } })).body).toEqual(before);
  });

  it('deletes with DELETE servicos/{svcId} (soft), PUT servicos recovers it; both audited', async () => {
    const [record] = (await call(admin, serviceContracts.listServices, { params: { sucId } })).body;
    const res = await call(admin, serviceContracts.removeService, { params: { svcId }, query: { version: record!.version } });
    expect(res.status, res.res.body).toBe(200);
    expect(res.body).toEqual({ ...record, version: record!.version + 1 });
    expect((await call(admin, serviceContracts.listServices, { params: { sucId } })).body).toEqual([]);
    expect((await call(admin, serviceContracts.removeService, { params: { svcId }, query: { version: record!.version + 1 } })).status).toBe(409);
    const restored = await call(admin, serviceContracts.updateService, { body: res.body });
    expect(restored.status, restored.res.body).toBe(200);
    expect((await call(admin, serviceContracts.listServices, { params: { sucId } })).body).toEqual([{ ...record, version: record!.version + 2 }]);
    expect((await auditsOf('servicos', svcId)).slice(-2).map((r) => r.action)).toEqual(['delete', 'restore']);
    expect((await call(admin, serviceContracts.removeService, { params: { svcId: 999999 }, query: { version: 1 } })).body).toEqual({
      message: 'Registro não encontrado',
    });
    expect((await call(admin, serviceContracts.addService, { params: { sucId: 999999 }, body: service })).body).toEqual({
      message: 'Produto não encontrado',
    });
  });
});

describe('servicos: the plugin (svcEditPlugin, spec 1 §3)', () => {
  const pluginRows = async (id: number) => ctx.db.select().from(servicePlugins).where(eq(servicePlugins.svcId, id));
  /** GET servicos/plugins (the member's "Adicionar serviço"): the same table, read by a user of /associado. */
  const servedPlugin = async (id: number) => {
    const roles = (Object.keys(roleCatalogue) as Role[]).filter((r) => r !== 'v2portal');
    const { client } = await signedInAs(ctx, roles);
    const res = await call(client, memberServiceContracts.plugins);
    expect(res.status, res.res.body).toBe(200);
    return res.body.find((p) => p.svcId === id)?.plugin ?? null;
  };
  const listed = async (id: number) =>
    (await call(admin, serviceContracts.listServices, { params: { sucId } })).body.find((s: { svcId: number }) => s.svcId === id);

  it('is saved with the service: added, changed, cleared; each write answers and audits it; GET servicos/plugins follows', async () => {
    const added = await call(admin, serviceContracts.addService, {
      params: { sucId },
      body: { ...service, svcName: 'Plano com plugin', svcEditPlugin: 'plgHealth' },
    });
    expect(added.status, added.res.body).toBe(200);
    const id = added.body.svcId;
    expect(added.body).toMatchObject({ svcEditPlugin: 'plgHealth', version: 1 });
    expect(await listed(id)).toEqual(added.body);
    expect(await pluginRows(id)).toEqual([{ svcId: id, plugin: 'plgHealth' }]);
    expect(await servedPlugin(id)).toBe('plgHealth');

    const changed = await call(admin, serviceContracts.updateService, { body: { ...added.body, svcEditPlugin: 'plgCCHAdd' } });
    expect(changed.status, changed.res.body).toBe(200);
    expect(changed.body).toMatchObject({ svcEditPlugin: 'plgCCHAdd', version: 2 });
    expect(await listed(id)).toEqual(changed.body);
    expect(await servedPlugin(id)).toBe('plgCCHAdd');

    const cleared = await call(admin, serviceContracts.updateService, { body: { ...changed.body, svcEditPlugin: null } });
    expect(cleared.status, cleared.res.body).toBe(200);
    expect(cleared.body).toMatchObject({ svcEditPlugin: null, version: 3 });
    expect(await pluginRows(id)).toEqual([]);
    expect(await servedPlugin(id)).toBeNull();

    // The body is the whole record: a PUT without the field saves none.
    await call(admin, serviceContracts.updateService, { body: { ...cleared.body, svcEditPlugin: 'plgCelular' } });
    const withoutPlugin: Record<string, unknown> = { ...cleared.body, version: 4 };
    delete withoutPlugin.svcEditPlugin;
    const omitted = await call(admin, serviceContracts.updateService, { rawBody: withoutPlugin });
    expect(omitted.body).toMatchObject({ svcEditPlugin: null, version: 5 });

    const trail = await auditsOf('servicos', id);
    expect(
      trail.map((a) => [
        a.action,
        (a.before as { svcEditPlugin?: string } | null)?.svcEditPlugin,
        (a.after as { svcEditPlugin: string }).svcEditPlugin,
      ]),
    ).toEqual([
      ['insert', undefined, 'plgHealth'],
      ['update', 'plgHealth', 'plgCCHAdd'],
      ['update', 'plgCCHAdd', null],
      ['update', null, 'plgCelular'],
      ['update', 'plgCelular', null],
    ]);
  });

  it('refuses an unknown plugin with 400 and a pt-BR message, changing nothing', async () => {
    const created = (
      await call(admin, serviceContracts.addService, {
        params: { sucId },
        body: { ...service, svcName: 'Celular corporativo', svcEditPlugin: 'plgCelular' },
      })
    ).body;
    const auditCount = (await auditsOf('servicos', created.svcId)).length;
    for (const plugin of ['plgInexistente', '', 3, true]) {
      const add = await call(admin, serviceContracts.addService, {
        params: { sucId },
        rawBody: { ...service, svcName: 'Outro serviço', svcEditPlugin: plugin },
      });
      expect(add.status, String(plugin)).toBe(400);
      expect(add.body).toEqual({ message: 'svcEditPlugin: Valor não válido' });
      const update = await call(admin, serviceContracts.updateService, { rawBody: { ...created, svcEditPlugin: plugin } });
      expect(update.status, String(plugin)).toBe(400);
      expect(update.body).toEqual({ message: 'svcEditPlugin: Valor não válido' });
    }
    expect(
      (await call(admin, serviceContracts.listServices, { params: { sucId } })).body.filter(
        (s: { svcName: string }) => s.svcName === 'Outro serviço',
      ),
    ).toEqual([]);
    expect(await listed(created.svcId)).toEqual(created);
    expect(await pluginRows(created.svcId)).toEqual([{ svcId: created.svcId, plugin: 'plgCelular' }]);
    expect(await auditsOf('servicos', created.svcId)).toHaveLength(auditCount);
  });

  it('a stale save (409) keeps the plugin; a soft delete keeps it and the recovery brings it back', async () => {
    const created = (
      await call(admin, serviceContracts.addService, {
        params: { sucId },
        body: { ...service, svcName: 'Seguro de vida', svcEditPlugin: 'plgSeguroVida' },
      })
    ).body;
    expect((await call(admin, serviceContracts.updateService, { body: { ...created, svcValor: 1 } })).body.version).toBe(2);
    const stale = await call(admin2, serviceContracts.updateService, { body: { ...created, svcEditPlugin: 'plgCCH' } });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ message: genericMessages.staleRecord });
    expect(await pluginRows(created.svcId)).toEqual([{ svcId: created.svcId, plugin: 'plgSeguroVida' }]);

    const deleted = await call(admin, serviceContracts.removeService, { params: { svcId: created.svcId }, query: { version: 2 } });
    expect(deleted.body).toMatchObject({ svcEditPlugin: 'plgSeguroVida', version: 3 });
    expect((await auditsOf('servicos', created.svcId)).at(-1)).toMatchObject({ action: 'delete', before: { svcEditPlugin: 'plgSeguroVida' } });
    const restored = await call(admin, serviceContracts.updateService, { body: deleted.body });
    expect(restored.body).toMatchObject({ svcEditPlugin: 'plgSeguroVida', version: 4 });
    expect(await listed(created.svcId)).toEqual(restored.body);
  });

  it('without v2menucadservicos the plugin is not saved (403); signed out, 401', async () => {
    const created = (await call(admin, serviceContracts.addService, { params: { sucId }, body: { ...service, svcName: 'Sem permissão' } })).body;
    const { client } = await signedInAs(ctx, ['v2access', 'v2menucad']);
    expect((await call(client, serviceContracts.updateService, { body: { ...created, svcEditPlugin: 'plgHealth' } })).status).toBe(403);
    expect((await call(client, serviceContracts.addService, { params: { sucId }, body: { ...service, svcEditPlugin: 'plgHealth' } })).status).toBe(
      403,
    );
    const anonymous = await call(ctx.app, serviceContracts.updateService, { body: { ...created, svcEditPlugin: 'plgHealth' } });
    expect(anonymous.status).toBe(401);
    expect(await pluginRows(created.svcId)).toEqual([]);
    expect(await listed(created.svcId)).toEqual(created);
  });
});

describe('lost updates (decision 5)', () => {
  it('supplier: two users load v1; the first saves; the second, saving v1, gets 409 and the first change stays', async () => {
    const id = (
      await call(admin, serviceContracts.addSupplier, { body: { ...supplier, supName: 'Fornecedor concorrente', supCnpj: '04.252.011/0001-10' } })
    ).body.supId;
    const first = (await call(admin, serviceContracts.getSupplier, { params: { supId: id } })).body;
    const second = (await call(admin2, serviceContracts.getSupplier, { params: { supId: id } })).body;
    expect([first.version, second.version]).toEqual([1, 1]);
    expect(
      (await call(admin, serviceContracts.updateSupplier, { params: { supId: id }, body: { ...first, supName: 'Fornecedor do primeiro' } })).status,
    ).toBe(204);
    const stale = await call(admin2, serviceContracts.updateSupplier, {
      params: { supId: id },
      body: { ...second, supName: 'Fornecedor do segundo' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ message: genericMessages.staleRecord });
    expect((await call(admin, serviceContracts.getSupplier, { params: { supId: id } })).body).toMatchObject({
      supName: 'Fornecedor do primeiro',
      version: 2,
    });
    expect((await auditsOf('fornecedores', id)).map((a) => a.action)).toEqual(['insert', 'update']);
  });

  it('product: the same through GET produtos/all and PUT produtos/{sucId}', async () => {
    const id = (await call(admin, serviceContracts.addProduct, { params: { supId }, body: { ...product, sucName: 'Produto concorrente' } })).body
      .sucId;
    const load = async (client: Client) =>
      (await call(client, serviceContracts.listProducts, { params: { supId } })).body.find((p: { sucId: number }) => p.sucId === id);
    const first = await load(admin);
    const second = await load(admin2);
    expect(
      (await call(admin, serviceContracts.updateProduct, { params: { sucId: id }, rawBody: { ...first, sucName: 'Produto do primeiro' } })).body
        .version,
    ).toBe(2);
    const stale = await call(admin2, serviceContracts.updateProduct, {
      params: { sucId: id },
      rawBody: { ...second, sucName: 'Produto do segundo' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ message: genericMessages.staleRecord });
    expect(await load(admin)).toMatchObject({ sucName: 'Produto do primeiro', version: 2 });
  });

  it('service: a stale PUT servicos and a stale DELETE servicos/{svcId} get 409 and change nothing', async () => {
    const id = (await call(admin, serviceContracts.addService, { params: { sucId }, body: { ...service, svcName: 'Serviço concorrente' } })).body
      .svcId;
    const load = async (client: Client) =>
      (await call(client, serviceContracts.listServices, { params: { sucId } })).body.find((s: { svcId: number }) => s.svcId === id);
    const first = await load(admin);
    const second = await load(admin2);
    const saved = await call(admin, serviceContracts.updateService, { rawBody: { ...first, svcValor: 5000 } });
    expect(saved.status, saved.res.body).toBe(200);
    expect(saved.body.version).toBe(2);
    const stale = await call(admin2, serviceContracts.updateService, { rawBody: { ...second, svcValor: 9000 } });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ message: genericMessages.staleRecord });
    const staleDelete = await call(admin2, serviceContracts.removeService, { params: { svcId: id }, query: { version: second!.version } });
    expect(staleDelete.status).toBe(409);
    expect(staleDelete.body).toEqual({ message: genericMessages.staleRecord });
    expect(await load(admin)).toEqual(saved.body);
    expect((await call(admin, serviceContracts.removeService, { params: { svcId: id } })).body).toEqual({ message: 'version: Campo obrigatório' });
  });

  it('of two service saves sent at once on the same version, exactly one wins', async () => {
    const created = (await call(admin, serviceContracts.addService, { params: { sucId }, body: { ...service, svcName: 'Serviço disputado' } })).body;
    const results = await Promise.all([
      call(admin, serviceContracts.updateService, { body: { ...created, svcValor: 1000 } }),
      call(admin2, serviceContracts.updateService, { body: { ...created, svcValor: 2000 } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.status === 200)!.body;
    const list = (await call(admin, serviceContracts.listServices, { params: { sucId } })).body;
    expect(list.find((s: { svcId: number }) => s.svcId === created.svcId)).toEqual(winner);
  });
});

describe('roles', () => {
  it('reads for any v2access user, writes only with v2menucadservicos', async () => {
    for (const read of [
      prepare(serviceContracts.listSuppliers),
      prepare(serviceContracts.getSupplier, { params: { supId } }),
      prepare(serviceContracts.listProducts, { params: { supId } }),
      prepare(serviceContracts.getProduct, { params: { sucId } }),
      prepare(serviceContracts.listServices, { params: { sucId } }),
    ]) {
      expect((await read.send(reader)).status, read.label).toBe(200);
    }
    const { client } = await signedInAs(ctx, ['v2access', 'v2menucad']);
    expect((await call(client, serviceContracts.addSupplier, { body: supplier })).status).toBe(403);
    expect((await call(client, serviceContracts.updateSupplier, { params: { supId }, rawBody: supplier })).status).toBe(403);
    expect((await call(client, serviceContracts.addProduct, { params: { supId }, body: product })).status).toBe(403);
    expect((await call(client, serviceContracts.updateProduct, { params: { sucId }, rawBody: product })).status).toBe(403);
    expect((await call(client, serviceContracts.addService, { params: { sucId }, body: service })).status).toBe(403);
    expect((await call(client, serviceContracts.updateService, { rawBody: { ...service, svcId } })).status).toBe(403);
    expect((await call(client, serviceContracts.removeService, { params: { svcId } })).status).toBe(403);
    const noAccess = await signedInAs(ctx, ['v2menucadservicos']);
    expect((await call(noAccess.client, serviceContracts.listSuppliers)).status).toBe(403);
  });
});

// The demo seed of these tables is tested in db/seed/services.seed.test.ts.

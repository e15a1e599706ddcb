import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { genericMessages, roleCatalogue, type Role } from '@assoc/domain';
import { audits, servicePlugins, suppliers } from '../../db/schema/index.js';
import { createTestApp, signedInAs, type Client, type TestContext } from '../../../test/helper.js';

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

const api = (path: string) => `/api/v1/${path}`;
const put = (client: Client, url: string, payload: unknown) => client.request({ method: 'PUT', url, payload: payload as object });
const del = (client: Client, url: string) => client.request({ method: 'DELETE', url });
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
    const res = await admin.post(api('fornecedores'), supplier);
    expect(res.statusCode, res.body).toBe(200);
    const record = res.json();
    expect(record).toMatchObject({ supName: 'Unimed Teste', supCnpj: '11444777000161', supCcm: null });
    supId = record.supId;
    expect((await reader.get(api('fornecedores'))).json()).toContainEqual({ supId, supName: 'Unimed Teste', version: 1 });
    expect((await reader.get(api(`fornecedores/${supId}`))).json()).toEqual(record);
    const [audit] = await auditsOf('fornecedores', supId);
    expect(audit).toMatchObject({ action: 'insert', userName: adminName, after: record });
  });

  it('updates with PUT fornecedores/{supId} (204) and audits before/after', async () => {
    const res = await put(admin, api(`fornecedores/${supId}`), { ...supplier, supName: 'Unimed Seguros', version: 1 });
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
    const update = await put(admin, api(`fornecedores/${supId}`), { ...supplier, ...change, version: 2 });
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
    // Stored as null, not as an empty string.
    const stored = await ctx.db.select({ supCnpj: suppliers.supCnpj }).from(suppliers).where(eq(suppliers.supId, first.json().supId));
    expect(stored).toEqual([{ supCnpj: null }]);
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
    expect(res.json()).toEqual({ sucId, supId, ...product, version: 1 });
    expect((await reader.get(api(`produtos/all/${supId}`))).json()).toEqual([res.json()]);
    expect((await reader.get(api(`produtos/${sucId}`))).json()).toEqual(res.json());
    // Not a health product: the age-band flag is cleared.
    const updated = await put(admin, api(`produtos/${sucId}`), { sucName: 'Plano odontológico', sucHealth: false, sucMudaFaixa: true, version: 1 });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toEqual({ sucId, supId, sucName: 'Plano odontológico', sucHealth: false, sucMudaFaixa: false, version: 2 });
    expect((await put(admin, api(`produtos/${sucId}`), { ...product, version: 2 })).statusCode).toBe(200);
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
    const update = await put(admin, api(`produtos/${sucId}`), { ...product, ...change, version: 3 });
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
      sucId,
      svcValor: 123456,
      svcTaxaAdm: 2.5,
      svcMaxParcelas: 1,
      svcPermiteDependente: true,
      svcPermiteDuplicado: false,
      svcContaDebito: null,
      extgrpId: null,
    });
    expect((await reader.get(api(`servicos/all/${sucId}`))).json()).toEqual([res.json()]);
    expect((await auditsOf('servicos', svcId))[0]).toMatchObject({ action: 'insert', after: res.json() });
  });

  it('updates with PUT servicos (key in the body), keeping the product', async () => {
    const res = await put(admin, api('servicos'), { ...service, svcId, svcName: 'Dependente', svcTaxaAdm: 12.75, svcMaxParcelas: 99, version: 1 });
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
    const update = await put(admin, api('servicos'), { ...service, svcId, ...change, version: 2 });
    expect(update.statusCode).toBe(400);
    expect(update.json().message).toBe(message);
    expect((await admin.get(api(`servicos/all/${sucId}`))).json()).toEqual(before);
  });

  it('deletes with DELETE servicos/{svcId} (soft), PUT servicos recovers it; both audited', async () => {
    const [record] = (await admin.get(api(`servicos/all/${sucId}`))).json();
    const res = await del(admin, api(`servicos/${svcId}?version=${record.version}`));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...record, version: record.version + 1 });
    expect((await admin.get(api(`servicos/all/${sucId}`))).json()).toEqual([]);
    expect((await del(admin, api(`servicos/${svcId}?version=${record.version + 1}`))).statusCode).toBe(409);
    const restored = await put(admin, api('servicos'), res.json());
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await admin.get(api(`servicos/all/${sucId}`))).json()).toEqual([{ ...record, version: record.version + 2 }]);
    expect((await auditsOf('servicos', svcId)).slice(-2).map((r) => r.action)).toEqual(['delete', 'restore']);
    expect((await del(admin, api('servicos/999999?version=1'))).json()).toEqual({ message: 'Registro não encontrado' });
    expect((await admin.post(api('servicos/999999'), service)).json()).toEqual({ message: 'Produto não encontrado' });
  });
});

describe('servicos: the plugin (svcEditPlugin, spec 1 §3)', () => {
  const pluginRows = async (id: number) => ctx.db.select().from(servicePlugins).where(eq(servicePlugins.svcId, id));
  /** GET servicos/plugins (the member's "Adicionar serviço"): the same table, read by a user of /associado. */
  const servedPlugin = async (id: number) => {
    const roles = (Object.keys(roleCatalogue) as Role[]).filter((r) => r !== 'v2portal');
    const { client } = await signedInAs(ctx, roles);
    const res = await client.get(api('servicos/plugins'));
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Array<{ svcId: number; plugin: string }>).find((p) => p.svcId === id)?.plugin ?? null;
  };
  const listed = async (id: number) => (await admin.get(api(`servicos/all/${sucId}`))).json().find((s: { svcId: number }) => s.svcId === id);

  it('is saved with the service: added, changed, cleared; each write answers and audits it; GET servicos/plugins follows', async () => {
    const added = await admin.post(api(`servicos/${sucId}`), { ...service, svcName: 'Plano com plugin', svcEditPlugin: 'plgHealth' });
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().svcId;
    expect(added.json()).toMatchObject({ svcEditPlugin: 'plgHealth', version: 1 });
    expect(await listed(id)).toEqual(added.json());
    expect(await pluginRows(id)).toEqual([{ svcId: id, plugin: 'plgHealth' }]);
    expect(await servedPlugin(id)).toBe('plgHealth');

    const changed = await put(admin, api('servicos'), { ...added.json<object>(), svcEditPlugin: 'plgCCHAdd' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ svcEditPlugin: 'plgCCHAdd', version: 2 });
    expect(await listed(id)).toEqual(changed.json());
    expect(await servedPlugin(id)).toBe('plgCCHAdd');

    const cleared = await put(admin, api('servicos'), { ...changed.json<object>(), svcEditPlugin: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ svcEditPlugin: null, version: 3 });
    expect(await pluginRows(id)).toEqual([]);
    expect(await servedPlugin(id)).toBeNull();

    // The body is the whole record: a PUT without the field saves none.
    await put(admin, api('servicos'), { ...cleared.json<object>(), svcEditPlugin: 'plgCelular' });
    const withoutPlugin: Record<string, unknown> = { ...cleared.json<object>(), version: 4 };
    delete withoutPlugin.svcEditPlugin;
    const omitted = await put(admin, api('servicos'), withoutPlugin);
    expect(omitted.json()).toMatchObject({ svcEditPlugin: null, version: 5 });

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
    const created = (await admin.post(api(`servicos/${sucId}`), { ...service, svcName: 'Celular corporativo', svcEditPlugin: 'plgCelular' })).json();
    const auditCount = (await auditsOf('servicos', created.svcId)).length;
    for (const plugin of ['plgInexistente', '', 3, true]) {
      const add = await admin.post(api(`servicos/${sucId}`), { ...service, svcName: 'Outro serviço', svcEditPlugin: plugin });
      expect(add.statusCode, String(plugin)).toBe(400);
      expect(add.json()).toEqual({ message: 'svcEditPlugin: Valor não válido' });
      const update = await put(admin, api('servicos'), { ...created, svcEditPlugin: plugin });
      expect(update.statusCode, String(plugin)).toBe(400);
      expect(update.json()).toEqual({ message: 'svcEditPlugin: Valor não válido' });
    }
    expect((await admin.get(api(`servicos/all/${sucId}`))).json().filter((s: { svcName: string }) => s.svcName === 'Outro serviço')).toEqual([]);
    expect(await listed(created.svcId)).toEqual(created);
    expect(await pluginRows(created.svcId)).toEqual([{ svcId: created.svcId, plugin: 'plgCelular' }]);
    expect(await auditsOf('servicos', created.svcId)).toHaveLength(auditCount);
  });

  it('a stale save (409) keeps the plugin; a soft delete keeps it and the recovery brings it back', async () => {
    const created = (await admin.post(api(`servicos/${sucId}`), { ...service, svcName: 'Seguro de vida', svcEditPlugin: 'plgSeguroVida' })).json();
    expect((await put(admin, api('servicos'), { ...created, svcValor: 1 })).json().version).toBe(2);
    const stale = await put(admin2, api('servicos'), { ...created, svcEditPlugin: 'plgCCH' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: genericMessages.staleRecord });
    expect(await pluginRows(created.svcId)).toEqual([{ svcId: created.svcId, plugin: 'plgSeguroVida' }]);

    const deleted = await del(admin, api(`servicos/${created.svcId}?version=2`));
    expect(deleted.json()).toMatchObject({ svcEditPlugin: 'plgSeguroVida', version: 3 });
    expect((await auditsOf('servicos', created.svcId)).at(-1)).toMatchObject({ action: 'delete', before: { svcEditPlugin: 'plgSeguroVida' } });
    const restored = await put(admin, api('servicos'), deleted.json());
    expect(restored.json()).toMatchObject({ svcEditPlugin: 'plgSeguroVida', version: 4 });
    expect(await listed(created.svcId)).toEqual(restored.json());
  });

  it('without v2menucadservicos the plugin is not saved (403); signed out, 401', async () => {
    const created = (await admin.post(api(`servicos/${sucId}`), { ...service, svcName: 'Sem permissão' })).json();
    const { client } = await signedInAs(ctx, ['v2access', 'v2menucad']);
    expect((await put(client, api('servicos'), { ...created, svcEditPlugin: 'plgHealth' })).statusCode).toBe(403);
    expect((await client.post(api(`servicos/${sucId}`), { ...service, svcEditPlugin: 'plgHealth' })).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({ method: 'PUT', url: api('servicos'), payload: { ...created, svcEditPlugin: 'plgHealth' } });
    expect(anonymous.statusCode).toBe(401);
    expect(await pluginRows(created.svcId)).toEqual([]);
    expect(await listed(created.svcId)).toEqual(created);
  });
});

describe('lost updates (decision 5)', () => {
  it('supplier: two users load v1; the first saves; the second, saving v1, gets 409 and the first change stays', async () => {
    const id = (await admin.post(api('fornecedores'), { ...supplier, supName: 'Fornecedor concorrente', supCnpj: '04.252.011/0001-10' })).json()
      .supId;
    const first = (await admin.get(api(`fornecedores/${id}`))).json();
    const second = (await admin2.get(api(`fornecedores/${id}`))).json();
    expect([first.version, second.version]).toEqual([1, 1]);
    expect((await put(admin, api(`fornecedores/${id}`), { ...first, supName: 'Fornecedor do primeiro' })).statusCode).toBe(204);
    const stale = await put(admin2, api(`fornecedores/${id}`), { ...second, supName: 'Fornecedor do segundo' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: genericMessages.staleRecord });
    expect((await admin.get(api(`fornecedores/${id}`))).json()).toMatchObject({ supName: 'Fornecedor do primeiro', version: 2 });
    expect((await auditsOf('fornecedores', id)).map((a) => a.action)).toEqual(['insert', 'update']);
  });

  it('product: the same through GET produtos/all and PUT produtos/{sucId}', async () => {
    const id = (await admin.post(api(`produtos/${supId}`), { ...product, sucName: 'Produto concorrente' })).json().sucId;
    const load = async (client: Client) => (await client.get(api(`produtos/all/${supId}`))).json().find((p: { sucId: number }) => p.sucId === id);
    const first = await load(admin);
    const second = await load(admin2);
    expect((await put(admin, api(`produtos/${id}`), { ...first, sucName: 'Produto do primeiro' })).json().version).toBe(2);
    const stale = await put(admin2, api(`produtos/${id}`), { ...second, sucName: 'Produto do segundo' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: genericMessages.staleRecord });
    expect(await load(admin)).toMatchObject({ sucName: 'Produto do primeiro', version: 2 });
  });

  it('service: a stale PUT servicos and a stale DELETE servicos/{svcId} get 409 and change nothing', async () => {
    const id = (await admin.post(api(`servicos/${sucId}`), { ...service, svcName: 'Serviço concorrente' })).json().svcId;
    const load = async (client: Client) => (await client.get(api(`servicos/all/${sucId}`))).json().find((s: { svcId: number }) => s.svcId === id);
    const first = await load(admin);
    const second = await load(admin2);
    const saved = await put(admin, api('servicos'), { ...first, svcValor: 5000 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().version).toBe(2);
    const stale = await put(admin2, api('servicos'), { ...second, svcValor: 9000 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: genericMessages.staleRecord });
    const staleDelete = await del(admin2, api(`servicos/${id}?version=${second.version}`));
    expect(staleDelete.statusCode).toBe(409);
    expect(staleDelete.json()).toEqual({ message: genericMessages.staleRecord });
    expect(await load(admin)).toEqual(saved.json());
    expect((await del(admin, api(`servicos/${id}`))).json()).toEqual({ message: 'version: Campo obrigatório' });
  });

  it('of two service saves sent at once on the same version, exactly one wins', async () => {
    const created = (await admin.post(api(`servicos/${sucId}`), { ...service, svcName: 'Serviço disputado' })).json();
    const results = await Promise.all([
      put(admin, api('servicos'), { ...created, svcValor: 1000 }),
      put(admin2, api('servicos'), { ...created, svcValor: 2000 }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json();
    const list = (await admin.get(api(`servicos/all/${sucId}`))).json();
    expect(list.find((s: { svcId: number }) => s.svcId === created.svcId)).toEqual(winner);
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

// The demo seed of these tables is tested in db/seed/services.seed.test.ts.

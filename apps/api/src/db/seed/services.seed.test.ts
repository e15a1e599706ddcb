import { FEE_PRODUCT_SUC_ID, FUNDO_DE_PECULIO_SVC_ID, HEALTH_PLAN_SUC_IDS, serviceContracts } from '@assoc/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signedInAs, type Client, type TestContext } from '../../../test/helper.js';
import { seedRegistries } from './registries.seed.js';
import { seedServices } from './services.seed.js';

let ctx: TestContext;
let admin: Client;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await signedInAs(ctx, ['v2access', 'v2menucad', 'v2menucadservicos'])).client;
});
afterAll(async () => {
  await ctx?.close();
});

describe('demo services', () => {
  it('seeds, twice in a row, the ids the spec refers to: Fundo de Pecúlio 170, fee product 17, health plans 21 and 22', async () => {
    for (let i = 0; i < 2; i++) {
      await seedRegistries(ctx.db);
      await seedServices(ctx.db);
    }
    const suppliers = (await call(admin, serviceContracts.listSuppliers)).body;
    expect(suppliers.map((s) => s.supName)).toEqual([
      'Associação dos Magistrados',
      'Bar e Lanchonete da Sede',
      'Caixa de Assistência dos Magistrados',
      'Operadora Conecta Celular',
      'Seguradora Previdência Mútua',
      'Unimed Cooperativa Médica',
      'Vida Segura Seguradora S.A.',
    ]);
    // The bar has no CNPJ (optional).
    const bar = suppliers.find((s) => s.supName === 'Bar e Lanchonete da Sede')!;
    expect((await call(admin, serviceContracts.getSupplier, { params: { supId: bar.supId } })).body.supCnpj).toBeNull();

    const fee = (await call(admin, serviceContracts.getProduct, { params: { sucId: FEE_PRODUCT_SUC_ID } })).body;
    expect(fee).toMatchObject({ sucId: 17, sucName: 'Taxas associativas', sucHealth: false });
    const feeServices = (await call(admin, serviceContracts.listServices, { params: { sucId: FEE_PRODUCT_SUC_ID } })).body;
    expect(feeServices.map((s) => s.svcName)).toContain('Mensalidade associativa');

    const peculio = (
      await ctx.pool.query('select s.svc_id, s.svc_name, p.suc_name from services s join products p using (suc_id) where s.svc_id = $1', [
        FUNDO_DE_PECULIO_SVC_ID,
      ])
    ).rows;
    expect(peculio).toEqual([{ svc_id: 170, svc_name: 'Fundo de Pecúlio', suc_name: 'Fundo de Pecúlio' }]);

    for (const sucId of HEALTH_PLAN_SUC_IDS) {
      const plan = (await call(admin, serviceContracts.getProduct, { params: { sucId } })).body;
      expect(plan).toMatchObject({ sucId, sucHealth: true, sucMudaFaixa: true });
      const bands = (await call(admin, serviceContracts.listServices, { params: { sucId } })).body;
      expect(bands.length).toBeGreaterThanOrEqual(3);
      expect(bands.every((s) => s.extgrpId !== null)).toBe(true);
    }

    // Life insurance from two insurers.
    const insurers = (await ctx.pool.query(`select distinct sup_id from products where suc_name like 'Seguro de vida%'`)).rows;
    expect(insurers).toHaveLength(2);

    // The sequences were moved past the explicit ids: new records get free ids.
    const unimed = suppliers.find((s) => s.supName === 'Unimed Cooperativa Médica')!;
    const product = await call(admin, serviceContracts.addProduct, {
      params: { supId: unimed.supId },
      body: {
        sucName: 'Plano de saúde Unimed Nacional',
        sucHealth: true,
        sucMudaFaixa: true,
      },
    });
    expect(product.status, product.res.body).toBe(200);
    expect(product.body.sucId).toBeGreaterThan(22);
    const service = await call(admin, serviceContracts.addService, { params: { sucId: product.body.sucId }, body: { svcName: 'Titular nacional' } });
    expect(service.status, service.res.body).toBe(200);
    expect(service.body.svcId).toBeGreaterThan(170);
  });
});

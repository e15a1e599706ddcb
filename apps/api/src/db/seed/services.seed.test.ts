import { FEE_PRODUCT_SUC_ID, FUNDO_DE_PECULIO_SVC_ID, HEALTH_PLAN_SUC_IDS } from '@assoc/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInAs, type Client, type TestContext } from '../../../test/helper.js';
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

const api = (path: string) => `/api/v1/${path}`;

describe('demo services', () => {
  it('seeds, twice in a row, the ids the spec refers to: Fundo de Pecúlio 170, fee product 17, health plans 21 and 22', async () => {
    for (let i = 0; i < 2; i++) {
      await seedRegistries(ctx.db);
      await seedServices(ctx.db);
    }
    const suppliers = (await admin.get(api('fornecedores'))).json() as Array<{ supId: number; supName: string }>;
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
    expect((await admin.get(api(`fornecedores/${bar.supId}`))).json().supCnpj).toBeNull();

    const fee = (await admin.get(api(`produtos/${FEE_PRODUCT_SUC_ID}`))).json();
    expect(fee).toMatchObject({ sucId: 17, sucName: 'Taxas associativas', sucHealth: false });
    const feeServices = (await admin.get(api(`servicos/all/${FEE_PRODUCT_SUC_ID}`))).json() as Array<{ svcName: string }>;
    expect(feeServices.map((s) => s.svcName)).toContain('Mensalidade associativa');

    const peculio = (
      await ctx.pool.query('select s.svc_id, s.svc_name, p.suc_name from services s join products p using (suc_id) where s.svc_id = $1', [
        FUNDO_DE_PECULIO_SVC_ID,
      ])
    ).rows;
    expect(peculio).toEqual([{ svc_id: 170, svc_name: 'Fundo de Pecúlio', suc_name: 'Fundo de Pecúlio' }]);

    for (const sucId of HEALTH_PLAN_SUC_IDS) {
      const plan = (await admin.get(api(`produtos/${sucId}`))).json();
      expect(plan).toMatchObject({ sucId, sucHealth: true, sucMudaFaixa: true });
      const bands = (await admin.get(api(`servicos/all/${sucId}`))).json() as Array<{ extgrpId: number | null }>;
      expect(bands.length).toBeGreaterThanOrEqual(3);
      expect(bands.every((s) => s.extgrpId !== null)).toBe(true);
    }

    // Life insurance from two insurers.
    const insurers = (await ctx.pool.query(`select distinct sup_id from products where suc_name like 'Seguro de vida%'`)).rows;
    expect(insurers).toHaveLength(2);

    // The sequences were moved past the explicit ids: new records get free ids.
    const unimed = suppliers.find((s) => s.supName === 'Unimed Cooperativa Médica')!;
    const product = await admin.post(api(`produtos/${unimed.supId}`), {
      sucName: 'Plano de saúde Unimed Nacional',
      sucHealth: true,
      sucMudaFaixa: true,
    });
    expect(product.statusCode, product.body).toBe(200);
    expect(product.json().sucId).toBeGreaterThan(22);
    const service = await admin.post(api(`servicos/${product.json().sucId}`), { svcName: 'Titular nacional' });
    expect(service.statusCode, service.body).toBe(200);
    expect(service.json().svcId).toBeGreaterThan(170);
  });
});

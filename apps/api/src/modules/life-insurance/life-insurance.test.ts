import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobsContracts, lifeInsuranceLayouts } from '@assoc/domain';
import { products, servicePlugins, services, suppliers } from '../../db/schema/index.js';
import { call, createFamily, createTestApp, signedInAs, type Client, type TestContext } from '../../../test/helper.js';
import { jobAttachment, runMenuJob, xlsxRows } from '../../../test/menu-jobs.js';

// The life-insurance files (issue 30 item 1), by hand: two insurers (suppliers of plgSeguroVida services, by id), three
// insured of insurer 1 (one a dependent, one whose row ended: left out), one of insurer 2.
let ctx: TestContext;
let atd: Client;
const [BASICO, AMPLIADO, INDIVIDUAL] = [9701, 9702, 9703];

beforeAll(async () => {
  ctx = await createTestApp({}, { features: { jobs: true } });
  ({ client: atd } = await signedInAs(ctx, ['v2access', 'v2atd']));
});
afterAll(() => ctx?.close());

describe('seguro-vida-export-1 / -2 (issue 30 item 1)', () => {
  it('fails cleanly, with the reason, when the insurer does not exist yet', async () => {
    const job = await runMenuJob(ctx, atd, 'seguro-vida-export-2');
    expect(job.jobStatus).toBe(20);
    expect(job.jobResult).toBe('Seguradora 2 não encontrada: cadastre os serviços de seguro de vida (plugin plgSeguroVida)');
    expect(job.jobAttachments).toBeFalsy();
  });

  it("writes each insurer's insured in force, in its layout, with capital and premium; twice gives the same rows; 403 without v2atd", async () => {
    const [mutua, vida] = await ctx.db
      .insert(suppliers)
      .values([
        { supName: 'Seguradora Mútua', supFantasia: 'Mútua Seguros' },
        { supName: 'Vida Segura S.A.', supFantasia: 'Vida Segura' },
      ])
      .returning();
    const [grupo, individual] = await ctx.db
      .insert(products)
      .values([
        { supId: mutua!.supId, sucName: 'Seguro de vida em grupo' },
        { supId: vida!.supId, sucName: 'Seguro de vida individual' },
      ])
      .returning();
    await ctx.db.insert(services).values([
      { svcId: BASICO, sucId: grupo!.sucId, svcName: 'Seguro de vida básico', svcValor: 3870 },
      { svcId: AMPLIADO, sucId: grupo!.sucId, svcName: 'Seguro de vida ampliado', svcValor: 9120 },
      { svcId: INDIVIDUAL, sucId: individual!.sucId, svcName: 'Capital de R$ 100 mil', svcValor: 4850 },
    ]);
    await ctx.db.insert(servicePlugins).values([BASICO, AMPLIADO, INDIVIDUAL].map((svcId) => ({ svcId, plugin: 'plgSeguroVida' })));
    const life = (svcId: number, proposal: string, capital: number, premium: number, extra: object = {}) => ({
      svcId,
      valor: premium,
      cslStr1: proposal,
      cslValue1: capital,
      cslValue2: premium,
      cslDate1: '2032-12-31',
      cslInicio: '2024-01-01',
      ...extra,
    });
    await createFamily(ctx, {
      holder: {
        custName: 'Zé Segurado',
        custCpf: '11144477735',
        custBirthdate: '1965-02-03',
        custSex: 0,
        custNumeroInterno: '1234560',
        services: [life(BASICO, '11112222333', 10_000_000, 3870), life(INDIVIDUAL, '99990000111', 10_000_000, 4850)],
      },
      dependents: [
        { custName: 'Ana Dependente', custBirthdate: '1970-06-07', custSex: 1, services: [life(AMPLIADO, '44445555666', 30_000_000, 9120)] },
      ],
    });
    await createFamily(ctx, {
      holder: { custName: 'Bruno Cancelado', services: [life(BASICO, '77778888999', 5_000_000, 3870, { cslFim: '2024-06-30' })] },
    });

    const one = await runMenuJob(ctx, atd, 'seguro-vida-export-1');
    expect(one.jobStatus).toBe(30);
    expect(one.jobSubtitle).toBe('Mútua Seguros: 2 segurado(s)');
    expect(one.jobAttachments).toMatch(/;seguro-vida-1-mutua-seguros-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const rows1 = await xlsxRows((await jobAttachment(atd, one.jobId)).data);
    expect(rows1).toEqual([
      lifeInsuranceLayouts[1].columns.map((c) => c.header),
      ['44445555666', expect.stringMatching(/^\d{11}$/), 'ANA DEPENDENTE', '07/06/1970', 'F', 300000, 91.2, '01/01/2024', '31/12/2032'],
      ['11112222333', '11144477735', 'ZÉ SEGURADO', '03/02/1965', 'M', 100000, 38.7, '01/01/2024', '31/12/2032'],
    ]);
    const again = await runMenuJob(ctx, atd, 'seguro-vida-export-1');
    expect(await xlsxRows((await jobAttachment(atd, again.jobId)).data)).toEqual(rows1);

    const two = await runMenuJob(ctx, atd, 'seguro-vida-export-2');
    expect(two.jobSubtitle).toBe('Vida Segura: 1 segurado(s)');
    const rows2 = await xlsxRows((await jobAttachment(atd, two.jobId)).data);
    expect(rows2).toEqual([
      lifeInsuranceLayouts[2].columns.map((c) => c.header),
      [
        '123456-0',
        'Zé Segurado',
        '111.444.777-35',
        '03/02/1965',
        'Zé Segurado',
        '99990000111',
        'Capital de R$ 100 mil',
        100000,
        48.5,
        '31/12/2032',
        '',
      ],
    ]);

    const { client } = await signedInAs(ctx, ['v2access', 'v2menufinanceiro']);
    expect((await call(client, jobsContracts.sendWithData, { params: { jobCommand: 'seguro-vida-export-1', userData: 0 } })).status).toBe(403);
  });
});

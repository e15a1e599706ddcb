import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobsContracts, snackBarColumns } from '@assoc/domain';
import { call, createDependent, createMember, createTestApp, signedInAs, type Client, type TestContext } from '../../../test/helper.js';
import { jobAttachment, runMenuJob, xlsxRows } from '../../../test/menu-jobs.js';

// The snack-bar file (issue 30 item 1; v2menufinexp): who may charge at the bar, by hand.
let ctx: TestContext;
let bar: Client;

beforeAll(async () => {
  ctx = await createTestApp({}, { features: { jobs: true } });
  ({ client: bar } = await signedInAs(ctx, ['v2access', 'v2atd', 'v2menufinexp']));
  const holder = await createMember(ctx, {
    custName: 'Carla Titular',
    custCpf: '11144477735',
    custNumeroInterno: '2345670',
    custCelularDdd: '11',
    custCelular: '987654321',
  });
  await createDependent(ctx, holder.cstId, { custName: 'Davi Filho', custCpf: '52998224725' });
  await createDependent(ctx, holder.cstId, { custName: 'Eva Falecida', custDeceased: '2020-01-01' });
  await createMember(ctx, { custName: 'Fábio Falecido', custAssocSituacao: 5 });
});
afterAll(() => ctx?.close());

describe('lanchonete-export (issue 30 item 1)', () => {
  it('lists living holders and dependents with CPF and mobile, each family together; the same rows twice; 403 without v2menufinexp', async () => {
    const job = await runMenuJob(ctx, bar, 'lanchonete-export');
    expect(job.jobStatus).toBe(30);
    expect(job.jobSubtitle).toBe('2 linha(s)');
    expect(job.jobAttachments).toMatch(/;lanchonete-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const rows = await xlsxRows((await jobAttachment(bar, job.jobId)).data);
    expect(rows).toEqual([
      snackBarColumns.map((c) => c.header),
      ['234567-0', 'Carla Titular', '111.444.777-35', '(11) 98765-4321', 'Titular', 'Carla Titular'],
      ['234567-0', 'Davi Filho', '529.982.247-25', '', 'Dependente', 'Carla Titular'],
    ]);
    const again = await runMenuJob(ctx, bar, 'lanchonete-export');
    expect(await xlsxRows((await jobAttachment(bar, again.jobId)).data)).toEqual(rows);

    const { client } = await signedInAs(ctx, ['v2access', 'v2atd']);
    expect((await call(client, jobsContracts.sendWithData, { params: { jobCommand: 'lanchonete-export', userData: 0 } })).status).toBe(403);
  });
});

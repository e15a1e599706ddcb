import { memberServiceContracts } from '@assoc/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signedInAs, type Client, type TestContext } from '../../../test/helper.js';
import { seedServicePlugins } from './member-services.seed.js';
import { seedRegistries } from './registries.seed.js';
import { seedServices } from './services.seed.js';

let ctx: TestContext;
let staff: Client;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = (await signedInAs(ctx, ['v2access', 'v2search'])).client;
});
afterAll(async () => {
  await ctx?.close();
});

describe('demo service plugins', () => {
  it('gives the demo services their plugins, with a CCH service, the same on a second run', async () => {
    for (let i = 0; i < 2; i++) {
      await seedRegistries(ctx.db);
      await seedServices(ctx.db);
      await seedServicePlugins(ctx.db);
    }
    const { rows } = await ctx.pool.query<{ svc_name: string; plugin: string }>(
      `select s.svc_name, p.plugin from service_plugins p join services s using (svc_id) order by s.svc_name`,
    );
    expect(rows.map((r) => `${r.svc_name}: ${r.plugin}`)).toEqual(
      expect.arrayContaining([
        'Linha móvel 20 GB: plgCelular',
        'Seguro de vida básico: plgSeguroVida',
        'Titular 19 a 58 anos: plgHealth',
        'Inscrição no CCH: plgCCHAdd',
      ]),
    );
    expect(rows.filter((r) => r.svc_name === 'Inscrição no CCH')).toHaveLength(1);
    const plugins = await call(staff, memberServiceContracts.plugins);
    expect(plugins.status, plugins.res.body).toBe(200);
    expect(plugins.body).toHaveLength(rows.length);
  });
});

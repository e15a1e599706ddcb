import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import { products, services, suppliers } from '../src/db/schema/index.js';
import { billableBank, createDependent, createMember, createServiceRows, signedInAs, type TestContext } from './helper.js';
import { killScenarios } from './kill-scenarios.js';
import { killWorker, nextMessage } from './worker-process.js';

// Issue 24: the monthly closing killed with SIGKILL in a real process at a random chunk, then resumed by another
// process, writes exactly what a closing never interrupted writes (entries, keys, charges), and no key twice.
const REPETITIONS = 3;
const HOLDERS = 9;
const { freshApp, startWorker } = killScenarios('closing-worker');

/** A fresh database with the same holders, services and rows every time (ids follow the same sequences). */
async function scenario() {
  const ctx = await freshApp();
  const userId = (await signedInAs(ctx, ['v2access', 'v2menufinanceiro'])).user.userId;
  const [sup] = await ctx.db.insert(suppliers).values({ supName: 'Fornecedor' }).returning();
  await ctx.db.insert(products).values({ sucId: 9501, supId: sup!.supId, sucName: 'Produto' });
  await ctx.db.insert(services).values([
    { svcId: 9501, sucId: 9501, svcName: 'Mensalidade', svcValor: 12_345, svcTaxaAdm: 2.5, svcTaxaAdmNs: 7.35, svcProRata: true },
    { svcId: 9502, sucId: 9501, svcName: 'Seguro', svcValor: 2_990, svcLancaNoFim: true },
  ]);
  for (let i = 0; i < HOLDERS; i++) {
    const holder = await createMember(ctx, { custSocio: i % 3 ? 'S' : 'N', ...(i % 2 ? billableBank : { bnkId: null }), custCobrancaDia: 1 + i * 3 });
    const dependent = await createDependent(ctx, holder.cstId);
    await createServiceRows(ctx, holder.cstId, [{ svcId: 9501, valor: i * 1_000 }]);
    await createServiceRows(ctx, dependent.cstId, [{ svcId: 9501, cslInicio: i % 2 ? '2020-01-01' : null }]);
    await createServiceRows(ctx, holder.cstId, [{ svcId: 9502 }]);
  }
  return { ctx, userId };
}

/** What a closing wrote, without what differs between two databases by design (names, times). */
async function written(ctx: TestContext) {
  const entries = await ctx.pool.query(
    `select cst_id, resp_id, svc_id, csl_id, ext_descricao, ext_valor, ext_tipo, ext_key from statement_entries order by cst_id, ext_key`,
  );
  const charges = await ctx.pool.query(
    `select cst_id, bnk_id, cob_valor, cob_vencimento::text, cob_conta, cob_nosso_numero is not null as boleto from charges order by cst_id`,
  );
  const runs = await ctx.pool.query(`select status, holders, entries, total, charges, charges_total, difference from closings`);
  const periods = await ctx.pool.query(`select fec_ano, fec_mes, locked_at is not null as locked from closing_periods order by fec_id`);
  return { entries: entries.rows, charges: charges.rows, runs: runs.rows, periods: periods.rows };
}

it(`a closing killed (SIGKILL) at a random chunk and resumed by another process writes what an uninterrupted one writes, ${REPETITIONS} times`, async () => {
  const reference = await scenario();
  const worker = await startWorker(reference.ctx);
  const finished = nextMessage(worker);
  worker.send({ jobId: crypto.randomUUID(), userId: reference.userId });
  expect(await finished).toMatchObject({ done: expect.stringContaining('fechado') });
  worker.kill('SIGTERM');
  const expected = await written(reference.ctx);
  expect(expected.entries.length).toBeGreaterThan(HOLDERS * 3);
  expect(expected.runs).toEqual([expect.objectContaining({ status: 'done', difference: '0' })]);

  // Reports: one before and one after each chunk of 2 holders, for the entries then the charges.
  const reports = 2 * (Math.ceil((HOLDERS + 1) / 2) + 1);
  for (let i = 0; i < REPETITIONS; i++) {
    const { ctx, userId } = await scenario();
    const jobId = crypto.randomUUID();
    const stopAt = 2 + crypto.randomInt(reports - 2);
    // Both processes forked at once: starting one costs more than a closing of these holders.
    const [victim, resumer] = await Promise.all([startWorker(ctx), startWorker(ctx)]);
    const stopped = nextMessage(victim);
    victim.send({ jobId, userId, stopAt });
    expect(await stopped).toBe('stopped');
    await killWorker(victim);

    const done = nextMessage(resumer);
    resumer.send({ jobId, userId });
    expect(await done, `stopped at report ${stopAt}`).toMatchObject({ done: expect.stringContaining('fechado') });
    resumer.kill('SIGTERM');
    expect(await written(ctx), `stopped at report ${stopAt}`).toEqual(expected);
  }
}, 300_000);

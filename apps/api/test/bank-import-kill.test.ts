import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { buildDebitReturnFrom, decodeLatin1, encodeLatin1 } from '@assoc/domain';
import { createMember, signedInAs, type TestContext } from './helper.js';
import { queuedImport } from './queued-import.js';
import { killScenarios } from './kill-scenarios.js';
import { killWorker, nextMessage } from './worker-process.js';

// Issue 25: a bank return's import killed with SIGKILL in a real process at a random chunk, then resumed by another
// process, writes exactly what an import never interrupted writes (charges settled, credits, lines, result), and no
// credit twice.
const REPETITIONS = 2;
const CHARGES = 7;
const { freshApp, startWorker } = killScenarios('import-worker');

/** A fresh database with the same charges sent in the same remittance, and the import of the same return queued. */
async function scenario() {
  const ctx = await freshApp();
  const { user } = await signedInAs(ctx, ['v2access', 'v2menufinanceiro']);
  const cobIds: number[] = [];
  for (let i = 0; i < CHARGES; i++) {
    const { cstId } = await createMember(ctx, { custName: `Titular ${i}` });
    const result = await ctx.db.execute<{ cobId: number }>(sql`
      insert into charges (cst_id, bnk_id, cob_agencia, cob_conta, cob_conta_dv, cob_vencimento, cob_valor)
      values (${cstId}, 2, '1234', '0012345', '6', '2031-04-10', ${10_000 + i * 100}) returning cob_id as "cobId"`);
    cobIds.push(result.rows[0]!.cobId);
  }
  const actor = { userId: user.userId, name: user.name };
  const run = await ctx.app.services.bankRemittance.generate({ actor, jobId: null });
  const stored = await ctx.app.services.bankRemittance.file(run.files[0]!.rmId);
  const outcomes = Object.fromEntries(cobIds.map((id, i) => [id, i % 3 === 1 ? '01' : i === 5 ? { code: '00', valueCents: 500 } : '00'] as const));
  const text = buildDebitReturnFrom(decodeLatin1(new Uint8Array(await ctx.app.services.files.bytes(stored))), outcomes, { nsa: 12 }).text;
  const message = await queuedImport(ctx, { name: 'r.ret', data: encodeLatin1(text), text, origin: 'banco', tipo: 'cnab150-bb' }, user);
  return { ctx, message };
}

/** What an import wrote, without what differs between two databases by design (times). */
async function written(ctx: TestContext) {
  const q = async (query: ReturnType<typeof sql>) => (await ctx.db.execute(query)).rows;
  return {
    charges: await q(sql`select cob_id, cob_retorno::text, cdr_cod_ret from charges order by cob_id`),
    credits: await q(sql`select cst_id, ext_valor, ext_key, ext_tipo from statement_entries order by ext_key`),
    lines: await q(sql`select rm_id, cob_id, status, ret_code, paid_value from bank_remittance_lines order by rm_id, cob_id`),
    imports: await q(sql`select status, message, result, nsa from bank_imports`),
    audits: await q(sql`select category, entity_id, action from audits where category = 'cobrancas' order by entity_id`),
  };
}

it(`an import killed (SIGKILL) at a random chunk and resumed by another process writes what an uninterrupted one writes, ${REPETITIONS} times`, async () => {
  const reference = await scenario();
  const worker = await startWorker(reference.ctx);
  const finished = nextMessage(worker);
  worker.send(reference.message);
  expect(await finished).toMatchObject({ done: expect.stringContaining('registro(s)') });
  worker.kill('SIGTERM');
  const expected = await written(reference.ctx);
  expect(expected.credits).toHaveLength(5);
  expect(expected.imports).toEqual([expect.objectContaining({ status: 'done', nsa: 12 })]);

  // Reports: one before the first chunk of 2 records, one after each chunk.
  const reports = 1 + Math.ceil(CHARGES / 2);
  for (let i = 0; i < REPETITIONS; i++) {
    const { ctx, message } = await scenario();
    const stopAt = 2 + crypto.randomInt(reports - 1);
    // Both processes forked at once: starting one costs more than the import of these records.
    const [victim, resumer] = await Promise.all([startWorker(ctx), startWorker(ctx)]);
    const stopped = nextMessage(victim);
    victim.send({ ...message, stopAt });
    expect(await stopped).toBe('stopped');
    await killWorker(victim);

    const done = nextMessage(resumer);
    resumer.send(message);
    expect(await done, `stopped at report ${stopAt}`).toMatchObject({ done: expect.stringContaining('registro(s)') });
    resumer.kill('SIGTERM');
    expect(await written(ctx), `stopped at report ${stopAt}`).toEqual(expected);
  }
}, 120_000);

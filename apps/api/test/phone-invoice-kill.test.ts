import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { createPhoneLineFamily, PHONE_LINES, signedInAs, type TestContext } from './helper.js';
import { queuedImport } from './queued-import.js';
import { killScenarios } from './kill-scenarios.js';
import { killWorker, nextMessage } from './worker-process.js';

// Issue 30 Tests ("killed and resumed", of every job): the phone invoice's import (`celular-importar`) killed with
// SIGKILL in a real process — before it writes, inside its one transaction with the calls written but not committed,
// after the commit — then resumed by another process, writes exactly what an import never interrupted writes: the
// calls once, each line's month total posted once, the import done with its result.
const HOLDER_LINE = PHONE_LINES.holder;
const DEPENDENT_LINE = PHONE_LINES.dependent;
/** The worker's reports: 1 before the transaction, 2 inside it (calls written), 3 after the commit. */
const STOPS = [1, 2, 3] as const;
const { freshApp, startWorker } = killScenarios('phone-invoice-worker');

const invoice = [
  'linha;data;hora;destino;tipo;quantidade;valor',
  `${HOLDER_LINE};05/10/2026;08:15;1133334444;Ligação local;3;1,25`,
  `${HOLDER_LINE};20/11/2026;18:00;1133335555;Ligação local;1;0,40`,
  `(11) 91234-0002;06/10/2026;09:00;Internet;Dados;250;0,75`,
  `${DEPENDENT_LINE};07/10/2026;10:30:00;11988887777;SMS;1;0,25`,
  `11955550000;07/10/2026;10:30;11988887777;SMS;1;0,25`,
].join('\r\n');

/** A fresh database with the same phone plans and the import of the same invoice queued (as the upload leaves it). */
async function scenario() {
  const ctx = await freshApp();
  const { user } = await signedInAs(ctx, ['v2access', 'v2menufinimp']);
  await createPhoneLineFamily(ctx);
  const message = await queuedImport(
    ctx,
    { name: 'fatura.csv', data: Buffer.from(invoice), text: invoice, origin: 'arquivo', tipo: 'fatura-celular' },
    user,
  );
  return { ctx, message };
}

/** What an import wrote, without what differs between two databases by design (ids of rows, times). */
async function written(ctx: TestContext) {
  const q = async (query: ReturnType<typeof sql>) => (await ctx.db.execute(query)).rows;
  return {
    calls: await q(sql`
      select c.cust_name as pessoa, m.mc_numero, m.mc_tipo, m.mc_destino, m.mc_qtde, m.mc_valor, m.mc_data::text
        from mobile_calls m join customers c on c.cst_id = m.resp_id order by m.mc_data, m.mc_numero`),
    postings: await q(sql`
      select c.cust_name as pessoa, e.ext_valor, e.ext_descricao, e.ext_tipo from statement_entries e join customers c on c.cst_id = e.resp_id
       order by e.ext_descricao, c.cust_name`),
    postingKeys: (await q(sql`select count(distinct ext_key)::int as n, count(*)::int as total from statement_entries`))[0],
    imports: await q(sql`select status, message, result from bank_imports`),
  };
}

it('the phone invoice import killed (SIGKILL) before, inside and after its transaction and resumed by another process writes what an uninterrupted one writes', async () => {
  const reference = await scenario();
  const worker = await startWorker(reference.ctx);
  const finished = nextMessage(worker);
  worker.send(reference.message);
  expect(await finished).toMatchObject({ done: expect.stringContaining('registro(s) de ligação') });
  worker.kill('SIGTERM');
  const expected = await written(reference.ctx);
  // Four calls matched, one line unmatched; three postings (the holder's line in two months, the dependent's line).
  expect(expected.calls).toHaveLength(4);
  expect(expected.postings).toHaveLength(3);
  expect(expected.postingKeys).toEqual({ n: 3, total: 3 });
  expect(expected.imports).toEqual([expect.objectContaining({ status: 'done' })]);

  for (const stopAt of STOPS) {
    const { ctx, message } = await scenario();
    // Both processes forked at once: starting one costs more than the import of this invoice.
    const [victim, resumer] = await Promise.all([startWorker(ctx), startWorker(ctx)]);
    const stopped = nextMessage(victim);
    victim.send({ ...message, stopAt });
    expect(await stopped).toBe('stopped');
    await killWorker(victim);

    // Killed: before the commit nothing is written (the open transaction died with its process), after it all is.
    const cut = await written(ctx);
    expect(cut.calls, `stopped at report ${stopAt}`).toHaveLength(stopAt === 3 ? 4 : 0);
    expect(cut.imports, `stopped at report ${stopAt}`).toEqual([expect.objectContaining({ status: stopAt === 3 ? 'done' : 'running' })]);

    const done = nextMessage(resumer);
    resumer.send(message);
    // A resumed import already done answers its status and writes nothing again.
    expect(await done, `stopped at report ${stopAt}`).toMatchObject({
      done: stopAt === 3 ? 'done' : expect.stringContaining('registro(s) de ligação'),
    });
    resumer.kill('SIGTERM');
    expect(await written(ctx), `stopped at report ${stopAt}`).toEqual(expected);
  }
}, 120_000);

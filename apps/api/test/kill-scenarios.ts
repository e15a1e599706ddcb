import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestContext } from './helper.js';
import { bundleWorker, workerProcesses } from './worker-process.js';

/**
 * The frame of a killed-and-resumed test whose scenarios each get a fresh database: the worker bundled once, a fresh
 * test app per scenario, worker processes over a scenario's database, and at the end every process killed and every
 * database closed.
 */
export function killScenarios(worker: string) {
  let workerFile = '';
  const contexts: TestContext[] = [];
  const workers = workerProcesses();
  beforeAll(async () => {
    workerFile = await bundleWorker(worker);
  });
  afterAll(async () => {
    workers.killAll();
    for (const ctx of contexts) await ctx.close();
  });
  return {
    async freshApp() {
      const ctx = await createTestApp();
      contexts.push(ctx);
      return ctx;
    },
    startWorker: (ctx: TestContext) => workers.start(workerFile, { DATABASE_URL: ctx.databaseUrl, DATA_DIR: ctx.config.DATA_DIR }),
  };
}

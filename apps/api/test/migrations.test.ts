import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { missingMigrations, runMigrations } from '../src/db/client.js';
import { createTestApp, type TestContext } from './helper.js';

// A database that lacks a middle migration (applied on another branch under a later number, say) is refused at
// start-up with the missing migration's name, instead of answering 500 on its columns later.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const applied = async () => (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)).rows[0]!.n;

it('migrating a database that lacks a middle migration fails, naming it; a complete one migrates', async () => {
  await expect(runMigrations(ctx.db)).resolves.toBeUndefined();
  expect(await missingMigrations(ctx.db)).toEqual([]);
  const before = await applied();

  // 0038 forgotten, 0039 applied: Drizzle's migrator would see nothing to do.
  const { rows } = await ctx.db.execute<{ id: number }>(sql`select id from drizzle.__drizzle_migrations where created_at = 1795307047701`);
  await ctx.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${rows[0]!.id}`);

  await expect(runMigrations(ctx.db)).rejects.toThrow(/não tem a migração 0038_posting_batches,/);
  expect(await missingMigrations(ctx.db)).toEqual(['0038_posting_batches']);
  // Nothing was applied again.
  expect(await applied()).toBe(before - 1);
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext } from '../../../test/helper.js';
import { jobActor } from './jobs.actor.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

describe('jobActor', () => {
  it("is the job's user by id and name", async () => {
    const user = await createUser(ctx, { roles: ['v2atd'], name: 'Operadora dos Jobs' });
    expect(await jobActor(ctx.db, user.userId, 'Extrato')).toEqual({ userId: user.userId, name: 'Operadora dos Jobs' });
  });

  it("takes the job's label for a user gone since, or one without a name, keeping the id", async () => {
    expect(await jobActor(ctx.db, 987_654, 'Remessa')).toEqual({ userId: 987_654, name: 'Remessa' });
    const nameless = await createUser(ctx, { roles: ['v2atd'] });
    await ctx.db.execute(sql`update users set name = '' where user_id = ${nameless.userId}`);
    expect(await jobActor(ctx.db, nameless.userId, 'Fechamento')).toEqual({ userId: nameless.userId, name: 'Fechamento' });
  });

  it('reads inside the transaction it is given', async () => {
    const user = await createUser(ctx, { roles: ['v2atd'], name: 'Antes' });
    const seen = await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`update users set name = 'Depois' where user_id = ${user.userId}`);
      return jobActor(tx, user.userId, 'Boletos');
    });
    expect(seen.name).toBe('Depois');
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helper.js';
import { AppError } from './errors.js';
import { escapeLike, transactionOr409 } from './sql.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.db.execute(sql`create table sql_helpers_probe (k text primary key)`);
});
afterAll(async () => ctx?.close());

const likes = async (text: string, pattern: string) =>
  (await ctx.pool.query<{ m: boolean }>('select $1::text like $2 as m', [text, pattern])).rows[0]!.m;

describe('escapeLike (PostgreSQL LIKE, default escape character)', () => {
  it('matches %, _ and \\ literally', async () => {
    expect(await likes('50% off', `%${escapeLike('50%')}%`)).toBe(true);
    expect(await likes('500 off', `%${escapeLike('50%')}%`)).toBe(false);
    expect(await likes('a_b', escapeLike('a_b'))).toBe(true);
    expect(await likes('axb', escapeLike('a_b'))).toBe(false);
    expect(await likes('c:\\dir', `${escapeLike('c:\\')}%`)).toBe(true);
    expect(await likes('c:dir', `${escapeLike('c:\\')}%`)).toBe(false);
  });
});

describe('transactionOr409', () => {
  it('turns a unique violation into 409 with the given message and rolls the whole write back', async () => {
    const write = transactionOr409(
      ctx.db,
      async (tx) => {
        await tx.execute(sql`insert into sql_helpers_probe values ('a')`);
        await tx.execute(sql`insert into sql_helpers_probe values ('a')`);
      },
      'Já existe um registro com esta chave',
    );
    await expect(write).rejects.toMatchObject({ statusCode: 409, message: 'Já existe um registro com esta chave' });
    await expect(write).rejects.toBeInstanceOf(AppError);
    const { rows } = await ctx.pool.query('select count(*)::int as n from sql_helpers_probe');
    expect(rows[0].n).toBe(0);
  });
  it('passes other errors through and returns the work result', async () => {
    await expect(
      transactionOr409(ctx.db, async (tx) => tx.execute(sql`insert into sql_helpers_probe values (null)`), 'x'),
    ).rejects.not.toBeInstanceOf(AppError);
    expect(await transactionOr409(ctx.db, async () => 42, 'x')).toBe(42);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestApp, createUser, type TestContext } from '../../../test/helper.js';
import { cpfFromBase } from '@assoc/domain';
import { seedFollowUps } from './follow-up.seed.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

describe('demo follow-ups', () => {
  it('gives one holder in 15 one to three valid rows by the attendance user, the same rows each time', async () => {
    await createUser(ctx, { roles: [], cpf: cpfFromBase('222555888'), name: 'Bruno Atendimento' });
    for (let i = 0; i < 45; i++) await createMember(ctx);
    await seedFollowUps(ctx.db);
    const first = await ctx.db.execute(
      sql`select atd_id, cst_id, atd_data, atd_tipo, atd_assunto, atd_titulo, atd_criado_por, atd_status from atendimentos order by atd_id`,
    );
    await seedFollowUps(ctx.db);
    expect(
      (
        await ctx.db.execute(
          sql`select atd_id, cst_id, atd_data, atd_tipo, atd_assunto, atd_titulo, atd_criado_por, atd_status from atendimentos order by atd_id`,
        )
      ).rows,
    ).toEqual(first.rows);
    const { rows } = await ctx.db.execute<{ cst_id: number; n: number; ok: boolean; author: string }>(sql`
      select cst_id, count(*)::int as n, bool_and(atd_tipo between 1 and 3 and atd_departamento = 1 and atd_assunto between 5 and 17
        and atd_status between 1 and 3 and atd_data < '2026-07-01') as ok, min(atd_criado_por) as author
      from atendimentos group by cst_id order by cst_id`);
    expect(rows.length).toBe(3);
    // Every status and type shows up (the /acompanhamento list starts on Pendente).
    const spread = await ctx.db.execute<{ statuses: number; types: number }>(
      sql`select count(distinct atd_status)::int as statuses, count(distinct atd_tipo)::int as types from atendimentos`,
    );
    expect(spread.rows[0]).toEqual({ statuses: 3, types: 3 });
    for (const r of rows) {
      expect(r.cst_id % 15).toBe(0);
      expect(r.n).toBe(1 + ((r.cst_id / 15) % 3));
      expect(r.ok).toBe(true);
      expect(r.author).toBe('Bruno Atendimento');
    }
  });
});

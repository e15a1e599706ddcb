import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helper.js';
import { seedLocations } from './locations.seed.js';
import { seedDemoData } from './seed.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const query = async <T>(text: string) => (await ctx.pool.query(text)).rows as T[];
const dump = () =>
  query<Record<string, string | number | null>>(`
  select r.cir_nome, r.cir_regional, r.cir_raj, r.cor_titular as cir_t, r.cor_adjunto as cir_a, c.com_nome, c.cor_titular as com_t,
         c.cor_adjunto as com_a, f.for_nome, f.for_short, f.for_zipcode, f.for_city, f.for_state, f.for_phone_ddd1, f.apf_phone1,
         f.cor_titular as for_t, f.cor_adjunto as for_a, l.loc_nome, l.predio_nome, l.loc_phone1_ddd, l.loc_phone1, l.cor_titular, l.cor_adjunto
    from circunscricoes r join comarcas c on c.cir_id = r.cir_id join forums f on f.com_id = c.com_id join locals l on l.apf_id = f.apf_id
   order by l.loc_id`);

describe('demo locations', () => {
  it("seeds on an empty database, re-seeds the same rows, and survives the seed command's wipe", async () => {
    await seedDemoData(ctx.db, { scale: 80 });
    const first = await dump();
    const [counts] = await query<{ cirs: number; coms: number; fors: number; min: number; max: number }>(`
      select (select count(*)::int from circunscricoes) as cirs, (select count(*)::int from comarcas) as coms,
             (select count(*)::int from forums) as fors,
             (select min(n) from (select count(*)::int as n from locals group by apf_id) x) as min,
             (select max(n) from (select count(*)::int as n from locals group by apf_id) x) as max`);
    expect(counts).toEqual({ cirs: 3, coms: 7, fors: 10, min: 2, max: 5 });
    expect(first.map((r) => r.for_state)).toEqual(first.map(() => 'SP'));
    // Each circunscrição takes its RAJ from the demo regions (seeded before).
    const rajs = await query<{ cir_nome: string; region_name: string }>(`
      select r.cir_nome, g.region_name from circunscricoes r join regions g on g.region_id = r.cir_raj order by r.cir_id`);
    expect(rajs.map((r) => r.region_name)).toEqual(['1ª RAJ - Grande São Paulo', '4ª RAJ - Campinas', '10ª RAJ - Sorocaba']);
    expect(first.every((r) => /^\d{8}$/.test(String(r.for_zipcode)) && /^\d{8}$/.test(String(r.loc_phone1)))).toBe(true);

    // Coordinators are holder magistrates, and each local has the nearest level's pair.
    const [coordinators] = await query<{ n: number; wrong: number }>(`
      with ids as (select unnest(array[cor_titular, cor_adjunto]) as id from circunscricoes
                   union all select unnest(array[cor_titular, cor_adjunto]) from comarcas
                   union all select unnest(array[cor_titular, cor_adjunto]) from forums)
      select count(distinct id)::int as n,
             count(*) filter (where id is not null and not exists (select 1 from customers m where m.cst_id = ids.id and m.parent_id is null
                                                                    and m.cust_status in ('M', 'N', 'H', 'J')))::int as wrong
        from ids`);
    expect(coordinators!.n).toBeGreaterThanOrEqual(8);
    expect(coordinators!.wrong).toBe(0);
    for (const row of first) {
      expect(row.cor_titular).toBe(row.for_t ?? row.com_t ?? row.cir_t);
      expect(row.cor_adjunto).toBe(row.for_a ?? row.com_a ?? row.cir_a);
    }

    await seedLocations(ctx.db);
    expect(await dump()).toEqual(first);

    // npm run seed: wipes the people (cascading to the tables that reference them) and seeds again.
    await ctx.db.execute(sql`truncate table search_history, position_history, addresses, audits, sessions, login_failures,
      user_roles, users, profile_roles, profiles, terceiros, customers restart identity cascade`);
    await seedDemoData(ctx.db, { scale: 80 });
    expect(await dump()).toEqual(first);
  });
});

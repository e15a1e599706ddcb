import { sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { seedAccess } from './access.seed.js';
import { seedPeople } from './people.seed.js';
import { seedRegistries } from './registries.seed.js';
import { seedRegions } from './regions.seed.js';
import { seedServices } from './services.seed.js';
import { seedLocations } from './locations.seed.js';

/** True when the database has never been seeded (first start). */
export async function isEmpty(db: Db) {
  const result = await db.execute<{ n: number }>(sql`select count(*)::int as n from users`);
  return (result.rows[0]?.n ?? 0) === 0;
}

/** Deterministic demo data (decision 19): people at the given scale, then profiles and demo users. */
export async function seedDemoData(db: Db, opts: { scale: number; log?: (line: string) => void }) {
  const log = opts.log ?? (() => {});
  const started = Date.now();
  const people = await seedPeople(db, { scale: opts.scale, log });
  await seedAccess(db, people.portalMember);
  await seedRegistries(db);
  await seedRegions(db);
  await seedServices(db);
  await seedLocations(db);
  log(`Dados de demonstração criados em ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

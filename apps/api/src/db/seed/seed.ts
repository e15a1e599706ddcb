import { seedTerminal } from './terminal.seed.js';
import { sql } from 'drizzle-orm';
import { seedDemoEnabled, type AppConfig } from '../../config.js';
import { runMigrations, withStartupLock, type Db } from '../client.js';
import { DEMO_PASSWORD, seedAccess } from './access.seed.js';
import { createFirstAdmin, deliverFirstAdmin } from './first-admin.js';
import { seedMemberLinks, seedPeople } from './people.seed.js';
import { seedRegistries } from './registries.seed.js';
import { seedRegions } from './regions.seed.js';
import { seedServices } from './services.seed.js';
import { seedServicePlugins } from './member-services.seed.js';
import { seedLocations } from './locations.seed.js';
import { seedPhotos } from './photos.seed.js';
import { seedProcesses } from './process.seed.js';
import { seedLedger } from './ledger.seed.js';
import { seedFollowUps } from './follow-up.seed.js';
import { seedCharges } from './charges.seed.js';
import { seedPostings } from './postings.seed.js';
import { seedMenuJobs } from './menu-jobs.seed.js';
import { seedMobileCalls } from './mobile-calls.seed.js';
import { seedDocuments } from './documents.seed.js';
import { seedRemittances } from './remittances.seed.js';
import type { RemittanceConfig } from '../../modules/bank-remittance/bank-remittance.service.js';
import type { BlobStore } from '../../modules/files/files.store.js';
import { storeFromConfig } from '../../modules/files/index.js';
import { linkCchLedger, seedCch, seedCchLedgerMonth, seedCchScans } from './cch.seed.js';
import { linkReimbursementsLedger, seedReimbursementDocuments, seedReimbursements, seedReimbursementsLedgerMonth } from './reimbursements.seed.js';
import { linkRefundLedger, seedRefundLedgerMonth, seedRefunds } from './refunds.seed.js';
import { seedMessages } from './messages.seed.js';
import { seedFilters } from './filter.seed.js';
import { seedCampaigns } from './campaigns.seed.js';

/** True when the database has never been seeded (first start). */
export async function isEmpty(db: Db) {
  const result = await db.execute<{ n: number }>(sql`select count(*)::int as n from users`);
  return (result.rows[0]?.n ?? 0) === 0;
}

/** Deterministic demo data (decision 19): people at the given scale, then profiles and demo users. */
export async function seedDemoData(
  db: Db,
  opts: {
    scale: number;
    log?: (line: string) => void;
    /** Where demo photos go (none without it). */
    photoStore?: BlobStore;
    /** The bank agreements: with it and a store, the demo's unsent charges go into remittances (issue 25). */
    bankFiles?: RemittanceConfig;
  },
) {
  const log = opts.log ?? (() => {});
  const started = Date.now();
  const people = await seedPeople(db, { scale: opts.scale, log });
  if (opts.photoStore) await seedPhotos(db, opts.photoStore, log);
  await seedAccess(db, people.portalMember);
  await seedFilters(db);
  await seedRegistries(db);
  await seedRegions(db);
  await seedServices(db);
  await seedServicePlugins(db);
  await seedLocations(db);
  await seedMemberLinks(db, log);
  await seedMenuJobs(db, { exclude: people.portalMember?.cstId, log });
  await seedLedger(db, log, {
    afterTruncate: async () => {
      await seedCch(db, log);
      await seedReimbursements(db, log);
      await seedRefunds(db, log);
    },
    months: [seedCchLedgerMonth, seedReimbursementsLedgerMonth, seedRefundLedgerMonth],
  });
  await linkCchLedger(db);
  await linkReimbursementsLedger(db);
  await linkRefundLedger(db);
  if (opts.photoStore) await seedCchScans(db, opts.photoStore);
  if (opts.photoStore) await seedReimbursementDocuments(db, opts.photoStore);
  await seedFollowUps(db, log);
  await seedCharges(db, log);
  await seedPostings(db, log);
  await seedMobileCalls(db, log);
  await seedMessages(db, log);
  await seedCampaigns(db, log);
  await seedTerminal(db, log);
  await seedProcesses(db, opts.photoStore, { scale: opts.scale, log });
  if (opts.photoStore) await seedDocuments(db, opts.photoStore, { portalCstId: people.portalMember?.cstId, log });
  if (opts.photoStore && opts.bankFiles) await seedRemittances(db, opts.photoStore, opts.bankFiles, log);
  log(`Dados de demonstração criados em ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

export type FirstStart = 'none' | 'demo' | 'admin';

/**
 * Start-up database work for `npm start`: migrations, then the first start (demo data when SEED_DEMO
 * allows it, otherwise one superadmin). Under one advisory lock, so when several instances start together
 * on one database the first does it all and the others find the migrations applied and the users there.
 * `log` gets the console lines, never a secret (the one-time password goes to `opts.terminal` or DATA_DIR/first-admin.txt).
 */
export async function prepareDatabase(
  url: string,
  db: Db,
  config: Pick<AppConfig, 'SEED_DEMO' | 'DATABASE_URL' | 'NODE_ENV' | 'SEED_SCALE' | 'ADMIN_CPF' | 'ADMIN_PASSWORD'> &
    Parameters<typeof storeFromConfig>[0] &
    Partial<RemittanceConfig>,
  log: (line: string) => void,
  /** The operator's terminal (stdout is a TTY), where the one-time password may be shown; else it goes to a file. */
  opts: { terminal?: ((line: string) => void) | null } = {},
): Promise<FirstStart> {
  return withStartupLock(url, async () => {
    await runMigrations(db);
    if (!(await isEmpty(db))) return 'none';
    if (config.SEED_DEMO === 'true' && config.NODE_ENV === 'production') {
      log('SEED_DEMO=true ignorado: dados de demonstração (senha publicada) nunca são gerados com NODE_ENV=production.');
    }
    if (seedDemoEnabled(config)) {
      log(`Primeira execução: gerando dados de demonstração (escala ${config.SEED_SCALE}, senha ${DEMO_PASSWORD})...`);
      const bankFiles = config.DEBIT_BB_AGREEMENT ? (config as RemittanceConfig) : undefined;
      await seedDemoData(db, { scale: config.SEED_SCALE, log, photoStore: storeFromConfig(config), bankFiles });
      return 'demo';
    }
    const admin = await createFirstAdmin(db, { cpf: config.ADMIN_CPF, password: config.ADMIN_PASSWORD });
    deliverFirstAdmin(admin, { dataDir: config.DATA_DIR, terminal: opts.terminal ?? null, log });
    return 'admin';
  });
}

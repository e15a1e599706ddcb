import { sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import type { BlobStore } from '../../modules/files/files.store.js';
import { createFileService } from '../../modules/files/files.service.js';
import { createBankRemittanceRepository } from '../../modules/bank-remittance/bank-remittance.repository.js';
import { createBankRemittanceService, type RemittanceConfig } from '../../modules/bank-remittance/bank-remittance.service.js';

/**
 * Demo remittances (issue 25): the demo's charges still waiting for their return (the latest locked period's) go into
 * one file per debit place, through the job's own code, started by the Financeiro demo user, so /financeiro/remessa
 * lists a row per bank at any SEED_SCALE and their files download.
 */
export async function seedRemittances(db: Db, store: BlobStore, config: RemittanceConfig, log: (line: string) => void = () => {}) {
  const started = Date.now();
  const user = await db.execute<{ userId: number; name: string }>(
    sql`select user_id as "userId", name from users order by (cpf = '33366699957') desc, user_id limit 1`,
  );
  const actor = user.rows[0] ?? { userId: 0, name: 'Demonstração' };
  const service = createBankRemittanceService({
    db,
    repo: createBankRemittanceRepository(),
    files: createFileService({ db, store, maxBytes: 50 * 1024 * 1024 }),
    config,
  });
  const run = await service.generate({ actor, jobId: null });
  log(`Remessas: ${run.files.length} arquivo(s), ${run.files.reduce((n, f) => n + f.records, 0)} cobrança(s) em ${Date.now() - started} ms`);
}

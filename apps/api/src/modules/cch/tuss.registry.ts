import { asc, eq } from 'drizzle-orm';
import { cchMessages, tussRegistryContracts, tussRegistryRecordSchema, tussRegistrySchema } from '@assoc/domain';
import { tussCodes } from '../../db/schema/index.js';
import { defineRegistry } from '../registries/registry.types.js';

/**
 * The TUSS registry (/tuss, superadmin; issue 26): codes the shipped subset lacks, with their terms, read by the CCH's
 * lookup after the subset (a code of the subset is refused by the body schema). Soft delete and recovery through PUT,
 * the duplicate rule and the audit are the generic registry's.
 */
export const tussRegistry = defineRegistry({
  contracts: tussRegistryContracts,
  category: 'tuss',
  table: tussCodes,
  key: tussCodes.tussId,
  deletedAt: tussCodes.deletedAt,
  version: tussCodes.version,
  keyField: 'tussId',
  body: tussRegistrySchema,
  record: tussRegistryRecordSchema,
  orderBy: [asc(tussCodes.tussCodigo)],
  // The same rule as the partial unique index tuss_codes_codigo_uq (live rows).
  unique: [{ matches: (input) => eq(tussCodes.tussCodigo, input.tussCodigo), message: cchMessages.tussDuplicate }],
  toRow: (input) => ({ tussCodigo: input.tussCodigo, tussTerminologia: input.tussTerminologia }),
  toRecord: (row) => ({
    tussId: row.tussId as number,
    tussCodigo: row.tussCodigo as string,
    tussTerminologia: row.tussTerminologia as string,
    version: row.version as number,
  }),
});

import { sql } from 'drizzle-orm';
import { regionItemSchema, regionMessages, regionSchema, type RegionItem } from '@assoc/domain';
import { regions } from '../../db/schema/index.js';
import { defineRegistry } from '../registries/registry.types.js';

/**
 * Regions (spec 3 §2.14) on the generic registry service: soft delete, recovery through PUT, the
 * duplicate-name rule and the audit. The cities are the record's children (regions.service.ts).
 * The record of this definition is the table's row (GET regiao); the writes answer the full region.
 * Its calls are regionContracts (regions.routes.ts).
 */
export const regionsRegistry = defineRegistry({
  category: 'regioes',
  table: regions,
  key: regions.regionId,
  deletedAt: regions.deletedAt,
  version: regions.version,
  keyField: 'regionId',
  body: regionSchema,
  record: regionItemSchema,
  orderBy: [sql`${regions.regionName} collate pt_br_num`, regions.regionId],
  // The same rule as the partial unique index regions_name_uq (live rows, case-insensitive).
  unique: [{ matches: (input) => sql`lower(${regions.regionName}) = lower(${input.regionName})`, message: regionMessages.duplicateName }],
  toRow: (input) => ({ regionName: input.regionName }),
  toRecord: (row): RegionItem => ({ regionId: row.regionId as number, regionName: row.regionName as string, version: row.version as number }),
});

import { asc, sql } from 'drizzle-orm';
import { extratoGroupRecordSchema, extratoGroupSchema, registryMessages } from '@assoc/domain';
import { extratoGroups } from '../../db/schema/index.js';
import { defineRegistry } from './registry.types.js';

/**
 * Statement groups (spec 3 §2.8): GET/POST extratogroup, PUT/DELETE extratogroup/{extgrpID}. The list
 * also feeds the services' statement-group and IR-group dropdowns, so /servico may read it.
 */
export const extratoGroupRegistry = defineRegistry({
  path: 'extratogroup',
  category: 'extratogroup',
  tag: 'cadastros',
  noun: 'grupos de extrato/IR',
  screens: { read: ['/extratogroup', '/servico'], write: ['/extratogroup'] },
  table: extratoGroups,
  key: extratoGroups.extgrpID,
  deletedAt: extratoGroups.deletedAt,
  version: extratoGroups.version,
  keyField: 'extgrpID',
  body: extratoGroupSchema,
  record: extratoGroupRecordSchema,
  orderBy: [asc(extratoGroups.extgrpSort), sql`${extratoGroups.extgrpName} collate pt_br`],
  unique: [{ matches: (input) => sql`lower(${extratoGroups.extgrpName}) = lower(${input.extgrpName})`, message: registryMessages.duplicateGroup }],
  toRow: (input) => ({ extgrpName: input.extgrpName, extgrpSort: input.extgrpSort }),
  toRecord: (row) => ({ extgrpID: row.extgrpID as number, extgrpName: row.extgrpName as string, extgrpSort: row.extgrpSort as number, version: row.version as number }),
});

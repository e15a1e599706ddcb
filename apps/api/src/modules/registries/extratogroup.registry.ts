import { asc, sql } from 'drizzle-orm';
import { extratoGroupContracts, extratoGroupRecordSchema, extratoGroupSchema, registryMessages } from '@assoc/domain';
import { extratoGroups } from '../../db/schema/index.js';
import { defineRegistry } from './registry.types.js';

/** Statement groups (spec 3 §2.8): GET/POST extratogroup, PUT/DELETE extratogroup/{extgrpID} (extratoGroupContracts). */
export const extratoGroupRegistry = defineRegistry({
  contracts: extratoGroupContracts,
  category: 'extratogroup',
  table: extratoGroups,
  key: extratoGroups.extgrpID,
  deletedAt: extratoGroups.deletedAt,
  version: extratoGroups.version,
  keyField: 'extgrpID',
  body: extratoGroupSchema,
  record: extratoGroupRecordSchema,
  orderBy: [asc(extratoGroups.extgrpSort), sql`${extratoGroups.extgrpName} collate pt_br`],
  unique: [{ matches: (input) => sql`lower(${extratoGroups.extgrpName}) = lower(${input.extgrpName})`, message: registryMessages.duplicateGroup }],
  toRow: (input) => ({ extgrpName: input.extgrpName, extgrpSort: input.extgrpSort, extgrpSaude: input.extgrpSaude }),
  toRecord: (row) => ({
    extgrpID: row.extgrpID as number,
    extgrpName: row.extgrpName as string,
    extgrpSort: row.extgrpSort as number,
    extgrpSaude: row.extgrpSaude as boolean,
    version: row.version as number,
  }),
});

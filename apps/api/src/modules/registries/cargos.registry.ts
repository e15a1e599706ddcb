import { asc, sql } from 'drizzle-orm';
import {
  assocCargoContracts,
  assocCargoRecordSchema,
  assocCargoSchema,
  forumCargoContracts,
  forumCargoRecordSchema,
  forumCargoSchema,
  registryMessages,
} from '@assoc/domain';
import { assocCargos, forumCargos } from '../../db/schema/index.js';
import { defineRegistry } from './registry.types.js';

/** Forum positions (spec 3 §2.11): GET/POST forumcargos, PUT/DELETE forumcargos/{afcId}. */
export const forumCargosRegistry = defineRegistry({
  contracts: forumCargoContracts,
  category: 'forumcargos',
  table: forumCargos,
  key: forumCargos.afcId,
  deletedAt: forumCargos.deletedAt,
  version: forumCargos.version,
  keyField: 'afcId',
  body: forumCargoSchema,
  record: forumCargoRecordSchema,
  orderBy: [sql`${forumCargos.afcCargo} collate pt_br`, asc(forumCargos.afcId)],
  unique: [{ matches: (input) => sql`lower(${forumCargos.afcCargo}) = lower(${input.afcCargo})`, message: registryMessages.duplicatePosition }],
  toRow: (input) => ({ afcCargo: input.afcCargo }),
  toRecord: (row) => ({ afcId: row.afcId as number, afcCargo: row.afcCargo as string, version: row.version as number }),
});

/** Association positions ({product}cargos = assoccargos): GET/POST assoccargos, PUT/DELETE assoccargos/{aacId}. */
export const assocCargosRegistry = defineRegistry({
  contracts: assocCargoContracts,
  category: 'assoccargos',
  table: assocCargos,
  key: assocCargos.aacId,
  deletedAt: assocCargos.deletedAt,
  version: assocCargos.version,
  keyField: 'aacId',
  body: assocCargoSchema,
  record: assocCargoRecordSchema,
  orderBy: [sql`${assocCargos.aacCargo} collate pt_br`, asc(assocCargos.aacId)],
  unique: [{ matches: (input) => sql`lower(${assocCargos.aacCargo}) = lower(${input.aacCargo})`, message: registryMessages.duplicatePosition }],
  toRow: (input) => ({ aacCargo: input.aacCargo }),
  toRecord: (row) => ({ aacId: row.aacId as number, aacCargo: row.aacCargo as string, version: row.version as number }),
});

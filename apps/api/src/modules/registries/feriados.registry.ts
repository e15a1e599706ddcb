import { asc, eq } from 'drizzle-orm';
import { feriadoContracts, feriadoRecordSchema, feriadoSchema, registryMessages } from '@assoc/domain';
import { feriados } from '../../db/schema/index.js';
import { defineRegistry } from './registry.types.js';

/** Holidays (spec 3 §2.10): GET/POST feriados, PUT/DELETE feriados/{ferId}. */
export const feriadosRegistry = defineRegistry({
  contracts: feriadoContracts,
  category: 'feriados',
  table: feriados,
  key: feriados.ferId,
  deletedAt: feriados.deletedAt,
  version: feriados.version,
  keyField: 'ferId',
  body: feriadoSchema,
  record: feriadoRecordSchema,
  orderBy: [asc(feriados.ferDia)],
  unique: [{ matches: (input) => eq(feriados.ferDia, input.ferDia), message: registryMessages.duplicateHoliday }],
  toRow: (input) => ({ ferDia: input.ferDia, ferDescricao: input.ferDescricao }),
  toRecord: (row) => ({
    ferId: row.ferId as number,
    ferDia: row.ferDia as string,
    ferDescricao: row.ferDescricao as string,
    version: row.version as number,
  }),
});

import { eq, sql } from 'drizzle-orm';
import { registryMessages, terceiroContracts, terceiroRecordSchema, terceiroSchema, type Terceiro } from '@assoc/domain';
import { terceiros } from '../../db/schema/index.js';
import { defineRegistry } from './registry.types.js';

const blankToNull = (value: string | null | undefined) => (value == null || value.trim() === '' ? null : value.trim());

/** Third parties (spec 3 §2.7): GET/POST process/terceiros, PUT/DELETE process/terceiros/{terId}. */
export const terceirosRegistry = defineRegistry({
  contracts: terceiroContracts,
  category: 'terceiros',
  table: terceiros,
  key: terceiros.terId,
  deletedAt: terceiros.deletedAt,
  version: terceiros.version,
  keyField: 'terId',
  body: terceiroSchema,
  record: terceiroRecordSchema,
  orderBy: [sql`${terceiros.terNome} collate pt_br`, terceiros.terId],
  unique: [{ matches: (input) => eq(terceiros.terCPFCNPJ, input.terCPFCNPJ), message: registryMessages.duplicateDocument }],
  toRow: (input) => ({
    terTipo: input.terTipo,
    terCPFCNPJ: input.terCPFCNPJ,
    terNome: input.terNome,
    terContato: blankToNull(input.terContato),
    terEmail: blankToNull(input.terEmail),
    terCEP: blankToNull(input.terCEP),
    terLogradouro: blankToNull(input.terLogradouro),
    terNumero: blankToNull(input.terNumero),
    terComplemento: blankToNull(input.terComplemento),
    terBairro: blankToNull(input.terBairro),
    terCidade: blankToNull(input.terCidade),
    terUF: blankToNull(input.terUF)?.toUpperCase() ?? null,
    terTelefone1: blankToNull(input.terTelefone1),
    terTelefone2: blankToNull(input.terTelefone2),
    updatedAt: new Date(),
  }),
  toRecord: (row): Terceiro => ({
    terId: row.terId as number,
    terTipo: row.terTipo as number,
    terCPFCNPJ: row.terCPFCNPJ as string,
    terNome: row.terNome as string,
    terContato: (row.terContato as string | null) ?? null,
    terEmail: (row.terEmail as string | null) ?? null,
    terCEP: (row.terCEP as string | null) ?? null,
    terLogradouro: (row.terLogradouro as string | null) ?? null,
    terNumero: (row.terNumero as string | null) ?? null,
    terComplemento: (row.terComplemento as string | null) ?? null,
    terBairro: (row.terBairro as string | null) ?? null,
    terCidade: (row.terCidade as string | null) ?? null,
    terUF: (row.terUF as string | null) ?? null,
    terTelefone1: (row.terTelefone1 as string | null) ?? null,
    terTelefone2: (row.terTelefone2 as string | null) ?? null,
    version: row.version as number,
  }),
});

import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgSequence,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './access.js';
import { customers } from './people.js';

/** FEBRABAN CNAB 150 record F return codes (cdrCodRet, cdrDescription); `cdrPaid`: the charge was paid (0, 31). */
export const chargeReturnCodes = pgTable('charge_return_codes', {
  cdrCodRet: integer('cdr_cod_ret').primaryKey(),
  cdrDescription: varchar('cdr_description', { length: 80 }).notNull(),
  cdrPaid: boolean('cdr_paid').notNull().default(false),
});

/** The boleto's sequential number (the nosso número's customer part). */
export const chargesNossoNumeroSeq = pgSequence('charges_nosso_numero_seq', { startWith: 1, minValue: 1, maxValue: 9_999_999_999 });

/**
 * Charges (cobranças, spec 1 §3 "Charge"; decision 6) of a holder: the debit place (bnkId) with the member's
 * branch/account as they were, or a boleto (bnkId 11) with the bank, agreement, wallet and nosso número it was
 * issued with; due date, value in integer cents, instalment k of n, and the bank's return (date and code).
 */
export const charges = pgTable(
  'charges',
  {
    cobId: serial('cob_id').primaryKey(),
    cstId: integer('cst_id').notNull(),
    bnkId: integer('bnk_id').notNull(),
    cobAgencia: varchar('cob_agencia', { length: 4 }),
    cobAgenciaDv: varchar('cob_agencia_dv', { length: 1 }),
    cobConta: varchar('cob_conta', { length: 8 }),
    cobContaDv: varchar('cob_conta_dv', { length: 1 }),
    /** Boleto: FEBRABAN bank code ('001', '033'), agreement, wallet and sequential number. */
    cobBanco: varchar('cob_banco', { length: 3 }),
    cobConvenio: varchar('cob_convenio', { length: 7 }),
    cobCarteira: varchar('cob_carteira', { length: 3 }),
    cobNossoNumero: bigint('cob_nosso_numero', { mode: 'number' }),
    cobVencimento: date('cob_vencimento').notNull(),
    cobValor: integer('cob_valor').notNull(),
    cobParcela: smallint('cob_parcela').notNull().default(1),
    cobParcelas: smallint('cob_parcelas').notNull().default(1),
    cobRetorno: date('cob_retorno'),
    cdrCodRet: integer('cdr_cod_ret'),
    /** The closing period whose closing created it (null: made by hand); one per holder and closing (migration 0037). */
    fecId: integer('fec_id'),
    /** The remittance it was last sent in (migration 0040; null: not sent yet). */
    rmId: integer('rm_id'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    foreignKey({ columns: [t.cstId], foreignColumns: [customers.cstId], name: 'charges_cst_id_customers_cst_id_fk' }),
    foreignKey({
      columns: [t.cdrCodRet],
      foreignColumns: [chargeReturnCodes.cdrCodRet],
      name: 'charges_cdr_cod_ret_charge_return_codes_cdr_cod_ret_fk',
    }),
    foreignKey({ columns: [t.createdBy], foreignColumns: [users.userId], name: 'charges_created_by_users_user_id_fk' }).onDelete('set null'),
    index('charges_cst_idx').on(t.cstId, t.cobVencimento),
    uniqueIndex('charges_closing_uq')
      .on(t.fecId, t.cstId)
      .where(sql`${t.fecId} IS NOT NULL`),
    uniqueIndex('charges_nosso_numero_uq')
      .on(t.cobBanco, t.cobConvenio, t.cobNossoNumero)
      .where(sql`${t.cobNossoNumero} IS NOT NULL`),
    check('charges_valor_ck', sql`${t.cobValor} > 0`),
    check('charges_parcelas_ck', sql`${t.cobParcelas} BETWEEN 1 AND 12 AND ${t.cobParcela} BETWEEN 1 AND ${t.cobParcelas}`),
    check('charges_retorno_ck', sql`(${t.cobRetorno} IS NULL) = (${t.cdrCodRet} IS NULL)`),
    check(
      'charges_boleto_ck',
      sql`${t.bnkId} <> 11 OR (${t.cobBanco} IS NOT NULL AND ${t.cobConvenio} IS NOT NULL AND ${t.cobCarteira} IS NOT NULL AND ${t.cobNossoNumero} IS NOT NULL)`,
    ),
  ],
);

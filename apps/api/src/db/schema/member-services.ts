import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { customers } from './people.js';
import { services } from './registries.js';

/**
 * A member's service rows (spec 1 §3 "Member service": usuarioServicos), of a holder or of a dependent (cstId).
 * Money in integer cents; the monthly closing charges a row from cslInicio to cslFim (issue 13+).
 */
export const customerServices = pgTable(
  'customer_services',
  {
    cslId: serial('csl_id').primaryKey(),
    cstId: integer('cst_id')
      .notNull()
      .references(() => customers.cstId, { onDelete: 'cascade' }),
    svcId: integer('svc_id')
      .notNull()
      .references(() => services.svcId),
    valor: integer('valor').notNull().default(0),
    cslQuantidade: integer('csl_quantidade'),
    cslInt1: integer('csl_int1'),
    cslInt4: integer('csl_int4'),
    cslInt5: integer('csl_int5'),
    cslStr1: varchar('csl_str1', { length: 40 }),
    cslStr2: varchar('csl_str2', { length: 100 }),
    cslStr3: varchar('csl_str3', { length: 40 }),
    cslStr4: varchar('csl_str4', { length: 40 }),
    cslDate1: date('csl_date1'),
    cslValue1: integer('csl_value1'),
    cslValue2: integer('csl_value2'),
    cslInicio: date('csl_inicio'),
    cslFim: date('csl_fim'),
    /** Optimistic concurrency (decision 5). */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('customer_services_cst_idx').on(t.cstId),
    index('customer_services_svc_idx').on(t.svcId),
    // The filter's services and suppliers (has / has not), index-only (migration 0048).
    index('customer_services_filter_idx').on(t.svcId, t.cstId, t.cslFim),
    check('customer_services_valor_ck', sql`${t.valor} >= 0`),
    check('customer_services_period_ck', sql`${t.cslFim} IS NULL OR ${t.cslInicio} IS NULL OR ${t.cslFim} >= ${t.cslInicio}`),
  ],
);

/**
 * The plugin of a service (spec 1 §3 svcEditPlugin): the edit form its rows open on the member (migration 0026). No
 * foreign key to services: the demo seed empties that registry with TRUNCATE.
 */
export const servicePlugins = pgTable(
  'service_plugins',
  {
    svcId: integer('svc_id').primaryKey(),
    plugin: varchar('plugin', { length: 16 }).notNull(),
  },
  (t) => [check('service_plugins_plugin_ck', sql`${t.plugin} IN ('plgCelular', 'plgCCH', 'plgCCHAdd', 'plgSeguroVida', 'plgHealth')`)],
);

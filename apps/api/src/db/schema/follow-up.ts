import { index, integer, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './access.js';
import { customers } from './people.js';

/**
 * Follow-up rows (atendimentos; spec 2 §3): a member's service-desk records. atdData and atdCriadoPor are the
 * insert's time and user (the server's); type, department, subject and status are the domain's fixed lists.
 */
export const atendimentos = pgTable(
  'atendimentos',
  {
    atdId: serial('atd_id').primaryKey(),
    cstId: integer('cst_id')
      .notNull()
      .references(() => customers.cstId, { onDelete: 'cascade' }),
    atdData: timestamp('atd_data', { withTimezone: true }).notNull().defaultNow(),
    atdTipo: smallint('atd_tipo').notNull(),
    atdDepartamento: smallint('atd_departamento').notNull(),
    atdAssunto: smallint('atd_assunto').notNull(),
    atdTitulo: varchar('atd_titulo', { length: 200 }).notNull(),
    atdCriadoPor: varchar('atd_criado_por', { length: 64 }).notNull(),
    atdCriadoPorId: integer('atd_criado_por_id').references(() => users.userId, { onDelete: 'set null' }),
    atdStatus: smallint('atd_status').notNull().default(1),
    /** Optimistic concurrency (decision 5). */
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('atendimentos_cst_idx').on(t.cstId, t.atdData), index('atendimentos_status_idx').on(t.atdStatus, t.atdData)],
);

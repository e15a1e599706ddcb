import { index, integer, jsonb, pgTable, serial, timestamp, unique, varchar } from 'drizzle-orm/pg-core';

/** Report templates by name (decisions 8 and 15): the current pdfme template of each shipped document. */
export const reportTemplates = pgTable('report_templates', {
  /** The "number" of GET report/id/{number}. */
  reportId: serial('report_id').primaryKey(),
  name: varchar('name', { length: 80 }).notNull().unique(),
  template: jsonb('template').notNull(),
  version: integer('version').notNull().default(1),
  updatedByName: varchar('updated_by_name', { length: 64 }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every version a template had (the first is the shipped default), for the history and "Restaurar". */
export const reportTemplateVersions = pgTable(
  'report_template_versions',
  {
    id: serial('id').primaryKey(),
    reportId: integer('report_id')
      .notNull()
      .references(() => reportTemplates.reportId, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    template: jsonb('template').notNull(),
    /** 'save' | 'restore' | 'default' */
    action: varchar('action', { length: 10 }).notNull(),
    savedByName: varchar('saved_by_name', { length: 64 }),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('report_template_versions_report_version_uq').on(t.reportId, t.version),
    index('report_template_versions_report_idx').on(t.reportId),
  ],
);

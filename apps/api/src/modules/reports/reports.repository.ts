import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { reportTemplates, reportTemplateVersions } from '../../db/schema/index.js';

export type ReportAction = 'save' | 'restore' | 'default';
export type ReportRow = typeof reportTemplates.$inferSelect;

/** SQL of the report templates (report_templates and their versions). */
export const reportsRepository = {
  /** Installs a shipped template once (idempotent under concurrent starts): version 1, action 'default'. */
  async install(db: Executor, name: string, template: unknown) {
    const [row] = await db
      .insert(reportTemplates)
      .values({ name, template, version: 1 })
      .onConflictDoNothing({ target: reportTemplates.name })
      .returning({ reportId: reportTemplates.reportId });
    if (row) await db.insert(reportTemplateVersions).values({ reportId: row.reportId, version: 1, template, action: 'default' });
    return row !== undefined;
  },

  /**
   * What the start-up upgrade needs of a name's stored template against the shipped one: whether it already is the
   * shipped one, its current version's action, and whether it is a template the application wrote itself (it equals
   * one of the versions written with action 'default': the install, an earlier upgrade or "Restaurar padrão").
   */
  async shippedState(db: Executor, reportId: number, shipped: unknown) {
    const result = await db.execute<{ same: boolean; action: string | null; shippedBefore: boolean }>(sql`
      select t.template = ${JSON.stringify(shipped)}::jsonb as "same", v.action as "action",
        exists (
          select 1 from ${reportTemplateVersions} d
          where d.report_id = t.report_id and d.action = 'default' and d.template = t.template
        ) as "shippedBefore"
      from ${reportTemplates} t
      left join ${reportTemplateVersions} v on v.report_id = t.report_id and v.version = t.version
      where t.report_id = ${reportId}`);
    return result.rows[0];
  },

  async all(db: Executor): Promise<ReportRow[]> {
    return db.select().from(reportTemplates).orderBy(reportTemplates.reportId);
  },

  async byName(db: Executor, name: string, lock = false): Promise<ReportRow | undefined> {
    const query = db.select().from(reportTemplates).where(eq(reportTemplates.name, name));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  },

  async byNumber(db: Executor, reportId: number): Promise<ReportRow | undefined> {
    const [row] = await db.select().from(reportTemplates).where(eq(reportTemplates.reportId, reportId));
    return row;
  },

  /**
   * The current template of a name (the document service's template source) and its size in characters as JSON; a
   * template past `maxChars` is not read (null): the database measures it, so the API never parses a huge one.
   */
  async templateOf(db: Executor, name: string, maxChars: number): Promise<{ template: unknown; chars: number } | undefined> {
    const result = await db.execute<{ template: unknown; chars: number }>(sql`
      select case when s.chars <= ${maxChars} then t.template end as "template", s.chars as "chars"
      from ${reportTemplates} t, lateral (select length(t.template::text)::int as chars) s
      where t.name = ${name}`);
    return result.rows[0];
  },

  /** Writes a new current version, if the row is still at `expected`; undefined when it moved on. `byName` null: the application. */
  async writeVersion(db: Executor, reportId: number, expected: number, template: unknown, action: ReportAction, byName: string | null) {
    const [row] = await db
      .update(reportTemplates)
      .set({ template, version: sql`${reportTemplates.version} + 1`, updatedByName: byName, updatedAt: sql`now()` })
      .where(and(eq(reportTemplates.reportId, reportId), eq(reportTemplates.version, expected)))
      .returning();
    if (!row) return undefined;
    await db.insert(reportTemplateVersions).values({ reportId, version: row.version, template, action, savedByName: byName });
    return row;
  },

  async versions(db: Executor, reportId: number) {
    return db
      .select({
        version: reportTemplateVersions.version,
        action: reportTemplateVersions.action,
        savedByName: reportTemplateVersions.savedByName,
        savedAt: reportTemplateVersions.savedAt,
      })
      .from(reportTemplateVersions)
      .where(eq(reportTemplateVersions.reportId, reportId))
      .orderBy(desc(reportTemplateVersions.version));
  },

  async version(db: Executor, reportId: number, version: number) {
    const [row] = await db
      .select({ template: reportTemplateVersions.template })
      .from(reportTemplateVersions)
      .where(and(eq(reportTemplateVersions.reportId, reportId), eq(reportTemplateVersions.version, version)));
    return row;
  },
};

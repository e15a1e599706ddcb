import { isDeepStrictEqual } from 'node:util';
import type { Template } from '@pdfme/common';
import { genericMessages, reportLimits, reportMessages, type ReportItem, type ReportVersion } from '@assoc/domain';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError, badRequest, conflict, notFound, unprocessable } from '../../lib/errors.js';
import type { DocumentDefinition } from '../documents/document.types.js';
import { templateProblem } from '../documents/documents.template-check.js';
import { reportsRepository as repo, type ReportAction, type ReportRow } from './reports.repository.js';

/** What the reports module uses of the document service (modules/documents). */
export interface ReportsDocuments {
  readonly definitions: readonly DocumentDefinition[];
  render(name: string, data: unknown): Promise<Uint8Array>;
  renderWith(definition: DocumentDefinition, data: unknown, template?: Template): Promise<Uint8Array>;
  setTemplateSource(source: { current(name: string): Promise<Template | null> }): void;
  warm(): Promise<void>;
}

const AUDIT = 'relatorios';
/** The audit's author of the start-up upgrade of a shipped template (no user: the application; "Sistema" as the screens show it). */
const SYSTEM: Actor = { userId: 0, name: 'Sistema' };
const iso = (value: Date | string) => new Date(value).toISOString();

/** The field names the definition fills (from its sample) that its default template holds: a save must keep them. */
function filledFields(definition: DocumentDefinition): string[] {
  const inTemplate = new Set(definition.template.schemas.flat().map((schema) => schema.name));
  let filled: string[] = [];
  try {
    const data: unknown = definition.data.parse(definition.sample());
    const rows = definition.inputs(data, { association: { name: 'Associação', shortName: 'Associação' }, now: new Date() });
    filled = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  } catch {
    filled = [...inTemplate];
  }
  return filled.filter((field) => inTemplate.has(field));
}

/** Report templates by name (decisions 8 and 15): install, read, save as versions, restore, render. */
export function createReportsService(db: Db, documents: ReportsDocuments) {
  const definitions = () => documents.definitions;
  const definitionOf = (name: string) => {
    const definition = definitions().find((d) => d.name === name);
    if (!definition) throw notFound(reportMessages.notFound);
    return definition;
  };
  const rowOf = async (name: string, lock = false, executor: Parameters<typeof repo.byName>[0] = db) => {
    definitionOf(name);
    const row = await repo.byName(executor, name, lock);
    if (!row) throw notFound(reportMessages.notFound);
    return row;
  };
  const reply = (row: ReportRow) => ({
    name: row.name,
    number: row.reportId,
    version: row.version,
    rptData: row.template as Record<string, unknown>,
  });

  /** The shipped templates as stored (JSON: what jsonb gives back), to tell an edited template from the default. */
  const shipped = new Map<string, unknown>();
  const isShipped = (name: string, template: unknown) => {
    const definition = definitions().find((d) => d.name === name);
    if (!definition) return false;
    if (!shipped.has(name)) shipped.set(name, JSON.parse(JSON.stringify(definition.template)));
    return isDeepStrictEqual(template, shipped.get(name));
  };

  /**
   * Checks a template to save (issue 22 item 4): a valid pdfme template within the template bounds (size, texts,
   * schemas, base page, types, fonts, placeholders), that keeps every field the document fills, and that renders the
   * definition's sample within the render limits (in a worker, as every edited template). 400 otherwise, nothing saved.
   */
  async function checked(definition: DocumentDefinition, rptData: unknown, { fields = true } = {}): Promise<Template> {
    const problem = templateProblem(rptData);
    if (problem) throw badRequest(problem);
    const template = rptData as Template;
    const names = new Set(template.schemas.flat().map((schema) => schema.name));
    const missing = fields ? filledFields(definition).filter((field) => !names.has(field)) : [];
    if (missing.length) throw badRequest(reportMessages.missingFields(missing));
    try {
      await documents.renderWith(definition, definition.sample(), template);
    } catch (error) {
      // The 422 of the render names the template and says why; on a save it is the request that is refused.
      if (error instanceof AppError) throw badRequest(error.message);
      throw error;
    }
    return template;
  }

  /** One new version in a transaction, audited; 409 when the row is no longer at `expected`. */
  async function write(name: string, expected: number | undefined, template: unknown, action: ReportAction, actor: Actor) {
    return db.transaction(async (tx) => {
      const before = await rowOf(name, true, tx);
      if (expected !== undefined && before.version !== expected) throw conflict(genericMessages.staleRecord);
      const after = await repo.writeVersion(tx, before.reportId, before.version, template, action, actor.name.slice(0, 64));
      if (!after) throw conflict(genericMessages.staleRecord);
      await writeAudit(tx, {
        category: AUDIT,
        entityId: before.reportId,
        action: action === 'save' ? 'update' : 'restore',
        user: actor,
        before: { name, version: before.version, template: before.template },
        after: { name, version: after.version, action, template },
      });
      return reply(after);
    });
  }

  return {
    /**
     * At start-up, per shipped definition: installs its row once (insert … on conflict do nothing), or upgrades a stored
     * template nobody edited to the shipped one (a new version, action 'default', audited as the application's). Not
     * edited: its current version was written by the install, an earlier upgrade or "Restaurar padrão" (action
     * 'default'), or restores such a version, and its template is one of those the application wrote. A template a user
     * saved, or a restore of a saved version, is never touched. Several instances may start together: the row is locked
     * and compared again, so one of them upgrades and the others find the shipped template. Answers the upgraded names.
     */
    async install(): Promise<string[]> {
      const upgraded: string[] = [];
      for (const definition of definitions()) {
        const done = await db.transaction(async (tx) => {
          if (await repo.install(tx, definition.name, definition.template)) return false;
          const row = await repo.byName(tx, definition.name, true);
          if (!row) return false;
          const state = await repo.shippedState(tx, row.reportId, definition.template);
          if (!state || state.same || !state.shippedBefore || (state.action !== 'default' && state.action !== 'restore')) return false;
          const after = await repo.writeVersion(tx, row.reportId, row.version, definition.template, 'default', null);
          if (!after) return false;
          await writeAudit(tx, {
            category: AUDIT,
            entityId: row.reportId,
            action: 'update',
            user: SYSTEM,
            before: { name: row.name, version: row.version, template: row.template },
            after: { name: row.name, version: after.version, action: 'default', upgrade: true, template: definition.template },
          });
          return true;
        });
        if (done) upgraded.push(definition.name);
      }
      return upgraded;
    },

    /**
     * The document service's template source: the stored template of a name, or null when there is none or it is the
     * shipped default (rendered in-process; an edited one renders in a worker under the render limits).
     */
    async current(name: string): Promise<Template | null> {
      const row = await repo.templateOf(db, name, reportLimits.templateChars);
      if (!row) return null;
      const definition = definitions().find((d) => d.name === name);
      // Past the size bound (stored by other means than a save): refused before the API reads it (issue 22 item 4).
      if (row.template === null) {
        if (!definition) return null;
        const problem = reportMessages.tooLarge(reportLimits.templateChars / 1024 / 1024);
        throw unprocessable(reportMessages.renderFailed(definition.description, name, problem));
      }
      return isShipped(name, row.template) ? null : (row.template as Template);
    },

    /** Whether any document has an edited template (rendered in a worker): the start-up warms a worker then. */
    async anyEdited(): Promise<boolean> {
      for (const definition of definitions()) if (await this.current(definition.name)) return true;
      return false;
    },

    async list(): Promise<ReportItem[]> {
      const byName = new Map(definitions().map((d) => [d.name, d]));
      return (await repo.all(db))
        .filter((row) => byName.has(row.name))
        .map((row) => ({
          name: row.name,
          description: byName.get(row.name)?.description ?? '',
          number: row.reportId,
          version: row.version,
          updatedByName: row.updatedByName,
          updatedAt: iso(row.updatedAt),
        }));
    },

    get: async (name: string) => reply(await rowOf(name)),

    async byNumber(reportId: number) {
      const row = await repo.byNumber(db, reportId);
      if (!row) throw notFound(reportMessages.notFound);
      return reply(await rowOf(row.name));
    },

    async save(name: string, rptData: unknown, version: number, actor: Actor) {
      const template = await checked(definitionOf(name), rptData);
      return write(name, version, template, 'save', actor);
    },

    async versions(name: string): Promise<ReportVersion[]> {
      const row = await rowOf(name);
      return (await repo.versions(db, row.reportId)).map((v) => ({ ...v, action: v.action as ReportAction, savedAt: iso(v.savedAt) }));
    },

    /** A restore is a new version: of an earlier version ({ version }) or of the shipped default ({ padrao: true }). */
    async restore(name: string, body: { version?: number; padrao?: true; current?: number }, actor: Actor) {
      const definition = definitionOf(name);
      if (body.padrao) return write(name, body.current, definition.template, 'default', actor);
      const row = await rowOf(name);
      const target = await repo.version(db, row.reportId, body.version ?? 0);
      if (!target) throw notFound(reportMessages.versionNotFound(body.version ?? 0));
      // A version saved before the template bounds is checked as a save would be (an older default may lack a field added since).
      return write(name, body.current, await checked(definition, target.template, { fields: false }), 'restore', actor);
    },

    /** The PDF of the viewer: the definition's demo data when it exists, else its sample, through the stored template. */
    async pdf(name: string): Promise<Uint8Array> {
      const definition = definitionOf(name);
      const demo = definition.demoData ? await definition.demoData(db) : null;
      return documents.render(name, demo ?? definition.sample());
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;

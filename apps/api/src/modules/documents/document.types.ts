import type { Template } from '@pdfme/common';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';

/** What every document may print besides its own data (decision 8: the association's name and logo from configuration). */
export interface RenderContext {
  association: { name: string; shortName: string; /** data URL of the logo, when configured */ logo?: string };
  /** When the document is rendered (its "emitido em"). */
  now: Date;
}

/**
 * One printed document of the product (issue 11): its report name (`report/{name}`), the zod schema of the data
 * the product passes (a missing field is a clear error, never a blank PDF), the shipped default pdfme template,
 * and how the data fills the template's fields. Staff may replace the template (reports module); the data,
 * schema and mapping stay in code.
 */
export interface DocumentDefinition<S extends z.ZodType = z.ZodType> {
  /** The report name, e.g. 'declaracao-vinculo' (stable: stored templates and `report/{name}` use it). */
  name: string;
  /** pt-BR, listed on /reports. */
  description: string;
  data: S;
  /** The shipped default template. */
  template: Template;
  /** pdfme inputs (one object per copy of the template's pages) from the validated data. */
  inputs(data: z.output<S>, context: RenderContext): Record<string, string>[];
  /** A realistic typed sample (tests, and the viewer when the data behind the document does not exist yet). */
  sample(): z.input<S>;
  /** Real data of a demo member for the /reports viewer, when the data exists (null: use `sample`). */
  demoData?(db: Db): Promise<z.input<S> | null>;
}

/** Where the staff-edited template of a document comes from (the reports module sets it; null: the shipped default). */
export interface TemplateSource {
  current(name: string): Promise<Template | null>;
}

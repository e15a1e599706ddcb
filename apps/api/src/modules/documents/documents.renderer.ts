import fs from 'node:fs';
import path from 'node:path';
import { generate } from '@pdfme/generator';
import { barcodes, ellipse, image, line, multiVariableText, rectangle, svg, table, text } from '@pdfme/schemas';
import type { Font, Plugins, Template } from '@pdfme/common';
import type { z } from 'zod';
import { repoRoot } from '../../config.js';
import { badRequest } from '../../lib/errors.js';
import type { DocumentDefinition, RenderContext } from './document.types.js';

/** The fonts every document uses (Portuguese-complete, shipped in the repository: rendering never needs the network). */
export const FONTS_DIR = path.join(repoRoot, 'apps/api/assets/fonts');
export const FONT_REGULAR = 'DejaVuSans';
export const FONT_BOLD = 'DejaVuSans-Bold';

let fonts: Font | undefined;
/**
 * DejaVu Sans (the fallback) and DejaVu Sans Bold, cut to the Latin ranges (assets/fonts/README.md: the full fonts made each
 * PDF five times slower), read once per process; each PDF embeds the glyphs it uses.
 */
export function documentFonts(): Font {
  fonts ??= {
    [FONT_REGULAR]: { data: new Uint8Array(fs.readFileSync(path.join(FONTS_DIR, 'DejaVuSans-Latin.ttf'))), fallback: true },
    [FONT_BOLD]: { data: new Uint8Array(fs.readFileSync(path.join(FONTS_DIR, 'DejaVuSans-Bold-Latin.ttf'))) },
  };
  return fonts;
}

/** The pdfme schema plugins a template may use (built once). */
export const documentPlugins: Plugins = { text, multiVariableText, table, image, svg, line, rectangle, ellipse, ...barcodes };

/** The zod refusal as one pt-BR message naming the field: 'titular.cpf: CPF Inválido'. */
export function dataRefusal(error: z.ZodError): string {
  return error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');
}

export interface DocumentRenderer {
  /** Validates `data` with the definition's schema (400 naming the field), fills the template (the definition's default unless given) and answers the PDF. */
  render<S extends z.ZodType>(definition: DocumentDefinition<S>, data: unknown, template?: Template): Promise<Uint8Array>;
}

/**
 * The one PDF renderer (issue 11): pdfme with the shipped fonts and plugins, reused between renders.
 * `context()` gives the association's name, logo and the emission instant of each render.
 */
export function createDocumentRenderer({ context }: { context: () => RenderContext }): DocumentRenderer {
  const font = documentFonts();
  return {
    async render(definition, data, template) {
      const parsed = definition.data.safeParse(data);
      if (!parsed.success) throw badRequest(dataRefusal(parsed.error));
      const ctx = context();
      const inputs = definition.inputs(parsed.data, ctx);
      return generate({
        template: template ?? definition.template,
        inputs,
        plugins: documentPlugins,
        options: { font, title: definition.description, author: ctx.association.name, creationDate: ctx.now },
      });
    },
  };
}

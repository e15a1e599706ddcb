import { checkTemplate, type Schema, type Template } from '@pdfme/common';
import { reportLimits, reportMessages } from '@assoc/domain';
import { unsupportedPlaceholders } from './documents.placeholders.js';
import { FONT_BOLD, FONT_REGULAR, documentPlugins } from './documents.renderer.js';

/** The schema types a template may use: those of the plugins the generator has. */
const KNOWN_TYPES = new Set(Object.values(documentPlugins).map((plugin) => (plugin.propPanel.defaultSchema as Schema).type));
/** The fonts shipped (documentFonts). */
const KNOWN_FONTS = [FONT_REGULAR, FONT_BOLD];
const TEXT_TYPES = new Set(['text', 'multiVariableText', 'table']);
const EMBEDDED_PDF = 'data:application/pdf;base64,';
/** Nesting of a schema's options (a table's styles) searched for font names. */
const MAX_DEPTH = 6;

/** Every `fontName` in a schema and its nested options (a table's head, body and column styles). */
function fontNames(value: unknown, depth = 0, found: string[] = []): string[] {
  if (depth > MAX_DEPTH || !value || typeof value !== 'object') return found;
  for (const [key, inner] of Object.entries(value)) {
    if (key === 'fontName' && inner !== undefined && inner !== '') found.push(String(inner));
    else fontNames(inner, depth + 1, found);
  }
  return found;
}

function schemaProblem(schema: Schema): string | null {
  const field = schema.name || '(sem nome)';
  if (!KNOWN_TYPES.has(schema.type)) return reportMessages.unknownType(field, String(schema.type));
  const font = fontNames(schema).find((name) => !KNOWN_FONTS.includes(name));
  if (font !== undefined) return reportMessages.unknownFont(field, font, KNOWN_FONTS);
  if (TEXT_TYPES.has(schema.type)) {
    for (const key of ['content', 'text'] as const) {
      const text = (schema as Record<string, unknown>)[key];
      if (typeof text === 'string' && text.length > reportLimits.textChars) return reportMessages.textTooLong(field, reportLimits.textChars);
    }
  }
  if (schema.readOnly && schema.type === 'text' && typeof schema.content === 'string') {
    const [expression] = unsupportedPlaceholders(schema.content);
    if (expression !== undefined) return reportMessages.expression(field, expression.length > 60 ? `${expression.slice(0, 57)}…` : expression);
  }
  return null;
}

/** pdfme's message without its banner, on one line. */
function pdfmeProblem(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text
    .replace(/\[@pdfme\/common\]\s*Invalid argument:\s*/i, '')
    .replace(/-{3,}/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 300);
}

/**
 * What makes a template unfit to store or render, as a pt-BR message, or null (issue 22 item 4): not a valid pdfme
 * template (pdfme's own check), its size, pages and schemas past `reportLimits`, a long text, a base page that is
 * neither a blank page nor an embedded PDF (no URL, no file path), a schema type or font the generator does not have,
 * a fixed text with a placeholder that is more than a name. Checked on save (400) and before a stored template is
 * rendered (422; `chars`: its size when already known).
 */
export function templateProblem(template: unknown, chars = JSON.stringify(template ?? null).length): string | null {
  if (chars > reportLimits.templateChars) return reportMessages.tooLarge(reportLimits.templateChars / 1024 / 1024);
  try {
    checkTemplate(template);
  } catch (error) {
    return reportMessages.invalidTemplate(pdfmeProblem(error));
  }
  const { basePdf, schemas: pages } = template as Template;
  if (typeof basePdf === 'string' ? !basePdf.startsWith(EMBEDDED_PDF) : !basePdf || typeof basePdf !== 'object' || !('width' in basePdf)) {
    return reportMessages.basePdf;
  }
  if (pages.length > reportLimits.pages) return reportMessages.tooManyPages(reportLimits.pages);
  const statics = typeof basePdf === 'object' && 'staticSchema' in basePdf ? (basePdf.staticSchema ?? []) : [];
  const schemas = [...statics, ...pages.flat()];
  if (schemas.length > reportLimits.schemas) return reportMessages.tooManySchemas(reportLimits.schemas);
  for (const schema of schemas) {
    const problem = schemaProblem(schema);
    if (problem) return problem;
  }
  return null;
}

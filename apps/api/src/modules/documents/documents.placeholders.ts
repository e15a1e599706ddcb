import type { Schema, Template } from '@pdfme/common';
import { reportLimits } from '@assoc/domain';

/**
 * The `{…}` placeholders of a template's fixed texts, filled by this module instead of pdfme (issue 22 item 4).
 * pdfme 6 evaluates every `{…}` of a read-only schema as JavaScript with its own interpreter (acorn, with String,
 * Array, arrow functions: `'x'.repeat(1e9)` or a loop through `Array(n).map` runs unbounded), and evaluates the data
 * values holding braces too. Here a placeholder is only a name: `{nome}` is replaced by the value of that input,
 * fixed text, `date`, `dateTime`, `currentPage` or `totalPages`; anything else stays as written, like pdfme's
 * unresolvable ones. Values are never read as placeholders again. pdfme never sees a read-only text with braces:
 * the generator fills them itself (see `fixedWithBraces`).
 */

const PLACEHOLDER = /\{([^{}]*)\}/g;
const NAME = /^\s*([A-Za-z_$][\w$]*)\s*$/;

/** The placeholders of a text that are not a plain name (what a save refuses), in order. */
export function unsupportedPlaceholders(content: string): string[] {
  return [...content.matchAll(PLACEHOLDER)].filter((match) => !NAME.test(match[1]!)).map((match) => match[0]);
}

const pad = (value: number) => String(value).padStart(2, '0');
/** pdfme's `date` and `dateTime` (its designer previews the same text). */
function dateVariables(now: Date) {
  const date = `${now.getFullYear()}/${pad(now.getMonth() + 1)}/${pad(now.getDate())}`;
  return { date, dateTime: `${date} ${pad(now.getHours())}:${pad(now.getMinutes())}` };
}

/** What a fixed text's placeholders may name: pdfme's date variables, every schema (fixed ones by content), the input. */
export function placeholderVariables(schemas: Schema[][], input: Record<string, unknown>, now = new Date()): Record<string, unknown> {
  const named = Object.fromEntries(schemas.flat().map((schema) => [schema.name, schema.readOnly ? (schema.content ?? '') : '']));
  return { ...dateVariables(now), ...named, ...input };
}

/**
 * The text with each `{name}` replaced by its variable's value (a string or number); throws past `maxChars`
 * (a text naming a long value many times), so the work is bounded by the result's size.
 */
export function fillPlaceholders(
  content: string,
  variables: Readonly<Record<string, unknown>>,
  maxChars: number = reportLimits.textChars * 10,
): string {
  if (!content.includes('{')) return content;
  let result = '';
  let last = 0;
  for (const match of content.matchAll(PLACEHOLDER)) {
    const name = NAME.exec(match[1]!)?.[1];
    const value = name !== undefined && Object.hasOwn(variables, name) ? variables[name] : undefined;
    const text = typeof value === 'string' || typeof value === 'number' ? String(value) : match[0];
    result += content.slice(last, match.index) + text;
    last = match.index + match[0].length;
    if (result.length > maxChars) throw new Error(`texto preenchido com mais de ${maxChars.toLocaleString('pt-BR')} caracteres`);
  }
  return result + content.slice(last);
}

/** The read-only schemas whose content has braces: pdfme would evaluate them; the generator fills them instead. */
export function fixedWithBraces(template: Template): Set<string> {
  const names = new Set<string>();
  for (const page of template.schemas)
    for (const schema of page) if (schema.readOnly && typeof schema.content === 'string' && schema.content.includes('{')) names.add(schema.name);
  return names;
}

/**
 * The template and input pdfme gets when it lays out or draws the page itself: the fixed texts with braces become
 * inputs filled here (`page` gives `currentPage` of a schema's page; `totalPages` is the template's page count), so
 * pdfme reads no placeholder. The template is copied only when something changes.
 */
export function bakePlaceholders(template: Template, input: Record<string, string>, names: Set<string>, now = new Date()) {
  if (names.size === 0) return { template, input };
  const baked: Record<string, string> = { ...input };
  const totalPages = template.schemas.length;
  const schemas = template.schemas.map((page, index) => {
    const variables = { ...placeholderVariables(template.schemas, input, now), totalPages, currentPage: index + 1 };
    return page.map((schema) => {
      if (!names.has(schema.name)) return schema;
      baked[schema.name] = fillPlaceholders(String(schema.content ?? ''), variables);
      return { ...schema, readOnly: false, required: false };
    });
  });
  return { template: { ...template, schemas }, input: baked };
}

import type { z } from 'zod';
import { isApiError } from '../../../app/api';

/** Errors of a form by full path ('nome', 'endereco.cep', 'dependentes.0.cpf'). */
export type FieldErrors = Record<string, string>;

/** 'a.b.0.c' of an issue path (zod 4 path segments: keys, array indexes, symbols). */
export const pathKey = (path: readonly PropertyKey[]) => path.map((segment) => String(segment)).join('.');

/** The one "first zod error per field" rule: the first message of each full path of a failed parse. */
export function firstErrorPerField(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = pathKey(issue.path);
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/**
 * Why a save button is disabled by errors (issue 22 item 3): the first blocking field as 'Label: message'
 * ('Perfil: Campo obrigatório'), the label from `labelOf` (the path itself when it has none); null when valid.
 */
export function blockingReason(errors: FieldErrors, labelOf: (path: string) => string | undefined): string | null {
  const first = Object.entries(errors).find(([, message]) => message);
  if (!first) return null;
  const [path, message] = first;
  return `${labelOf(path) ?? path}: ${message}`;
}

/** The zod resolver of the form layer: the schema's first error per field of these values ({} when valid). */
export function zodErrors(schema: z.ZodType, values: unknown): FieldErrors {
  const result = schema.safeParse(values);
  return result.success ? {} : firstErrorPerField(result.error.issues);
}

/** The value at a dotted path ('endereco.cep', 'dependentes.0.nome'); undefined when a step is missing. */
export function valueAt(values: unknown, path: string): unknown {
  let current: unknown = values;
  for (const segment of path.split('.')) {
    if (current == null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/** Whether a dotted path names a field of these values (its parent exists and holds the key). */
function hasPath(values: unknown, path: string): boolean {
  const segments = path.split('.');
  const last = segments.pop()!;
  const parent = segments.length ? valueAt(values, segments.join('.')) : values;
  return parent != null && typeof parent === 'object' && last in (parent as object);
}

interface ServerValidationIssue {
  instancePath?: string;
  message?: string;
}

/**
 * A server refusal (400) as field errors: each `errors[].instancePath` ('/endereco/cep') or, failing
 * that, the `message` shaped 'field.path: text' (the API's validation reply), kept when the path is a
 * field of the form. What cannot be placed on a field comes back as `unmapped` (shown as today).
 */
export function serverFieldErrors(error: unknown, values: unknown): { fields: FieldErrors; unmapped: string | null } {
  if (!isApiError(error) || error.status !== 400) return { fields: {}, unmapped: null };
  const body = (error.body ?? {}) as { message?: unknown; errors?: unknown };
  const fields: FieldErrors = {};
  if (Array.isArray(body.errors)) {
    for (const issue of body.errors as ServerValidationIssue[]) {
      const path = (issue?.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
      if (path && issue.message && hasPath(values, path) && !(path in fields)) fields[path] = issue.message;
    }
  }
  const message = typeof body.message === 'string' ? body.message : error.message;
  if (!Object.keys(fields).length) {
    const match = /^([\w.]+): (.+)$/s.exec(message);
    if (match && hasPath(values, match[1]!)) fields[match[1]!] = match[2]!;
  }
  return { fields, unmapped: Object.keys(fields).length ? null : message };
}

/**
 * zod field builders for the spec's generic rules (spec 1 §5), with the pt-BR texts of messages.ts.
 * Used by the API route schemas and the web forms alike. Builders that clean a value (trim, strip
 * punctuation) do it with overwrite steps, so the schemas stay representable in JSON Schema.
 */
import { z } from 'zod';
import { isoDateInAppZone, isValidIsoDate, onlyDigits } from './format.js';
import { dataMessages, dateMessages, genericMessages as m } from './messages.js';
import { isValidCnpj, isValidCpf } from './people/cpf.js';

/** Required-field message for a missing value, the given message for a value of the wrong type. */
const missingOr = (message: string) => (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? m.required : message);

/**
 * Control characters other than tab, line feed and carriage return (C0 and DEL). A NUL byte cannot be
 * stored in PostgreSQL text and the others only hide content, so every text field refuses them.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is this expression's purpose
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
export const hasControlCharacters = (value: string) => CONTROL_CHARACTERS.test(value);

/*
 * One message per field, without `abort: true`. A field's checks run in order and every reader of a failed parse
 * keeps the FIRST issue of each path (the form's `firstErrorPerField`, the API's 400 'path: message'), so a later
 * check of the same field never shows. The field builders must not mark an issue `abort: true`: zod 4 reads such
 * an issue as an explicit abort of the whole object and then skips its cross-field rules, even those declared
 * with `when` (an empty required field would hide 'Local deve ser informado'). Every check after a failed one
 * must therefore accept any string (they do: regex, trim, lengths, digit clean-up, check-digit tests).
 */

/** The first issue of each path, in order: the one message a field shows (the form, the API's 400, a document's refusal). */
export function firstIssuePerPath<I extends { path: readonly PropertyKey[] }>(issues: readonly I[]): I[] {
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = issue.path.map(String).join('.');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The one text rule of every request field: a string without control characters
 * ('Texto contém caracteres inválidos', the field's first message). Chain trim/min/max after it.
 */
export function safeText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((v) => !hasControlCharacters(v), dataMessages.invalidText);
}

/** A required string: trimmed, empty is 'Campo obrigatório' (its first message). */
const requiredString = () => safeText({ error: m.required }).trim().min(1, m.required);

/**
 * An object's cross-field rules, written once for the form and the server: `schema.superRefine(...crossFieldRules(check))`.
 * They run even while other fields are empty or invalid (`when: () => true`; zod skips an object's refinement
 * after any field issue otherwise), so the form shows 'Data deve ser preenchida!' beside 'Campo obrigatório'.
 * On such partial input a value may still have its raw type (null for a number): a rule that throws on it waits
 * for that field's own message. On input without other issues a throw is a defect and is not hidden.
 * Issues of a rule come after the fields' own, so a field's own message stays its first.
 */
export function crossFieldRules<T>(check: (value: T, ctx: z.RefinementCtx<T>) => void) {
  const tolerant = (value: T, ctx: z.RefinementCtx<T>) => {
    const before = ctx.issues.length;
    try {
      check(value, ctx);
    } catch (error) {
      if (before === 0) throw error;
      // A raw value of the wrong type: its field's own issue already says what is wrong.
    }
  };
  return [tolerant, { when: () => true }] as const;
}

/** What the optional variants return: a string schema that also accepts null and absence. */
type OptionalString = z.ZodOptional<z.ZodNullable<z.ZodString>>;
interface RequiredOption<R extends boolean | undefined> {
  required?: R;
}

/** Digits with the usual typing punctuation (dots, dashes, slashes, spaces). */
const DIGITS_WITH_PUNCTUATION = /^[\d.\-/\s]*$/;

/** Required trimmed text with optional minimum and maximum lengths. */
export function requiredText(min?: number, max?: number) {
  let schema = requiredString();
  if (min !== undefined && min > 1) schema = schema.min(min, m.minLength(min));
  if (max !== undefined) schema = schema.max(max, m.maxLength(max));
  return schema;
}

/** Optional trimmed text (also null or absent) with a maximum length. */
export function optionalText(max: number) {
  return safeText().trim().max(max, m.maxLength(max)).nullish();
}

/** Text of exactly n characters (after trimming). Required unless `required: false`, which also accepts ''. */
export function exactLength(n: number, options?: RequiredOption<true>): z.ZodString;
export function exactLength(n: number, options: RequiredOption<false>): OptionalString;
export function exactLength(n: number, options?: RequiredOption<boolean>): z.ZodString | OptionalString;
export function exactLength(n: number, { required = true }: RequiredOption<boolean> = {}): z.ZodString | OptionalString {
  if (required) return requiredString().length(n, m.exactLength(n));
  return safeText()
    .trim()
    .refine((v) => v === '' || v.length === n, m.exactLength(n))
    .nullish();
}

/** Digits only ('' allowed: chain `.min(1, …)` or use a required builder to demand a value), optional maximum length. */
export function digitsOnly(max?: number) {
  const schema = z.string({ error: m.required }).trim().regex(/^\d*$/, m.digitsOnly);
  return max === undefined ? schema : schema.max(max, m.maxLength(max));
}

/** Required CPF: punctuation accepted, 11 digits with valid check digits, not all equal; output digits only. */
export function cpfField() {
  return requiredString()
    .regex(DIGITS_WITH_PUNCTUATION, m.cpf)
    .overwrite(onlyDigits)
    .refine((v) => isValidCpf(v), m.cpf);
}

/** Required CNPJ: punctuation accepted, 14 digits with valid check digits; output digits only. */
export function cnpjField() {
  return requiredString()
    .regex(DIGITS_WITH_PUNCTUATION, m.cnpj)
    .overwrite(onlyDigits)
    .refine((v) => isValidCnpj(v), m.cnpj);
}

/** The spec's CPF-or-CNPJ rule: type 1 means CNPJ, anything else CPF. */
export function isValidCpfOrCnpj(value: string | null | undefined, type: number | string | null | undefined): boolean {
  if (!DIGITS_WITH_PUNCTUATION.test(value ?? '')) return false;
  return Number(type) === 1 ? isValidCnpj(value) : isValidCpf(value);
}

/** Required CPF (type 0) or CNPJ (type 1) when the type is known up front; 'CPF/CNPJ Inválido'; output digits only. */
export function cpfOrCnpjField(type: 0 | 1) {
  return requiredString()
    .regex(DIGITS_WITH_PUNCTUATION, m.cpfCnpj)
    .overwrite(onlyDigits)
    .refine((v) => isValidCpfOrCnpj(v, type), m.cpfCnpj);
}

/**
 * For objects whose document type is another field: `schema.superRefine(cpfCnpjRefinement('tipo', 'cpfCnpj'))`
 * reports 'CPF/CNPJ Inválido' on the value field (an empty value is left to that field's required rule).
 */
export function cpfCnpjRefinement<K extends string, V extends string>(typeKey: K, valueKey: V) {
  return (data: { [P in K | V]?: unknown }, ctx: z.RefinementCtx) => {
    const value = data[valueKey];
    if (value === undefined || value === null || value === '') return;
    if (typeof value !== 'string' || !isValidCpfOrCnpj(value, data[typeKey] as number | string | null | undefined)) {
      ctx.addIssue({ code: 'custom', message: m.cpfCnpj, path: [valueKey], input: value });
    }
  };
}

/** E-mail ('E-mail inválido'), trimmed. Optional by default ('', null or absent pass); `required: true` demands it. */
export function emailField(options: RequiredOption<true>): z.ZodString;
export function emailField(options?: RequiredOption<false>): OptionalString;
export function emailField(options?: RequiredOption<boolean>): z.ZodString | OptionalString;
export function emailField({ required = false }: RequiredOption<boolean> = {}): z.ZodString | OptionalString {
  if (required) return requiredString().regex(z.regexes.email, m.email);
  return safeText()
    .trim()
    .refine((v) => v === '' || z.regexes.email.test(v), m.email)
    .nullish();
}

/** CEP: 8 digits once the dash (or dots, spaces) is removed; output digits only. `required: false` also accepts ''. */
export function cepField(options?: RequiredOption<true>): z.ZodString;
export function cepField(options: RequiredOption<false>): OptionalString;
export function cepField(options?: RequiredOption<boolean>): z.ZodString | OptionalString;
export function cepField({ required = true }: RequiredOption<boolean> = {}): z.ZodString | OptionalString {
  const cep = safeText({ error: m.required }).trim().regex(DIGITS_WITH_PUNCTUATION, m.digitsOnly).overwrite(onlyDigits);
  if (required) return cep.min(1, m.required).length(8, m.exactLength(8));
  return cep.refine((v) => v === '' || v.length === 8, m.exactLength(8)).nullish();
}

/** Money in integer cents, with optional bounds ('Valor mínimo inválido' / 'Valor máximo inválido'). */
export function moneyCents({ min, max }: { min?: number; max?: number } = {}) {
  let schema = z.number({ error: missingOr(m.oneOf) }).int({ error: m.oneOf });
  if (min !== undefined) schema = schema.min(min, m.numericMin);
  if (max !== undefined) schema = schema.max(max, m.numericMax);
  return schema;
}

/** A whole number from min to max inclusive (billing day 1-31, instalments 1-12). */
export function intRange(min: number, max: number) {
  return z
    .number({ error: missingOr(m.oneOf) })
    .int({ error: m.oneOf })
    .min(min, m.numericMin)
    .max(max, m.numericMax);
}

/** A required calendar date written 'YYYY-MM-DD' (impossible dates such as 2024-02-30 are refused). */
export function isoDateField() {
  return requiredString().refine((v) => isValidIsoDate(v), m.pattern);
}

/**
 * A refinement for an ISO date field: not after today (São Paulo calendar), 'Data não pode ser posterior ao dia
 * de hoje'. Empty or not-a-date text passes (its own check says so): chain it after the field's date check.
 */
export function notAfterToday(): [(value: string | null | undefined) => boolean, string] {
  return [(value) => !value || !isValidIsoDate(value) || value <= isoDateInAppZone(), dateMessages.afterToday];
}

/** Luhn check sum over a digit string (false for empty text or any non-digit). */
export function luhnValid(digits: string | null | undefined): boolean {
  if (!digits || !/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Required card number: spaces and dashes accepted, 13 to 19 digits passing Luhn; output digits only. */
export function creditCardField() {
  return requiredString()
    .regex(/^[\d\s-]*$/, m.card)
    .overwrite(onlyDigits)
    .refine((v) => v.length >= 13 && v.length <= 19 && luhnValid(v), m.card);
}

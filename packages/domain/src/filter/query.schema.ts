/**
 * The filter's query (issue 29 item 1): nested AND/OR groups of rules, the shape react-querybuilder edits
 * (`{ combinator, not?, rules: [{ field, operator, value } | group] }`), bounded in depth and size, each rule checked
 * against the criteria catalogue (unknown field, operator or value: 400 with a pt-BR message naming it). The server
 * compiles only what `normalizeFilterValue` answers, never text from the client.
 */
import { z } from 'zod';
import { hasControlCharacters, safeText } from '../validation.js';
import { filterCriterion, FILTER_OPERATORS, type FilterCriterion, type FilterOperator } from './criteria.js';
import { filterMessages as fm } from './messages.js';

export const FILTER_MAX_DEPTH = 4;
export const FILTER_MAX_RULES = 50;
/** Values in one multi-select rule. */
export const FILTER_MAX_CHOICES = 200;
const TEXT_MAX = 80;

export interface FilterRule {
  id?: string | undefined;
  field: string;
  operator: string;
  value?: unknown;
}
export interface FilterGroup {
  id?: string | undefined;
  combinator: 'and' | 'or';
  not?: boolean | undefined;
  rules: (FilterRule | FilterGroup)[];
}

export const isFilterGroup = (item: FilterRule | FilterGroup): item is FilterGroup => 'rules' in item;

const idSchema = safeText().max(64).optional();

export const filterRuleSchema = z
  .object({
    id: idSchema,
    field: safeText().max(40),
    operator: safeText().max(20),
    value: z.unknown().optional(),
  })
  .strip();

const groupShape: z.ZodType<FilterGroup> = z.lazy(() =>
  z
    .object({
      id: idSchema,
      combinator: z.enum(['and', 'or']),
      not: z.boolean().optional(),
      rules: z.array(z.union([groupShape, filterRuleSchema])).max(FILTER_MAX_RULES, fm.tooManyRules(FILTER_MAX_RULES)),
    })
    .strip(),
);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isIsoDate = (v: unknown): v is string => {
  if (typeof v !== 'string' || !ISO_DATE.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

const toInteger = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v.trim()) : NaN;
  return Number.isSafeInteger(n) ? n : null;
};

export type FilterScalar = string | number | boolean;
/** A checked value: one scalar, a pair (`between`) or a list (`in` / `notIn`). */
export type FilterValue = FilterScalar | [FilterScalar, FilterScalar] | FilterScalar[];

/** One value of the criterion's type, normalised, or null when it is not one. */
function scalarOf(criterion: FilterCriterion, value: unknown): FilterScalar | null {
  switch (criterion.valueType) {
    case 'text': {
      if (typeof value !== 'string' && typeof value !== 'number') return null;
      const text = String(value).trim();
      return text.length > 0 && text.length <= TEXT_MAX && !hasControlCharacters(text) ? text : null;
    }
    case 'number':
    case 'money': {
      const n = toInteger(value);
      if (n === null) return null;
      if (criterion.min !== undefined && n < criterion.min) return null;
      if (criterion.max !== undefined && n > criterion.max) return null;
      return n;
    }
    case 'date':
      return isIsoDate(value) ? value : null;
    case 'boolean':
      return value === true || value === 'true' ? true : value === false || value === 'false' ? false : null;
    case 'select':
    case 'multiselect': {
      if (criterion.options) {
        const option = criterion.options.find((o) => String(o.value) === String(value));
        return option ? option.value : null;
      }
      const id = toInteger(value);
      return id !== null && id > 0 ? id : null;
    }
  }
}

/**
 * The rule's value checked against its criterion and operator: `between` a pair in order, `in`/`notIn` a non-empty
 * list (duplicates dropped), otherwise one value. Null: not a value of this criterion.
 */
export function normalizeFilterValue(criterion: FilterCriterion, operator: FilterOperator, value: unknown): FilterValue | null {
  if (operator === 'between') {
    const pair = typeof value === 'string' ? value.split(',') : value;
    if (!Array.isArray(pair) || pair.length !== 2) return null;
    const from = scalarOf(criterion, pair[0]);
    const to = scalarOf(criterion, pair[1]);
    if (from === null || to === null || typeof from === 'boolean' || typeof to === 'boolean') return null;
    return from <= to ? [from, to] : null;
  }
  if (operator === 'in' || operator === 'notIn') {
    const list = typeof value === 'string' ? value.split(',') : value;
    if (!Array.isArray(list) || list.length === 0 || list.length > FILTER_MAX_CHOICES) return null;
    const out: FilterScalar[] = [];
    for (const item of list) {
      const v = scalarOf(criterion, item);
      if (v === null) return null;
      if (!out.includes(v)) out.push(v);
    }
    return out;
  }
  if (Array.isArray(value)) return null;
  return scalarOf(criterion, value);
}

export interface CheckedRule {
  criterion: FilterCriterion;
  operator: FilterOperator;
  value: FilterValue;
}

/** The message for a rule that the catalogue refuses, or its checked form. */
export function checkFilterRule(rule: FilterRule): { ok: true; rule: CheckedRule } | { ok: false; message: string } {
  const criterion = filterCriterion(rule.field);
  if (!criterion) return { ok: false, message: fm.unknownField(rule.field) };
  const operator = rule.operator as FilterOperator;
  if (!(FILTER_OPERATORS as readonly string[]).includes(operator) || !criterion.operators.includes(operator))
    return { ok: false, message: fm.unknownOperator(criterion.label) };
  const value = normalizeFilterValue(criterion, operator, rule.value);
  if (value === null) return { ok: false, message: fm.badValue(criterion.label) };
  return { ok: true, rule: { criterion, operator, value } };
}

/** Walks the query: depth, size and every rule, each issue at its path. */
function checkGroup(group: FilterGroup, ctx: z.RefinementCtx, path: (string | number)[], depth: number, count: { rules: number }) {
  if (depth > FILTER_MAX_DEPTH) {
    ctx.addIssue({ code: 'custom', message: fm.tooDeep(FILTER_MAX_DEPTH), path });
    return;
  }
  group.rules.forEach((item, i) => {
    const at = [...path, 'rules', i];
    if (isFilterGroup(item)) return checkGroup(item, ctx, at, depth + 1, count);
    count.rules += 1;
    if (count.rules === FILTER_MAX_RULES + 1) ctx.addIssue({ code: 'custom', message: fm.tooManyRules(FILTER_MAX_RULES), path: at });
    const checked = checkFilterRule(item);
    if (!checked.ok) ctx.addIssue({ code: 'custom', message: checked.message, path: at });
  });
}

/** A whole query: the root group (an empty one matches every member). */
export const filterQuerySchema = groupShape.superRefine((group, ctx) => checkGroup(group, ctx, [], 1, { rules: 0 }));
export type FilterQuery = FilterGroup;

/** An empty query (every member). */
export const emptyFilterQuery = (): FilterQuery => ({ combinator: 'and', rules: [] });

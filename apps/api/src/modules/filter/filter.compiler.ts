import { sql, type SQL } from 'drizzle-orm';
import {
  checkFilterRule,
  filterColumn,
  filterCriterion,
  filterMessages as fm,
  isFilterGroup,
  type CheckedRule,
  type FilterColumnKey,
  type FilterCriterionKey,
  type FilterQuery,
  type FilterScalar,
  type FilterSort,
} from '@assoc/domain';
import { badRequest } from '../../lib/errors.js';
import { escapeLike } from '../../lib/sql.js';
import { holderBalanceSql } from '../ledger/ledger.repository.js';

/**
 * The filter's compiler (issue 29 item 1): the domain's query (nested AND/OR groups of catalogue rules) into ONE
 * parameterised SQL condition over `customers c` (the person) joined to `customers h` (their holder: a dependent's
 * parent, a holder itself). Only catalogue keys and operators reach here (each rule is checked again); every value is
 * a bound parameter; the SQL text is this file's. `membersMatching(query)` gives the set of cstIds for another module
 * (Marketing).
 */

export interface CompileOptions {
  /** Today in the app's time zone (ISO), for ages and active services. */
  today: string;
}

type Compiled = SQL;
type RuleCompiler = (rule: CheckedRule, o: CompileOptions) => Compiled;

const list = (v: CheckedRule['value']) => (Array.isArray(v) ? v : [v]) as FilterScalar[];
/** One array parameter (Drizzle would spread a JS array into a list of parameters). */
const arrayParam = (values: unknown[], type: SQL) => sql`${sql.param(values)}::${type}`;
const ints = (v: CheckedRule['value']) => arrayParam(list(v).map(Number), sql`int[]`);

/** `expr` is one of the values (`in`) or none of them, a null included (`notIn`). */
function member(expr: SQL, rule: CheckedRule, values: SQL): SQL {
  return rule.operator === 'in' ? sql`${expr} = any(${values})` : sql`(${expr} is null or not (${expr} = any(${values})))`;
}

/** The person's cst_id is (`in`) or is not (`notIn`) in a set. */
function inSet(rule: CheckedRule, set: SQL, who: SQL = sql`c.cst_id`): SQL {
  return rule.operator === 'in' ? sql`${who} in (${set})` : sql`${who} not in (${set})`;
}

/** A comparison of `expr` with the rule's value: =, !=, <, <=, >, >=, between. */
function compare(expr: SQL, rule: CheckedRule, cast: SQL = sql``): SQL {
  const v = rule.value;
  switch (rule.operator) {
    case 'between': {
      const [from, to] = v as [FilterScalar, FilterScalar];
      return sql`${expr} between ${from}${cast} and ${to}${cast}`;
    }
    case '=':
      return sql`${expr} = ${v}${cast}`;
    case '!=':
      return sql`${expr} is distinct from ${v}${cast}`;
    case '<':
      return sql`${expr} < ${v}${cast}`;
    case '<=':
      return sql`${expr} <= ${v}${cast}`;
    case '>':
      return sql`${expr} > ${v}${cast}`;
    case '>=':
      return sql`${expr} >= ${v}${cast}`;
    default:
      throw new Error(`operator ${rule.operator} not compiled here`);
  }
}

/** `today` minus `years`, as a date parameter expression. */
const yearsBefore = (o: CompileOptions, years: number) => sql`(${o.today}::date - make_interval(years => ${years}::int))::date`;

/**
 * Age in whole years (PostgreSQL's age(): a person born on 29/02 turns a year older on 01/03 in common years) as a
 * range of birth dates, so the index on cust_birthdate serves it: age ≥ a ⟺ born on or before today − a years;
 * age ≤ b ⟺ born after today − (b + 1) years.
 */
function ageRange(rule: CheckedRule, o: CompileOptions): SQL {
  const at = sql`c.cust_birthdate`;
  const atLeast = (a: number) => sql`${at} <= ${yearsBefore(o, a)}`;
  const atMost = (b: number) => sql`${at} > ${yearsBefore(o, b + 1)}`;
  const v = rule.value;
  switch (rule.operator) {
    case 'between': {
      const [a, b] = v as [number, number];
      return sql`(${atLeast(a)} and ${atMost(b)})`;
    }
    case '=':
      return sql`(${atLeast(v as number)} and ${atMost(v as number)})`;
    case '>=':
      return atLeast(v as number);
    case '>':
      return atLeast((v as number) + 1);
    case '<=':
      return atMost(v as number);
    case '<':
      return atMost((v as number) - 1);
    default:
      throw new Error(`operator ${rule.operator} not compiled for age`);
  }
}

/** A service row counts while it has not ended (no end date, or ending today or later). */
const activeService = (o: CompileOptions) => sql`(s.csl_fim is null or s.csl_fim >= ${o.today}::date)`;

const accentless = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** The SQL of each criterion of the catalogue: a key missing here fails the typecheck. */
const criteriaSql: Record<FilterCriterionKey, RuleCompiler> = {
  situacao: (r) => member(sql`c.cust_assoc_situacao`, r, ints(r.value)),
  status: (r) => member(sql`c.cust_status`, r, arrayParam(list(r.value).map(String), sql`bpchar[]`)),
  socio: (r) => sql`c.cust_socio = ${String(r.value)}::bpchar`,
  titular: (r) => (r.value === 'titular' ? sql`c.parent_id is null` : sql`c.parent_id is not null`),
  servico: (r, o) => inSet(r, sql`select s.cst_id from customer_services s where s.svc_id = any(${ints(r.value)}) and ${activeService(o)}`),
  fornecedor: (r, o) =>
    inSet(
      r,
      sql`select s.cst_id from customer_services s where s.svc_id in (select sv.svc_id from services sv join products p on p.suc_id = sv.suc_id where p.sup_id = any(${ints(r.value)})) and ${activeService(o)}`,
    ),
  idade: ageRange,
  aniversario: (r) => member(sql`extract(month from c.cust_birthdate)`, r, arrayParam(list(r.value).map(Number), sql`numeric[]`)),
  regiao: (r) =>
    inSet(
      r,
      sql`select a.cst_id from region_cities rc join ibge_municipios m on m.city_id = rc.city_id join addresses a on a.kind = 1 and a.ad_state = m.uf::text and f_unaccent(lower(a.ad_city)) = f_unaccent(lower(m.city_name)) where rc.region_id = any(${ints(r.value)})`,
      sql`h.cst_id`,
    ),
  circunscricao: (r) =>
    member(
      sql`c.apf_id`,
      r,
      sql`array(select f.apf_id from forums f join comarcas co on co.com_id = f.com_id where co.cir_id = any(${ints(r.value)}))`,
    ),
  comarca: (r) => member(sql`c.apf_id`, r, sql`array(select f.apf_id from forums f where f.com_id = any(${ints(r.value)}))`),
  forum: (r) => member(sql`c.apf_id`, r, ints(r.value)),
  localDebito: (r) => member(sql`h.bnk_id`, r, ints(r.value)),
  numeroInterno: (r) => {
    const digits = (v: FilterScalar) => String(v).replace(/\D/g, '');
    if (r.operator === 'beginsWith') return sql`c.cust_numero_interno like ${`${escapeLike(digits(r.value as FilterScalar))}%`}`;
    if (r.operator === 'between') {
      const [a, b] = r.value as [FilterScalar, FilterScalar];
      return sql`c.cust_numero_interno between ${digits(a)} and ${digits(b)}`;
    }
    return sql`c.cust_numero_interno = ${digits(r.value as FilterScalar)}`;
  },
  nome: (r) => {
    const text = escapeLike(accentless(String(r.value)));
    return sql`c.search_name like ${r.operator === 'beginsWith' ? `${text}%` : `%${text}%`}`;
  },
  admissao: (r) => compare(sql`c.cust_admissao`, r, sql`::date`),
  comunicacao: (r) => member(sql`c.cust_comunicacao`, r, ints(r.value)),
  temEmail: (r) => (r.value === true ? sql`nullif(btrim(c.cust_email), '') is not null` : sql`nullif(btrim(c.cust_email), '') is null`),
  saldoAberto: (r) => {
    const v = r.value;
    // Above a value that is not negative: the holders in holder_balances above it (its index); otherwise the balance
    // of every holder, 0 for a holder without entries (holderBalanceSql, the one definition of what a holder owes).
    if ((r.operator === '>' || r.operator === '>=') && (v as number) >= 0)
      return sql`h.cst_id in (select b.cst_id from holder_balances b where b.balance ${r.operator === '>' ? sql`>` : sql`>=`} ${v}::bigint)`;
    return compare(holderBalanceSql(sql`h.cst_id`), r, sql`::bigint`);
  },
};

/**
 * Every rule checked again (the route's schema did it too: a query read from a saved filter goes through here). Under a
 * NOT a rule's unknown (a null column) counts as false, so NOT (status V) keeps the people without a status; elsewhere
 * a WHERE treats unknown as false already, and the bare condition keeps its index.
 */
function compileGroup(group: FilterQuery, o: CompileOptions, negated = false): Compiled {
  const inNot = negated || !!group.not;
  const parts = group.rules.map((item) => {
    if (isFilterGroup(item)) return compileGroup(item, o, inNot);
    const checked = checkFilterRule(item);
    if (!checked.ok) throw badRequest(checked.message);
    const condition = criteriaSql[checked.rule.criterion.key as FilterCriterionKey](checked.rule, o);
    return inNot ? sql`coalesce((${condition}), false)` : sql`(${condition})`;
  });
  const joined = parts.length === 0 ? sql`true` : sql.join(parts, group.combinator === 'or' ? sql` or ` : sql` and `);
  return group.not ? sql`not (${joined})` : sql`(${joined})`;
}

/** The WHERE condition of a query over `customers c` joined to their holder `h` when it reads it (see `fromPeople`). */
export function compileFilter(query: FilterQuery, options: CompileOptions): SQL {
  return compileGroup(query, options);
}

/** The people of a filter: each person, joined to their holder only when a criterion or a column reads it. */
export function fromPeople(withHolder: boolean): SQL {
  return withHolder ? sql`customers c join customers h on h.cst_id = coalesce(c.parent_id, c.cst_id)` : sql`customers c`;
}

/** Does the query read the holder's row (a holder-scoped criterion: region, debit place, balance)? */
export function queryUsesHolder(group: FilterQuery): boolean {
  return group.rules.some((item) => (isFilterGroup(item) ? queryUsesHolder(item) : filterCriterion(item.field)?.scope === 'holder'));
}

/** The columns that read the holder's row. */
const HOLDER_COLUMNS = new Set<string>(['titular', 'localDebito', 'saldoAberto', 'cidade', 'uf']);
export const columnsUseHolder = (columns: readonly string[], sort?: FilterSort) =>
  columns.some((c) => HOLDER_COLUMNS.has(c)) || (!!sort && HOLDER_COLUMNS.has(sort.column));

/** The residential address of the holder. */
const holderAddress = (column: string) => sql`(select a.${sql.raw(column)} from addresses a where a.cst_id = h.cst_id and a.kind = 1)`;

/** Each column's SQL (raw values: ISO dates, cents, codes; the domain's `formatFilterCell` shows them). */
export const columnSql = (o: CompileOptions): Record<FilterColumnKey, SQL> => ({
  nome: sql`c.cust_name`,
  numeroInterno: sql`c.cust_numero_interno`,
  cpf: sql`c.cust_cpf`,
  tipo: sql`case when c.parent_id is null then 'Titular' else 'Dependente' end`,
  titular: sql`h.cust_name`,
  status: sql`btrim(c.cust_status)`,
  situacao: sql`c.cust_assoc_situacao`,
  socio: sql`btrim(c.cust_socio)`,
  nascimento: sql`to_char(c.cust_birthdate, 'YYYY-MM-DD')`,
  idade: sql`extract(year from age(${o.today}::date, c.cust_birthdate))::int`,
  email: sql`c.cust_email`,
  celular: sql`case when c.cust_celular is null or c.cust_celular = '' then null else '(' || coalesce(c.cust_celular_ddd, '') || ') ' || c.cust_celular end`,
  comunicacao: sql`c.cust_comunicacao`,
  admissao: sql`to_char(c.cust_admissao, 'YYYY-MM-DD')`,
  localDebito: sql`h.bnk_id`,
  saldoAberto: sql`${holderBalanceSql(sql`h.cst_id`)}::float8`,
  cidade: holderAddress('ad_city'),
  uf: holderAddress('ad_state'),
  forum: sql`(select f.for_nome from forums f where f.apf_id = c.apf_id)`,
  comarca: sql`(select co.com_nome from forums f join comarcas co on co.com_id = f.com_id where f.apf_id = c.apf_id)`,
  circunscricao: sql`(select ci.cir_nome from forums f join comarcas co on co.com_id = f.com_id join circunscricoes ci on ci.cir_id = co.cir_id where f.apf_id = c.apf_id)`,
});

/** The select list of the chosen columns, each named by its (catalogue) key. */
export function selectColumns(columns: readonly string[], o: CompileOptions): SQL {
  const all = columnSql(o);
  const parts = columns.map((key) => {
    if (!filterColumn(key)) throw badRequest(fm.unknownColumn(key));
    return sql`${all[key as FilterColumnKey]} as ${sql.identifier(key)}`;
  });
  return parts.length ? sql`, ${sql.join(parts, sql`, `)}` : sql``;
}

/** ORDER BY: the chosen column (text in pt-BR order), then cst_id; by default the name (its prefix index's order). */
export function orderBy(sort: FilterSort | undefined, o: CompileOptions): SQL {
  if (!sort) return sql`c.search_name, c.cst_id`;
  const column = filterColumn(sort.column);
  if (!column) throw badRequest(fm.unknownColumn(sort.column));
  const expr = columnSql(o)[column.key as FilterColumnKey];
  const collated = column.kind === 'text' ? sql`${expr} collate pt_br` : expr;
  const direction = sort.direction === 'desc' ? sql`desc nulls last` : sql`asc nulls last`;
  return sql`${collated} ${direction}, c.cst_id ${sort.direction === 'desc' ? sql`desc` : sql`asc`}`;
}

/** The set of cstIds a query matches (Marketing's recipients, a count), as a subquery to join or `in (…)`. */
export function membersMatching(query: FilterQuery, options: CompileOptions): SQL {
  return sql`select c.cst_id from ${fromPeople(queryUsesHolder(query))} where ${compileFilter(query, options)}`;
}

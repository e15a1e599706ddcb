import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { executeNamed, timestampOf } from '../../lib/sql.js';

/** One row as the suggestion queries return it; the service computes ages and formats phones. */
export interface SuggestionRow {
  cstId: number;
  parentId: number | null;
  custName: string;
  custNumeroInterno: string | null;
  custCPF: string | null;
  /** ISO dates. */
  birth: string | null;
  deceased: string | null;
  custSituacao: number | null;
  custPerfil: string | null;
  custPhotoKey: string | null;
  socio: string;
  titular: string | null;
  isTerceiro: boolean;
  /** Mobile (area code, number) and the two residential phones. */
  celDdd: string | null;
  cel: string | null;
  ph1Ddd: string | null;
  ph1: string | null;
  ph2Ddd: string | null;
  ph2: string | null;
  viewedAt?: Date;
}

/**
 * The suggestion columns of a member `c` (holder or dependent). `h` is its holder and `r` the
 * residential address of the family (the holder's: dependents have no addresses of their own).
 */
export const MEMBER_SUGGESTION = `
  c.cst_id as "cstId", c.parent_id as "parentId", c.cust_name as "custName",
  c.cust_numero_interno as "custNumeroInterno", c.cust_cpf as "custCPF",
  c.cust_birthdate::text as birth, c.cust_deceased::text as deceased,
  c.cust_assoc_situacao::int as "custSituacao", c.cust_status::text as "custPerfil",
  c.cust_photo_key as "custPhotoKey", c.cust_socio::text as socio, h.cust_name::text as titular, false as "isTerceiro",
  c.cust_celular_ddd as "celDdd", c.cust_celular as cel,
  r.ad_phone_ddd as "ph1Ddd", r.ad_phone as ph1, r.ad_phone_ddd2 as "ph2Ddd", r.ad_phone2 as ph2`;

export const MEMBER_SUGGESTION_JOINS = `
  left join customers h on h.cst_id = c.parent_id
  left join addresses r on r.cst_id = coalesce(c.parent_id, c.cst_id) and r.kind = 1`;

/** The same columns for a third party `t` (its phones are stored as digits with the area code). */
export const TERCEIRO_SUGGESTION = `
  t.ter_id as "cstId", null::int as "parentId", t.ter_nome::text as "custName", null::text as "custNumeroInterno",
  t.ter_cpf_cnpj::text as "custCPF", null::text as birth, null::text as deceased,
  null::int as "custSituacao", null::text as "custPerfil", null::text as "custPhotoKey", 'N' as socio, null::text as titular,
  true as "isTerceiro", null::text as "celDdd", null::text as cel,
  left(t.ter_telefone1, 2) as "ph1Ddd", substr(t.ter_telefone1, 3) as ph1,
  left(t.ter_telefone2, 2) as "ph2Ddd", substr(t.ter_telefone2, 3) as ph2`;

/**
 * The last step of every search: `top` holds the chosen (id, terceiro, pos) rows; only they are joined
 * to their details, in `pos` order.
 */
const DETAILS = `
select * from (
  select ${MEMBER_SUGGESTION}, top.pos
    from top join customers c on c.cst_id = top.id ${MEMBER_SUGGESTION_JOINS}
   where not top.terceiro
  union all
  select ${TERCEIRO_SUGGESTION}, top.pos
    from top join terceiros t on t.ter_id = top.id
   where top.terceiro
) d
order by d.pos`;

/** The order of the suggestions inside their group: accent-less name in byte order, ties by the pt-BR collation. */
const NAME_ORDER = `search_name collate "C", name collate pt_br, terceiro, id`;

/**
 * A parameter the planner cannot look into: every plan is then the same, so PostgreSQL keeps one
 * generic plan per prepared statement instead of re-planning each call with the values (a custom plan
 * costs more to make than these statements take to run). Index conditions still use it.
 */
const param = (n: number) => `(select $${n}::text)`;

/** Rows of the alphabetical walk that looks for frequent words without sorting every match. */
export const WALK_ROWS = 2000;

/**
 * Name search for `words` words (each statement is prepared once per connection). Parameters:
 * $1/$2 the range of names starting with the first word (text_pattern_ops bounds), $3.. one LIKE
 * pattern per word ('%word%'). Every word must appear; names starting with the first word come first.
 *
 * Plan, designed so no step touches more than a few thousand index entries with 60,000 people:
 * - p: members whose name starts with the first word, in order, from the btree on (search_name, cst_id,
 *   cust_name) (index-only, LIMIT 30). When it fills the 30 rows (common first names: 'maria', 'jose')
 *   the contains steps do not run.
 * - w: otherwise, walk the first WALK_ROWS names alphabetically (index-only) keeping the matches: for
 *   words spread over the alphabet (surnames: 'silva', 'santos') this finds the first 30 matches in
 *   order, without sorting the thousands of rows that contain them.
 * - g: when the walk found fewer than 30 (rare words, or words clustered later in the alphabet), the
 *   matches are few enough: trigram GIN index, top-30 sort.
 * - tp/tc: third parties (a small table), the same two groups.
 * Each later step is a one-time filter over the earlier counts, so it does not run when not needed.
 * Ties on the accent-less name are broken by id everywhere, so the in-process index (people-index.ts)
 * can give the very same answer. The candidates are ordered by group, then by the accent-less name in byte order (the indexes' order)
 * with the pt-BR collation of the name breaking ties, which is the pt-BR order for these names at a
 * fraction of the collation's cost; only the first 30 are joined to their holder and phones.
 */
export function nameSearchSql(words: number): string {
  const likes = (alias: string, from = 0) =>
    Array.from({ length: words - from }, (_, i) => `${alias}.search_name like ${param(i + 3 + from)}`).join(' and ');
  const startsWith = (alias: string) => `(${alias}.search_name ~>=~ ${param(1)} and ${alias}.search_name ~<~ ${param(2)})`;
  const rest = (alias: string) => (words > 1 ? ` and ${likes(alias, 1)}` : '');
  return `
with p as (
  select c.cst_id, c.search_name, c.cust_name from customers c
   where ${startsWith('c')}${rest('c')}
   order by c.search_name using ~<~, c.cst_id limit 30
), w as (
  select s.cst_id, s.search_name, s.cust_name
    from (select cst_id, search_name, cust_name from customers order by search_name using ~<~, cst_id limit ${WALK_ROWS}) s
   where (select count(*) from p) < 30 and ${likes('s')} and not ${startsWith('s')}
   order by s.search_name using ~<~, s.cst_id limit 30
), g as (
  select c.cst_id, c.search_name, c.cust_name from customers c
   where (select count(*) from p) < 30 and (select count(*) from w) < 30
     and ${likes('c')} and not ${startsWith('c')}
   order by c.search_name collate "C", c.cst_id limit 30
), tp as (
  select t.ter_id, t.search_name, t.ter_nome from terceiros t
   where ${startsWith('t')}${rest('t')} and t.deleted_at is null
   order by t.search_name using ~<~, t.ter_id limit 30
), tc as (
  select t.ter_id, t.search_name, t.ter_nome from terceiros t
   where (select count(*) from p) + (select count(*) from tp) < 30 and ${likes('t')} and not ${startsWith('t')} and t.deleted_at is null
   order by t.search_name collate "C", t.ter_id limit 30
), top as (
  select id, terceiro, row_number() over (order by grp, ${NAME_ORDER}) as pos from (
    select cst_id as id, search_name, cust_name::text as name, 0 as grp, false as terceiro from p
    union all select cst_id, search_name, cust_name, 1, false from w where (select count(*) from w) = 30
    union all select cst_id, search_name, cust_name, 1, false from g
    union all select ter_id, search_name, ter_nome, 0, true from tp
    union all select ter_id, search_name, ter_nome, 1, true from tc
  ) u
  order by pos limit 30
)
${DETAILS}`;
}

/**
 * Search by digits (CPF with or without punctuation, internal number): $1 the digits, $2/$3 the
 * internal-number range (null when more than 7 digits), $4/$5 the CPF range, $6/$7 the third-party
 * CPF/CNPJ range. Each range walks its btree in order with LIMIT 30; exact matches come first.
 */
export const DIGITS_SEARCH_SQL = `
with n as (
  select cst_id from customers where cust_numero_interno between ${param(2)} and ${param(3)} order by cust_numero_interno, cst_id limit 30
), f as (
  select cst_id from customers where cust_cpf between ${param(4)} and ${param(5)} order by cust_cpf, cst_id limit 30
), t as (
  select ter_id from terceiros where ter_cpf_cnpj between ${param(6)} and ${param(7)} and deleted_at is null order by ter_cpf_cnpj, ter_id limit 30
), top as (
  select id, terceiro, row_number() over (order by grp, ${NAME_ORDER}) as pos from (
    select c.cst_id as id, c.search_name, c.cust_name::text as name, false as terceiro,
           case when c.cust_numero_interno = ${param(1)} or c.cust_cpf = ${param(1)} then 0 else 1 end as grp
      from customers c where c.cst_id in (select cst_id from n union select cst_id from f)
    union all
    select x.ter_id, x.search_name, x.ter_nome, true, case when x.ter_cpf_cnpj = ${param(1)} then 0 else 1 end
      from terceiros x where x.ter_id in (select ter_id from t)
  ) u
  order by pos limit 30
)
${DETAILS}`;

const HISTORY_SQL = `
select ${MEMBER_SUGGESTION}, sh.viewed_at as "viewedAt"
  from search_history sh join customers c on c.cst_id = sh.cst_id ${MEMBER_SUGGESTION_JOINS}
 where sh.user_id = $1
 order by sh.viewed_at desc, sh.cst_id desc
 limit $2`;

/** Keeps a user's history short: only the newest entries are ever shown. */
const HISTORY_KEEP = 100;

/**
 * Hand-written SQL with named (planned once per connection) statements, on the caller's executor; the same SQL and
 * names as on the raw pool before (the search is benchmarked: bench/).
 */
export function createSearchRepository() {
  return {
    async searchNames(db: Executor, params: { lower: string; upper: string; patterns: string[] }): Promise<SuggestionRow[]> {
      const words = params.patterns.length;
      const { rows } = await executeNamed<SuggestionRow>(db, {
        name: `search-names-${words}`,
        text: nameSearchSql(words),
        values: [params.lower, params.upper, ...params.patterns],
      });
      return rows;
    },

    async searchDigits(
      db: Executor,
      params: { digits: string; numero: [string, string] | null; cpf: [string, string] | null; document: [string, string] | null },
    ) {
      const { rows } = await executeNamed<SuggestionRow>(db, {
        name: 'search-digits',
        text: DIGITS_SEARCH_SQL,
        values: [params.digits, ...(params.numero ?? [null, null]), ...(params.cpf ?? [null, null]), ...(params.document ?? [null, null])],
      });
      return rows;
    },

    async history(db: Executor, userId: number, limit: number): Promise<SuggestionRow[]> {
      const { rows } = await executeNamed<SuggestionRow>(db, { name: 'search-history', text: HISTORY_SQL, values: [userId, limit] });
      return rows.map((row) => ({ ...row, viewedAt: timestampOf(row.viewedAt) }));
    },

    /** Records that the user opened the member; false when there is no such member. */
    async recordView(db: Executor, userId: number, cstId: number): Promise<boolean> {
      const { rowCount } = await db.execute(sql`
        insert into search_history (user_id, cst_id, viewed_at)
        select ${userId}, cst_id, clock_timestamp() from customers where cst_id = ${cstId}
        on conflict (user_id, cst_id) do update set viewed_at = excluded.viewed_at`);
      if (!rowCount) return false;
      await db.execute(sql`
        delete from search_history where user_id = ${userId} and viewed_at < (
          select viewed_at from search_history where user_id = ${userId} order by viewed_at desc offset ${HISTORY_KEEP - 1} limit 1)`);
      return true;
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;

import { escapeLiteral } from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { type FacetValue, type ProcessFilter, type ProcessOrderBy, type ProcessRow } from '@assoc/domain';

/** How many of the most recently moved matches the relevance order ranks (reading each one's vector). */
export const RANK_CANDIDATES = 500;

/** Owner kinds of the process files in the file store (file_links). */
export const PROCESS_FILE_OWNER = 'process';
export const MOVEMENT_FILE_OWNER = 'process-movement';

export interface FolderRow {
  pastaId: number;
  nome: string;
  parentId: number | null;
  inbox: boolean;
  total: number;
  naoLidos: number;
}

export interface ProcessFields {
  numero: string;
  tribunal: string;
  classe: string;
  assunto: string;
  partes: string;
  status: string;
}

export interface StoredProcess extends ProcessFields {
  proId: number;
  pastaId: number;
  pdfFileId: string | null;
  pdfSha256: string | null;
}

export interface NewMovement {
  externalId: string | null;
  data: string;
  texto: string;
  documentFileId: string | null;
}

type Row = Record<string, unknown>;
const rowsOf = async <T>(query: Promise<{ rows: Row[] }>) => (await query).rows as T[];

/** Whether the user opened the process after its last change (p is the processes alias). */
const lidoSql = (userId: number) =>
  sql`exists (select 1 from process_reads r where r.user_id = ${userId} and r.pro_id = p.pro_id and r.read_at >= p.changed_at)`;

/** The processes this user has not opened since their last change, counted per folder (the dashboard's card). */
export const unreadByFolderSql = (userId: number) =>
  sql`select f.nome, count(*)::int as n from processes p join process_folders f on f.pasta_id = p.pasta_id
       where not ${lidoSql(userId)} group by f.pasta_id, f.nome order by f.inbox desc, f.nome collate pt_br`;

const rowColumns = (userId: number) => sql`p.pro_id as "proId", p.pasta_id as "pastaId", p.numero, p.tribunal, p.classe, p.assunto, p.partes,
  p.status, p.ano, to_char(p.ultimo_andamento, 'YYYY-MM-DD') as "ultimoAndamento", ${lidoSql(userId)} as lido, p.pdf_file_id is not null as "temPdf"`;

/** The text query of the search as written, for websearch_to_tsquery (Portuguese stems, migration 0021's vector). */
const TS_CONFIG = sql`'portuguese'`;

/**
 * Hyphenated words of a query without quotes ("licença-prêmio"). websearch_to_tsquery makes each one a phrase of
 * the whole word and its parts ('licença-prêmi' <-> 'licenc' <-> 'prêmi'), which the GIN index cannot decide: it
 * would read the vector of every process holding the three lexemes. The vector holds the whole word as its own
 * lexeme, always followed by its parts (the parser emits them together), so the whole word alone matches the same
 * processes, from the index alone. Inside quotes a hyphenated word is part of a longer phrase (its width counts in
 * the distances), so a query with quotes keeps its phrases as they are.
 */
export function hyphenatedWords(text: string): string[] {
  if (text.includes('"')) return [];
  return [...new Set(text.match(/\p{L}+(?:-\p{L}+)+/gu) ?? [])].slice(0, 8);
}

/**
 * A query with each hyphenated word's phrase replaced by the whole word's lexeme: the lexeme of the word that its
 * parts (the word with spaces) do not give, when it is exactly one more (the parser made it one hyphenated word);
 * unchanged otherwise. Immutable functions only, so the planner folds the whole query into a constant.
 */
function withWholeWords(query: SQL, words: string[], unaccent: boolean): SQL {
  return words.reduce<SQL>((q, w) => {
    const word = unaccent ? sql`f_unaccent(${w}::text)` : sql`${w}::text`;
    const phrase = sql`phraseto_tsquery(${TS_CONFIG}, ${word})`;
    const all = sql`to_tsvector(${TS_CONFIG}, ${word})`;
    const parts = sql`to_tsvector(${TS_CONFIG}, replace(${word}, '-', ' '))`;
    const rest = sql`tsvector_to_array(ts_delete(${all}, tsvector_to_array(${parts})))`;
    const whole = sql`case when length(${all}) = length(${parts}) + 1 and cardinality(${rest}) = 1 then quote_literal((${rest})[1])::tsquery end`;
    return sql`ts_rewrite(${q}, ${phrase}, coalesce(${whole}, ${phrase}))`;
  }, query);
}

/**
 * The text query of the search: Portuguese stems as written and without accents (migration 0021's vector), with
 * hyphenated words as whole words, one half only when both are the same (a query without accents). A constant
 * for the planner (it estimates the matches from the vector's statistics).
 */
function tsQuery(text: string): SQL {
  const words = hyphenatedWords(text);
  const a = withWholeWords(sql`websearch_to_tsquery(${TS_CONFIG}, ${text}::text)`, words, false);
  const b = withWholeWords(sql`websearch_to_tsquery(${TS_CONFIG}, f_unaccent(${text}::text))`, words, true);
  return sql`(case when ${a} = ${b} then ${a} else ${a} || ${b} end)`;
}

/** A parameter written into a statement's text (a simple query takes none): integers, text (escaped), arrays. */
function literal(value: unknown): string {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'string' && !value.includes('\0')) return escapeLiteral(value);
  if (Array.isArray(value)) return `array[${value.map(literal).join(', ')}]`;
  throw new TypeError('literal: valor sem forma literal');
}

export interface SearchSpec {
  userId: number;
  /** 20-digit CNJ number: an exact match instead of the text query. */
  cnj: string | null;
  text: string;
  filter: ProcessFilter;
  orderby: ProcessOrderBy;
  offset: number;
  limit: number;
  /** Forces how the page of a text query is found (tests and the bench compare both); by cost when absent. */
  plan?: 'walk' | 'bitmap';
}

/** Facet combination counts of a search (the service sums each facet from them). */
export interface FacetCountRow {
  pastaId: number;
  pastaNome: string | null;
  tribunal: string;
  ano: number;
  status: string;
  count: number;
}

/**
 * How a search page is found with a text query. Either walk the date (or number) index in the page's order and
 * test each row's vector until the page is full — each test reads an out-of-line vector (~8 µs) — or take every
 * match from the GIN index as a bitmap, reading only the narrow search rows (~0.25 µs a match), and sort them.
 * The walk is chosen when its expected reads (rows needed × processes / matches, the matches known from the
 * facet counts) cost less than the bitmap of all the matches; it stops after WALK_LIMIT rows, and when it did not
 * fill the page the bitmap answers (the same rows: both give the first rows of the same order).
 */
const READ_MICROS = 8;
const MATCH_MICROS = 0.25;
export const WALK_LIMIT = 2000;
/** The rows a first page's walk beside the facet count reads, per row it needs (it finds them when 80% match). */
const EAGER_WALK = 1.25;

/**
 * Whether to walk for `need` matches: `matches` pass the filters, `allMatches` match the text, among `processes`
 * (the planner's count). The walk tests the filtered rows, about need × processes / allMatches of them (the filters
 * taken as independent of the text); the bitmap reads every text match (the filters are tested on the rows).
 */
export function walkChosen(need: number, d: { matches: number; allMatches: number; processes: number }, rankedOrder: boolean): boolean {
  const reads = (need * Math.max(d.processes, d.allMatches)) / d.allMatches;
  if (reads > WALK_LIMIT / 2) return false;
  return reads * READ_MICROS < d.allMatches * MATCH_MICROS + (rankedOrder ? need * READ_MICROS : 0);
}

/** Whether a facet combination passes the filters (each one a list of accepted values, none when empty). */
function passes(f: ProcessFilter, g: FacetCountRow): boolean {
  const ok = <T>(values: T[] | undefined, value: T) => !values?.length || values.includes(value);
  return ok(f.pastaId, g.pastaId) && ok(f.tribunal, g.tribunal) && ok(f.ano, g.ano) && ok(f.status, g.status);
}

/** SQL of the digital process (issue 15). Reads answer plain rows; writes take the caller's transaction. */
export function createProcessRepository() {
  /** The filters of a search (alias s). `hideYear`: "ano + 0", so the planner leaves the (ano, numero) index alone. */
  function filterParts(f: ProcessFilter, hideYear: boolean): SQL[] {
    const parts: SQL[] = [];
    if (f.pastaId?.length) parts.push(sql`s.pasta_id = any(${sql.param(f.pastaId)}::int[])`);
    if (f.tribunal?.length) parts.push(sql`s.tribunal = any(${sql.param(f.tribunal)}::text[])`);
    if (f.ano?.length) parts.push(sql`${hideYear ? sql`(s.ano + 0)` : sql`s.ano`} = any(${sql.param(f.ano)}::int[])`);
    if (f.status?.length) parts.push(sql`s.status = any(${sql.param(f.status)}::text[])`);
    return parts;
  }
  const where = (parts: SQL[]) => (parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``);

  /**
   * Conditions of the matches: the filters, then (last: a row the filters drop is not tested) the CNJ number or the
   * text query. With a text query the matches must come from the GIN index alone: "ano + 0" keeps the planner off
   * the (ano, numero) index, whose bitmap it would then filter by reading each row's vector (1.4 s for 21,000 rows).
   */
  function matchWhere(spec: SearchSpec, q: SQL | null): SQL {
    const parts = filterParts(spec.filter, !!q);
    if (spec.cnj) parts.push(sql`s.pro_id = (select n.pro_id from processes n where n.numero = ${spec.cnj})`);
    else if (q) parts.push(sql`s.vector @@ ${q}`);
    return where(parts);
  }

  const ranked = (spec: SearchSpec) => spec.orderby === 'relevancia' && !!spec.text && !spec.cnj;

  /** The order of the date or number index (alias a). */
  function indexOrder(spec: SearchSpec, a: string): SQL {
    const t = sql.raw(a);
    return spec.orderby === 'numero' ? sql`order by ${t}.ano, ${t}.numero` : sql`order by ${t}.ultimo_andamento desc nulls last, ${t}.pro_id desc`;
  }
  /** The order of the search rows, on alias `a` (with the columns pro_id, ultimo_andamento, ano, numero and rank). */
  function searchOrder(spec: SearchSpec, a: string): SQL {
    const t = sql.raw(a);
    return ranked(spec) ? sql`order by ${t}.rank desc, ${t}.ultimo_andamento desc nulls last, ${t}.pro_id desc` : indexOrder(spec, a);
  }

  /**
   * The page (rows with their highlight) from a source of search rows (alias s: pro_id, ultimo_andamento, ano,
   * numero, rank); only the page's rows are read from processes.
   */
  function pageQuery(spec: SearchSpec, q: SQL | null, source: SQL, before: SQL = sql``, filled: SQL = sql``): SQL {
    const headline = q
      ? sql`ts_headline('portuguese',
          p.classe || ' · ' || p.assunto || ' · ' || p.partes || coalesce(' · ' || (
            select string_agg(m.texto, ' · ' order by m.data desc, m.and_id desc)
              from (select m.texto, m.data, m.and_id from process_movements m where m.pro_id = p.pro_id
                     order by m.data desc, m.and_id desc limit 5) m), ''),
          ${q}, 'StartSel=' || chr(1) || ', StopSel=' || chr(2) || ', MaxFragments=2, MaxWords=18, MinWords=6, FragmentDelimiter=" … "')`
      : sql`null`;
    return sql`with ${before} page as materialized (select s.* from ${source} ${filled} ${searchOrder(spec, 's')} limit ${spec.limit} offset ${spec.offset})
          select ${rowColumns(spec.userId)}, ${headline} as headline
            from page join processes p on p.pro_id = page.pro_id ${searchOrder(spec, 'page')}`;
  }

  type PageRow = ProcessRow & { headline: string | null };
  /**
   * Runs a statement in one round trip with sequential and plain index scans off, so that its matches come from
   * the GIN bitmap, never from testing vectors one by one (the planner does not count reading a row's out-of-line
   * vector, ~8 µs). A simple query: the settings and the statement run as one implicit transaction (SET LOCAL holds
   * for it); that protocol takes no parameters, so they are written in as literals (literal: integers, escaped text).
   */
  async function bitmapOnly<T>(db: Executor, query: SQL): Promise<T[]> {
    const { sql: text, params } = (db as unknown as { dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } } }).dialect.sqlToQuery(
      query,
    );
    const statement = text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
    // No parameters, so pg sends it as one simple query (several statements, one implicit transaction on the database).
    const results = (await db.execute(sql.raw(`set local enable_seqscan = off; set local enable_indexscan = off; ${statement}`))) as unknown as {
      rows: Row[];
    }[];
    return results[results.length - 1]!.rows as T[];
  }

  /**
   * The page from the GIN bitmap: every match is read from the narrow search rows (no vector: plain words need no
   * recheck) and sorted; relevance ranks the RANK_CANDIDATES most recently moved matches (ranking reads each one's
   * vector). Never from walking the date or number index with the text test, which the planner would choose
   * without counting the vector reads (~500 ms for a rare phrase in three years, measured).
   */
  function bitmapPage(db: Executor, spec: SearchSpec, q: SQL) {
    const source = ranked(spec)
      ? sql`(select s.pro_id, s.ultimo_andamento, s.ano, s.numero, ts_rank(s.vector, ${q}) as rank
               from (select s.pro_id, s.ultimo_andamento, s.ano, s.numero, s.vector from process_search s ${matchWhere(spec, q)}
                      ${indexOrder(spec, 's')} limit ${RANK_CANDIDATES}) s) s`
      : sql`(select s.pro_id, s.ultimo_andamento, s.ano, s.numero, 0 as rank from process_search s ${matchWhere(spec, q)}) s`;
    return bitmapOnly<PageRow>(db, pageQuery(spec, q, source));
  }

  /**
   * The page from walking the date (or number) index: the filtered rows in the page's order, each tested against
   * its vector, until `need` matches (the page's end, or the RANK_CANDIDATES to rank) — at most WALK_LIMIT rows.
   * Answers nothing when the walk did not find them all (then the bitmap answers).
   */
  function walkPage(db: Executor, spec: SearchSpec, q: SQL, need: number, rows = WALK_LIMIT) {
    const rank = ranked(spec) ? sql`ts_rank(w.vector, ${q})` : sql`0`;
    const walk = sql`(select w.pro_id, w.ultimo_andamento, w.ano, w.numero, ${rank} as rank
        from (select s.pro_id, s.ultimo_andamento, s.ano, s.numero, s.vector from process_search s ${where(filterParts(spec.filter, false))}
               ${indexOrder(spec, 's')} limit ${rows}) w
       where w.vector @@ ${q} ${indexOrder(spec, 'w')} limit ${need})`;
    const query = pageQuery(spec, q, sql`walk s`, sql`walk as materialized ${walk},`, sql`where (select count(*) from walk) >= ${need}`);
    return rowsOf<PageRow>(db.execute(query));
  }

  /**
   * Facet counts and the total, exact: the matches counted in one pass by their combination of folder, court,
   * year and status (process_facets: one integer, a few hundred groups), summed by the service. With a text query
   * every match is counted and the filters are applied to the combinations (the filters are facet values, so a
   * process passes them exactly when its combination does): the pass reads the same rows as with the filters in
   * the statement (the GIN index does not know them), and the unfiltered count tells how dense the matches are.
   */
  function facetCounts(db: Executor, spec: SearchSpec, q: SQL | null) {
    // The combinations are read at once by their ids (one index scan) and hash-joined: looked up one by one, each
    // would be a bitmap scan of its own under bitmapOnly (~2,200 buffer reads for a word found everywhere).
    const query = sql`with g as materialized (select s.facet, count(*)::int as count from process_search s
                          ${q ? sql`where s.vector @@ ${q}` : matchWhere(spec, null)} group by s.facet),
               k as materialized (select k.* from process_facets k where k.facet = any(array(select g.facet from g)))
          select k.pasta_id as "pastaId", f.nome as "pastaNome", k.tribunal, k.ano, k.status, g.count,
                 (select greatest(c.reltuples, 0)::float8 from pg_class c where c.oid = 'process_search'::regclass) as processes
            from g join k on k.facet = g.facet
            left join process_folders f on f.pasta_id = k.pasta_id`;
    return q ? bitmapOnly<FacetCountRow & { processes: number }>(db, query) : rowsOf<FacetCountRow & { processes: number }>(db.execute(query));
  }

  return {
    async inboxId(db: Executor): Promise<number> {
      const [row] = await rowsOf<{ id: number }>(db.execute(sql`select pasta_id as id from process_folders where inbox`));
      return row!.id;
    },

    /** Every folder with its processes and this user's unread ones (the tree is built by the service). */
    folders: (db: Executor, userId: number) =>
      rowsOf<FolderRow>(
        db.execute(sql`
          select f.pasta_id as "pastaId", f.nome, f.parent_id as "parentId", f.inbox,
                 coalesce(c.total, 0)::int as total, coalesce(c.nao_lidos, 0)::int as "naoLidos"
            from process_folders f
            left join (select p.pasta_id, count(*) as total, count(*) filter (where not ${lidoSql(userId)}) as nao_lidos
                         from processes p group by p.pasta_id) c on c.pasta_id = f.pasta_id
           order by f.inbox desc, f.nome collate pt_br, f.pasta_id`),
      ),

    async folder(db: Executor, pastaId: number, forUpdate = false) {
      const [row] = await rowsOf<{ pastaId: number; nome: string; parentId: number | null; inbox: boolean }>(
        db.execute(sql`select pasta_id as "pastaId", nome, parent_id as "parentId", inbox from process_folders where pasta_id = ${pastaId}
                       ${forUpdate ? sql`for update` : sql``}`),
      );
      return row ?? null;
    },

    async inboxCounts(db: Executor, userId: number) {
      const [row] = await rowsOf<{ pastaId: number; nome: string; total: number; naoLidos: number }>(
        db.execute(sql`
          select f.pasta_id as "pastaId", f.nome,
                 (select count(*) from processes p where p.pasta_id = f.pasta_id)::int as total,
                 (select count(*) from processes p where p.pasta_id = f.pasta_id and not ${lidoSql(userId)})::int as "naoLidos"
            from process_folders f where f.inbox`),
      );
      return row!;
    },

    /** A folder's page, newest movement first; keyset after (ultimoAndamento or null, proId). */
    folderPage(db: Executor, userId: number, pastaId: number, after: { date: string | null; proId: number } | null, limit: number) {
      let keyset = sql``;
      if (after) {
        keyset = after.date
          ? sql`and (p.ultimo_andamento < ${after.date}::date or (p.ultimo_andamento = ${after.date}::date and p.pro_id < ${after.proId}) or p.ultimo_andamento is null)`
          : sql`and p.ultimo_andamento is null and p.pro_id < ${after.proId}`;
      }
      return rowsOf<ProcessRow>(
        db.execute(sql`select ${rowColumns(userId)} from processes p where p.pasta_id = ${pastaId} ${keyset}
                       order by p.ultimo_andamento desc nulls last, p.pro_id desc limit ${limit}`),
      );
    },

    async processRow(db: Executor, userId: number, proId: number) {
      const [row] = await rowsOf<ProcessRow>(db.execute(sql`select ${rowColumns(userId)} from processes p where p.pro_id = ${proId}`));
      return row ?? null;
    },

    movements: (db: Executor, proId: number) =>
      rowsOf<{ andId: number; proId: number; data: string; texto: string; documento: string | null }>(
        db.execute(sql`
          select m.and_id as "andId", m.pro_id as "proId", to_char(m.data, 'YYYY-MM-DD') as data, m.texto, f.name as documento
            from process_movements m left join files f on f.id = m.document_file_id
           where m.pro_id = ${proId} order by m.data desc, m.and_id desc`),
      ),

    async movementDocument(db: Executor, andId: number) {
      const [row] = await rowsOf<{ fileId: string | null }>(
        db.execute(sql`select document_file_id as "fileId" from process_movements where and_id = ${andId}`),
      );
      return row ?? null;
    },

    async pdfFileId(db: Executor, proId: number) {
      const [row] = await rowsOf<{ fileId: string | null }>(db.execute(sql`select pdf_file_id as "fileId" from processes where pro_id = ${proId}`));
      return row ?? null;
    },
    async markRead(db: Executor, userId: number, proId: number, lido: boolean) {
      if (lido) {
        await db.execute(sql`insert into process_reads (user_id, pro_id, read_at) values (${userId}, ${proId}, now())
                             on conflict (user_id, pro_id) do update set read_at = excluded.read_at`);
      } else {
        await db.execute(sql`delete from process_reads where user_id = ${userId} and pro_id = ${proId}`);
      }
    },

    /**
     * Opening a process: marks it read for this user, false when the process does not exist. A view mark, not
     * business data: committed without waiting for the disk flush (synchronous_commit off for this transaction).
     */
    async markOpened(db: Executor, userId: number, proId: number) {
      if (!Number.isSafeInteger(userId) || !Number.isSafeInteger(proId)) throw new TypeError('markOpened: ids inteiros');
      // One round trip: two statements in one simple query run as one implicit transaction (SET LOCAL applies to
      // it); the ids are integers checked above, written into the text because that protocol takes no parameters.
      const results = (await db.execute(
        sql.raw(`set local synchronous_commit = off;
         insert into process_reads (user_id, pro_id, read_at) select ${userId}, p.pro_id, now() from processes p where p.pro_id = ${proId}
         on conflict (user_id, pro_id) do update set read_at = excluded.read_at returning 1`),
      )) as unknown as { rowCount: number | null }[];
      return (results[1]?.rowCount ?? 0) > 0;
    },

    /**
     * A search: its facet counts (and total), then its page. Without a text query both at once. With one, the
     * counts first: they tell how many processes match, and so whether the page is found faster by walking the
     * order's index or from the bitmap of all matches (walkChosen); both give the same rows.
     */
    async search(db: Executor, spec: SearchSpec): Promise<{ rows: PageRow[]; facets: FacetCountRow[]; plan?: 'walk' | 'bitmap' }> {
      if (!spec.text || spec.cnj) {
        const source = sql`(select s.pro_id, s.ultimo_andamento, s.ano, s.numero, 0 as rank from process_search s ${matchWhere(spec, null)}) s`;
        const [rows, facets] = await Promise.all([rowsOf<PageRow>(db.execute(pageQuery(spec, null, source))), facetCounts(db, spec, null)]);
        return { rows, facets };
      }
      const q = tsQuery(spec.text);
      // A first page of a word found nearly everywhere is among the first rows of its order: it is looked for there
      // (in at most a quarter more rows than it needs) while the facets are counted.
      const wanted = ranked(spec) ? RANK_CANDIDATES : spec.offset + spec.limit;
      const eager = !spec.plan && wanted <= RANK_CANDIDATES ? walkPage(db, spec, q, wanted, Math.ceil(wanted * EAGER_WALK)) : null;
      const [all, eagerRows] = await Promise.all([facetCounts(db, spec, q), eager ?? []]);
      const facets = all.filter((g) => passes(spec.filter, g)).map(({ processes: _, ...g }) => g);
      if (eagerRows.length) return { rows: eagerRows, facets, plan: 'walk' };
      const matches = facets.reduce((n, g) => n + g.count, 0);
      // The rows the page needs, in the order's index: to its end, or the candidates to rank; at most every match.
      const need = Math.min(wanted, matches);
      if (spec.offset >= need) return { rows: [], facets };
      const density = { matches, allMatches: all.reduce((n, g) => n + g.count, 0), processes: Number(all[0]!.processes) };
      const walk = spec.plan ? spec.plan === 'walk' : walkChosen(need, density, ranked(spec));
      const walked = walk ? await walkPage(db, spec, q, need) : [];
      if (walked.length) return { rows: walked, facets, plan: 'walk' };
      return { rows: await bitmapPage(db, spec, q), facets, plan: 'bitmap' };
    },

    async insertFolder(tx: Executor, nome: string, parentId: number | null) {
      const [row] = await rowsOf<{ pastaId: number }>(
        tx.execute(sql`insert into process_folders (nome, parent_id) values (${nome}, ${parentId}) returning pasta_id as "pastaId"`),
      );
      return row!.pastaId;
    },
    async folderNameTaken(tx: Executor, nome: string, parentId: number | null, except: number | null) {
      const rows = await rowsOf(
        tx.execute(sql`select 1 from process_folders where coalesce(parent_id, 0) = ${parentId ?? 0} and lower(nome) = lower(${nome})
                       and pasta_id <> ${except ?? 0}`),
      );
      return rows.length > 0;
    },
    /** Level of a folder in the tree (a root is 1). */
    async folderDepth(tx: Executor, pastaId: number) {
      const [row] = await rowsOf<{ depth: number }>(
        tx.execute(sql`with recursive up as (select pasta_id, parent_id, 1 as depth from process_folders where pasta_id = ${pastaId}
                        union all select f.pasta_id, f.parent_id, up.depth + 1 from process_folders f join up on f.pasta_id = up.parent_id where up.depth < 50)
                       select max(depth)::int as depth from up`),
      );
      return row?.depth ?? 0;
    },
    renameFolder: (tx: Executor, pastaId: number, nome: string) =>
      tx.execute(sql`update process_folders set nome = ${nome} where pasta_id = ${pastaId}`),
    async folderUsage(tx: Executor, pastaId: number) {
      const [row] = await rowsOf<{ processes: boolean; children: boolean }>(
        tx.execute(sql`select exists (select 1 from processes where pasta_id = ${pastaId}) as processes,
                              exists (select 1 from process_folders where parent_id = ${pastaId}) as children`),
      );
      return row!;
    },
    deleteFolder: (tx: Executor, pastaId: number) => tx.execute(sql`delete from process_folders where pasta_id = ${pastaId}`),

    async processForUpdate(tx: Executor, where: { proId: number } | { numero: string }) {
      const cond = 'proId' in where ? sql`p.pro_id = ${where.proId}` : sql`p.numero = ${where.numero}`;
      const [row] = await rowsOf<StoredProcess>(
        tx.execute(sql`select p.pro_id as "proId", p.pasta_id as "pastaId", p.numero, p.tribunal, p.classe, p.assunto, p.partes, p.status,
                              p.pdf_file_id as "pdfFileId", f.sha256 as "pdfSha256"
                         from processes p left join files f on f.id = p.pdf_file_id where ${cond} for update of p`),
      );
      return row ?? null;
    },

    /** Makes the imports and uploads of one CNJ number take turns until the transaction ends (issue 22 item 6). */
    lockNumero: (tx: Executor, numero: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`process:${numero}`}, 0))`),

    /** Inserts a process unless its number exists (a concurrent import): its id, or null. */
    async insertProcess(tx: Executor, fields: ProcessFields & { pastaId: number; pdfFileId: string | null }) {
      const [row] = await rowsOf<{ proId: number }>(
        tx.execute(sql`
          insert into processes (numero, pasta_id, tribunal, classe, assunto, partes, status, ano, pdf_file_id)
          values (${fields.numero}, ${fields.pastaId}, ${fields.tribunal}, ${fields.classe}, ${fields.assunto}, ${fields.partes}, ${fields.status},
                  ${Number(fields.numero.slice(9, 13))}, ${fields.pdfFileId})
          on conflict (numero) do nothing returning pro_id as "proId"`),
      );
      return row?.proId ?? null;
    },

    updateFields: (tx: Executor, proId: number, f: ProcessFields) =>
      tx.execute(sql`update processes set tribunal = ${f.tribunal}, classe = ${f.classe}, assunto = ${f.assunto}, partes = ${f.partes},
                     status = ${f.status}, changed_at = now() where pro_id = ${proId}`),
    setPdf: (tx: Executor, proId: number, fileId: string) => tx.execute(sql`update processes set pdf_file_id = ${fileId} where pro_id = ${proId}`),
    touch: (tx: Executor, proId: number) => tx.execute(sql`update processes set changed_at = now() where pro_id = ${proId}`),
    move: (tx: Executor, proId: number, pastaId: number) => tx.execute(sql`update processes set pasta_id = ${pastaId} where pro_id = ${proId}`),

    /** Inserts the movements not yet known (by external id) in one statement: the new ones' ids and external ids. */
    async insertMovements(tx: Executor, proId: number, list: NewMovement[]) {
      if (!list.length) return [];
      return rowsOf<{ andId: number; externalId: string | null }>(
        tx.execute(sql`
          insert into process_movements (pro_id, external_id, data, texto, document_file_id)
          select ${proId}, t.external_id, t.data, t.texto, t.document_file_id
            from unnest(${sql.param(list.map((m) => m.externalId))}::text[], ${sql.param(list.map((m) => m.data))}::date[],
                        ${sql.param(list.map((m) => m.texto))}::text[], ${sql.param(list.map((m) => m.documentFileId))}::uuid[]) as t(external_id, data, texto, document_file_id)
          on conflict (pro_id, external_id) do nothing
          returning and_id as "andId", external_id as "externalId"`),
      );
    },

    linkFile: (tx: Executor, ownerKind: string, ownerId: number, fileId: string) =>
      tx.execute(
        sql`insert into file_links (owner_kind, owner_id, file_id) values (${ownerKind}, ${String(ownerId)}, ${fileId}) on conflict do nothing`,
      ),
    unlinkFile: (tx: Executor, ownerKind: string, ownerId: number, fileId: string) =>
      tx.execute(sql`delete from file_links where owner_kind = ${ownerKind} and owner_id = ${String(ownerId)} and file_id = ${fileId}`),

    apiKeys: (db: Executor) =>
      rowsOf<{
        id: number;
        nome: string;
        prefixo: string;
        criadaEm: string;
        criadaPor: string | null;
        ultimoUso: string | null;
        revogadaEm: string | null;
      }>(
        db.execute(sql`
          select k.id, k.nome, k.prefix as prefixo, k.created_at as "criadaEm", u.name as "criadaPor",
                 k.last_used_at as "ultimoUso", k.revoked_at as "revogadaEm"
            from api_keys k left join users u on u.user_id = k.created_by
           order by k.revoked_at is not null, k.created_at desc, k.id desc`),
      ),
    async insertApiKey(tx: Executor, key: { nome: string; scope: string; prefix: string; keyHash: string; createdBy: number }) {
      const [row] = await rowsOf<{ id: number }>(
        tx.execute(sql`insert into api_keys (nome, scope, prefix, key_hash, created_by)
                       values (${key.nome}, ${key.scope}, ${key.prefix}, ${key.keyHash}, ${key.createdBy}) returning id`),
      );
      return row!.id;
    },
    async revokeApiKey(tx: Executor, id: number) {
      const [row] = await rowsOf<{ id: number; nome: string; revokedAt: string | null }>(
        tx.execute(sql`select id, nome, revoked_at as "revokedAt" from api_keys where id = ${id} for update`),
      );
      if (!row) return null;
      if (!row.revokedAt) await tx.execute(sql`update api_keys set revoked_at = now() where id = ${id}`);
      return row;
    },
    /** The live key of this hash and scope, its last use recorded. */
    async useApiKey(db: Executor, keyHash: string, scope: string) {
      const [row] = await rowsOf<{ id: number; nome: string; createdBy: number | null }>(
        db.execute(sql`update api_keys set last_used_at = now() where key_hash = ${keyHash} and scope = ${scope} and revoked_at is null
                       returning id, nome, created_by as "createdBy"`),
      );
      return row ?? null;
    },
  };
}
export type ProcessRepository = ReturnType<typeof createProcessRepository>;
export type { FacetValue };

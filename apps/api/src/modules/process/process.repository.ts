import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../lib/audit.js';
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

const rowColumns = (userId: number) => sql`p.pro_id as "proId", p.pasta_id as "pastaId", p.numero, p.tribunal, p.classe, p.assunto, p.partes,
  p.status, p.ano, to_char(p.ultimo_andamento, 'YYYY-MM-DD') as "ultimoAndamento", ${lidoSql(userId)} as lido, p.pdf_file_id is not null as "temPdf"`;

/** The text query of the search: Portuguese stems as written and without accents (migration 0021's vector). */
const tsQuery = (query: string) => sql`(websearch_to_tsquery('portuguese', ${query}) || websearch_to_tsquery('portuguese', f_unaccent(${query})))`;

export interface SearchSpec {
  userId: number;
  /** 20-digit CNJ number: an exact match instead of the text query. */
  cnj: string | null;
  text: string;
  filter: ProcessFilter;
  orderby: ProcessOrderBy;
  offset: number;
  limit: number;
}

/** SQL of the digital process (issue 15). Reads answer plain rows; writes take the caller's transaction. */
export function createProcessRepository(db: Db) {
  /** Conditions on the search rows (alias s, table process_search: migration 0021). */
  function searchWhere(spec: SearchSpec): SQL {
    const parts: SQL[] = [];
    const f = spec.filter;
    if (f.pastaId?.length) parts.push(sql`s.pasta_id = any(${sql.param(f.pastaId)}::int[])`);
    if (f.tribunal?.length) parts.push(sql`s.tribunal = any(${sql.param(f.tribunal)}::text[])`);
    // With a text query the matches must come from the GIN index alone: "ano + 0" keeps the planner off the
    // (ano, numero) index, whose bitmap it would then filter by reading each row's vector (1.4 s for 21,000 rows).
    const ano = spec.text && !spec.cnj ? sql`(s.ano + 0)` : sql`s.ano`;
    if (f.ano?.length) parts.push(sql`${ano} = any(${sql.param(f.ano)}::int[])`);
    if (f.status?.length) parts.push(sql`s.status = any(${sql.param(f.status)}::text[])`);
    // Last: a row the filters drop is not tested against its vector (same-cost conditions keep their order).
    if (spec.cnj) parts.push(sql`s.pro_id = (select n.pro_id from processes n where n.numero = ${spec.cnj})`);
    else if (spec.text) parts.push(sql`s.vector @@ ${tsQuery(spec.text)}`);
    return parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``;
  }

  const ranked = (spec: SearchSpec) => spec.orderby === 'relevancia' && !!spec.text && !spec.cnj;

  /** The order of the search rows, on alias `a` (with the columns pro_id, ultimo_andamento, ano, numero and rank). */
  function searchOrder(spec: SearchSpec, a: string): SQL {
    const t = sql.raw(a);
    if (spec.orderby === 'numero') return sql`order by ${t}.ano, ${t}.numero`;
    const recent = sql`${t}.ultimo_andamento desc nulls last, ${t}.pro_id desc`;
    return ranked(spec) ? sql`order by ${t}.rank desc, ${recent}` : sql`order by ${recent}`;
  }

  function searchQuery<T>(spec: SearchSpec, query: SQL, settings: SQL): Promise<T[]> {
    if (!spec.text || spec.cnj) return rowsOf<T>(db.execute(query));
    return db.transaction(async (tx) => {
      await tx.execute(settings);
      return rowsOf<T>(tx.execute(query));
    });
  }

  /**
   * The page (rows with their highlight), chosen on the search rows; only its rows are read from processes. With
   * a text query the matches come from the GIN bitmap and are sorted, never from walking the date or number index
   * (that walk reads the vector of every row it passes: ~500 ms for a rare phrase in three years, measured);
   * relevance ranks the RANK_CANDIDATES most recently moved matches (ranking reads each one's vector: ranking
   * every match of a word found in nearly every process would read them all).
   */
  function searchRows(spec: SearchSpec) {
    const q = tsQuery(spec.text);
    const source = ranked(spec)
      ? sql`(select s.pro_id, s.ultimo_andamento, s.ano, s.numero, ts_rank(s.vector, ${q}) as rank
               from (select s.* from process_search s ${searchWhere(spec)} order by s.ultimo_andamento desc nulls last, s.pro_id desc
                      limit ${RANK_CANDIDATES}) s) s`
      : sql`(select s.pro_id, s.ultimo_andamento, s.ano, s.numero, 0 as rank from process_search s ${searchWhere(spec)}) s`;
    const headline =
      spec.text && !spec.cnj
        ? sql`ts_headline('portuguese',
            p.classe || ' · ' || p.assunto || ' · ' || p.partes || coalesce(' · ' || (
              select string_agg(m.texto, ' · ' order by m.data desc, m.and_id desc)
                from (select m.texto, m.data, m.and_id from process_movements m where m.pro_id = p.pro_id
                       order by m.data desc, m.and_id desc limit 5) m), ''),
            ${q}, 'StartSel=' || chr(1) || ', StopSel=' || chr(2) || ', MaxFragments=2, MaxWords=18, MinWords=6, FragmentDelimiter=" … "')`
        : sql`null`;
    return searchQuery<ProcessRow & { headline: string | null }>(
      spec,
      sql`with page as materialized (select s.* from ${source} ${searchOrder(spec, 's')} limit ${spec.limit} offset ${spec.offset})
          select ${rowColumns(spec.userId)}, ${headline} as headline
            from page join processes p on p.pro_id = page.pro_id ${searchOrder(spec, 'page')}`,
      sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`,
    );
  }

  /**
   * Facet counts and the total, exact: the matches counted in one pass by their combination of folder, court,
   * year and status (process_facets: one integer, a few hundred groups), summed by the service.
   */
  function searchFacets(spec: SearchSpec) {
    return searchQuery<{ pastaId: number; pastaNome: string | null; tribunal: string; ano: number; status: string; count: number }>(
      spec,
      sql`select k.pasta_id as "pastaId", f.nome as "pastaNome", k.tribunal, k.ano, k.status, g.count
            from (select s.facet, count(*)::int as count from process_search s ${searchWhere(spec)} group by s.facet) g
            join process_facets k on k.facet = g.facet
            left join process_folders f on f.pasta_id = k.pasta_id`,
      sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`,
    );
  }

  return {
    transaction: <T>(work: (tx: Executor) => Promise<T>) => db.transaction(work),

    async inboxId(tx: Executor = db): Promise<number> {
      const [row] = await rowsOf<{ id: number }>(tx.execute(sql`select pasta_id as id from process_folders where inbox`));
      return row!.id;
    },

    /** Every folder with its processes and this user's unread ones (the tree is built by the service). */
    folders: (userId: number) =>
      rowsOf<FolderRow>(
        db.execute(sql`
          select f.pasta_id as "pastaId", f.nome, f.parent_id as "parentId", f.inbox,
                 coalesce(c.total, 0)::int as total, coalesce(c.nao_lidos, 0)::int as "naoLidos"
            from process_folders f
            left join (select p.pasta_id, count(*) as total, count(*) filter (where not ${lidoSql(userId)}) as nao_lidos
                         from processes p group by p.pasta_id) c on c.pasta_id = f.pasta_id
           order by f.inbox desc, f.nome collate pt_br, f.pasta_id`),
      ),

    async folder(pastaId: number, tx: Executor = db, forUpdate = false) {
      const [row] = await rowsOf<{ pastaId: number; nome: string; parentId: number | null; inbox: boolean }>(
        tx.execute(sql`select pasta_id as "pastaId", nome, parent_id as "parentId", inbox from process_folders where pasta_id = ${pastaId}
                       ${forUpdate ? sql`for update` : sql``}`),
      );
      return row ?? null;
    },

    async inboxCounts(userId: number) {
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
    folderPage(userId: number, pastaId: number, after: { date: string | null; proId: number } | null, limit: number) {
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

    async processRow(userId: number, proId: number) {
      const [row] = await rowsOf<ProcessRow>(db.execute(sql`select ${rowColumns(userId)} from processes p where p.pro_id = ${proId}`));
      return row ?? null;
    },

    movements: (proId: number) =>
      rowsOf<{ andId: number; proId: number; data: string; texto: string; documento: string | null }>(
        db.execute(sql`
          select m.and_id as "andId", m.pro_id as "proId", to_char(m.data, 'YYYY-MM-DD') as data, m.texto, f.name as documento
            from process_movements m left join files f on f.id = m.document_file_id
           where m.pro_id = ${proId} order by m.data desc, m.and_id desc`),
      ),

    async movementDocument(andId: number) {
      const [row] = await rowsOf<{ fileId: string | null }>(
        db.execute(sql`select document_file_id as "fileId" from process_movements where and_id = ${andId}`),
      );
      return row ?? null;
    },

    /** The process of this number as the import sees it before its transaction (no lock). */
    async processByNumero(numero: string) {
      const [row] = await rowsOf<{ proId: number; pdfSha256: string | null }>(
        db.execute(sql`select p.pro_id as "proId", f.sha256 as "pdfSha256" from processes p left join files f on f.id = p.pdf_file_id
                       where p.numero = ${numero}`),
      );
      return row ?? null;
    },
    async pdfFileId(proId: number) {
      const [row] = await rowsOf<{ fileId: string | null }>(db.execute(sql`select pdf_file_id as "fileId" from processes where pro_id = ${proId}`));
      return row ?? null;
    },
    /** Which of these external movement ids the process already has. */
    async knownMovements(proId: number, ids: string[]) {
      if (!ids.length) return new Set<string>();
      const rows = await rowsOf<{ id: string }>(
        db.execute(sql`select external_id as id from process_movements where pro_id = ${proId} and external_id = any(${sql.param(ids)}::text[])`),
      );
      return new Set(rows.map((r) => r.id));
    },

    async markRead(userId: number, proId: number, lido: boolean, tx: Executor = db) {
      if (lido) {
        await tx.execute(sql`insert into process_reads (user_id, pro_id, read_at) values (${userId}, ${proId}, now())
                             on conflict (user_id, pro_id) do update set read_at = excluded.read_at`);
      } else {
        await tx.execute(sql`delete from process_reads where user_id = ${userId} and pro_id = ${proId}`);
      }
    },

    /**
     * Opening a process: marks it read for this user, false when the process does not exist. A view mark, not
     * business data: committed without waiting for the disk flush (synchronous_commit off for this transaction).
     */
    async markOpened(userId: number, proId: number) {
      if (!Number.isSafeInteger(userId) || !Number.isSafeInteger(proId)) throw new TypeError('markOpened: ids inteiros');
      // One round trip: two statements in one simple query run as one implicit transaction (SET LOCAL applies to
      // it); the ids are integers checked above, written into the text because that protocol takes no parameters.
      const client = (db as unknown as { $client: { query: (text: string) => Promise<unknown> } }).$client; // the pg pool
      const results = (await client.query(
        `set local synchronous_commit = off;
         insert into process_reads (user_id, pro_id, read_at) select ${userId}, p.pro_id, now() from processes p where p.pro_id = ${proId}
         on conflict (user_id, pro_id) do update set read_at = excluded.read_at returning 1`,
      )) as unknown as { rowCount: number | null }[];
      return (results[1]?.rowCount ?? 0) > 0;
    },

    /**
     * A search: its page and its facet counts, two statements run in parallel. Matching a word reads the narrow
     * search rows (process_search), never a vector, when the matches come from the GIN index as a bitmap (plain
     * words need no recheck): the planner sees that heap as cheap to scan and does not count reading a row's
     * out-of-line vector to test it (~10 µs a row), so with a text query sequential and plain index scans are off.
     */
    async search(spec: SearchSpec) {
      const [rows, facets] = await Promise.all([searchRows(spec), searchFacets(spec)]);
      return { rows, facets };
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

    apiKeys: () =>
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
    async useApiKey(keyHash: string, scope: string) {
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

import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../lib/audit.js';
import { SEARCH_COUNT_CAP, type FacetValue, type ProcessFilter, type ProcessOrderBy, type ProcessRow } from '@assoc/domain';

/** How many of the most recently moved matches the relevance order ranks. */
export const RANK_CANDIDATES = 2000;

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
  function searchWhere(spec: SearchSpec): SQL {
    const parts: SQL[] = [];
    if (spec.cnj) parts.push(sql`p.numero = ${spec.cnj}`);
    else if (spec.text) parts.push(sql`p.search @@ ${tsQuery(spec.text)}`);
    const f = spec.filter;
    if (f.pastaId?.length) parts.push(sql`p.pasta_id = any(${sql.param(f.pastaId)}::int[])`);
    if (f.tribunal?.length) parts.push(sql`p.tribunal = any(${sql.param(f.tribunal)}::text[])`);
    if (f.ano?.length) parts.push(sql`p.ano = any(${sql.param(f.ano)}::int[])`);
    if (f.status?.length) parts.push(sql`p.status = any(${sql.param(f.status)}::text[])`);
    return parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``;
  }

  function searchOrder(spec: SearchSpec): SQL {
    if (spec.orderby === 'numero') return sql`order by p.ano, p.numero`;
    if (spec.orderby === 'relevancia' && spec.text && !spec.cnj) {
      return sql`order by ts_rank(p.search, ${tsQuery(spec.text)}) desc, p.ultimo_andamento desc nulls last, p.pro_id desc`;
    }
    return sql`order by p.ultimo_andamento desc nulls last, p.pro_id desc`;
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
      return db.transaction(async (tx) => {
        await tx.execute(sql`set local synchronous_commit = off`);
        const rows = await rowsOf(
          tx.execute(sql`insert into process_reads (user_id, pro_id, read_at) select ${userId}, p.pro_id, now() from processes p where p.pro_id = ${proId}
                         on conflict (user_id, pro_id) do update set read_at = excluded.read_at returning 1`),
        );
        return rows.length > 0;
      });
    },

    /** The page of a search (rows with their highlight) — the facets are counted by searchFacets, in parallel. */
    async searchRows(spec: SearchSpec) {
      // Relevance ranks the RANK_CANDIDATES most recently moved matches (ranking every match of a word found in
      // nearly every process would read them all); the other orders walk their own index.
      const ranked = spec.orderby === 'relevancia' && spec.text && !spec.cnj;
      const source = ranked
        ? sql`(select p.* from processes p ${searchWhere(spec)} order by p.ultimo_andamento desc nulls last, p.pro_id desc limit ${RANK_CANDIDATES}) p`
        : sql`processes p ${searchWhere(spec)}`;
      const rows = await rowsOf<ProcessRow & { headline: string | null }>(
        db.execute(sql`
          with page as (select p.* from ${source} ${searchOrder(spec)} limit ${spec.limit} offset ${spec.offset})
          select ${rowColumns(spec.userId)},
                 ${
                   spec.text && !spec.cnj
                     ? sql`ts_headline('portuguese',
                         p.classe || ' · ' || p.assunto || ' · ' || p.partes || coalesce(' · ' || (
                           select string_agg(m.texto, ' · ' order by m.data desc, m.and_id desc)
                             from (select m.texto, m.data, m.and_id from process_movements m where m.pro_id = p.pro_id
                                    order by m.data desc, m.and_id desc limit 5) m), ''),
                         ${tsQuery(spec.text)}, 'StartSel=' || chr(1) || ', StopSel=' || chr(2) || ', MaxFragments=2, MaxWords=18, MinWords=6, FragmentDelimiter=" … "')`
                     : sql`null`
                 } as headline
            from page p ${searchOrder(spec)}`),
      );
      return rows;
    },

    /** Facet counts and the total over at most SEARCH_COUNT_CAP matches, the most recently moved first. */
    async searchFacets(spec: SearchSpec) {
      const rows = await rowsOf<{
        pastaId: number | null;
        tribunal: string | null;
        ano: number | null;
        status: string | null;
        count: number;
        g: number;
      }>(
        db.execute(sql`
          with m as (select p.pasta_id, p.tribunal, p.ano, p.status from processes p ${searchWhere(spec)}
                      order by p.ultimo_andamento desc nulls last, p.pro_id desc limit ${SEARCH_COUNT_CAP})
          select m.pasta_id as "pastaId", m.tribunal, m.ano, m.status, count(*)::int as count,
                 grouping(m.pasta_id, m.tribunal, m.ano, m.status)::int as g
            from m group by grouping sets ((m.pasta_id), (m.tribunal), (m.ano), (m.status), ())`),
      );
      return rows;
    },

    folderNames: (ids: number[]) =>
      ids.length
        ? rowsOf<{ pastaId: number; nome: string }>(
            db.execute(sql`select pasta_id as "pastaId", nome from process_folders where pasta_id = any(${sql.param(ids)}::int[])`),
          )
        : Promise.resolve([]),

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

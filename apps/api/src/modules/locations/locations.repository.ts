import { and, asc, eq, getTableColumns, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { COORDINATOR_SEARCH_LIMIT, MAGISTRATE_STATUSES } from '@assoc/domain';
import type { Executor } from '../../db/client.js';
import { circunscricoes, comarcas, customers, forums, locals, regions } from '../../db/schema/index.js';

type Row = Record<string, unknown>;

/** The coordinator's name, read-only in every level's record. */
const nameOf = (column: PgColumn) => sql<string | null>`(select c.cust_name from customers c where c.cst_id = ${column})`;

/**
 * One level of the hierarchy above the locals: its table, key, parent column (none for a circunscrição)
 * and which locals lie beneath one of its rows.
 */
export interface LevelTable {
  table: typeof circunscricoes | typeof comarcas | typeof forums;
  key: PgColumn;
  /** The row's version (decision 5). */
  version: PgColumn;
  parent: PgColumn | null;
  orderBy: PgColumn;
  /** Condition on locals.apf_id: the forums beneath the row with this key. */
  forumsBeneath(id: number): SQL;
}

export const levels = {
  circunscricao: {
    table: circunscricoes,
    key: circunscricoes.cirId,
    version: circunscricoes.version,
    parent: null,
    orderBy: circunscricoes.cirNome,
    forumsBeneath: (id: number) =>
      sql`${locals.apfId} in (select f.apf_id from forums f join comarcas c on c.com_id = f.com_id where c.cir_id = ${id})`,
  },
  comarca: {
    table: comarcas,
    key: comarcas.comId,
    version: comarcas.version,
    parent: comarcas.cirId,
    orderBy: comarcas.comNome,
    forumsBeneath: (id: number) => sql`${locals.apfId} in (select f.apf_id from forums f where f.com_id = ${id})`,
  },
  forum: {
    table: forums,
    key: forums.apfId,
    version: forums.version,
    parent: forums.comId,
    orderBy: forums.forNome,
    forumsBeneath: (id: number) => sql`${locals.apfId} = ${id}`,
  },
} satisfies Record<string, LevelTable>;

/** SQL of /localizacao: the three levels, the locals of a forum, RAJ choices and coordinator checks. */

/** Who may coordinate: a holder magistrate who is alive (never situation 5 nor with a death date). */
function coordinatorCandidate() {
  return and(
    isNull(customers.parentId),
    inArray(customers.custStatus, [...MAGISTRATE_STATUSES]),
    sql`${customers.custAssocSituacao} is distinct from 5`,
    isNull(customers.custDeceased),
  );
}

export const locationsRepository = {
  // Levels (circunscrição, comarca, fórum) -----------------------------------------------------

  /** Rows of a level (all, or the children of one parent), with the coordinators' names, by name. */
  async listLevel(db: Executor, level: LevelTable, parentId?: number): Promise<Row[]> {
    const { table } = level;
    return db
      .select({ ...getTableColumns(table), titularName: nameOf(table.corTitular), adjuntoName: nameOf(table.corAdjunto) })
      .from(table)
      .where(parentId === undefined || !level.parent ? undefined : eq(level.parent, parentId))
      .orderBy(sql`${level.orderBy} collate pt_br_num`, asc(level.key));
  },

  async findLevel(db: Executor, level: LevelTable, id: number): Promise<Row | undefined> {
    const { table } = level;
    const [row] = await db
      .select({ ...getTableColumns(table), titularName: nameOf(table.corTitular), adjuntoName: nameOf(table.corAdjunto) })
      .from(table)
      .where(eq(level.key, id));
    return row;
  },

  /** The plain row, locked until the transaction ends. */
  async lockLevel(db: Executor, level: LevelTable, id: number): Promise<Row | undefined> {
    const [row] = await db.select().from(level.table).where(eq(level.key, id)).for('update');
    return row as Row | undefined;
  },

  async exists(db: Executor, level: LevelTable, id: number): Promise<boolean> {
    return (await db.select({ id: level.key }).from(level.table).where(eq(level.key, id)).limit(1)).length > 0;
  },

  async insertLevel(db: Executor, level: LevelTable, values: Row): Promise<number> {
    const [row] = await db
      .insert(level.table)
      .values(values as never)
      .returning({ id: level.key });
    return Number(row!.id);
  },

  /**
   * Writes the row only while it still has the version the client read, bumping it in the same
   * statement (decision 5); false when another write got there first.
   */
  async updateLevel(db: Executor, level: LevelTable, id: number, values: Row, expectedVersion: number): Promise<boolean> {
    const rows = await db
      .update(level.table)
      .set({ ...values, version: sql`${level.version} + 1` } as never)
      .where(and(eq(level.key, id), eq(level.version, expectedVersion)))
      .returning({ id: level.key });
    return rows.length > 0;
  },

  // Locals ----------------------------------------------------------------------------------------

  /** The live locals of a forum, by name. */
  async listLocals(db: Executor, apfId: number): Promise<Row[]> {
    return db
      .select({ ...getTableColumns(locals), titularName: nameOf(locals.corTitular), adjuntoName: nameOf(locals.corAdjunto) })
      .from(locals)
      .where(and(eq(locals.apfId, apfId), isNull(locals.deletedAt)))
      .orderBy(sql`${locals.locNome} collate pt_br_num`, asc(locals.locId));
  },

  /** One local, deleted or not, with the coordinators' names. */
  async findLocal(db: Executor, locId: number): Promise<Row | undefined> {
    const [row] = await db
      .select({ ...getTableColumns(locals), titularName: nameOf(locals.corTitular), adjuntoName: nameOf(locals.corAdjunto) })
      .from(locals)
      .where(eq(locals.locId, locId));
    return row;
  },

  async lockLocal(db: Executor, locId: number): Promise<Row | undefined> {
    const [row] = await db.select().from(locals).where(eq(locals.locId, locId)).for('update');
    return row as Row | undefined;
  },

  async insertLocal(db: Executor, values: typeof locals.$inferInsert): Promise<number> {
    const [row] = await db.insert(locals).values(values).returning({ id: locals.locId });
    return row!.id;
  },

  /** Like updateLevel: only at the expected version, bumping it; false when the local moved on. */
  async updateLocal(db: Executor, locId: number, values: Partial<typeof locals.$inferInsert>, expectedVersion: number): Promise<boolean> {
    const rows = await db
      .update(locals)
      .set({ ...values, version: sql`${locals.version} + 1` })
      .where(and(eq(locals.locId, locId), eq(locals.version, expectedVersion)))
      .returning({ id: locals.locId });
    return rows.length > 0;
  },

  /**
   * The coordinators a new local of this forum starts with: the forum's, else its comarca's, else its
   * circunscrição's (each of titular and adjunto on its own).
   */
  async inheritedCoordinators(db: Executor, apfId: number): Promise<{ corTitular: number | null; corAdjunto: number | null }> {
    const { rows } = await db.execute<{ cor_titular: number | null; cor_adjunto: number | null }>(sql`
      select coalesce(f.cor_titular, c.cor_titular, r.cor_titular) as cor_titular,
             coalesce(f.cor_adjunto, c.cor_adjunto, r.cor_adjunto) as cor_adjunto
        from forums f join comarcas c on c.com_id = f.com_id join circunscricoes r on r.cir_id = c.cir_id
       where f.apf_id = ${apfId}`);
    return { corTitular: rows[0]?.cor_titular ?? null, corAdjunto: rows[0]?.cor_adjunto ?? null };
  },

  /**
   * Gives the live locals beneath a row of a level the informed coordinators (only those given), and
   * returns the locals that changed with their previous pair. Each changed local's version goes up, so
   * a local form opened before the propagation cannot save over it (decision 5).
   */
  async propagateCoordinators(
    db: Executor,
    level: LevelTable,
    id: number,
    set: { corTitular?: number; corAdjunto?: number },
  ): Promise<Array<{ locId: number; corTitular: number | null; corAdjunto: number | null }>> {
    const differs = [
      set.corTitular === undefined ? undefined : sql`${locals.corTitular} is distinct from ${set.corTitular}`,
      set.corAdjunto === undefined ? undefined : sql`${locals.corAdjunto} is distinct from ${set.corAdjunto}`,
    ].filter((c): c is SQL => c !== undefined);
    if (!differs.length) return [];
    const before = await db
      .select({ locId: locals.locId, corTitular: locals.corTitular, corAdjunto: locals.corAdjunto })
      .from(locals)
      .where(and(isNull(locals.deletedAt), level.forumsBeneath(id), sql`(${sql.join(differs, sql` or `)})`))
      .orderBy(asc(locals.locId))
      .for('update');
    if (!before.length) return [];
    await db
      .update(locals)
      .set({ ...set, version: sql`${locals.version} + 1` })
      .where(
        inArray(
          locals.locId,
          before.map((r) => r.locId),
        ),
      );
    return before;
  },

  // Choices and checks -----------------------------------------------------------------------------

  /** RAJ choices: the live regions, by name. */
  async listRajs(db: Executor) {
    return db
      .select({ regionId: regions.regionId, regionName: regions.regionName })
      .from(regions)
      .where(isNull(regions.deletedAt))
      .orderBy(sql`${regions.regionName} collate pt_br_num`, asc(regions.regionId));
  },

  async liveRegionExists(db: Executor, regionId: number): Promise<boolean> {
    return (
      (
        await db
          .select({ id: regions.regionId })
          .from(regions)
          .where(and(eq(regions.regionId, regionId), isNull(regions.deletedAt)))
          .limit(1)
      ).length > 0
    );
  },

  /** Who may coordinate: a holder (no parent) with a magistrate status (M, N, H, J). */
  async isCoordinatorCandidate(db: Executor, cstId: number): Promise<boolean> {
    const rows = await db
      .select({ id: customers.cstId })
      .from(customers)
      .where(and(eq(customers.cstId, cstId), coordinatorCandidate()))
      .limit(1);
    return rows.length > 0;
  },

  /**
   * Coordinator choices matching every word of the text, accent- and case-insensitive (the generated
   * search_name with its trigram index); names starting with the text first, then alphabetical. No
   * words: the first page by name. Never the deceased (situation 5 or a death date).
   */
  async searchCoordinators(db: Executor, words: string[]) {
    const candidate = coordinatorCandidate();
    const matches = words.map((word) => sql`${customers.searchName} like '%' || f_unaccent(lower(${word})) || '%'`);
    // PostgreSQL refuses a constant in ORDER BY ("non-integer constant"): no words, no starts-with key.
    const startsWith = words.length ? [sql`(${customers.searchName} like f_unaccent(lower(${words[0]!})) || '%') desc`] : [];
    return db
      .select({ cstId: customers.cstId, custName: customers.custName })
      .from(customers)
      .where(and(candidate, ...matches))
      .orderBy(...startsWith, sql`${customers.custName} collate pt_br`, asc(customers.cstId))
      .limit(COORDINATOR_SEARCH_LIMIT);
  },
};

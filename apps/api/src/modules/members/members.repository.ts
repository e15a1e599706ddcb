import { and, asc, desc, eq, getTableColumns, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { numeroInterno } from '@assoc/domain';
import type { Executor } from '../../db/client.js';
import { executeNamed } from '../../lib/sql.js';
import {
  addresses,
  assocCargos,
  audits,
  customers,
  forumCargos,
  forums,
  locals,
  positionHistory,
  products,
  services,
  users,
} from '../../db/schema/index.js';

export type CustomerRow = typeof customers.$inferSelect;
export type CustomerWrite = Partial<Omit<typeof customers.$inferInsert, 'cstId' | 'searchName'>>;
export type AddressRow = typeof addresses.$inferSelect;
export type AddressWrite = Omit<typeof addresses.$inferInsert, 'cstId' | 'kind'>;

/** First internal number when the table has none (the demo starts at 010000). */
const FIRST_NUMERO = 10_000;

/** The customers columns: the row's key, the column (its driver mapping) and the statement's alias. */
const CUSTOMER_COLUMNS = Object.entries(getTableColumns(customers)).map(([key, column], i) => [key, column, `c${i}`] as const);
/** The address columns a member reads, as a JSON object per row (text, smallint: JSON keeps their values). */
const ADDRESS_JSON = `json_build_object(${Object.entries(getTableColumns(addresses))
  .map(([key, column]) => `'${key}', a."${column.name}"`)
  .join(', ')})`;

const COLUMNS_BY_KEY = new Map(CUSTOMER_COLUMNS.map(([key, column]) => [key, column]));
/** The customers columns under their aliases (`c`: the member's row). */
const RETURNING = CUSTOMER_COLUMNS.map(([, column, alias]) => `c."${column.name}" as ${alias}`).join(', ');

/** A customers row read under the aliases of CUSTOMER_COLUMNS, mapped by each column (as a Drizzle select would). */
function customerFromRaw(raw: Record<string, unknown>): CustomerRow {
  const row: Record<string, unknown> = {};
  for (const [key, column, alias] of CUSTOMER_COLUMNS) {
    const value = raw[alias];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as CustomerRow;
}

const memberQueryTexts = new Map<string, { head: string; tail: string; name: string }>();
/** The member's statement (cached by its shape): the row, the spouse's name, the addresses and the lists' and extras' JSON. */
function memberQueryText(lock: boolean, lists: readonly { key: string; expression: string }[]) {
  const cacheKey = `${lock}:${lists.map((l) => l.key).join(',')}`;
  let text = memberQueryTexts.get(cacheKey);
  if (!text) {
    const listColumns = lists.map((list, i) => `, (${list.expression}) as list_${i}`).join('');
    text = {
      head: `select ${RETURNING}, s.cust_name as fal_name,
        coalesce((select json_agg(${ADDRESS_JSON} order by a.kind) from addresses a where a.cst_id = c.cst_id), '[]'::json) as addresses${listColumns}
        from customers c left join customers s on s.cst_id = c.fal_id where c.cst_id = `,
      tail: lock ? ' for update of c' : '',
      name: `member_load_${memberQueryTexts.size}`,
    };
    memberQueryTexts.set(cacheKey, text);
  }
  return text;
}

export function createMembersRepository() {
  return {
    /**
     * The member in one statement: its customers row, the deceased spouse's name (falName), its addresses and the
     * child lists that give a JSON expression (`lists`, keyed as given), locked for the save when asked. The row's
     * values go through the columns' own mapping, as a Drizzle select would give them.
     */
    async member(
      tx: Executor,
      cstId: number,
      lock: boolean,
      lists: readonly { key: string; expression: string }[],
    ): Promise<{ row: CustomerRow & { falName: string | null }; addresses: AddressRow[]; lists: Map<string, unknown> } | undefined> {
      const text = memberQueryText(lock, lists);
      // A named statement: PostgreSQL parses and plans the member's long statement once per connection (about 1.4 ms).
      const result = await executeNamed<Record<string, unknown>>(tx, { name: text.name, text: `${text.head}$1${text.tail}`, values: [cstId] });
      const raw = result.rows[0];
      if (!raw) return undefined;
      const row = { ...customerFromRaw(raw), falName: (raw.fal_name as string | null) ?? null };
      const out = new Map<string, unknown>();
      for (const [i, list] of lists.entries()) out.set(list.key, raw[`list_${i}`]);
      return { row, addresses: raw.addresses as AddressRow[], lists: out };
    },

    addresses: (tx: Executor, cstId: number) => tx.select().from(addresses).where(eq(addresses.cstId, cstId)),

    async personName(tx: Executor, cstId: number): Promise<string | null> {
      const [row] = await tx.select({ name: customers.custName }).from(customers).where(eq(customers.cstId, cstId));
      return row?.name ?? null;
    },

    async insertCustomer(tx: Executor, values: CustomerWrite & { custName: string }): Promise<CustomerRow> {
      const [row] = await tx.insert(customers).values(values).returning();
      return row!;
    },

    /**
     * One UPDATE of the given columns (plus version and updated_at), returning the row mapped as a Drizzle select
     * would (the statement is written here: Drizzle's builder cost more than the database for ~100 columns).
     */
    async updateCustomer(tx: Executor, cstId: number, values: CustomerWrite): Promise<CustomerRow> {
      const sets: SQL[] = [];
      for (const [key, value] of Object.entries(values)) {
        const column = COLUMNS_BY_KEY.get(key);
        if (value === undefined || !column) continue;
        sets.push(sql`${sql.identifier(column.name)} = ${sql.param(value, column)}`);
      }
      sets.push(sql.raw('version = c.version + 1, updated_at = now()'));
      const result = await tx.execute<Record<string, unknown>>(
        sql`update customers c set ${sql.join(sets, sql.raw(', '))} where c.cst_id = ${cstId} returning ${sql.raw(RETURNING)}`,
      );
      return customerFromRaw(result.rows[0]!);
    },

    async saveAddress(tx: Executor, cstId: number, kind: number, values: AddressWrite | null) {
      if (!values) {
        await tx.delete(addresses).where(and(eq(addresses.cstId, cstId), eq(addresses.kind, kind)));
        return;
      }
      await tx
        .insert(addresses)
        .values({ cstId, kind, ...values })
        .onConflictDoUpdate({ target: [addresses.cstId, addresses.kind], set: values });
    },

    /**
     * The next internal number: one more than the highest holder's (its first 6 digits), with its check digit.
     * The transaction-scoped advisory lock makes concurrent inserts take turns, so two holders never get the
     * same number.
     */
    async nextNumeroInterno(tx: Executor): Promise<string> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('customers.cust_numero_interno'))`);
      const result = await tx.execute<{ max: string | null }>(sql`
        select max(cust_numero_interno) as max from customers
         where parent_id is null and cust_numero_interno ~ '^[0-9]{7}$'`);
      const max = result.rows[0]?.max;
      const next = max ? Number(max.slice(0, 6)) + 1 : FIRST_NUMERO;
      return numeroInterno(Math.max(next, 1));
    },

    async cpfCount(db: Executor, cpf: string, cstId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(customers)
        .where(and(eq(customers.custCpf, cpf), ne(customers.cstId, cstId)));
      return row?.n ?? 0;
    },

    positions: (db: Executor, cstId: number) =>
      db
        .select({ dataEntrada: positionHistory.dataEntrada, dataSaida: positionHistory.dataSaida, cargo: positionHistory.cargo })
        .from(positionHistory)
        .where(eq(positionHistory.cstId, cstId))
        .orderBy(desc(positionHistory.dataEntrada), desc(positionHistory.id)),

    /** Position history follows the association cargos: a cargo left is closed now, a cargo taken opens a row. */
    async recordPositions(tx: Executor, cstId: number, left: number[], taken: number[]) {
      const ids = [...new Set([...left, ...taken])];
      if (!ids.length) return;
      const names = new Map(
        (await tx.select({ id: assocCargos.aacId, name: assocCargos.aacCargo }).from(assocCargos).where(inArray(assocCargos.aacId, ids))).map((r) => [
          r.id,
          r.name,
        ]),
      );
      for (const id of left) {
        const name = names.get(id);
        if (name)
          await tx
            .update(positionHistory)
            .set({ dataSaida: sql`now()` })
            .where(and(eq(positionHistory.cstId, cstId), eq(positionHistory.cargo, name), isNull(positionHistory.dataSaida)));
      }
      for (const id of taken) {
        const name = names.get(id);
        if (name) await tx.insert(positionHistory).values({ cstId, cargo: name, dataEntrada: sql`now()` });
      }
    },

    /** A member's audit records of a category, newest first, with who made them (and their photo, when a member). */
    auditList: (db: Executor, cstId: number, category: string) =>
      db
        .select({
          auditId: audits.auditId,
          ownerName: sql<string>`coalesce(${audits.userName}, '')`,
          ownerId: users.cstId,
          ownerPhotoKey: customers.custPhotoKey,
          at: audits.at,
          action: audits.action,
        })
        .from(audits)
        .leftJoin(users, eq(users.userId, audits.userId))
        .leftJoin(customers, eq(customers.cstId, users.cstId))
        .where(and(eq(audits.category, category), eq(audits.ownerId, cstId)))
        .orderBy(desc(audits.at), desc(audits.auditId))
        .limit(500),

    /**
     * Issue 22 #23: the member's base version, written lazily by the first audited change of a record no audit
     * has seen begin (the seed, an import, any writer without an audit): `state` (the stored record before this
     * change) as of the row's last write. One statement, in the save's transaction, before the row is updated; it
     * writes nothing once an insert or base version exists. A member changed before base versions existed takes
     * its oldest change's before-state, just ahead of that change.
     */
    async writeBaseVersion(tx: Executor, category: string, cstId: number, state: unknown) {
      await tx.execute(sql`
        insert into audits (category, owner_id, entity_id, action, at, "after")
        select ${category}, c.cst_id, c.cst_id::text, 'base',
               coalesce(oldest.at - interval '1 millisecond', c.updated_at), coalesce(oldest.before, ${JSON.stringify(state)}::jsonb)
        from customers c
        left join lateral (
          select a.at, a.before from audits a where a.category = ${category} and a.owner_id = c.cst_id order by a.at, a.audit_id limit 1
        ) oldest on true
        where c.cst_id = ${cstId}
          and not exists (select 1 from audits a where a.category = ${category} and a.owner_id = c.cst_id and a.action in ('insert', 'base'))`);
    },

    async audit(db: Executor, id: number) {
      const [row] = await db.select().from(audits).where(eq(audits.auditId, id));
      return row;
    },

    // ---- datacache sources
    /** A cheap fingerprint of the registries the lookup lists come from (changes with any write to them). */
    async registriesFingerprint(db: Executor): Promise<string> {
      const result = await db.execute<{ f: string }>(sql`select concat_ws(':',
          (select count(*) || '.' || coalesce(sum(version), 0) from assoc_cargos),
          (select count(*) || '.' || coalesce(sum(version), 0) from forum_cargos),
          (select count(*) || '.' || coalesce(sum(version), 0) from forums),
          (select count(*) || '.' || coalesce(sum(version), 0) from locals),
          (select count(*) || '.' || coalesce(sum(version), 0) from services),
          (select count(*) || '.' || coalesce(sum(version), 0) from products)) as f`);
      return result.rows[0]?.f ?? '';
    },
    positionsList: (db: Executor) =>
      db
        .select({ afcId: assocCargos.aacId, afcCargo: assocCargos.aacCargo })
        .from(assocCargos)
        .where(isNull(assocCargos.deletedAt))
        .orderBy(asc(assocCargos.aacCargo)),
    forumPositionsList: (db: Executor) =>
      db
        .select({ afcId: forumCargos.afcId, afcCargo: forumCargos.afcCargo })
        .from(forumCargos)
        .where(isNull(forumCargos.deletedAt))
        .orderBy(asc(forumCargos.afcCargo)),
    forumsList: (db: Executor) => db.select({ apfId: forums.apfId, forShort: forums.forShort }).from(forums).orderBy(asc(forums.forShort)),
    localsList: (db: Executor) =>
      db
        .select({ locId: locals.locId, apfId: locals.apfId, locName: locals.locNome })
        .from(locals)
        .where(isNull(locals.deletedAt))
        .orderBy(asc(locals.apfId), asc(locals.locNome)),
    healthPlansList: (db: Executor) =>
      db
        .select({ value: services.svcId, label: services.svcName })
        .from(services)
        .innerJoin(products, eq(products.sucId, services.sucId))
        .where(and(eq(products.sucHealth, true), isNull(services.deletedAt), isNull(products.deletedAt)))
        .orderBy(asc(services.svcName)),
    /** The deceased spouse named on this member's own record (falId), as a datacache option; null when none. */
    async deceasedSpouseOf(db: Executor, cstId: number): Promise<{ value: number; label: string } | null> {
      const result = await db.execute<{ value: number; label: string }>(
        sql`select f.cst_id as value, f.cust_name as label from customers c join customers f on f.cst_id = c.fal_id where c.cst_id = ${cstId}`,
      );
      return result.rows[0] ?? null;
    },
    deceasedList: (db: Executor) =>
      db
        .select({ value: customers.cstId, label: customers.custName })
        .from(customers)
        .where(and(isNull(customers.parentId), eq(customers.custAssocSituacao, 5)))
        .orderBy(asc(customers.custName)),
  };
}

export type MembersRepository = ReturnType<typeof createMembersRepository>;

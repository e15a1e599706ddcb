import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { postingInstalments, postings } from '../../db/schema/index.js';

/** A service as the postings read it. */
export type PostingServiceRow = {
  svcId: number;
  svcName: string;
  serviceType: number;
  plugin: 'lanccelular' | 'lancbar' | null;
  maxParcelas: number;
  allowsDependents: boolean;
};

/** A person a row names: the holder's id (itself for a holder) and whether it may be charged (living, not Falecido). */
export type PostingPerson = {
  cstId: number;
  holderId: number;
  custName: string;
  active: boolean;
};

/** One checked row of a batch, as the job posts it (postings.lines). */
export type PostingLine = {
  /** The row's index in the batch (0-based; the file's rows in file order). */
  i: number;
  /** The holder whose ledger it goes to, and the person it concerns (the holder or a dependent). */
  cstId: number;
  respId: number;
  value: number;
  parcelas: number;
};

export type PostingBatchRow = {
  lanId: number;
  svcId: number;
  svcName: string;
  mode: string;
  rows: number;
  total: number;
  jobId: string | null;
  createdBy: number | null;
  createdByName: string;
};

export type NewInstalment = {
  lanId: number;
  rowIndex: number;
  cstId: number;
  respId: number;
  svcId: number;
  descricao: string;
  parcela: number;
  parcelas: number;
  valor: number;
  ano: number;
  mes: number;
};

const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;
const textArray = (values: readonly string[]) => sql`${`{${values.join(',')}}`}::text[]`;

/**
 * The phones a member is found by (POST search/phones, the phone mode and a file's identifiers): the mobile
 * (custCelularDdd + custCelular) and the two phones of each address (home, work), DDD + number, 11 digits.
 */
const PHONES_OF = sql`
  select c.cst_id, c.cust_celular_ddd || c.cust_celular as phone from customers c where c.cust_celular is not null
  union all select a.cst_id, a.ad_phone_ddd || a.ad_phone from addresses a where a.ad_phone is not null
  union all select a.cst_id, a.ad_phone_ddd2 || a.ad_phone2 from addresses a where a.ad_phone2 is not null`;

/** A person may be charged while living and not Falecido (situação 5), and so is their holder (the dashboard's rule). */
const ACTIVE = sql`(c.cust_deceased is null and c.cust_assoc_situacao is distinct from 5
  and (h.cst_id is null or (h.cust_deceased is null and h.cust_assoc_situacao is distinct from 5)))`;

/** The postings' SQL (issue 24); every function takes the caller's executor. */
export function createPostingsRepository() {
  return {
    /** Every service not deleted, by name (GET lancamentos), or one. */
    async services(tx: Executor, svcId?: number): Promise<PostingServiceRow[]> {
      const one = svcId === undefined ? sql`` : sql` and svc_id = ${svcId}`;
      const result = await tx.execute<PostingServiceRow>(sql`
        select svc_id as "svcId", svc_name as "svcName", svc_service_type as "serviceType", svc_lanc_plugin as plugin,
          svc_max_parcelas as "maxParcelas", svc_permite_dependente as "allowsDependents"
        from services where deleted_at is null${one} order by svc_name, svc_id`);
      return result.rows;
    },

    /** The people of these ids (holders and dependents). */
    async people(tx: Executor, ids: readonly number[]): Promise<Map<number, PostingPerson>> {
      if (ids.length === 0) return new Map();
      const result = await tx.execute<PostingPerson>(sql`
        select c.cst_id as "cstId", coalesce(c.parent_id, c.cst_id) as "holderId", c.cust_name as "custName", ${ACTIVE} as active
        from customers c left join customers h on h.cst_id = c.parent_id
        where c.cst_id = any(${intArray([...new Set(ids)])})`);
      return new Map(result.rows.map((p) => [p.cstId, p]));
    },

    /** The people with these CPFs (11 digits): CPF → person. */
    async byCpf(tx: Executor, cpfs: readonly string[]): Promise<Map<string, PostingPerson>> {
      if (cpfs.length === 0) return new Map();
      const result = await tx.execute<PostingPerson & { cpf: string }>(sql`
        select c.cust_cpf as cpf, c.cst_id as "cstId", coalesce(c.parent_id, c.cst_id) as "holderId", c.cust_name as "custName",
          ${ACTIVE} as active
        from customers c left join customers h on h.cst_id = c.parent_id
        where c.cust_cpf = any(${textArray([...new Set(cpfs)])}) order by c.cst_id`);
      const found = new Map<string, PostingPerson>();
      for (const { cpf, ...p } of result.rows) if (!found.has(cpf)) found.set(cpf, p);
      return found;
    },

    /** The people with these phones (11 digits): phone → people (none, one or several), by name. */
    async byPhones(tx: Executor, phones: readonly string[]): Promise<Map<string, PostingPerson[]>> {
      if (phones.length === 0) return new Map();
      const result = await tx.execute<PostingPerson & { phone: string }>(sql`
        select distinct p.phone, c.cst_id as "cstId", coalesce(c.parent_id, c.cst_id) as "holderId", c.cust_name as "custName",
          ${ACTIVE} as active
        from (${PHONES_OF}) p join customers c on c.cst_id = p.cst_id left join customers h on h.cst_id = c.parent_id
        where p.phone = any(${textArray([...new Set(phones)])})
        order by "custName", "cstId"`);
      const found = new Map<string, PostingPerson[]>();
      for (const { phone, ...p } of result.rows) found.set(phone, [...(found.get(phone) ?? []), p]);
      return found;
    },

    /** The batch of an idempotency key, if any. */
    async batchByKey(tx: Executor, key: string): Promise<PostingBatchRow | null> {
      const result = await tx.execute<{ lanId: number }>(sql`select lan_id as "lanId" from postings where lancamento_key = ${key}`);
      const lanId = result.rows[0]?.lanId;
      return lanId === undefined ? null : this.batch(tx, lanId);
    },

    async batch(tx: Executor, lanId: number): Promise<PostingBatchRow | null> {
      const result = await tx.execute<PostingBatchRow>(sql`
        select p.lan_id as "lanId", p.svc_id as "svcId", s.svc_name as "svcName", p.mode, p.rows, p.total::float8 as total,
          p.job_id as "jobId", p.created_by as "createdBy", p.created_by_name as "createdByName"
        from postings p join services s on s.svc_id = p.svc_id where p.lan_id = ${lanId}`);
      return result.rows[0] ?? null;
    },

    async insertBatch(
      tx: Executor,
      batch: {
        svcId: number;
        mode: string;
        lines: PostingLine[];
        total: number;
        jobId: string;
        key: string | null;
        userId: number;
        userName: string;
      },
    ): Promise<number> {
      const [row] = await tx
        .insert(postings)
        .values({
          svcId: batch.svcId,
          mode: batch.mode,
          rows: batch.lines.length,
          total: batch.total,
          jobId: batch.jobId,
          lancamentoKey: batch.key,
          lines: batch.lines,
          createdBy: batch.userId,
          createdByName: batch.userName.slice(0, 64),
        })
        .returning({ lanId: postings.lanId });
      return row!.lanId;
    },

    /** The batch's rows after index `after` in order, at most `limit` (the job's keyset chunks). */
    async lines(tx: Executor, lanId: number, after: number, limit: number): Promise<PostingLine[]> {
      const result = await tx.execute<PostingLine>(sql`
        select (l->>'i')::int as i, (l->>'cstId')::int as "cstId", (l->>'respId')::int as "respId", (l->>'value')::int as value,
          (l->>'parcelas')::int as parcelas
        from postings p, jsonb_array_elements(p.lines) l
        where p.lan_id = ${lanId} and (l->>'i')::int > ${after}
        order by (l->>'i')::int limit ${limit}`);
      return result.rows;
    },

    /** The later instalments; one already there (a retried chunk) is kept as it is. */
    async insertInstalments(tx: Executor, rows: readonly NewInstalment[]): Promise<void> {
      if (rows.length === 0) return;
      await tx
        .insert(postingInstalments)
        .values([...rows])
        .onConflictDoNothing();
    },
  };
}

export type PostingsRepository = ReturnType<typeof createPostingsRepository>;

import { sql } from 'drizzle-orm';
import type { ImportResult, ImportRow } from '@assoc/domain';
import type { Executor } from '../../db/client.js';

export type ImportRecord = {
  importId: number;
  tipo: string;
  fileName: string;
  scanId: string | null;
  status: string;
  createdBy: number | null;
  createdByName: string;
};

/** The charge a return record names, in a remittance of the file's debit place, locked for its settling. */
export type RemittedCharge = {
  rmId: number;
  cobId: number;
  cstId: number;
  value: number;
  lineStatus: string;
  cobRetorno: string | null;
};

/** What a return record says of its remittance line. */
export type LineReturn = { status: string; code: string; description: string; date: string | null; paidValue: number | null; importId: number };

/** bank_imports and the remittance lines the imports settle (migration 0040). */
export function createBankImportRepository() {
  return {
    async findDone(db: Executor, tipo: string, sha256: string) {
      const result = await db.execute<{ importId: number; createdAt: string }>(sql`
        select import_id as "importId", created_at::text as "createdAt" from bank_imports
         where tipo = ${tipo} and sha256 = ${sha256} and status in ('running', 'done') limit 1`);
      return result.rows[0] ?? null;
    },

    /**
     * Marks failed the imports left 'running' by jobs that are no longer open (a worker that crashed until its retries
     * ran out): else they would block every next import and their file's re-import for good.
     */
    async failAbandoned(db: Executor, message: string) {
      await db.execute(sql`
        update bank_imports b set status = 'failed', message = ${message}, finished_at = now()
         where b.status = 'running' and not exists (select 1 from jobs j where j.job_id = b.job_id and j.job_status <= 10)`);
    },

    async running(db: Executor, origin: 'banco' | 'arquivo') {
      const result = await db.execute(sql`select 1 from bank_imports where origin = ${origin} and status = 'running' limit 1`);
      return result.rows.length > 0;
    },

    async insert(
      tx: Executor,
      row: {
        origin: 'banco' | 'arquivo';
        tipo: string;
        fileName: string;
        sha256: string;
        scanId: string;
        jobId: string;
        userId: number;
        userName: string;
      },
    ): Promise<number> {
      const result = await tx.execute<{ importId: number }>(sql`
        insert into bank_imports (origin, tipo, file_name, sha256, scan_id, job_id, created_by, created_by_name)
        values (${row.origin}, ${row.tipo}, ${row.fileName.slice(0, 200)}, ${row.sha256}, ${row.scanId}::uuid, ${row.jobId}::uuid, ${row.userId},
                ${row.userName.slice(0, 64)})
        returning import_id as "importId"`);
      return result.rows[0]!.importId;
    },

    async get(db: Executor, importId: number): Promise<ImportRecord | null> {
      const result = await db.execute<ImportRecord>(sql`
        select import_id as "importId", tipo, file_name as "fileName", scan_id::text as "scanId", status, created_by as "createdBy",
               created_by_name as "createdByName"
          from bank_imports where import_id = ${importId}`);
      return result.rows[0] ?? null;
    },

    async finish(
      tx: Executor,
      importId: number,
      end: {
        status: 'done' | 'refused' | 'failed';
        message: string | null;
        result: ImportResult | null;
        bankCode?: string | null;
        nsa?: number | null;
      },
    ) {
      await tx.execute(sql`
        update bank_imports set status = ${end.status}, message = ${end.message?.slice(0, 400) ?? null},
               result = ${end.result ? JSON.stringify(end.result) : null}::jsonb, bank_code = ${end.bankCode ?? null}, nsa = ${end.nsa ?? null},
               finished_at = now()
         where import_id = ${importId}`);
    },

    async list(db: Executor): Promise<Omit<ImportRow, 'tipoLabel'>[]> {
      const result = await db.execute<Omit<ImportRow, 'tipoLabel'>>(sql`
        select import_id as "importId", origin as origem, tipo, file_name as "fileName", nsa, status, message, job_id::text as "jobId",
               to_json(created_at) #>> '{}' as "createdAt", nullif(created_by_name, '') as "createdByName", scan_id::text as "scanId", result
          from bank_imports order by import_id desc limit 200`);
      return result.rows;
    },

    /**
     * The newest remittance line of each of these charges in a remittance of this debit place, locked with its charge
     * (in cob_id order: one statement for a chunk of records).
     */
    async remitted(tx: Executor, bnkId: number, cobIds: readonly number[]): Promise<Map<number, RemittedCharge>> {
      const ids = [...new Set(cobIds)];
      if (ids.length === 0) return new Map();
      const result = await tx.execute<RemittedCharge>(sql`
        select l.rm_id as "rmId", l.cob_id as "cobId", l.cst_id as "cstId", l.value, l.status as "lineStatus", ch.cob_retorno::text as "cobRetorno"
          from bank_remittance_lines l
          join charges ch on ch.cob_id = l.cob_id
         where (l.rm_id, l.cob_id) in (
                 select max(n.rm_id), n.cob_id from bank_remittance_lines n join bank_remittances r on r.rm_id = n.rm_id
                  where n.cob_id = any(${sql.param(ids)}::int[]) and r.bnk_id = ${bnkId} group by n.cob_id)
         order by l.cob_id
           for update of l, ch`);
      return new Map(result.rows.map((r) => [r.cobId, r]));
    },

    /** The returns of remittance lines, one statement for a chunk (one entry per line: the last record of a line wins). */
    async settleLines(tx: Executor, lines: readonly { rmId: number; cobId: number; ret: LineReturn }[]) {
      if (lines.length === 0) return;
      const input = JSON.stringify(
        lines.map(({ rmId, cobId, ret }) => ({
          rm_id: rmId,
          cob_id: cobId,
          status: ret.status,
          code: ret.code.slice(0, 4),
          description: ret.description.slice(0, 160),
          date: ret.date,
          paid: ret.paidValue,
          import_id: ret.importId,
        })),
      );
      await tx.execute(sql`
        update bank_remittance_lines l set status = i.status, ret_code = i.code, ret_description = i.description, ret_date = i.date::date,
               paid_value = i.paid, import_id = i.import_id
          from jsonb_to_recordset(${input}::jsonb)
               as i(rm_id int, cob_id int, status text, code text, description text, date text, paid int, import_id int)
         where l.rm_id = i.rm_id and l.cob_id = i.cob_id`);
    },
  };
}
export type BankImportRepository = ReturnType<typeof createBankImportRepository>;

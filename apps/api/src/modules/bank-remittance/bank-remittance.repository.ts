import { sql } from 'drizzle-orm';
import { BOLETO, type RemittanceLine, type RemittanceRow } from '@assoc/domain';
import type { Executor } from '../../db/client.js';
import { payerAddressJoin } from '../charges/charges.repository.js';

/** A charge waiting for its remittance, with what its file's record needs. */
export type UnsentCharge = {
  cobId: number;
  cstId: number;
  agency: string | null;
  account: string | null;
  accountDigit: string | null;
  dueDate: string;
  value: number;
  fecId: number | null;
  cpf: string | null;
  name: string;
  numeroInterno: string | null;
  /** Boletos (channel 11): the charge's own bank, agreement, wallet and sequence, and the payer's address. */
  boleto?: {
    cobBanco: string | null;
    cobConvenio: string | null;
    cobCarteira: string | null;
    cobNossoNumero: number | null;
    street: string | null;
    district: string | null;
    cep: string | null;
    city: string | null;
    uf: string | null;
  };
};

export interface NewRemittance {
  bnkId: number;
  layout: 'cnab150' | 'payroll' | 'cnab240';
  bankCode: string;
  agreement: string;
  nsa: number;
  records: number;
  total: number;
  fileName: string;
  scanId: string;
  fecId: number | null;
  jobId: string | null;
  userId: number | null;
  userName: string;
}

const LINE_STATUS_TALLY = sql`
  json_build_object(
    'sent', json_build_object('count', count(l.*), 'total', coalesce(sum(l.value), 0)),
    'paid', json_build_object('count', count(l.*) filter (where l.status = 'paid'), 'total', coalesce(sum(l.value) filter (where l.status = 'paid'), 0)),
    'rejected', json_build_object('count', count(l.*) filter (where l.status = 'rejected'), 'total', coalesce(sum(l.value) filter (where l.status = 'rejected'), 0)),
    'writtenOff', json_build_object('count', count(l.*) filter (where l.status = 'written-off'), 'total', coalesce(sum(l.value) filter (where l.status = 'written-off'), 0)),
    'pending', json_build_object('count', count(l.*) filter (where l.status in ('pending', 'confirmed', 'other')), 'total', coalesce(sum(l.value) filter (where l.status in ('pending', 'confirmed', 'other')), 0)),
    'paidValue', coalesce(sum(l.paid_value) filter (where l.status = 'paid'), 0)
  )`;

/** The remittance tables (migration 0040). */
export function createBankRemittanceRepository() {
  const rowsSql = (where: ReturnType<typeof sql>) => sql`
    select r.rm_id as "rmId", to_json(r.created_at) #>> '{}' as "rmDate", r.bnk_id as "bnkId", r.layout, r.nsa as "rmLastRemessa",
           r.records as "rmRecords", r.total::bigint as "rmTotalValue", r.scan_id::text as "scanId", r.file_name as "fileName",
           r.fec_id as "fecId", nullif(r.created_by_name, '') as "createdByName",
           (select ${LINE_STATUS_TALLY} from bank_remittance_lines l where l.rm_id = r.rm_id) as conciliacao
      from bank_remittances r ${where}
     order by r.rm_id desc`;

  return {
    /** The charges of a debit place not sent yet and without a return, locked until the caller's transaction ends. */
    async unsent(tx: Executor, bnkId: number): Promise<UnsentCharge[]> {
      // A boleto's record also carries its numbers and the payer's address (the selected one with a CEP, else another).
      const boleto = bnkId === BOLETO;
      const result = await tx.execute<UnsentCharge & { boleto: UnsentCharge['boleto'] | null }>(sql`
        select ch.cob_id as "cobId", ch.cst_id as "cstId", ch.cob_agencia as agency, ch.cob_conta as account,
               ch.cob_conta_dv as "accountDigit", ch.cob_vencimento::text as "dueDate", ch.cob_valor as value, ch.fec_id as "fecId",
               c.cust_cpf as cpf, c.cust_name as name, c.cust_numero_interno as "numeroInterno",
               ${
                 boleto
                   ? sql`json_build_object('cobBanco', ch.cob_banco, 'cobConvenio', ch.cob_convenio, 'cobCarteira', ch.cob_carteira,
                          'cobNossoNumero', ch.cob_nosso_numero, 'street', a.street, 'district', a.district, 'cep', a.cep, 'city', a.city,
                          'uf', a.uf)`
                   : sql`null`
               } as boleto
          from charges ch join customers c on c.cst_id = ch.cst_id
          ${boleto ? payerAddressJoin : sql``}
         where ch.bnk_id = ${bnkId} and ch.rm_id is null and ch.cob_retorno is null
         order by ch.cob_id
           for update of ch`);
      return result.rows.map(({ boleto: b, ...r }) => ({ ...r, value: Number(r.value), ...(b ? { boleto: b } : {}) }));
    },

    /**
     * The boleto lines of the newest CNAB 240 remittance still to e-mail: not e-mailed yet and their charge without a
     * return (a paid or written-off boleto is not sent); also how many lines it has.
     */
    async boletosToEmail(db: Executor) {
      const result = await db.execute<{ rmId: number; cobId: number; cstId: number; name: string }>(sql`
        select l.rm_id as "rmId", l.cob_id as "cobId", l.cst_id as "cstId", c.cust_name as name
          from bank_remittance_lines l
          join charges ch on ch.cob_id = l.cob_id
          join customers c on c.cst_id = l.cst_id
         where l.rm_id = (select max(rm_id) from bank_remittances where layout = 'cnab240')
           and l.emailed_at is null and ch.cob_retorno is null
         order by l.line`);
      return result.rows;
    },

    async markEmailed(tx: Executor, line: { rmId: number; cobId: number }, outboxId: number) {
      await tx.execute(sql`
        update bank_remittance_lines set emailed_outbox_id = ${outboxId}, emailed_at = now() where rm_id = ${line.rmId} and cob_id = ${line.cobId}`);
    },

    /** The next NSA of a layout, bank and agreement (1 on first use); the row stays locked until the transaction ends. */
    async nextNsa(tx: Executor, key: { layout: string; bankCode: string; agreement: string }): Promise<number> {
      const result = await tx.execute<{ nsa: number }>(sql`
        insert into bank_file_sequences as s (layout, bank_code, agreement, last_nsa)
        values (${key.layout}, ${key.bankCode}, ${key.agreement}, 1)
        on conflict (layout, bank_code, agreement) do update set last_nsa = case when s.last_nsa >= 999999 then 1 else s.last_nsa + 1 end
        returning last_nsa as nsa`);
      return result.rows[0]!.nsa;
    },

    async insertRemittance(tx: Executor, r: NewRemittance): Promise<number> {
      const result = await tx.execute<{ rmId: number }>(sql`
        insert into bank_remittances (bnk_id, layout, bank_code, agreement, nsa, records, total, file_name, scan_id, fec_id, job_id,
                                      created_by, created_by_name)
        values (${r.bnkId}, ${r.layout}, ${r.bankCode}, ${r.agreement}, ${r.nsa}, ${r.records}, ${r.total}, ${r.fileName}, ${r.scanId}::uuid,
                ${r.fecId}, ${r.jobId}::uuid, ${r.userId}, ${r.userName.slice(0, 64)})
        returning rm_id as "rmId"`);
      return result.rows[0]!.rmId;
    },

    /** The remittance's lines, and each charge marked as sent in it. */
    async insertLines(tx: Executor, rmId: number, lines: { cobId: number; cstId: number; line: number; value: number; dueDate: string }[]) {
      const input = JSON.stringify(lines.map((l) => ({ cob_id: l.cobId, cst_id: l.cstId, line: l.line, value: l.value, due: l.dueDate })));
      await tx.execute(sql`
        insert into bank_remittance_lines (rm_id, cob_id, cst_id, line, value, due_date)
        select ${rmId}, r.cob_id, r.cst_id, r.line, r.value, r.due::date
          from jsonb_to_recordset(${input}::jsonb) as r(cob_id int, cst_id int, line int, value int, due text)`);
      await tx.execute(sql`
        update charges ch set rm_id = ${rmId}
          from bank_remittance_lines l where l.rm_id = ${rmId} and l.cob_id = ch.cob_id`);
    },

    async list(db: Executor): Promise<Omit<RemittanceRow, 'bnkName'>[]> {
      const result = await db.execute<Omit<RemittanceRow, 'bnkName'>>(rowsSql(sql``));
      return result.rows.map(numeric);
    },

    async find(db: Executor, rmId: number): Promise<Omit<RemittanceRow, 'bnkName'> | null> {
      const result = await db.execute<Omit<RemittanceRow, 'bnkName'>>(rowsSql(sql`where r.rm_id = ${rmId}`));
      return result.rows[0] ? numeric(result.rows[0]) : null;
    },

    async lines(db: Executor, rmId: number, q: { status?: string; page: number; pageSize: number }) {
      const filter = q.status ? sql`and l.status = ${q.status}` : sql``;
      const result = await db.execute<RemittanceLine & { total: number }>(sql`
        select l.line, l.cob_id as "cobId", l.cst_id as "cstId", c.cust_name as "custName",
               c.cust_numero_interno as "custNumeroInterno",
               l.value, l.due_date::text as "dueDate", l.status, l.ret_code as "retCode", l.ret_description as "retDescription",
               l.ret_date::text as "retDate", l.paid_value as "paidValue", l.import_id as "importId", count(*) over () as total
          from bank_remittance_lines l join customers c on c.cst_id = l.cst_id
         where l.rm_id = ${rmId} ${filter}
         order by l.line
         limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`);
      const total = result.rows[0] ? Number(result.rows[0].total) : 0;
      return { items: result.rows.map(({ total: _total, ...line }) => line), total };
    },
  };
}
export type BankRemittanceRepository = ReturnType<typeof createBankRemittanceRepository>;

/** bigint sums come back as text. */
function numeric<T extends { rmTotalValue: number | string }>(row: T): T {
  return { ...row, rmTotalValue: Number(row.rmTotalValue) };
}

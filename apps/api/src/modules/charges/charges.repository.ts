import { sql } from 'drizzle-orm';
import { BOLETO, boletoNumbers, debitPlaces, type BoletoBankCode, type ChargeItem } from '@assoc/domain';
import type { Executor } from '../../db/client.js';
import { charges } from '../../db/schema/index.js';
import { holderDebtSql } from '../ledger/ledger.repository.js';
import { jsonObjectOf } from '../../lib/json-columns.js';

/** A stored charge as the boleto needs it. */
export type StoredCharge = {
  cobId: number;
  cstId: number;
  bnkId: number;
  cobBanco: string | null;
  cobConvenio: string | null;
  cobCarteira: string | null;
  cobNossoNumero: string | null;
  cobVencimento: string;
  cobValor: number;
  cobParcela: number;
  cobParcelas: number;
  cobRetorno: string | null;
  createdAt: string;
};

/** A charge to write (one instalment). */
export interface NewChargeRow {
  bnkId: number;
  cobAgencia: string | null;
  cobAgenciaDv: string | null;
  cobConta: string | null;
  cobContaDv: string | null;
  boleto: { bank: BoletoBankCode; agreement: string; wallet: string } | null;
  cobVencimento: string;
  cobValor: number;
  cobParcela: number;
  cobParcelas: number;
}

/**
 * The outstanding debt of a holder (GET cobranca/divida, the new charge's default and limit): what the ledger says the
 * holder owes (issue 22 item 1: the ledger's `holderDebtSql`, the domain's `owedBy`), never the charges, which only
 * say how it is being collected. One statement, an index-only scan of the holder's entries.
 */
export const debtSql = (cstId: number) => sql`select ${holderDebtSql(sql`${cstId}::int`)} as divida`;

/**
 * A holder's charges as one JSON array over its customers row `c` (the member's load reads them in its own
 * statement), newest due date first; `fromJson` adds the debit place's name and a boleto's printed numbers.
 */
const CHARGE_OBJECT = jsonObjectOf(charges, 'ch', [
  'cobId',
  'cobVencimento',
  'cobRetorno',
  'cobValor',
  'bnkId',
  'cobAgencia',
  'cobAgenciaDv',
  'cobConta',
  'cobContaDv',
  'cdrCodRet',
  ['cdrDescription', 'r.cdr_description'],
  'cobParcela',
  'cobParcelas',
  'cobBanco',
  'cobConvenio',
  'cobCarteira',
  'cobNossoNumero',
  ['cobCreatedBy', 'u.name'],
  ['cobCreated', 'ch.created_at'],
  'version',
]);
const CHARGES_JSON = `coalesce((select json_agg(${CHARGE_OBJECT} order by ch.cob_vencimento desc, ch.cob_id desc)
  from charges ch left join charge_return_codes r on r.cdr_cod_ret = ch.cdr_cod_ret left join users u on u.user_id = ch.created_by
  where ch.cst_id = c.cst_id), '[]'::json)`;

interface ChargeJson extends Omit<ChargeItem, 'cobNossoNumero' | 'operation' | 'cobCreated'> {
  cobBanco: string | null;
  cobConvenio: string | null;
  cobCarteira: string | null;
  cobNossoNumero: number | string | null;
  cobCreated: string | null;
}

const bankNames = new Map(debitPlaces.map((p) => [p.bnkId, p.bankName]));

/** The printed numbers of a boleto charge (null for the other debit places or incomplete bank fields). */
/**
 * The address a boleto's payer gets (the PDF and the CNAB 240 registration), joined as `a` on the customer `c`: the
 * selected address when it has a CEP, else the first one that has; its street (with number and complement),
 * district, CEP, city and UF.
 */
export const payerAddressJoin = sql`
  left join lateral (
    select concat_ws(', ', a.ad_address, nullif(a.ad_number, ''), nullif(a.ad_complement, '')) as street, a.ad_bairro as district,
           a.ad_zipcode as cep, a.ad_city as city, a.ad_state as uf
      from addresses a where a.cst_id = c.cst_id and a.ad_zipcode is not null
     order by (a.kind = c.endereco_selected) desc, a.kind limit 1) a on true`;

export function boletoOf(c: {
  bnkId?: number | null;
  cobBanco: string | null;
  cobConvenio: string | null;
  cobCarteira: string | null;
  cobNossoNumero: number | string | null;
  cobVencimento: string;
  cobValor: number;
}) {
  if (c.bnkId !== BOLETO || !c.cobBanco || !c.cobConvenio || !c.cobCarteira || c.cobNossoNumero === null) return null;
  const bank = c.cobBanco as BoletoBankCode;
  return boletoNumbers({
    bank,
    agreement: c.cobConvenio,
    sequence: String(c.cobNossoNumero),
    wallet: c.cobCarteira,
    dueDate: c.cobVencimento,
    amountCents: c.cobValor,
  });
}

/** A row of the JSON array (or of `load`) as the list's item, marked none. */
function toItem(row: ChargeJson): ChargeItem {
  const { cobBanco, cobConvenio, cobCarteira, cobNossoNumero, ...rest } = row;
  const numbers = boletoOf({ ...row, cobNossoNumero });
  const created = row.cobCreated ? new Date(row.cobCreated).toISOString() : null;
  void cobBanco;
  void cobConvenio;
  void cobCarteira;
  return {
    ...rest,
    cobCreated: created,
    bnkName: bankNames.get(row.bnkId ?? -1) ?? null,
    cobNossoNumero: numbers?.nossoNumero ?? null,
    cobLinhaDigitavel: numbers?.digitableLineFormatted ?? null,
    operation: 'none',
  };
}

/**
 * The holidays of the Feriados registry (not deleted) between two ISO dates, as ISO dates: what moves a due date (a new
 * charge's "Dia Útil" instalments, the monthly closing's charges).
 */
export async function holidaysBetween(tx: Executor, from: string, to: string): Promise<Set<string>> {
  const result = await tx.execute<{ dia: string }>(
    sql`select to_char(fer_dia, 'YYYY-MM-DD') as dia from feriados where deleted_at is null and fer_dia between ${from}::date and ${to}::date`,
  );
  return new Set(result.rows.map((r) => r.dia));
}

export function createChargesRepository() {
  return {
    json: { expression: CHARGES_JSON, fromJson: (value: unknown) => (value as ChargeJson[]).map(toItem) },

    async load(tx: Executor, cstId: number): Promise<ChargeItem[]> {
      const result = await tx.execute<{ list: ChargeJson[] }>(
        sql`select ${sql.raw(CHARGES_JSON)} as list from customers c where c.cst_id = ${cstId}`,
      );
      return (result.rows[0]?.list ?? []).map(toItem);
    },

    async debt(tx: Executor, cstId: number): Promise<number> {
      const result = await tx.execute<{ divida: string | number }>(debtSql(cstId));
      return Number(result.rows[0]?.divida ?? 0);
    },

    /** Whether the holder has a charge without a return date. */
    async hasOpenCharge(tx: Executor, cstId: number): Promise<boolean> {
      const result = await tx.execute(sql`select 1 from charges where cst_id = ${cstId} and cob_retorno is null limit 1`);
      return result.rows.length > 0;
    },

    /** The holder's registered debit place and account (as the save just wrote it). */
    async debitPlace(tx: Executor, cstId: number) {
      const result = await tx.execute<{
        bnk_id: number | null;
        branch: string | null;
        branch_dv: string | null;
        account: string | null;
        account_dv: string | null;
      }>(
        sql`select bnk_id, bnkacc_branch as branch, bnkacc_branch_digit as branch_dv, bnkacc_account as account, bnkacc_account_digit as account_dv
            from customers where cst_id = ${cstId}`,
      );
      return result.rows[0] ?? null;
    },

    /** The holidays of the Feriados registry between two ISO dates ("Dia Útil" due dates). */
    holidays: holidaysBetween,

    /** Writes the instalments of one new charge (a boleto takes the next nosso número). */
    async insert(tx: Executor, cstId: number, rows: NewChargeRow[], createdBy: number) {
      const ids: number[] = [];
      for (const row of rows) {
        const inserted = await tx
          .insert(charges)
          .values({
            cstId,
            bnkId: row.bnkId,
            cobAgencia: row.cobAgencia,
            cobAgenciaDv: row.cobAgenciaDv,
            cobConta: row.cobConta,
            cobContaDv: row.cobContaDv,
            cobBanco: row.boleto?.bank ?? null,
            cobConvenio: row.boleto?.agreement ?? null,
            cobCarteira: row.boleto?.wallet ?? null,
            cobNossoNumero: row.boleto ? sql`nextval('charges_nosso_numero_seq')` : null,
            cobVencimento: row.cobVencimento,
            cobValor: row.cobValor,
            cobParcela: row.cobParcela,
            cobParcelas: row.cobParcelas,
            createdBy,
          })
          .returning({ cobId: charges.cobId });
        ids.push(inserted[0]!.cobId);
      }
      return ids;
    },

    async byId(tx: Executor, cobId: number): Promise<StoredCharge | null> {
      const result = await tx.execute<StoredCharge>(sql`
        select cob_id as "cobId", cst_id as "cstId", bnk_id as "bnkId", cob_banco as "cobBanco", cob_convenio as "cobConvenio",
               cob_carteira as "cobCarteira", cob_nosso_numero::text as "cobNossoNumero", cob_vencimento::text as "cobVencimento",
               cob_valor as "cobValor", cob_parcela as "cobParcela", cob_parcelas as "cobParcelas", cob_retorno::text as "cobRetorno",
               created_at::date::text as "createdAt"
        from charges where cob_id = ${cobId}`);
      return result.rows[0] ?? null;
    },

    /** The charge's row locked for its return, with whether `code` is a paid return code (null: unknown code). */
    /** The charges of these returns, locked in cob_id order, each with whether its return code means paid (null: unknown code). */
    async lockForReturns(tx: Executor, items: readonly { cobId: number; code: number }[]) {
      const input = JSON.stringify(items.map((i) => ({ cob_id: i.cobId, code: i.code })));
      const result = await tx.execute<{
        cobId: number;
        cstId: number;
        bnkId: number;
        cobValor: number;
        cobRetorno: string | null;
        paid: boolean | null;
      }>(sql`
        select ch.cob_id as "cobId", ch.cst_id as "cstId", ch.bnk_id as "bnkId", ch.cob_valor as "cobValor",
               ch.cob_retorno::text as "cobRetorno", r.cdr_paid as paid
          from jsonb_to_recordset(${input}::jsonb) as i(cob_id int, code int)
          join charges ch on ch.cob_id = i.cob_id
          left join charge_return_codes r on r.cdr_cod_ret = i.code
         order by ch.cob_id
           for update of ch`);
      return result.rows;
    },

    async setReturns(tx: Executor, items: readonly { cobId: number; code: number; date: string }[]) {
      const input = JSON.stringify(items.map((i) => ({ cob_id: i.cobId, code: i.code, date: i.date })));
      await tx.execute(sql`
        update charges ch set cob_retorno = i.date::date, cdr_cod_ret = i.code, version = ch.version + 1
          from jsonb_to_recordset(${input}::jsonb) as i(cob_id int, code int, date text)
         where ch.cob_id = i.cob_id`);
    },

    /**
     * The payer printed on the boleto: the holder's name, CPF, e-mail and selected address (its street to city/UF,
     * and its CEP's digits apart, for the service to format).
     */
    async payer(tx: Executor, cstId: number) {
      const result = await tx.execute<{ name: string; cpf: string | null; email: string | null; address: string | null; zipcode: string | null }>(sql`
        select c.cust_name as name, c.cust_cpf as cpf, c.cust_email as email,
               case when a.cep is not null then concat_ws(', ', nullif(a.street, ''), nullif(a.district, ''), concat_ws('/', a.city, a.uf)) end as address,
               a.cep as zipcode
        from customers c
        ${payerAddressJoin}
        where c.cst_id = ${cstId}`);
      return result.rows[0] ?? null;
    },
  };
}

export type ChargesRepository = ReturnType<typeof createChargesRepository>;

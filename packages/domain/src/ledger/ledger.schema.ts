import { z } from 'zod';
import type { Cents } from '../money/index.js';

/**
 * The ledger (decision 6; spec 1 §3 "Statement entry"). Sign convention: extValor > 0 is a debit (the member owes
 * it), < 0 a credit (payment, credit issued, reversal of a debit); the running balance is the sum (> 0: owed).
 */

/** One entry of GET user/extrato/{cstId}/{fecID}, with the running balance after it (saldo). */
export const statementEntrySchema = z.object({
  extId: z.number().int(),
  /** ISO timestamp (shown DD/MM/YYYY HH:mm:ss, spec 1 §9). */
  extDate: z.string(),
  extDescricao: z.string(),
  /** The responsible person's name (holder or dependent). */
  extResponsavel: z.string(),
  svcId: z.number().int().nullable(),
  /** The service's name ('' without one). */
  svcName: z.string(),
  /** Cents, signed. */
  extValor: z.number().int(),
  extTipo: z.string(),
  /** The entry this one reverses / the entry that reverses this one (null when none). */
  extEstornoParent: z.number().int().nullable(),
  extEstornoChild: z.number().int().nullable(),
  /** The user who wrote it ('' for the system) and when (ISO). */
  extCreatedBy: z.string(),
  extCreated: z.string(),
  /** Running balance after this entry (cents). */
  saldo: z.number().int(),
});
export type StatementEntry = z.output<typeof statementEntrySchema>;

/** GET user/extrato/{cstId}/{fecID}: one period of a holder's statement. */
export const statementSchema = z.object({
  fecId: z.number().int(),
  /** 'YYYY-MM'. */
  periodo: z.string(),
  aberto: z.boolean(),
  /** Balance carried from the earlier periods and at the end of this one (cents). */
  saldoAnterior: z.number().int(),
  saldoFinal: z.number().int(),
  entries: z.array(statementEntrySchema),
});
export type Statement = z.output<typeof statementSchema>;

/** A period of extratoDatas: the open period's value is -fecID, a closed one's +fecID (spec 1 §2 statement viewer). */
export interface StatementPeriodOption {
  value: number;
  label: string;
}

/** 'MM/YYYY' of a period. */
export const periodLabel = (ano: number, mes: number) => `${String(mes).padStart(2, '0')}/${ano}`;

/** The balance after each value, from an opening balance (cents). */
export function runningBalances(opening: number, values: readonly number[]): Cents[] {
  let balance = opening;
  return values.map((v) => (balance += v) as Cents);
}

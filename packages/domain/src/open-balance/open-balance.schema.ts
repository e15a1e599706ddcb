import { z } from 'zod';
import { ASSOCIATION_PAYROLL, BANCO_DO_BRASIL, BOLETO, COBRANCA_JUDICIAL, MAGISCRED, SANTANDER } from '../members/bank-rules.js';
import { openBalanceMessages } from './open-balance.messages.js';

/** Channel 0: every debit place (place 20 "Sem cobrança bancária" appears only here). */
export const ALL_CHANNELS = 0;

export interface OpenBalanceChannel {
  /** The channel's id: the debit place (bnkId), 0 for all. */
  readonly value: number;
  readonly label: string;
}

/**
 * The open balance's channels in the order of spec 2 §9 ("label = id"): Todos 0, {product} 10, Banco do Brasil 2,
 * Boleto Bancário 11, Magiscred 18, Santander 1, Cobrança Judicial 19. Channel 10's label is the association's short
 * name (the session's `associationShortName`).
 */
export function openBalanceChannels(associationShortName: string): readonly OpenBalanceChannel[] {
  return [
    { value: ALL_CHANNELS, label: 'Todos' },
    { value: ASSOCIATION_PAYROLL, label: associationShortName },
    { value: BANCO_DO_BRASIL, label: 'Banco do Brasil' },
    { value: BOLETO, label: 'Boleto Bancário' },
    { value: MAGISCRED, label: 'Magiscred' },
    { value: SANTANDER, label: 'Santander' },
    { value: COBRANCA_JUDICIAL, label: 'Cobrança Judicial' },
  ];
}

export const openBalanceChannelIds: readonly number[] = openBalanceChannels('').map((c) => c.value);

/** `{channelId}` of GET financeiro/saldoaberto: one of the channels' ids, else 400 with the domain's message. */
export const openBalanceParamsSchema = z.object({
  channelId: z
    .string()
    .regex(/^\d{1,2}$/, openBalanceMessages.invalidChannel)
    .transform(Number)
    .refine((id) => openBalanceChannelIds.includes(id), openBalanceMessages.invalidChannel),
});

/**
 * Open balance row (spec 2 §3; key emID): a holder who owes something. custNumeroInterno raw (7 characters, shown
 * 000000-0 by `formatNumeroInterno`), bnkName the debit place's name (place 10: the association's short name),
 * account 'branch(-digit)/account-digit' as the member record has it ('' for boleto and payroll), saldo what the
 * holder owes in integer cents (> 0).
 */
export const openBalanceRowSchema = z.object({
  emID: z.number().int(),
  custNumeroInterno: z.string(),
  custName: z.string(),
  bnkId: z.number().int(),
  bnkName: z.string(),
  account: z.string(),
  saldo: z.number().int(),
});
export type OpenBalanceRow = z.output<typeof openBalanceRowSchema>;

/** 'branch(-digit)/account(-digit)' as on the member record; '' when the member has no account. */
export function formatOpenBalanceAccount(a: {
  branch: string | null;
  branchDigit: string | null;
  account: string | null;
  accountDigit: string | null;
}): string {
  const withDigit = (value: string | null, digit: string | null) => (value ? (digit ? `${value}-${digit}` : value) : '');
  const branch = withDigit(a.branch, a.branchDigit);
  const account = withDigit(a.account, a.accountDigit);
  if (!branch && !account) return '';
  return branch && account ? `${branch}/${account}` : branch || account;
}

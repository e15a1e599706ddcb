/**
 * The CCH request (spec 2 §3 "CCH request", field names as the spec lists them) and its rules (spec 2 §5, verbatim
 * messages in cch.messages.ts): one schema for the request modal and the server's save. The rules that need the
 * world — today, the status the request had, the balances of its procedure date — take them as a context, so the
 * server runs the very same schema inside the transaction that writes, with the balances it just read.
 */
import { z } from 'zod';
import { isoDateInAppZone, isValidIsoDate, onlyDigits } from '../format.js';
import { dateMessages, genericMessages as m } from '../messages.js';
import { isValidCpf } from '../people/cpf.js';
import { recordVersion, loadedVersion, withVersion } from '../record-version.js';
import { crossFieldRules, moneyCents, optionalText, safeText } from '../validation.js';
import { cchBalanceIssues, type CchBalance } from './cch.balance.js';
import { BENEFIT_WITHOUT_PLAN, cchBenefits } from './cch.benefits.js';
import { cchMessages } from './messages.js';
import { canChangeStatus, cchInitialStatuses, cchStatuses, cchStatusLabel, isCchStatus, type CchStatus } from './cch.status.js';
import { forcedTussOf, isAcceptedTussCode, TUSS_GENERIC, TUSS_LENGTH } from './tuss.js';

/** Spec 2 §9: quantity 1 to 20. */
export const CCH_QUANTITY_MIN = 1;
export const CCH_QUANTITY_MAX = 20;
/** Ours: no single request above R$ 1.000.000,00 (a guard against a mistyped amount; the balances are far lower). */
export const CCH_MAX_CENTS = 100_000_000;
/** Spec 2 §3 lengths. */
export const cchLimits = {
  procedimento: 80,
  obs: 16384,
  deliberacao: 120,
  bancoCliente: 64,
  bancoClienteMin: 5,
  bancoNumero: 3,
  bancoAgencia: 4,
  bancoConta: 12,
  bancoContaDigito: 1,
  scanKey: 200,
} as const;

const missing = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const optionalDate = () =>
  safeText()
    .trim()
    .refine((v) => v === '' || isValidIsoDate(v), m.pattern)
    .nullish();
/** An optional CPF: punctuation accepted, digits kept ('CPF Inválido' when filled and wrong). */
const optionalCpf = () =>
  safeText()
    .trim()
    .regex(/^[\d.\-\s]*$/, m.cpf)
    .overwrite(onlyDigits)
    .refine((v) => v === '' || isValidCpf(v), m.cpf)
    .nullish();

/** The request's own fields (no context): what the modal edits and POST cch / PUT cch/{cchId} carry. */
const cchRequestFields = z.object({
  cstId: z.number({ error: m.required }).int().positive(m.required),
  cchBeneficio: z
    .number({ error: m.required })
    .int({ error: m.oneOf })
    .refine((v) => (cchBenefits as readonly number[]).includes(v), m.oneOf),
  /** Ours (the spec names it only): the request is an appeal (recurso) of an earlier denial. */
  cchRecurso: z.boolean().nullish(),
  cchStatus: z
    .number({ error: m.required })
    .int({ error: m.oneOf })
    .refine((v) => (cchStatuses as readonly number[]).includes(v), m.oneOf),
  /** The health plan (GET cch/planos' value); not needed for benefit 3. */
  cchPlanoSaude: z.number({ error: m.oneOf }).int({ error: m.oneOf }).positive(m.oneOf).nullish(),
  cchDataProcedimento: safeText({ error: m.required })
    .trim()
    .min(1, m.required)
    .refine((v) => isValidIsoDate(v), dateMessages.invalid),
  cchValorTotal: moneyCents({ min: 1, max: CCH_MAX_CENTS }),
  cchValorConvenio: moneyCents({ min: 0, max: CCH_MAX_CENTS }).nullish(),
  cchValorSolicitado: moneyCents({ min: 1, max: CCH_MAX_CENTS }),
  cchTUSS: safeText({ error: m.required })
    .trim()
    .min(1, m.required)
    .length(TUSS_LENGTH, m.exactLength(TUSS_LENGTH))
    .regex(/^\d*$/, m.digitsOnly)
    .refine((v) => isAcceptedTussCode(v), cchMessages.tussInvalid),
  cchQuantidade: z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? m.required : cchMessages.quantityInvalid) })
    .int({ error: cchMessages.quantityInvalid })
    .min(CCH_QUANTITY_MIN, cchMessages.quantityInvalid)
    .max(CCH_QUANTITY_MAX, cchMessages.quantityInvalid),
  cchProcedimento: optionalText(cchLimits.procedimento),
  cchObs: optionalText(cchLimits.obs),
  cchDeliberacao: optionalText(cchLimits.deliberacao),
  /** The scan's key from the document upload (required when adding: the server checks it is the caller's pending upload). */
  cchScanKey: optionalText(cchLimits.scanKey),
  /** Read-only, from the stored request: an imported request may be paid without an account (spec 2 §5). */
  cchImportado: z.boolean().nullish(),
  cchBancoCliente: optionalText(cchLimits.bancoCliente),
  cchBancoCPF: optionalCpf(),
  cchBancoNumero: optionalText(cchLimits.bancoNumero),
  cchBancoAgencia: optionalText(cchLimits.bancoAgencia),
  cchBancoConta: optionalText(cchLimits.bancoConta),
  cchBancoContaDigito: optionalText(cchLimits.bancoContaDigito),
  cchDataPagamento: optionalDate(),
  cchValorPago: moneyCents({ min: 0, max: CCH_MAX_CENTS }).nullish(),
  version: loadedVersion(),
});
export type CchRequestInput = z.input<typeof cchRequestFields>;

/** What the rules outside the request need. */
export interface CchRequestContext {
  /** Today (ISO, the app's zone) — the tests fix it; default: now. */
  readonly today?: string;
  /**
   * The status the request had: null for a new request (it must start PENDENTE or EM ANÁLISE), a status for an edit
   * (the move must be in cchTransitions' 'edit' row); undefined: not checked (a form before it loads).
   */
  readonly previousStatus?: CchStatus | null;
  /** The balances of the procedure date, the request's own spending left out (GET cch/saldo; the server's own read). */
  readonly balance?: CchBalance | null;
}

type Values = z.output<typeof cchRequestFields>;
type Issue = { path: keyof Values; message: string };

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The cross-field and context rules of spec 2 §5, as field issues (in the order each field shows its first one). */
export function cchRequestIssues(v: Partial<Values>, context: CchRequestContext = {}): Issue[] {
  const out: Issue[] = [];
  const add = (path: keyof Values, message: string) => out.push({ path, message });
  const today = context.today ?? isoDateInAppZone();

  if (isNumber(v.cchBeneficio) && v.cchBeneficio !== BENEFIT_WITHOUT_PLAN && missing(v.cchPlanoSaude)) add('cchPlanoSaude', m.required);
  if (typeof v.cchDataProcedimento === 'string' && isValidIsoDate(v.cchDataProcedimento) && v.cchDataProcedimento > today)
    add('cchDataProcedimento', cchMessages.procedureAfterToday);

  const total = v.cchValorTotal;
  const agreement = v.cchValorConvenio ?? 0;
  if (isNumber(total) && isNumber(agreement) && agreement > total) add('cchValorConvenio', cchMessages.agreementAboveTotal);
  if (isNumber(total) && isNumber(v.cchValorSolicitado)) {
    if (v.cchValorSolicitado > total) add('cchValorSolicitado', cchMessages.requestedAboveTotal);
    // An agreement above the total is that field's fault: the requested value is judged once it is fixed.
    else if (isNumber(agreement) && agreement <= total && v.cchValorSolicitado > total - agreement)
      add('cchValorSolicitado', cchMessages.requestedAboveTotalMinusAgreement);
  }

  // Benefits 4 and 5 force their codes, and those codes belong to them alone (spec 2 §4).
  const forced = forcedTussOf(v.cchBeneficio);
  if (forced && v.cchTUSS !== forced) add('cchTUSS', cchMessages.tussForcedByBenefit(v.cchBeneficio!, forced));
  for (const benefit of [4, 5] as const)
    if (v.cchTUSS === forcedTussOf(benefit) && v.cchBeneficio !== benefit) add('cchTUSS', cchMessages.tussForcedByBenefit(benefit, v.cchTUSS));
  if (v.cchTUSS === TUSS_GENERIC && missing(v.cchProcedimento)) add('cchProcedimento', m.required);

  const status = v.cchStatus;
  if (status === 1 && missing(v.cchObs)) add('cchObs', m.required);
  if (status === 4 && missing(v.cchDeliberacao)) add('cchDeliberacao', m.required);
  if (status === 5) {
    const name = (v.cchBancoCliente ?? '').trim();
    if (!name) add('cchBancoCliente', m.required);
    else if (name.length < cchLimits.bancoClienteMin) add('cchBancoCliente', m.minLength(cchLimits.bancoClienteMin));
    if (missing(v.cchBancoCPF)) add('cchBancoCPF', m.required);
    const exact = (path: 'cchBancoNumero' | 'cchBancoAgencia', n: number) => {
      const text = (v[path] ?? '').trim();
      if (!text) add(path, m.required);
      else if (text.length !== n) add(path, m.exactLength(n));
    };
    exact('cchBancoNumero', cchLimits.bancoNumero);
    exact('cchBancoAgencia', cchLimits.bancoAgencia);
    if (!v.cchImportado && missing(v.cchBancoConta)) add('cchBancoConta', m.required);
    if (missing(v.cchDataPagamento)) add('cchDataPagamento', m.required);
    else if (v.cchDataPagamento! > today) add('cchDataPagamento', dateMessages.afterToday);
    if (!isNumber(v.cchValorPago)) add('cchValorPago', m.required);
    else if (isNumber(v.cchValorSolicitado) && v.cchValorPago > v.cchValorSolicitado) add('cchValorPago', cchMessages.paidAboveRequested);
  }

  if (isCchStatus(status) && context.previousStatus !== undefined) {
    const from = context.previousStatus;
    if (from === null) {
      if (!cchInitialStatuses.includes(status)) add('cchStatus', cchMessages.newStatusInvalid);
    } else if (!canChangeStatus(from, status, 'edit')) {
      add(
        'cchStatus',
        from === 6 || (from !== status && [4, 5].includes(from))
          ? cchMessages.statusLocked
          : cchMessages.statusChangeRefused(cchStatusLabel(from), cchStatusLabel(status)),
      );
    }
  }

  if (
    context.balance &&
    isNumber(v.cchBeneficio) &&
    isNumber(status) &&
    isNumber(v.cchValorSolicitado) &&
    typeof v.cchDataProcedimento === 'string' &&
    isValidIsoDate(v.cchDataProcedimento)
  ) {
    for (const issue of cchBalanceIssues(
      {
        cchStatus: status,
        cchBeneficio: v.cchBeneficio,
        cchTUSS: v.cchTUSS,
        cchDataProcedimento: v.cchDataProcedimento,
        cchValorSolicitado: v.cchValorSolicitado,
        cchQuantidade: v.cchQuantidade,
      },
      context.balance,
    ))
      add(issue.path as keyof Values, issue.message);
  }
  return out;
}

/**
 * The request's schema with its context's rules (the modal builds it with today, the loaded status and GET cch/saldo's
 * answer; the server with the stored status and the balances read in its transaction).
 */
export function cchRequestSchema(context: CchRequestContext = {}) {
  return cchRequestFields.superRefine(
    ...crossFieldRules((v: Partial<Values>, ctx) => {
      for (const issue of cchRequestIssues(v, context))
        ctx.addIssue({ code: 'custom', message: issue.message, path: [issue.path], input: v[issue.path] });
    }),
  );
}
export type CchRequest = z.output<ReturnType<typeof cchRequestSchema>>;

/** POST cch (a new request) and PUT cch/{cchId} (with the version it loaded: 409 when the request moved on). */
export const cchCreateBodySchema = cchRequestSchema();
export const cchUpdateBodySchema = withVersion(cchRequestSchema());

/** A stored request (GET rows, the PUT/POST reply): the fields above plus what the server keeps. */
export const cchRecordSchema = cchRequestFields.extend({
  cchId: z.number().int(),
  cchStatus: z.number().int(),
  cchBeneficio: z.number().int(),
  cchTUSS: z.string(),
  cchDataProcedimento: z.string(),
  cchQuantidade: z.number().int(),
  /** Holder's name and the requester's (the member itself or the dependent). */
  titular: z.string(),
  usuario: z.string(),
  cchDataSolicitacao: z.string(),
  /** When PAGO's credit was written into the ledger (null until then). */
  cchDataCredito: z.string().nullable(),
  cchScanKeyOriginal: z.string().nullable(),
  /** The term of the TUSS code, else the procedure text (the list's procedure column). */
  displayTerm: z.string(),
  version: recordVersion(),
});
export type CchRecord = z.output<typeof cchRecordSchema>;

/**
 * A row of the CCH list: the whole request (spec 2 §7: the list answers the requests; the edit icon opens the modal
 * with the row itself, no second read), and whether it has a scan (the download column).
 */
export const cchListRowSchema = cchRecordSchema.extend({ hasDoc: z.boolean() });
export type CchListRow = z.output<typeof cchListRowSchema>;

/** GET cch/{status}/{rnd}: `rnd` is the client's cache breaker (spec 2 §7), ignored. */
export const cchListParamsSchema = z.object({
  status: z.coerce
    .number({ error: m.oneOf })
    .int({ error: m.oneOf })
    .refine((v) => (cchStatuses as readonly number[]).includes(v), m.oneOf),
  rnd: z.string().max(40),
});
/** Beyond the spec (issue 26): a search by member name or CPF, and pages (a year holds thousands of requests). */
export const cchListQuerySchema = z.object({
  q: safeText().trim().max(80, m.maxLength(80)).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export const cchListPageSchema = z.object({
  items: z.array(cchListRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type CchListPage = z.output<typeof cchListPageSchema>;

export const cchIdParamsSchema = z.object({ cchId: z.coerce.number({ error: m.oneOf }).int({ error: m.oneOf }).positive(m.oneOf) });
export const cchCstIdParamsSchema = z.object({ cstId: z.coerce.number({ error: m.oneOf }).int({ error: m.oneOf }).positive(m.oneOf) });
/** GET cch/saldo/{cstId}?data=&cchId=: the balances on a procedure date (default today), the request being edited left out. */
export const cchBalanceQuerySchema = z.object({
  data: safeText()
    .refine((v) => isValidIsoDate(v), dateMessages.invalid)
    .optional(),
  cchId: z.coerce.number().int().positive().optional(),
});
/** DELETE cch/{cchId}?version= (superadmin). */
export { versionQuerySchema as cchDeleteQuerySchema } from '../record-version.js';

/** GET cch/planos (spec 2 §3: label and value; plans 21 and 22). */
export const cchPlanSchema = z.object({ label: z.string(), value: z.number().int() });

/** GET cch/banco/{cstId}: the member's stored bank data, as the payment panel's fields (spec 2 §7). */
export const cchBankDataSchema = z.object({
  cchBancoCliente: z.string().nullable(),
  cchBancoCPF: z.string().nullable(),
  cchBancoNumero: z.string().nullable(),
  cchBancoAgencia: z.string().nullable(),
  cchBancoConta: z.string().nullable(),
  cchBancoContaDigito: z.string().nullable(),
});
export type CchBankData = z.output<typeof cchBankDataSchema>;

/**
 * The modal's payment fields when PAGO is chosen (spec 2 §2.2): the member's stored bank data (GET cch/banco) and the
 * amount paid filled with the requested amount.
 */
export function cchPaymentDefaults(requested: number | null | undefined, bank: CchBankData) {
  return { ...bank, cchValorPago: requested ?? null };
}

/** The document upload's answer (spec 2 §7: "status and key"). */
export const cchUploadReplySchema = z.object({ status: z.literal('ok'), key: z.string() });

/**
 * Reimbursements (ressarcimentos; spec 2 §2.4, §3 "Reimbursement" and "Procedure", §4 "Reimbursement lists", §5
 * "Reimbursement form"; spec 1 §3 child list `ressarcimentos`): a health-expense claim of a holder for one patient (the
 * holder or a dependent) with its procedures, carried by the member's one save with operation markers. One schema for
 * the web's dialogs and the server's save.
 */
import { z } from 'zod';
import { genericMessages as m } from '../messages.js';
import { isValidIsoDate } from '../format.js';
import { childItem, childOperationSchema } from '../members/child-rows.js';
import { crossFieldRules, notAfterToday, safeText } from '../validation.js';
import { reimbursementMessages as rm } from './messages.js';

/** spec 2 §3 procProcedimentoId. */
export const procedureTypes = [
  { value: 1, label: 'Consulta' },
  { value: 2, label: 'Exame' },
  { value: 3, label: 'Tratamento' },
  { value: 4, label: 'Cirurgia' },
  { value: 5, label: 'Internação' },
  { value: 6, label: 'Outros' },
] as const;
/** spec 2 §3 procRetornoStatus; empty (null) means Pendente. */
export const RETURN_STATUS = { PAGO: 1, DEVOLVIDO: 2, NEGADO: 3 } as const;
export const returnStatuses = [
  { value: RETURN_STATUS.PAGO, label: 'Pago' },
  { value: RETURN_STATUS.DEVOLVIDO, label: 'Devolvido/Pendente' },
  { value: RETURN_STATUS.NEGADO, label: 'Negado' },
] as const;
export const PENDING_LABEL = 'Pendente';

/** spec 2 §3 and §9 limits. */
export const REIMBURSEMENT_LIMITS = {
  titular: 64,
  paciente: 64,
  marcaOtica: 8,
  protocoloAssoc: 12,
  recebidoPor: 64,
  protocolo: 20,
  observacao: 200,
  motivo: 80,
} as const;
/** Cents: value ≥ 0.01 (spec 2 §5), at most R$ 10.000.000,00 (ours: a bound for a typo). */
const VALUE_MAX = 1_000_000_000;
/** What the procedure's document upload accepts (checked again by content on the server). */
export const reimbursementDocumentTypes = ['application/pdf', 'image/png', 'image/jpeg'] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const procedureTypeLabel = (value: number | null | undefined) => procedureTypes.find((t) => t.value === value)?.label ?? '';
export const returnStatusLabel = (value: number | null | undefined) => returnStatuses.find((s) => s.value === value)?.label ?? PENDING_LABEL;
/** spec 2 §3: the association protocol shows N/I when empty. */
export const protocolOrNI = (value: string | null | undefined) => (value && value.trim() ? value : rm.noProtocol);
/**
 * spec 2 §3 resMarcaOtica (max 8) is "taken from the patient's carteirinha" (the health-plan card number, 9 digits,
 * spec 1 §3): ours, its first 8 characters (the card number without its check digit); a shorter card is taken whole.
 */
export const marcaOticaOf = (carteirinha: string | null | undefined) =>
  (carteirinha ?? '').replace(/\s/g, '').slice(0, REIMBURSEMENT_LIMITS.marcaOtica);

const requiredOf = (list: readonly { value: number }[]) =>
  z
    .number({ error: (i) => (i.input === undefined || i.input === null ? m.required : m.oneOf) })
    .int({ error: m.oneOf })
    .refine((v) => list.some((o) => o.value === v), m.oneOf);
const text = (max: number) => safeText().trim().max(max, m.maxLength(max)).nullish();
const isoDate = () => safeText({ error: m.required }).trim().min(1, m.required).refine(isValidIsoDate, m.pattern);
const cents = () =>
  z
    .number({ error: (i) => (i.input === undefined || i.input === null ? m.required : m.oneOf) })
    .int({ error: m.oneOf })
    .min(1, m.numericMin)
    .max(VALUE_MAX, m.numericMax);

/** The return of a procedure (its edit dialog): status (empty = Pendente); date and value only for Pago, value ≥ 0.01. */
export const procedureReturnShape = {
  procRetornoStatus: z
    .number({ error: m.oneOf })
    .int({ error: m.oneOf })
    .refine((v) => returnStatuses.some((s) => s.value === v), m.oneOf)
    .nullish(),
  procRetornoData: safeText().trim().nullish(),
  procRetornoValor: z.number({ error: m.oneOf }).int({ error: m.oneOf }).nullish(),
  procRetornoMotivo: text(REIMBURSEMENT_LIMITS.motivo),
};

type ReturnValues = { procRetornoStatus?: number | null; procRetornoData?: string | null; procRetornoValor?: number | null };

/** Pago needs a valid date (not after today) and a value of at least R$ 0,01; the other statuses carry neither. */
function checkReturn(v: ReturnValues, ctx: z.RefinementCtx) {
  if (v.procRetornoStatus !== RETURN_STATUS.PAGO) return;
  const [notFuture, futureMessage] = notAfterToday();
  if (!v.procRetornoData) ctx.addIssue({ code: 'custom', path: ['procRetornoData'], message: m.required });
  else if (!isValidIsoDate(v.procRetornoData)) ctx.addIssue({ code: 'custom', path: ['procRetornoData'], message: m.pattern });
  else if (!notFuture(v.procRetornoData)) ctx.addIssue({ code: 'custom', path: ['procRetornoData'], message: futureMessage });
  if (v.procRetornoValor === null || v.procRetornoValor === undefined)
    ctx.addIssue({ code: 'custom', path: ['procRetornoValor'], message: m.required });
  else if (v.procRetornoValor < 1) ctx.addIssue({ code: 'custom', path: ['procRetornoValor'], message: m.numericMin });
  else if (v.procRetornoValor > VALUE_MAX) ctx.addIssue({ code: 'custom', path: ['procRetornoValor'], message: m.numericMax });
}

/** Date and value only for Pago (spec 2 §4): the other statuses keep neither (the form's output; the server's write). */
export function normaliseReturn<T extends ReturnValues>(v: T): T {
  return v.procRetornoStatus === RETURN_STATUS.PAGO ? v : { ...v, procRetornoData: null, procRetornoValor: null };
}

/** The procedure's own fields (the add dialog): type, date (not after today) and value required; protocol, CCH, notes. */
export const procedureFieldsShape = {
  procProcedimentoId: requiredOf(procedureTypes),
  procProcedimentoData: isoDate().refine(...notAfterToday()),
  procProcedimentoValor: cents(),
  procProtocolo: text(REIMBURSEMENT_LIMITS.protocolo),
  procCCH: z.boolean({ error: m.oneOf }).nullish(),
  procObservacao: text(REIMBURSEMENT_LIMITS.observacao),
  /**
   * The uploaded document's key and its size in bytes. Required before Adicionar (the add dialog's schema below) and
   * for a procedure the save inserts (the server); a stored row keeps what it has.
   */
  procKey: safeText().trim().regex(UUID, rm.documentUnknown).nullish(),
  keyLength: z.number().int().min(0).nullish(),
};

/** The procedure add dialog: the document is required (spec 2 §5: Adicionar is disabled without it). */
export const procedureFormSchema = z.object({
  ...procedureFieldsShape,
  procKey: safeText({ error: rm.documentRequired }).trim().min(1, rm.documentRequired).regex(UUID, rm.documentUnknown),
});
export type ProcedureFormValues = z.input<typeof procedureFormSchema>;

/** The procedure edit dialog (the return fields; the procedure's own are read-only there). */
export const procedureReturnFormSchema = z
  .object(procedureReturnShape)
  .superRefine(...crossFieldRules(checkReturn))
  .transform(normaliseReturn);
export type ProcedureReturnFormValues = z.input<typeof procedureReturnFormSchema>;

/**
 * A procedure row of a claim (spec 2 §3 "Procedure"): procId absent or negative until saved. No transform (the member
 * record is a reply schema too): the save writes date and value only for Pago (normaliseReturn).
 */
export const procedureItemSchema = z
  .object({
    procId: z.number({ error: m.oneOf }).int({ error: m.oneOf }).nullish(),
    ...procedureFieldsShape,
    ...procedureReturnShape,
    /** Ours, the server's: the ledger entry of a paid procedure's credit (read-only). */
    extId: z.number().int().nullish(),
    operation: childOperationSchema.nullish(),
  })
  .superRefine(...crossFieldRules(checkReturn));
export type ProcedureItem = z.output<typeof procedureItemSchema>;
export type ProcedureItemInput = z.input<typeof procedureItemSchema>;

/** Which procedures of a claim count (a row marked delete does not). */
const liveProcedures = (list: readonly { operation?: string | null }[] | null | undefined) => (list ?? []).filter((p) => p.operation !== 'delete');

/**
 * A claim row of the member's `ressarcimentos` list (spec 2 §3 "Reimbursement"): the patient (checked on the server to
 * be the holder or a dependent) and the optical mark required; the holder's and patient's names, the received date and
 * who received are the server's on insert (spec 2 §4: set on submit), shown, never taken from the body.
 */
export const ressarcimentoItemSchema = childItem({
  /** Absent or negative for a new row. */
  resId: z.number({ error: m.oneOf }).int({ error: m.oneOf }).nullish(),
  cstId: z.number().int().nullish(),
  resTitularNome: text(REIMBURSEMENT_LIMITS.titular),
  resPacienteCstId: z
    .number({ error: (i) => (i.input === undefined || i.input === null ? m.required : m.oneOf) })
    .int({ error: m.oneOf })
    .min(1, m.required),
  resPacienteNome: text(REIMBURSEMENT_LIMITS.paciente),
  resMarcaOtica: safeText({ error: m.required })
    .trim()
    .min(1, m.required)
    .max(REIMBURSEMENT_LIMITS.marcaOtica, m.maxLength(REIMBURSEMENT_LIMITS.marcaOtica)),
  resProtocoloAssoc: text(REIMBURSEMENT_LIMITS.protocoloAssoc),
  /** ISO timestamp. */
  resRecebidoData: z.string().nullish(),
  resRecebidoPor: text(REIMBURSEMENT_LIMITS.recebidoPor),
  procedimentos: z.array(procedureItemSchema).default([]),
}).superRefine(
  ...crossFieldRules((v: { operation: string; procedimentos?: readonly { operation?: string | null }[] }, ctx) => {
    if (v.operation === 'insert' && liveProcedures(v.procedimentos).length === 0)
      ctx.addIssue({ code: 'custom', path: ['procedimentos'], message: rm.procedureRequired });
  }),
);
export type RessarcimentoItem = z.output<typeof ressarcimentoItemSchema>;
export type RessarcimentoItemInput = z.input<typeof ressarcimentoItemSchema>;

/** The claim dialog's own fields (the procedures are listed beside them). */
export const claimFormSchema = z.object({
  resPacienteCstId: ressarcimentoItemSchema.shape.resPacienteCstId,
  resMarcaOtica: ressarcimentoItemSchema.shape.resMarcaOtica,
  resProtocoloAssoc: text(REIMBURSEMENT_LIMITS.protocoloAssoc),
});
export type ClaimFormValues = z.input<typeof claimFormSchema>;

/** GET ressarcimento/pacientes/{cstId}: the holder and the dependents, with the health-plan card (carteirinha). */
export const reimbursementPatientSchema = z.object({
  cstId: z.number().int(),
  custName: z.string(),
  /** The card number of the patient's health plan (cslStr1 of its plgHealth row), null without one. */
  carteirinha: z.string().nullable(),
});
export type ReimbursementPatient = z.output<typeof reimbursementPatientSchema>;

export const reimbursementCstIdParamsSchema = z.object({ cstId: z.coerce.number({ error: m.oneOf }).int({ error: m.oneOf }).min(1, m.oneOf) });
export const reimbursementIdParamsSchema = z.object({ resId: z.coerce.number({ error: m.oneOf }).int({ error: m.oneOf }).min(1, m.oneOf) });
export const reimbursementDocumentQuerySchema = z.object({
  /** A procedure of the claim; without it, its first procedure with a document. */
  procId: z.coerce.number({ error: m.oneOf }).int({ error: m.oneOf }).min(1, m.oneOf).optional(),
});

/** The document upload's reply: status and key (as the CCH's), and the size for keyLength. */
export const reimbursementUploadReplySchema = z.object({ status: z.literal('ok'), key: z.string(), keyLength: z.number().int() });
export type ReimbursementUploadReply = z.output<typeof reimbursementUploadReplySchema>;

/**
 * The refund's statuses and who may move a refund where (spec 2 §4 "Refund status", §6 v2devapr), kept as data so the
 * dialog's status options, the server's check and the tests read one table.
 */
export const REFUND_STATUS = {
  EM_ANALISE: 1,
  APROVADO: 2,
  FINALIZADO: 3,
  CANCELADO: 4,
} as const;
export type RefundStatus = (typeof REFUND_STATUS)[keyof typeof REFUND_STATUS];
export const refundStatuses: readonly RefundStatus[] = [1, 2, 3, 4];
export const isRefundStatus = (value: unknown): value is RefundStatus =>
  typeof value === 'number' && (refundStatuses as readonly number[]).includes(value);

/**
 * Labels of the status filter (spec 2 §2.3: plural, as the list shows them) and of one record (spec 2 §3: singular),
 * with a badge colour (ours: waiting neutral, approved teal, done green, cancelled dark).
 */
export const refundStatusInfo: Readonly<Record<RefundStatus, { filter: string; label: string; color: string }>> = {
  1: { filter: 'EM ANÁLISE', label: 'EM ANÁLISE', color: 'blue' },
  2: { filter: 'APROVADOS', label: 'APROVADO', color: 'teal' },
  3: { filter: 'FINALIZADOS', label: 'FINALIZADO', color: 'green' },
  4: { filter: 'CANCELADOS', label: 'CANCELADO', color: 'dark' },
};
export const refundStatusLabel = (status: number | null | undefined) => (isRefundStatus(status) ? refundStatusInfo[status].label : '');

/** The list opens on 1 EM ANÁLISE (spec 2 §2.3). */
export const REFUND_LIST_DEFAULT_STATUS: RefundStatus = REFUND_STATUS.EM_ANALISE;

/** The credit types (spec 2 §2.3 / §3 devTipo): 1 a credit in the member's ledger, 2 a transfer to an external current account. */
export const REFUND_TYPE = { SISTEMA: 1, CONTA_CORRENTE: 2 } as const;
export type RefundType = (typeof REFUND_TYPE)[keyof typeof REFUND_TYPE];
export const refundTypes: readonly RefundType[] = [1, 2];
export const refundTypeLabels: Readonly<Record<RefundType, string>> = { 1: 'Sistema', 2: 'C/C' };
export const isRefundType = (value: unknown): value is RefundType => value === 1 || value === 2;
export const refundTypeLabel = (type: number | null | undefined) => (isRefundType(type) ? refundTypeLabels[type] : '');

/**
 * Who acts: an approver holds v2devapr; a requester holds v2dev only (spec 2 §6).
 */
export type RefundActor = 'approver' | 'requester';
export const refundActorOf = (roles: readonly string[]): RefundActor => (roles.includes('v2devapr') ? 'approver' : 'requester');

/**
 * Where a save may move a refund now in `from` (the same status = a save that keeps it, e.g. its notes):
 * - 1 EM ANÁLISE: a requester may keep it or cancel it (spec 2 §4: "choices 1 and 4"; "users without v2devapr may
 *   only choose 4 CANCELADOS"). The approver's list from 1 is not shown by the spec ("one reading is 1, 2 and 4 with the
 *   third entry removed"): we choose **1, 2 and 4** (issue 27): approve, cancel, or keep it in analysis; FINALIZADO
 *   only after an approval.
 * - 2 APROVADO: only 3 FINALIZADO is offered (spec 2 §4), to the approver, who may also keep it (a save of the notes);
 *   a requester does not see the approved list (the reduced list) and moves nothing from it.
 * - 3 FINALIZADO, 4 CANCELADO: final. The selector shows only while the status is 2 or lower and the notes are
 *   disabled from 3 (spec 2 §4), so nothing of a final refund is saved any more.
 */
export const refundTransitions: Readonly<Record<RefundActor, Readonly<Record<RefundStatus, readonly RefundStatus[]>>>> = {
  approver: { 1: [1, 2, 4], 2: [2, 3], 3: [], 4: [] },
  requester: { 1: [1, 4], 2: [], 3: [], 4: [] },
};

/** A new refund starts EM ANÁLISE (spec 2 §3 "a new record defaults to devStatus 1"); an approver may record it APROVADO at once. */
export const refundInitialStatuses: Readonly<Record<RefundActor, readonly RefundStatus[]>> = {
  approver: [1, 2],
  requester: [1],
};

/** Whether `who` may save a refund now in `from` (null: a new one) with status `to`. */
export function canMoveRefund(who: RefundActor, from: RefundStatus | null, to: RefundStatus): boolean {
  return (from === null ? refundInitialStatuses[who] : refundTransitions[who][from]).includes(to);
}

/** The statuses only an approver sets, and acts on (the approved list is theirs: spec 2 §2.3's reduced list). */
export const refundApproverStatuses: readonly RefundStatus[] = [REFUND_STATUS.APROVADO, REFUND_STATUS.FINALIZADO];

/**
 * Why a move is refused: 'forbidden' (403) when it is an approver's business asked without v2devapr — a move the
 * approver could make, any move to APROVADO or FINALIZADO, any move of an APROVADO refund; 'invalid' (400) when nobody
 * could make it; null when allowed.
 */
export function refundMoveRefusal(who: RefundActor, from: RefundStatus | null, to: RefundStatus): 'forbidden' | 'invalid' | null {
  if (canMoveRefund(who, from, to)) return null;
  if (who === 'requester' && (refundApproverStatuses.includes(to) || from === REFUND_STATUS.APROVADO || canMoveRefund('approver', from, to)))
    return 'forbidden';
  return 'invalid';
}

/** The statuses the dialog's selector offers (spec 2 §4: only while the status is 2 or lower). */
export function refundStatusOptions(who: RefundActor, from: RefundStatus | null): readonly RefundStatus[] {
  return from === null ? refundInitialStatuses[who] : refundTransitions[who][from];
}
/** The selector shows while the stored status is 2 or lower (spec 2 §4). */
export const refundStatusSelectorShown = (from: RefundStatus | null) => from === null || from <= REFUND_STATUS.APROVADO;
/** Notes are disabled when the status is 3 or higher (spec 2 §4). */
export const refundNotesEnabled = (from: RefundStatus | null) => from === null || from < REFUND_STATUS.FINALIZADO;
/** The statuses of the list filter a user sees: without v2devapr the reduced list, without APROVADOS (spec 2 §2.3). */
export const refundListStatuses = (who: RefundActor): readonly RefundStatus[] => (who === 'approver' ? refundStatuses : [1, 3, 4]);
/** A refund is deleted (superadmin) only before it is FINALIZADO: a finalised one is money that moved. */
export const refundDeletable = (status: number) => status !== REFUND_STATUS.FINALIZADO;

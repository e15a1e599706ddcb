/**
 * The CCH request's statuses and workflow (spec 2 §4 "CCH status", §2.1, §2.2). The spec names the six statuses, says
 * the status is locked once 4, 5 or 6 and that cancelling a PAGO is immediate and irreversible; "which further
 * transitions are allowed is not shown". The transitions below are ours (issue 26: what a benefits office expects),
 * kept as data so the modal's status options, the server's check and the tests read one table.
 */
export const CCH_STATUS = {
  PENDENTE: 1,
  EM_ANALISE: 2,
  DEFERIDO: 3,
  INDEFERIDO: 4,
  PAGO: 5,
  CANCELADO: 6,
} as const;
export type CchStatus = (typeof CCH_STATUS)[keyof typeof CCH_STATUS];
export const cchStatuses: readonly CchStatus[] = [1, 2, 3, 4, 5, 6];
export const isCchStatus = (value: unknown): value is CchStatus => typeof value === 'number' && (cchStatuses as readonly number[]).includes(value);

/**
 * Label (spec 2 §4, as written) and badge colour (Mantine palette names; the spec shows none: ours, chosen so waiting
 * is neutral, a decision is coloured, money paid is green and the two dead ends are red and dark).
 */
export const cchStatusInfo: Readonly<Record<CchStatus, { label: string; color: string }>> = {
  1: { label: 'PENDENTE', color: 'yellow' },
  2: { label: 'EM ANÁLISE', color: 'blue' },
  3: { label: 'DEFERIDO', color: 'teal' },
  4: { label: 'INDEFERIDO', color: 'red' },
  5: { label: 'PAGO', color: 'green' },
  6: { label: 'CANCELADO', color: 'dark' },
};
export const cchStatusLabel = (status: number | null | undefined) => (isCchStatus(status) ? cchStatusInfo[status].label : '');

/** The list's status filter opens on 2 (EM ANÁLISE, spec 2 §2.1). */
export const CCH_LIST_DEFAULT_STATUS: CchStatus = CCH_STATUS.EM_ANALISE;

/** How a status changes: a save of the request modal ('edit') or the list's cancel icon ('cancel', GET cch/cancel). */
export type CchChangeKind = 'edit' | 'cancel';

/**
 * Where a save may move a request (the same status = a save that keeps it):
 * - 1 PENDENTE → 2 (analysis starts);
 * - 2 EM ANÁLISE → 1 (back to pending: a document is missing; status 1 requires an observation saying which),
 *   3 (approved) or 4 (denied);
 * - 3 DEFERIDO → 5 (paid: the ledger credit) or 2 (the approval reopened before any payment; 3 is not locked);
 * - 4 INDEFERIDO, 5 PAGO: locked (spec 2 §2.2); other fields stay editable (observations, payment details);
 * - 6 CANCELADO: final, nothing is saved any more (observations disabled, spec 2 §2.2).
 * 5 → 6 only by cancel (the list's icon; the ledger's reversal), never by a save; cancel moves nothing else.
 */
export const cchTransitions: Readonly<Record<CchStatus, Readonly<Record<CchChangeKind, readonly CchStatus[]>>>> = {
  1: { edit: [1, 2], cancel: [] },
  2: { edit: [2, 1, 3, 4], cancel: [] },
  3: { edit: [3, 5, 2], cancel: [] },
  4: { edit: [4], cancel: [] },
  5: { edit: [5], cancel: [6] },
  6: { edit: [], cancel: [] },
};

/** A new request is saved PENDENTE (waiting for the scan or details) or straight EM ANÁLISE. */
export const cchInitialStatuses: readonly CchStatus[] = [1, 2];

/** Whether a request in `from` may be saved in `to` by `how` (the table above). */
export function canChangeStatus(from: CchStatus, to: CchStatus, how: CchChangeKind): boolean {
  return cchTransitions[from][how].includes(to);
}

/** The statuses the modal's select offers for a request now in `from` (null: a new request). */
export function cchStatusOptions(from: CchStatus | null): readonly CchStatus[] {
  return from === null ? cchInitialStatuses : cchTransitions[from].edit;
}

/** What the request modal shows for a status (spec 2 §2.2), as data the modal reads. */
export interface CchStatusPanels {
  /** The payment panel (bank data, payment date, amount paid): PAGO and CANCELADO. */
  readonly payment: boolean;
  /** The deliberation (reason of the denial): INDEFERIDO. */
  readonly deliberation: boolean;
  /** The Observações tab can be edited: not at CANCELADO. */
  readonly observationsEnabled: boolean;
  /** The status select is locked: INDEFERIDO, PAGO, CANCELADO. */
  readonly statusLocked: boolean;
  /** The "add pages" toggle (a new scan): while PENDENTE. */
  readonly addPages: boolean;
}
export const cchStatusPanels: Readonly<Record<CchStatus, CchStatusPanels>> = {
  1: { payment: false, deliberation: false, observationsEnabled: true, statusLocked: false, addPages: true },
  2: { payment: false, deliberation: false, observationsEnabled: true, statusLocked: false, addPages: false },
  3: { payment: false, deliberation: false, observationsEnabled: true, statusLocked: false, addPages: false },
  4: { payment: false, deliberation: true, observationsEnabled: true, statusLocked: true, addPages: false },
  5: { payment: true, deliberation: false, observationsEnabled: true, statusLocked: true, addPages: false },
  6: { payment: true, deliberation: false, observationsEnabled: false, statusLocked: true, addPages: false },
};

/** The statuses whose amount is spent from the member's balances: approved (its requested value) and paid (its amount paid). */
export const cchSpendingStatuses: readonly CchStatus[] = [3, 5];
/** The statuses a request's balance rules are checked in (a denial or a cancel spends nothing). */
export const cchBalanceCheckedStatuses: readonly CchStatus[] = [1, 2, 3, 5];

import {
  formatCents,
  formatDate,
  procedureTypeLabel,
  reimbursementContracts,
  reimbursementMessages,
  RETURN_STATUS,
  returnStatusLabel,
  sumCents,
  type ProcedureItemInput,
  type RessarcimentoItemInput,
} from '@assoc/domain';
import { apiUpload } from '../../../app/api';
import { apiUrl, relativeUrlOf } from '../../../app/client';
import type { ReimbursementUploadReply } from '@assoc/domain';

export const LIST = 'ressarcimentos';
export const SECTION = 'refunds';

export type ClaimRow = RessarcimentoItemInput;
export type ProcedureRow = ProcedureItemInput;

/** The procedures of a claim that count (a row marked delete does not). */
export const liveProcedures = (row: Pick<ClaimRow, 'procedimentos'>) => (row.procedimentos ?? []).filter((p) => p.operation !== 'delete');

/** What was reimbursed: the values of the procedures returned Pago. */
export const reimbursedOf = (row: Pick<ClaimRow, 'procedimentos'>) =>
  sumCents(liveProcedures(row).map((p) => (p.procRetornoStatus === RETURN_STATUS.PAGO ? (p.procRetornoValor ?? 0) : 0)));

/** The cells of a procedure as the tables show them. */
export const procedureCells = (p: ProcedureRow) => ({
  type: procedureTypeLabel(p.procProcedimentoId),
  date: formatDate(p.procProcedimentoData ?? null),
  value: typeof p.procProcedimentoValor === 'number' ? formatCents(p.procProcedimentoValor) : '',
  status: returnStatusLabel(p.procRetornoStatus),
  returnDate: p.procRetornoStatus === RETURN_STATUS.PAGO ? formatDate(p.procRetornoData ?? null) : '',
  returnValue: p.procRetornoStatus === RETURN_STATUS.PAGO && typeof p.procRetornoValor === 'number' ? formatCents(p.procRetornoValor) : '',
});

let nextNewId = -1;
/** A new claim's id: negative (the server gives the real one at the save). */
export const newClaimId = () => nextNewId--;

/** The claim's document (spec 2 §7 `GET user/ressarcimento/{resId}`, opened in a new window); `procId`: that procedure's. */
export const claimDocumentUrl = (resId: number, procId?: number) =>
  apiUrl(reimbursementContracts.document, { params: { resId }, query: procId ? { procId } : {} });

const EXPLAINED_STATUSES = new Set([400, 413, 415]);
/** The procedure document's upload (multipart, field file): its key and size for procKey and keyLength. */
export function uploadProcedureDocument(file: File): Promise<ReimbursementUploadReply> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiUpload<ReimbursementUploadReply>(relativeUrlOf(reimbursementContracts.upload), form, {
    message: reimbursementMessages.uploadFailed,
    explains: (status) => EXPLAINED_STATUSES.has(status),
  });
}

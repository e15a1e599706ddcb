import { formatCents } from '../money/cents.js';

/**
 * The reimbursements' pt-BR texts (spec 2 §2.4, §3, §5, §8; spec 1 tab Ressarcimentos [11]). The spec names the rules
 * and the screens but writes few texts: 'Campo obrigatório' and 'Valor mínimo inválido' are the generic ones
 * (messages.ts), the dialog titles and labels are the spec's, the rest is ours.
 */
export const reimbursementMessages = {
  // spec 2 §2.4: the dialogs
  claimTitle: 'Ressarcimento - Reembolso',
  /** spec 2 §3 resProtocolo{product}: shown as N/I when empty. */
  noProtocol: 'N/I',
  // ours: the spec names these rules without their text
  procedureTitle: 'Procedimento',
  procedureEditTitle: 'Procedimento - Retorno',
  documentRequired: 'Envie o documento do procedimento',
  documentUnknown: 'Documento do procedimento não encontrado: envie o arquivo novamente',
  uploadFailed: 'Não foi possível enviar o arquivo, por favor tente novamente',
  procedureRequired: 'Inclua ao menos um procedimento',
  patientNotOfHolder: 'Paciente deve ser o titular ou um de seus dependentes',
  claimNotFound: 'Ressarcimento não encontrado',
  procedureNotFound: 'Procedimento não encontrado',
  /** spec 2 §4 "Reimbursement lists": delete only of a reimbursement not saved yet. */
  deleteSavedRefused: 'Um ressarcimento salvo não pode ser apagado',
  /** spec 2 §2.4: the edit mode adds no procedure and deletes none. */
  proceduresLockedOnEdit: 'Procedimentos não podem ser incluídos nem apagados num ressarcimento já salvo',
  patientLockedOnEdit: 'O paciente de um ressarcimento salvo não pode ser trocado',
  /** A paid procedure's return was credited in the ledger: a correction is a reversal there, never a new return. */
  paidReturnLocked: 'Procedimento pago: o reembolso já foi creditado no extrato e o retorno não pode ser alterado',
  noHealthPlan: 'Paciente sem plano de saúde: o reembolso não pode ser creditado no extrato',
  noDocument: 'O ressarcimento não tem documento',
  /** The ledger entry of a paid procedure (the statement's Descrição). */
  ledgerCredit: (resId: number, procedure: string) => `Reembolso nº ${resId} - ${procedure}`,
  /** The amount summary of the table's row. */
  returnedOf: (paid: number) => `Reembolsado ${formatCents(paid)}`,
} as const;

import { formatCents } from '../money/cents.js';

/** The refunds' pt-BR texts: the spec shows none of its own (spec 2 §5 uses the generic ones), so these are ours. */
export const refundMessages = {
  notFound: 'Devolução não encontrada',
  statusChangeRefused: (from: string, to: string) => `Não é possível alterar a situação de ${from} para ${to}`,
  newStatusInvalid: 'Uma nova devolução deve estar EM ANÁLISE',
  /** A requester (without v2devapr) asking an approver's move (403). */
  approverOnly: 'Somente quem aprova devoluções pode aprovar ou finalizar uma devolução',
  approvedListApproverOnly: 'A lista de devoluções aprovadas é somente para quem aprova devoluções',
  finalLocked: 'Devolução finalizada ou cancelada não pode ser alterada',
  lockedFields: 'Na alteração, tipo, valor, fornecedor, produto e serviço não podem ser alterados',
  memberNotFound: 'Associado não encontrado',
  holderMismatch: 'O titular informado não é o titular do associado',
  serviceMismatch: 'O serviço não pertence ao produto, ou o produto ao fornecedor, escolhidos',
  deleteFinalizedRefused: 'Uma devolução finalizada não pode ser apagada: o valor já foi devolvido',
  /** The ledger entry of a FINALIZADO type-1 refund. */
  ledgerCredit: (devId: number, service: string) => `Devolução nº ${devId} - ${service}`.slice(0, 120),
  // The list, the export and the to-pay list.
  exportFileName: 'devolução.xlsx',
  toPayFileName: 'devolucoes-a-pagar.xlsx',
  sheetName: 'Devoluções',
  toPaySheetName: 'Devoluções a pagar',
  total: 'Total',
  records: (n: number) => `${n} ${n === 1 ? 'registro' : 'registros'}`,
  totalOf: (n: number, cents: number) => `${n} ${n === 1 ? 'devolução' : 'devoluções'}, ${formatCents(cents)}`,
  dateRange: 'A data inicial não pode ser posterior à final',
} as const;

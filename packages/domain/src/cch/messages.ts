import { formatDate } from '../format.js';
import { formatCents } from '../money/cents.js';
import { TUSS_SUBSET_VERSION } from './tuss-subset.js';

/** The CCH's pt-BR texts: the spec's first (spec 2 §5 and §8, verbatim), then ours where the spec shows none. */
export const cchMessages = {
  // spec 2 §5 "CCH request"
  procedureAfterToday: 'Data não pode ser posterior ao dia de hoje',
  procedureBeforeGrace: 'Data do procedimento não pode ser anterior a carência',
  agreementAboveTotal: 'Valor do convênio superior ao valor total',
  exceedsBalance: 'Valor excede saldo disponível',
  /**
   * Spec 2 §5 writes 'Saldo anterior ao reajuste (...) é insuficiente...': the parentheses hold the pre-adjustment
   * balance (R$ 1.234,56, our reading), the rest is kept as the spec writes it.
   */
  preAdjustmentInsufficient: (balance: number) => `Saldo anterior ao reajuste (${formatCents(balance)}) é insuficiente...`,
  aboveTherapyBalance: 'Valor solicitado superior ao saldo de fisioterapia/acupuntura',
  quantityInvalid: 'Número de sessões inválida',
  paidAboveRequested: 'Valor superior ao valor solicitado',
  // spec 2 §8
  uploadFailed: 'Não foi possível enviar o arquivo, por favor tente novamente',
  cancelConfirm: 'Deseja cancelar?',
  // ours: the spec names these rules without their text
  /** The cancel dialog's warning (spec 2 §2.1: "immediate and irreversible"). */
  cancelWarning: 'ATENÇÃO: o cancelamento é imediato e irreversível; o valor pago será estornado no extrato do associado.',
  requestedAboveTotal: 'Valor solicitado superior ao valor total',
  requestedAboveTotalMinusAgreement: 'Valor solicitado superior ao valor total menos o valor do convênio',
  physiotherapySessionsExhausted: 'Sessões de fisioterapia esgotadas no ano',
  acupunctureSessionsExhausted: 'Sessões de acupuntura esgotadas no ano',
  sessionsAboveBalance: (kind: 'fisioterapia' | 'acupuntura', left: number) =>
    `Número de sessões superior ao saldo de sessões de ${kind} no ano (${left})`,
  tussInvalid: 'Código TUSS inválido: confira os dígitos',
  tussNotInTable: 'Código não consta da tabela TUSS do sistema: confira o código e descreva o procedimento',
  tussInSubset: `Código já consta da tabela TUSS do sistema (versão ${TUSS_SUBSET_VERSION})`,
  tussDuplicate: 'Código TUSS já cadastrado',
  tussForcedByBenefit: (benefit: number, code: string) => `O benefício ${benefit} exige o código TUSS ${code}`,
  statusChangeRefused: (from: string, to: string) => `Não é possível alterar a situação de ${from} para ${to}`,
  statusLocked: 'Situação bloqueada: a solicitação já foi decidida, paga ou cancelada',
  cancelOnlyPaid: 'Somente solicitações pagas podem ser canceladas',
  newStatusInvalid: 'Uma nova solicitação deve estar PENDENTE ou EM ANÁLISE',
  notEnrolled: 'Associado sem inscrição no CCH',
  scanRequired: 'Envie o documento digitalizado da solicitação',
  scanUnknown: 'Documento digitalizado não encontrado: envie o arquivo novamente',
  notFound: 'Solicitação de CCH não encontrada',
  noDocument: 'A solicitação não tem documento digitalizado',
  approvalLetterOnly: 'A carta de deferimento existe só para solicitações deferidas ou pagas',
  denialLetterOnly: 'A carta de indeferimento existe só para solicitações indeferidas',
  deletePaidRefused: 'Uma solicitação paga ou cancelada não pode ser apagada: o extrato do associado a referencia',
  /** The ledger entries of a payment and of its cancel (the reversal prefixes its own text). */
  ledgerCredit: (cchId: number, benefit: string) => `CCH nº ${cchId} - ${benefit}`,
  letterSigner: 'Diretoria de Benefícios',
  // spec 2 §8 "CCH increase"
  increaseSuccess: 'Aumento realizado com sucesso! É necessário fazer login novamente neste computador para atualizar as tabelas',
  increaseFailed: 'Não foi possível realizar o aumento',
  // spec 2 §5 "CCH increase"
  increaseBelowPrevious: 'Valor não pode ser inferior ao valor anterior',
  increaseConfirm: 'Confirmação deve ser digitada conforme descrição',
  // ours
  increaseUnchanged: 'Nenhum valor foi alterado',
  increaseStale: 'Os valores atuais mudaram desde que a tela foi aberta. Recarregue para continuar.',
  /** The base date must come after the last increase's, so the increases keep their order (the balances read them by date). */
  dataBaseNotAfterLast: (last: string) => `Data base deve ser posterior à do último aumento (${formatDate(last)})`,
} as const;

/** The statement's (Extratos) pt-BR texts: spec 1 §8 spelled exactly as the spec shows them, then ours. */
export const ledgerMessages = {
  // spec 1 §8
  emailSent: 'Extrato enviado com sucesso!',
  reverseConfirm: 'Tem certeza que deseja estornar este lançamento?',
  reverseConfirmTitle: 'Deseja estornar?',
  reversed: 'Estorno realizado com sucesso',
  // ours (the spec names the rule without a text)
  reverseWarning: 'ATENÇÃO: o estorno é imediato e não poderá ser desfeito.',
  openPeriodLabel: 'Em aberto',
  alreadyReversed: 'Lançamento já estornado.',
  reversalNotReversible: 'Um estorno não pode ser estornado.',
  entryNotFound: 'Lançamento não encontrado.',
  periodNotFound: 'Período de extrato não encontrado.',
  periodLocked: 'Período de extrato fechado: não recebe novos lançamentos.',
  noOpenPeriod: 'Não há período de extrato em aberto.',
  invalidPeriod: 'Período de extrato inválido',
  invalidEntry: 'Lançamento inválido',
  invalidMember: 'Associado inválido',
  notHolder: 'O extrato é do titular: informe o titular.',
  responsibleNotOfHolder: 'O responsável deve ser o titular ou um de seus dependentes.',
  emailDeceased: 'Extrato não pode ser enviado por e-mail: associado falecido.',
  emailMissing: 'Associado sem e-mail cadastrado.',
  emailSubject: 'Extrato mensal',
  zeroValue: 'Valor do lançamento deve ser diferente de zero.',
  reversalPrefix: 'Estorno: ',
} as const;

/**
 * pt-BR texts of the menu's document jobs (issue 30 item 1): the monthly statement (`extrato-email`,
 * `extrato-impressora`) and the annual I.R. (`ir-email`, `ir-impressora`) — their subtitles and results in the bell.
 */
export const documentJobMessages = {
  noClosedPeriod: 'Nenhum período fechado: feche um mês antes de enviar os extratos',
  invalidPeriod: 'Período inválido: informe o fecID de um período fechado',
  statementSubtitle: (mesAno: string) => `Extrato ${mesAno}`,
  incomeTaxSubtitle: (ano: number) => `I.R. ano-base ${ano}`,
  /** The e-mail job's result: what it queued now, whom it skipped, and what an earlier run had already sent. */
  emailed: (sent: number, noEmail: number, already: number) =>
    `${sent} enviado(s) por e-mail; ${noEmail} sem e-mail (não enviado); ${already} já enviado(s) antes`,
  noPayments: (n: number) => `${n} sem pagamentos de plano de saúde no ano-base (não enviado)`,
  printed: (documents: number, pages: number) => `${documents} documento(s), ${pages} página(s)`,
  nothingToPrint: 'Nenhum documento a imprimir',
} as const;

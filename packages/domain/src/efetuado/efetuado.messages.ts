/** The Efetuado (statements made) screen's and reports' pt-BR texts: the spec names the buttons; the rest is ours. */
export const efetuadoMessages = {
  // spec 2 §2.7 item 5: the buttons
  efetuado: 'EFETUADO',
  efetuadoSaude: 'EFETUADO SAÚDE',
  efetuadoSaudeExcel: 'EFETUADO SAÚDE EXCEL',
  efetuadoServico: 'EFETUADO SERVIÇO',
  // ours
  tjsp: 'EFETUADO TJSP',
  saudeDetalhado: 'EFETUADO SAÚDE DETALHADO',
  periodLabel: 'Data do fechamento',
  serviceLabel: 'Serviço',
  startLabel: 'Data inicial',
  endLabel: 'Data final',
  tjspTitle: 'Folha do TJSP (vencimentos no intervalo)',
  saudeDetalhadoTitle: 'Saúde efetuado detalhado (períodos no intervalo)',
  noPeriods: 'Nenhum período fechado ainda.',
  invalidPeriod: 'Selecione um período fechado.',
  invalidService: 'Selecione um serviço e um período fechado.',
  invalidRange: 'Informe as datas inicial e final (DD/MM/AAAA).',
  startAfterEnd: 'A data inicial não pode ser posterior à data final.',
  periodNotClosed: 'Período não encontrado ou ainda não fechado.',
  serviceNotFound: 'Serviço não encontrado.',
  nothing: 'Nenhum lançamento encontrado.',
  nothingCharged: 'Nenhuma cobrança encontrada.',
  reading: 'Lendo os lançamentos',
  done: (lines: number) => `Relatório gerado: ${lines} linhas.`,
} as const;

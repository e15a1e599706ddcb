/** The postings' (Lançamentos) pt-BR texts: the spec's (spec 2 §8), then ours where the spec shows none. */
export const postingMessages = {
  // spec 2 §8
  confirmTitle: 'Deseja efetuar o lançamento?',
  confirmWarning: 'ATENÇÃO: Esta operação uma vez realizada não poderá ser revertida, ela será imediatamente efetivada no sistema',
  started: 'Lançamentos sendo processados, consulte o andamento no sino de notificações',
  failed: 'Houve um erro para efetuar o lançamento',
  phoneNotFound: 'Número não foi localizado',
  phoneSeveral: 'Número não foi localizado, por favor analisar o problema',
  phoneInvalid: 'Número inválido',
  phoneLookupFailed: 'Houve um erro para consultar o telefone',
  // spec 2 §5 "Finance": XLS is refused (only XLSX or CSV, and text for postings)
  xlsRefused: 'Arquivos XLS não são suportados. Utilize XLSX ou CSV.',
  // ours
  serviceNotPostable: 'Serviço não encontrado ou não disponível para lançamento.',
  wrongMode: 'Este serviço não aceita lançamentos neste modo.',
  tooManyRows: 'Máximo de 50 linhas por lançamento.',
  noRows: 'Informe ao menos uma linha.',
  totalNotPositive: 'O total do lançamento deve ser maior que zero.',
  valueZero: 'Valor deve ser diferente de zero.',
  instalmentsInvalid: (max: number) => `Número de parcelas deve ser de 1 a ${max}.`,
  memberNotFound: 'Associado não encontrado ou inativo.',
  holderOnly: 'Este serviço só pode ser lançado para titulares.',
  phoneMismatch: 'O telefone não pertence ao associado informado.',
  /** Each instalment is at least one cent. */
  valueBelowInstalments: 'Valor menor que o número de parcelas (cada parcela deve ter ao menos R$ 0,01).',
  /** A file line's reasons (after "Linha n: "). */
  lineUnknown: 'CPF ou telefone não localizado',
  lineSeveral: 'telefone de mais de um associado',
  lineValue: 'valor inválido',
  lineInstalments: (max: number) => `parcelas acima do máximo (${max})`,
  lineHolderOnly: 'serviço só para titulares',
  lineColumns: 'informe CPF ou telefone e valor',
  line: (n: number, why: string) => `Linha ${n}: ${why}`,
  fileTooManyLines: (max: number) => `O arquivo tem mais de ${max} linhas.`,
  fileRequired: 'Selecione um arquivo.',
  fileType: 'Tipo de arquivo não suportado. Utilize XLSX, CSV ou TXT.',
  fileEmpty: 'O arquivo não tem linhas para lançar.',
  /** A file with bad lines is refused whole: the first bad lines, each "Linha n: why". */
  fileRejected: (lines: readonly string[], more: number) =>
    `Arquivo recusado, nada foi lançado. ${lines.join('; ')}${more > 0 ? `; e mais ${more} linha(s) com erro` : ''}.`,
  jobLabel: 'Lançamentos',
  done: (rows: number, total: string) => `${rows} lançamento(s) efetuado(s), total ${total}.`,
  instalmentLabel: (k: number, n: number) => `Parcela ${k}/${n}`,
} as const;

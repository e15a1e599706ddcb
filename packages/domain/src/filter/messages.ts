/** The filter's pt-BR texts (spec README decision 12; ours where the spec shows none). */
export const filterMessages = {
  /** Decision 12, verbatim: the result table when no column is chosen. */
  noColumns: 'Não existem colunas definidas',
  unknownField: (field: string) => `Critério desconhecido: ${field}`,
  unknownOperator: (label: string) => `Operador não permitido para o critério ${label}`,
  badValue: (label: string) => `Valor inválido para o critério ${label}`,
  tooDeep: (max: number) => `O filtro tem grupos demais, uns dentro dos outros (máximo de ${max} níveis)`,
  tooManyRules: (max: number) => `O filtro tem condições demais (máximo de ${max})`,
  unknownColumn: (column: string) => `Coluna desconhecida: ${column}`,
  duplicateColumn: 'A mesma coluna foi escolhida duas vezes',
  savedNotFound: 'Filtro salvo não encontrado',
  notOwner: 'Só quem criou o filtro pode alterá-lo, compartilhá-lo ou apagá-lo',
  duplicateName: 'Já existe um filtro salvo com este nome',
  unknownUser: 'Usuário não encontrado para compartilhar o filtro',
  shareWithSelf: 'O filtro já é seu: escolha outro usuário',
  exportStarted: 'A exportação foi iniciada em segundo plano: acompanhe o progresso nas tarefas.',
  exportNoColumns: 'Escolha ao menos uma coluna para exportar',
} as const;

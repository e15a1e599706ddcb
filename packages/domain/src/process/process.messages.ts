/** pt-BR texts of the digital process (issue 15): server refusals and the screen's labels share them. */
export const processMessages = {
  invalidCnj: 'Número de processo (CNJ) inválido',
  duplicateCnj: 'Já existe um processo com este número',
  processNotFound: 'Processo não encontrado',
  folderNotFound: 'Pasta não encontrada',
  movementNotFound: 'Andamento não encontrado',
  documentNotFound: 'Documento não encontrado',
  folderHasProcesses: 'A pasta contém processos e não pode ser excluída',
  folderHasChildren: 'A pasta contém subpastas e não pode ser excluída',
  inboxFixed: 'A caixa de entrada não pode ser excluída nem movida',
  folderNameTaken: 'Já existe uma pasta com este nome neste nível',
  folderTooDeep: (levels: number) => `As pastas podem ter no máximo ${levels} níveis`,
  pdfRequired: 'Envie o PDF do processo',
  invalidImport: 'Dados de importação inválidos',
  apiKeyMissing: 'Chave de API ausente ou inválida',
  apiKeyNotFound: 'Chave de API não encontrada',
  inboxName: 'Caixa de entrada',
} as const;

/** The terminal screen's pt-BR texts (decision 14; the spec shows none). The server's refusals are the domain's terminalMessages. */
export const terminalTexts = {
  title: 'Terminal',
  intro:
    'Consultas somente leitura ao banco de dados: uma instrução SELECT (ou WITH … SELECT, EXPLAIN) por vez, até 1.000 linhas, com tempo limite de 5 segundos. Colunas secretas (senhas, tokens, segredos) não podem ser lidas. Toda consulta é registrada.',
  editorLabel: 'Consulta SQL',
  placeholder: 'SELECT …',
  run: 'Executar',
  runHint: 'Ctrl+Enter executa a consulta',
  exportCsv: 'Exportar CSV',
  result: 'Resultado',
  noRows: 'A consulta não retornou linhas',
  summary: (rows: number, ms: number) => `${rows.toLocaleString('pt-BR')} ${rows === 1 ? 'linha' : 'linhas'} em ${ms.toLocaleString('pt-BR')} ms`,
  history: 'Histórico',
  historyEmpty: 'Nenhuma consulta ainda',
  /** The history entry's tooltip (its accessible name is its visible text: when, outcome, rows or message, the query). */
  historyLoad: 'Clique para carregar a consulta no editor',
  outcome: { ok: 'Executada', refused: 'Recusada', error: 'Erro' } as const,
  historyRows: (rows: number) => `${rows.toLocaleString('pt-BR')} ${rows === 1 ? 'linha' : 'linhas'}`,
  csvName: 'terminal.csv',
} as const;

/**
 * The terminal's pt-BR texts (decision 14; issue 29 item 4). The spec shows none: every refusal names what was
 * refused, so the superadmin knows what to change.
 */
export const terminalMessages = {
  empty: 'Digite uma consulta SQL',
  tooLong: (max: number) => `A consulta pode ter no máximo ${max.toLocaleString('pt-BR')} caracteres`,
  invalidText: 'A consulta contém caracteres de controle não permitidos',
  /** A parse error: PostgreSQL's own message follows. */
  syntax: (message: string) => `Erro de sintaxe: ${message}`,
  several: (count: number) => `Envie uma única instrução por vez (foram encontradas ${count})`,
  notSelect: (kind: string) => `Somente consultas SELECT (ou WITH … SELECT, EXPLAIN) são permitidas: ${kind} foi recusado`,
  explainOfSelect: 'EXPLAIN só é permitido de uma consulta SELECT',
  modifyingCte: (kind: string) => `WITH com ${kind} não é permitido: o terminal apenas lê dados`,
  selectInto: 'SELECT … INTO não é permitido: o terminal não cria tabelas',
  locking: (clause: string) => `${clause} não é permitido: o terminal não bloqueia linhas`,
  nested: (kind: string) => `${kind} não é permitido dentro da consulta`,
  deniedFunction: (name: string) => `A função ${name}() não é permitida no terminal`,
  timeout: 'A consulta excedeu o tempo limite de 5 segundos e foi cancelada',
  permissionDenied: (message: string) => `Sem permissão de leitura (o terminal não lê colunas secretas como senhas, tokens e segredos): ${message}`,
  readOnly: (message: string) => `O terminal apenas lê dados: ${message}`,
  /** Any other error PostgreSQL answers while running the query: its message follows. */
  database: (message: string) => `Erro do PostgreSQL: ${message}`,
  unavailable: 'Terminal indisponível: o papel de leitura do banco de dados não existe (veja docs/TERMINAL.md)',
  truncated: (max: number) => `Mais de ${max.toLocaleString('pt-BR')} linhas: mostrando as primeiras ${max.toLocaleString('pt-BR')}`,
  sizeLimited: (rows: number) =>
    `O resultado passou de 16 MB de texto: mostrando as primeiras ${rows.toLocaleString('pt-BR')} linhas (selecione menos colunas ou linhas)`,
} as const;

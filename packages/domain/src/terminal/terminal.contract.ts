/**
 * The terminal's calls (decision 14; issue 29 item 4): superadmin only. The server is apps/api/src/modules/terminal;
 * the guard layers are described in docs/TERMINAL.md.
 */
import { defineContract } from '../contract/route-contract.js';
import {
  terminalHistoryPageSchema,
  terminalHistoryQuerySchema,
  terminalResultSchema,
  terminalRunBodySchema,
  terminalSchemaSchema,
} from './terminal.schema.js';

const access = { roles: ['superadmin'] } as const;
const tags = ['terminal'] as const;

export const terminalContracts = {
  run: defineContract({
    method: 'POST',
    path: '/terminal/executar',
    body: terminalRunBodySchema,
    reply: terminalResultSchema,
    access,
    summary:
      'Executa uma consulta (uma única instrução SELECT, WITH … SELECT ou EXPLAIN de um SELECT) numa transação somente leitura, com tempo limite de 5 s, até 1.000 linhas',
    description:
      'A instrução é conferida pelo analisador do PostgreSQL (libpg-query) antes de chegar ao banco: várias instruções, DML, DDL, COPY, SET, SELECT … INTO, FOR UPDATE e funções proibidas (set_config, pg_read_file, pg_sleep, …) respondem 400 com o motivo. Executa com o papel assoc_terminal, que não lê colunas secretas. `truncated` diz que havia mais linhas. Toda consulta, recusada ou não, fica no histórico e na auditoria.',
    tags,
  }),
  history: defineContract({
    method: 'GET',
    path: '/terminal/historico',
    query: terminalHistoryQuerySchema,
    reply: terminalHistoryPageSchema,
    access,
    summary: 'As consultas do próprio usuário no terminal, mais recentes primeiro (páginas)',
    tags,
  }),
  schema: defineContract({
    method: 'GET',
    path: '/terminal/esquema',
    reply: terminalSchemaSchema,
    access,
    summary: 'Tabelas e colunas que o terminal pode ler (para o autocompletar do editor)',
    tags,
  }),
};

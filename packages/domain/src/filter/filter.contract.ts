/**
 * The filter's calls (issue 29 "What the server must do"; spec README decision 12), all under the menu's role
 * v2menufiltro (spec 3 §2.1). The server's module is apps/api/src/modules/filter; docs/FILTER.md.
 */
import { z } from 'zod';
import { binaryReply, defineContract } from '../contract/route-contract.js';
import { versionQuerySchema } from '../record-version.js';
import {
  filterExportBodySchema,
  filterOptionsSchema,
  filterRunBodySchema,
  filterRunReplySchema,
  filterUserSchema,
  savedFilterCreateSchema,
  savedFilterIdParamsSchema,
  savedFilterSchema,
  savedFilterUpdateSchema,
} from './filter.schema.js';

export const FILTER_ROLE = 'v2menufiltro' as const;
const access = { roles: [FILTER_ROLE] } as const;
const tags = ['filter'] as const;

export const filterContracts = {
  options: defineContract({
    method: 'GET',
    path: '/filter/opcoes',
    reply: filterOptionsSchema,
    access,
    summary: 'As escolhas dos critérios que vêm dos cadastros: serviços, fornecedores, regiões, circunscrições, comarcas e fóruns',
    tags,
  }),
  run: defineContract({
    method: 'POST',
    path: '/filter/executar',
    body: filterRunBodySchema,
    reply: filterRunReplySchema,
    access,
    summary: 'Executa o filtro: o total de pessoas e a página pedida, nas colunas escolhidas e na ordem pedida',
    description:
      'A consulta é um grupo E/OU de regras {field, operator, value} do catálogo de critérios (packages/domain/src/filter/criteria.ts), até 4 níveis e 50 regras; o servidor a compila em SQL parametrizado. Critério, operador ou valor desconhecido: 400.',
    tags,
  }),
  export: defineContract({
    method: 'POST',
    path: '/filter/exportar',
    body: filterExportBodySchema,
    reply: binaryReply,
    access,
    summary: 'Exporta o resultado inteiro do filtro em XLSX ou CSV',
    description:
      'Até 5.000 linhas, o arquivo na resposta (200). Acima, uma tarefa em segundo plano gera o arquivo, com progresso no sino, e a resposta é 202 com {job, message} em JSON.',
    tags,
  }),
  savedList: defineContract({
    method: 'GET',
    path: '/filter/salvos',
    reply: z.array(savedFilterSchema),
    access,
    summary: 'Os filtros salvos do usuário e os compartilhados com ele (somente leitura)',
    tags,
  }),
  savedCreate: defineContract({
    method: 'POST',
    path: '/filter/salvos',
    body: savedFilterCreateSchema,
    reply: savedFilterSchema,
    access,
    summary: 'Salva um filtro do usuário (nome único entre os seus), opcionalmente compartilhado com outros usuários',
    tags,
  }),
  savedUpdate: defineContract({
    method: 'PUT',
    path: '/filter/salvos/:id',
    params: savedFilterIdParamsSchema,
    body: savedFilterUpdateSchema,
    reply: savedFilterSchema,
    access,
    summary: 'Renomeia, altera ou compartilha um filtro próprio na versão lida (409 se mudou; 403 se é de outro usuário)',
    tags,
  }),
  savedRemove: defineContract({
    method: 'DELETE',
    path: '/filter/salvos/:id',
    params: savedFilterIdParamsSchema,
    query: versionQuerySchema,
    reply: z.null(),
    status: 204,
    access,
    summary: 'Apaga um filtro próprio na versão lida (409 se mudou; 403 se é de outro usuário)',
    tags,
  }),
  users: defineContract({
    method: 'GET',
    path: '/filter/usuarios',
    reply: z.array(filterUserSchema),
    access,
    summary: 'Os usuários com quem se pode compartilhar um filtro (os que abrem o Filtro), sem o próprio usuário',
    tags,
  }),
};

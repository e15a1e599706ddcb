/**
 * The refunds' calls (spec 2 §7 `devolucao/*`; issue 27), with the roles of spec 2 §6: the menu's v2dev reads, searches
 * and registers; v2devapr approves and finalises (checked by the server against `refundTransitions`, 403 otherwise) and
 * reads the approved list and the to-pay list; superadmin deletes. The server's module is apps/api/src/modules/refunds.
 */
import { z } from 'zod';
import { binaryReply, defineContract } from '../contract/route-contract.js';
import {
  refundCreateBodySchema,
  refundDeleteQuerySchema,
  refundExportQuerySchema,
  refundIdParamsSchema,
  refundListPageSchema,
  refundListQuerySchema,
  refundRecordSchema,
  refundSearchQuerySchema,
  refundSearchRowSchema,
  refundStatusParamsSchema,
  refundToPayQuerySchema,
  refundToPayRowSchema,
  refundUpdateBodySchema,
} from './refunds.schema.js';

export const refundRoles = { menu: 'v2dev', approver: 'v2devapr', remove: 'superadmin' } as const;

const menu = { roles: [refundRoles.menu] } as const;
const approver = { roles: [refundRoles.approver], allOf: [refundRoles.menu] } as const;
const tags = ['devolucao'] as const;

export const refundContracts = {
  search: defineContract({
    method: 'GET',
    path: '/devolucao/search',
    query: refundSearchQuerySchema,
    reply: z.array(refundSearchRowSchema),
    access: menu,
    summary: 'Busca de associados para a nova devolução: titulares e dependentes (com o titular) por nome ou CPF, até 30',
    tags,
  }),
  toPay: defineContract({
    method: 'GET',
    path: '/devolucao/apagar',
    query: refundToPayQuerySchema,
    reply: z.array(refundToPayRowSchema),
    access: approver,
    summary: 'Devoluções a pagar: as FINALIZADAS do tipo 2 (C/C, conta externa), finalizadas entre `de` e `ate`, com os dados bancários do titular',
    description: 'Além da spec (issue 27): a lista da transferência bancária. Uma devolução do tipo 2 não grava nada no extrato.',
    tags,
  }),
  toPayExport: defineContract({
    method: 'GET',
    path: '/devolucao/apagar/export',
    query: refundToPayQuerySchema,
    reply: binaryReply,
    access: approver,
    summary: 'As devoluções a pagar em planilha XLSX (para a transferência bancária), com a linha de total',
    tags,
  }),
  export: defineContract({
    method: 'GET',
    path: '/devolucao/export/:status',
    params: refundStatusParamsSchema,
    query: refundExportQuerySchema,
    reply: binaryReply,
    access: menu,
    summary: "'Exportar Excel': as devoluções da situação (e da busca q) em 'devolução.xlsx', com a linha de total",
    description: 'A situação 2 (APROVADOS) exige v2devapr, como a lista.',
    tags,
  }),
  list: defineContract({
    method: 'GET',
    path: '/devolucao/:status',
    params: refundStatusParamsSchema,
    query: refundListQuerySchema,
    reply: refundListPageSchema,
    access: menu,
    summary: 'Devoluções de uma situação (1 EM ANÁLISE, 2 APROVADOS, 3 FINALIZADOS, 4 CANCELADOS), mais recentes primeiro',
    description:
      'Além da spec: `q` (nome ou CPF do associado ou do titular), `page` e `pageSize` (até 200) e a soma dos valores do filtro. A situação 2 exige v2devapr (sem ele, a lista reduzida, sem APROVADOS: 403).',
    tags,
  }),
  create: defineContract({
    method: 'POST',
    path: '/devolucao',
    body: refundCreateBodySchema,
    reply: refundRecordSchema,
    access: menu,
    summary: 'Nova devolução (EM ANÁLISE; APROVADO só com v2devapr): as regras de spec 2 §5, o serviço do produto do fornecedor',
    tags,
  }),
  update: defineContract({
    method: 'PUT',
    path: '/devolucao/:devId',
    params: refundIdParamsSchema,
    body: refundUpdateBodySchema,
    reply: refundRecordSchema,
    access: menu,
    summary:
      'Salva a devolução na versão lida (409 se outro usuário alterou): situação pela tabela refundTransitions (403 para o que só quem aprova pode), observações; FINALIZADO do tipo 1 grava o crédito no extrato (uma vez)',
    description: 'Na alteração, tipo, valor, fornecedor, produto e serviço não mudam (400 se diferentes).',
    tags,
  }),
  remove: defineContract({
    method: 'DELETE',
    path: '/devolucao/:devId',
    params: refundIdParamsSchema,
    query: refundDeleteQuerySchema,
    reply: z.null(),
    status: 204,
    access: { roles: [refundRoles.remove] },
    summary: 'Apaga a devolução na versão lida (superadmin; uma devolução FINALIZADA não se apaga)',
    tags,
  }),
};

/**
 * The CCH's calls (spec 2 §7 `cch/*`, `user/tuss/{code}`, `cch/cchaumento`; issue 26 "What the server must do"), with
 * the roles of spec 2 §6. The server's module is apps/api/src/modules/cch (the TUSS registry's routes are not
 * registered yet: the access walk skips a contract without a route).
 */
import { z } from 'zod';
import { binaryReply, defineContract } from '../contract/route-contract.js';
import { genericMessages as m } from '../messages.js';
import { recordVersion } from '../record-version.js';
import { registryContracts } from '../registries/registry.contract.js';
import { safeText } from '../validation.js';
import { cchBalanceSchema } from './cch.balance.js';
import { cchCurrentValuesSchema, cchIncreaseBodySchema, cchIncreaseReplySchema } from './cch-increase.schema.js';
import {
  cchBalanceQuerySchema,
  cchBankDataSchema,
  cchCreateBodySchema,
  cchCstIdParamsSchema,
  cchDeleteQuerySchema,
  cchIdParamsSchema,
  cchListPageSchema,
  cchListParamsSchema,
  cchListQuerySchema,
  cchPlanSchema,
  cchRecordSchema,
  cchUpdateBodySchema,
  cchUploadReplySchema,
} from './cch.schema.js';
import { isAcceptedTussCode, TUSS_LENGTH, tussLookupSchema, tussParamsSchema } from './tuss.js';
import { cchMessages } from './messages.js';
import { tussSubsetTerm } from './tuss-subset.js';

/**
 * Who may do what (spec 2 §6): the CCH menu (v2menucch) reads the list, balances, plans, TUSS and the letters and
 * registers a request; the edit icon's role (v2cchbeneficioedit) saves an existing one, reads the member's bank data for
 * PAGO and cancels a PAGO; the download column's (v2cchdownload) reads the scan; superadmin deletes; the increase
 * menu's (v2cchaumento) reads and writes the yearly amounts.
 */
export const cchRoles = {
  menu: 'v2menucch',
  edit: 'v2cchbeneficioedit',
  download: 'v2cchdownload',
  remove: 'superadmin',
  increase: 'v2cchaumento',
} as const;

const menu = { roles: [cchRoles.menu] } as const;
const edit = { roles: [cchRoles.edit] } as const;
const tags = ['cch'] as const;

export const cchContracts = {
  list: defineContract({
    method: 'GET',
    path: '/cch/:status/:rnd',
    params: cchListParamsSchema,
    query: cchListQuerySchema,
    reply: cchListPageSchema,
    access: menu,
    summary: 'Solicitações de CCH numa situação (1 a 6; a tela abre em 2, EM ANÁLISE), mais recentes primeiro; busca por nome ou CPF (q) e páginas',
    description:
      '`rnd` é o quebra-cache do cliente (spec 2 §7) e é ignorado. Além da spec: `q` (nome ou CPF do titular ou do usuário), `page` e `pageSize` (até 200).',
    tags,
  }),
  create: defineContract({
    method: 'POST',
    path: '/cch',
    body: cchCreateBodySchema,
    reply: cchRecordSchema,
    access: menu,
    summary: 'Nova solicitação de CCH (PENDENTE ou EM ANÁLISE) com o documento enviado (cchScanKey): todas as regras de spec 2 §5, saldos incluídos',
    description:
      'A spec mostra só `PUT cch/{cchId}`; a nova solicitação (botão "CCH - Novo" do associado) usa `POST cch`. As regras de saldo são conferidas de novo dentro da transação que grava (duas solicitações não gastam o mesmo último saldo).',
    tags,
  }),
  update: defineContract({
    method: 'PUT',
    path: '/cch/:cchId',
    params: cchIdParamsSchema,
    body: cchUpdateBodySchema,
    reply: cchRecordSchema,
    access: edit,
    summary:
      'Salva a solicitação na versão lida (409 se outro usuário alterou): regras de spec 2 §5, transições da situação (cchTransitions), saldos; PAGO grava o crédito no extrato (uma vez por solicitação)',
    description: 'Com `cchScanKey` de um novo envio enquanto PENDENTE, as páginas são acrescentadas ao documento (spec 2 §2.2 "add pages").',
    tags,
  }),
  remove: defineContract({
    method: 'DELETE',
    path: '/cch/:cchId',
    params: cchIdParamsSchema,
    query: cchDeleteQuerySchema,
    reply: z.null(),
    status: 204,
    access: { roles: [cchRoles.remove] },
    summary: 'Apaga a solicitação na versão lida (superadmin; uma solicitação PAGA ou CANCELADA não se apaga: o extrato a referencia)',
    tags,
  }),
  cancel: defineContract({
    method: 'GET',
    path: '/cch/cancel/:cchId',
    params: cchIdParamsSchema,
    reply: cchRecordSchema,
    access: edit,
    xsrf: true,
    summary: 'Cancela uma solicitação PAGA (imediato e irreversível): CANCELADO e o estorno do crédito no extrato',
    tags,
  }),
  doc: defineContract({
    method: 'GET',
    path: '/cch/doc/:cchId',
    params: cchIdParamsSchema,
    reply: binaryReply,
    access: { roles: [cchRoles.download] },
    summary: 'O documento digitalizado da solicitação (PDF)',
    tags,
  }),
  approvalLetter: defineContract({
    method: 'GET',
    path: '/cch/deferido/:cchId',
    params: cchIdParamsSchema,
    reply: binaryReply,
    access: menu,
    summary: 'Carta de aprovação (deferimento) da solicitação, em PDF, com os dados reais da solicitação',
    tags,
  }),
  denialLetter: defineContract({
    method: 'GET',
    path: '/cch/indeferido/:cchId',
    params: cchIdParamsSchema,
    reply: binaryReply,
    access: menu,
    summary: 'Carta de negativa (indeferimento) da solicitação, em PDF, com a deliberação',
    tags,
  }),
  plans: defineContract({
    method: 'GET',
    path: '/cch/planos',
    reply: z.array(cchPlanSchema),
    access: menu,
    summary: 'Planos de saúde da solicitação (label, value)',
    tags,
  }),
  balance: defineContract({
    method: 'GET',
    path: '/cch/saldo/:cstId',
    params: cchCstIdParamsSchema,
    query: cchBalanceQuerySchema,
    reply: cchBalanceSchema,
    access: menu,
    summary:
      'Saldos de CCH do associado na data do procedimento (data; hoje sem ela), sem a solicitação em edição (cchId): benefícios, fisioterapia, acupuntura, sessões, carência',
    description: 'Como cada saldo é calculado: docs/CCH.md. 404 quando o associado não tem inscrição no CCH.',
    tags,
  }),
  bank: defineContract({
    method: 'GET',
    path: '/cch/banco/:cstId',
    params: cchCstIdParamsSchema,
    reply: cchBankDataSchema,
    access: edit,
    summary: 'Dados bancários do associado para o pagamento (ao escolher PAGO)',
    tags,
  }),
  tuss: defineContract({
    method: 'GET',
    path: '/user/tuss/:code',
    params: tussParamsSchema,
    reply: tussLookupSchema,
    access: menu,
    summary: 'Consulta um código TUSS (subconjunto da tabela 22 e cadastro TUSS): error e msg para o campo, tuss com o termo',
    tags,
  }),
  upload: defineContract({
    method: 'POST',
    path: '/cch/upload',
    reply: cchUploadReplySchema,
    access: menu,
    summary: 'Envia o documento digitalizado de uma solicitação (multipart, campo file: PDF ou imagem); responde status e key para cchScanKey',
    description:
      'A spec não mostra o caminho ("CCH document upload"). Falha: a tela mostra "Não foi possível enviar o arquivo, por favor tente novamente".',
    tags,
  }),
  currentValues: defineContract({
    method: 'GET',
    path: '/cch/cchaumento',
    reply: cchCurrentValuesSchema,
    access: { roles: [cchRoles.increase] },
    summary: 'Valores anuais atuais do CCH (benefícios 1 a 5, fisioterapia, acupuntura e sessões) e a data base do último aumento',
    tags,
  }),
  increase: defineContract({
    method: 'POST',
    path: '/cch/cchaumento',
    body: cchIncreaseBodySchema,
    reply: cchIncreaseReplySchema,
    access: { roles: [cchRoles.increase] },
    summary:
      'Aumento de CCH: grava os novos valores com a data base (confirmação AUMENTO); 409 quando os valores atuais enviados já não são os atuais',
    tags,
  }),
};

/** A code of the TUSS registry (codes the shipped subset lacks, kept by superadmin). */
export const tussRegistrySchema = z.object({
  tussCodigo: safeText({ error: m.required })
    .trim()
    .min(1, m.required)
    .length(TUSS_LENGTH, m.exactLength(TUSS_LENGTH))
    .regex(/^\d*$/, m.digitsOnly)
    .refine((v) => isAcceptedTussCode(v), cchMessages.tussInvalid)
    .refine((v) => tussSubsetTerm(v) === null, cchMessages.tussInSubset),
  tussTerminologia: safeText({ error: m.required }).trim().min(1, m.required).max(250, m.maxLength(250)),
});
export const tussRegistryRecordSchema = tussRegistrySchema.extend({ tussId: z.number().int(), version: recordVersion() });
export type TussRegistryRecord = z.infer<typeof tussRegistryRecordSchema>;

/** The TUSS registry (issue 26: a superadmin CrudTable on top of the subset). Its screen ('/tuss') joins the route table with it. */
export const tussRegistryContracts = registryContracts({
  path: 'tuss',
  noun: 'códigos TUSS',
  tag: 'cch',
  record: tussRegistryRecordSchema,
  body: tussRegistrySchema,
  screens: { read: ['/tuss'], write: ['/tuss'] },
});

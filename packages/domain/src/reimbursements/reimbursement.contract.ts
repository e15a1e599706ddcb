/**
 * The reimbursements' own calls (spec 2 §7 `ressarcimento/pacientes/{cstId}`, `user/ressarcimento/{resId}`, and the
 * procedure document's upload, whose path the spec does not show). The claims themselves are the child list
 * `ressarcimentos` of the member save (memberContracts.update), with the tab's role v2tabressarcimento.
 */
import { z } from 'zod';
import { binaryReply, defineContract } from '../contract/route-contract.js';
import {
  reimbursementCstIdParamsSchema,
  reimbursementDocumentQuerySchema,
  reimbursementIdParamsSchema,
  reimbursementPatientSchema,
  reimbursementUploadReplySchema,
} from './reimbursement.schema.js';

/** The tab's role (spec 1 §6): sees and changes the member's reimbursements. */
export const REIMBURSEMENT_ROLE = 'v2tabressarcimento';
const access = { roles: [REIMBURSEMENT_ROLE] } as const;
const tags = ['ressarcimentos'] as const;

export const reimbursementContracts = {
  patients: defineContract({
    method: 'GET',
    path: '/ressarcimento/pacientes/:cstId',
    params: reimbursementCstIdParamsSchema,
    reply: z.array(reimbursementPatientSchema),
    access,
    summary: 'Pacientes de um ressarcimento: o titular e seus dependentes, com a carteirinha do plano de saúde (cstId, custName, carteirinha)',
    description: '`cstId` é o titular (um dependente responde o mesmo grupo familiar). A marca ótica do ressarcimento vem da carteirinha.',
    tags,
  }),
  document: defineContract({
    method: 'GET',
    path: '/user/ressarcimento/:resId',
    params: reimbursementIdParamsSchema,
    query: reimbursementDocumentQuerySchema,
    reply: binaryReply,
    access,
    summary: 'O documento do ressarcimento (aberto em nova janela): o do procedimento `procId`, ou o do primeiro procedimento com documento',
    tags,
  }),
  upload: defineContract({
    method: 'POST',
    path: '/ressarcimento/upload',
    reply: reimbursementUploadReplySchema,
    status: 201,
    access,
    summary:
      'Envia o documento de um procedimento (multipart, campo file: PDF ou imagem, conferido pelo conteúdo); responde status e key para procKey',
    description: 'A spec não mostra o caminho. O envio fica do usuário até o salvamento do associado que o anexa ao procedimento.',
    tags,
  }),
};

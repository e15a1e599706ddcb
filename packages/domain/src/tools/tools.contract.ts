import { z } from 'zod';
import type { Role } from '../access/roles.js';
import { binaryReply, defineContract } from '../contract/route-contract.js';
import { TUTORIAL_FILE_NAME, totpConfirmSchema, totpSetupReplySchema } from './tools.schema.js';

/** Spec 3 §2.4: the user dropdown's Ferramentas and Baixar tutorial need v2menuusuario or v2access. */
export const toolsRoles: readonly Role[] = ['v2menuusuario', 'v2access'];
/** The authenticator's set-up serves the portal's Segurança too (issue 28 item 4: the portal has no Ferramentas). */
export const totpSetupRoles: readonly Role[] = [...toolsRoles, 'v2portal'];

/** Ferramentas → Acesso externo (decision 3, issue 8 §6) and the user guide (decision 18). */
export const toolsContracts = {
  getToken: defineContract({
    method: 'GET',
    path: '/gettoken',
    reply: totpSetupReplySchema,
    access: { roles: totpSetupRoles },
    xsrf: true,
    summary: 'Acesso externo: QR code de um novo segredo do autenticador (pendente até a confirmação)',
    tags: ['ferramentas'],
  }),
  confirmToken: defineContract({
    method: 'POST',
    path: '/gettoken/confirm',
    body: totpConfirmSchema,
    reply: z.object({ status: z.number(), message: z.string() }),
    access: { roles: totpSetupRoles },
    summary:
      'Acesso externo: com a senha atual (e o código atual, se já houver autenticador, salvo numa sessão aberta com código de recuperação), ativa o novo segredo e encerra as outras sessões',
    tags: ['ferramentas'],
  }),
  tutorial: defineContract({
    method: 'GET',
    path: '/tutorial',
    reply: binaryReply,
    access: { roles: toolsRoles },
    summary: `Baixa o guia do usuário (${TUTORIAL_FILE_NAME})`,
    tags: ['ferramentas'],
  }),
};

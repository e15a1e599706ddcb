import { z } from 'zod';
import { defineContract } from '../contract/route-contract.js';
import {
  endOtherSessionsReplySchema,
  ownPasswordChangeSchema,
  ownSecurityEventSchema,
  ownSessionIdParams,
  ownSessionSchema,
  recoveryCodesReplySchema,
} from './account-security.schema.js';

const tags = ['segurança'];

/**
 * Segurança (issue 28 item 4): every signed-in user, staff or portal, about their own account only. A session id
 * of another user answers 404, like an unknown one (ids cannot be probed).
 */
export const accountSecurityContracts = {
  mySessions: defineContract({
    method: 'GET',
    path: '/sessions/minhas',
    reply: z.array(ownSessionSchema),
    access: { signedIn: true },
    summary: 'Sessões ativas do próprio usuário (dispositivo, endereço, desde, último acesso; `atual` a desta chamada)',
    tags,
  }),
  endMySession: defineContract({
    method: 'DELETE',
    path: '/sessions/minhas/:sessionId',
    params: ownSessionIdParams,
    reply: z.null(),
    status: 204,
    access: { signedIn: true },
    summary: 'Encerra uma sessão do próprio usuário e desconecta seus sockets (404 se não for dele ou já encerrada)',
    tags,
  }),
  endOtherSessions: defineContract({
    method: 'DELETE',
    path: '/sessions/minhas',
    reply: endOtherSessionsReplySchema,
    access: { signedIn: true },
    summary: 'Encerra todas as outras sessões do próprio usuário (a desta chamada continua)',
    tags,
  }),
  myEvents: defineContract({
    method: 'GET',
    path: '/seguranca/minhas',
    reply: z.array(ownSecurityEventSchema),
    access: { signedIn: true },
    summary: 'Os eventos de segurança mais recentes do próprio usuário (entradas, falhas, alterações), do mais novo ao mais antigo',
    tags,
  }),
  changeMyPassword: defineContract({
    method: 'POST',
    path: '/senha/minha',
    body: ownPasswordChangeSchema,
    reply: z.object({ message: z.string() }),
    access: { signedIn: true },
    summary:
      'Troca a própria senha: a atual e a nova (pelo menos 8 caracteres e força zxcvbn "bom"); encerra as outras sessões. Limitada como a entrada',
    tags,
  }),
  newRecoveryCodes: defineContract({
    method: 'POST',
    path: '/totp/recuperacao',
    reply: recoveryCodesReplySchema,
    access: { signedIn: true },
    summary:
      'Gera dez códigos de recuperação de uso único (exibidos só nesta resposta; os anteriores deixam de valer). Exige autenticador configurado',
    tags,
  }),
};

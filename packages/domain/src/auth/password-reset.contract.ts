import { z } from 'zod';
import { defineContract } from '../contract/route-contract.js';
import { resetPasswordChangeSchema, resetReplySchema } from './password-reset.schema.js';

/** Sign-in password-request mode and the reset page (spec 1 §2, spec 3 §2.18). Both calls are public. */
export const passwordResetContracts = {
  requestReset: defineContract({
    method: 'GET',
    path: '/login/resetpassword/:user',
    params: z.object({ user: z.string().max(20) }),
    reply: resetReplySchema,
    access: { public: true },
    summary: 'Pede o e-mail de redefinição de senha para um CPF (a resposta não revela se o CPF existe)',
    tags: ['sessão'],
  }),
  changePassword: defineContract({
    method: 'POST',
    path: '/login/resetpasswordchange',
    body: resetPasswordChangeSchema,
    reply: resetReplySchema,
    access: { public: true },
    summary: 'Define a nova senha com o código do e-mail (uso único, com validade)',
    tags: ['sessão'],
  }),
};

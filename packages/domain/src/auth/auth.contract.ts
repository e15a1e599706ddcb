import { z } from 'zod';
import { defineContract } from '../contract/route-contract.js';
import { loginReplySchema, loginRequestSchema, sessionInfoSchema } from './login.schema.js';

/** `{ status }`: the reply of sign-out and of the session ping. */
const statusReplySchema = z.object({ status: z.number() });

/** Sign-in, sign-out and the session (spec 1 §4, §7; issue 8). */
export const authContracts = {
  login: defineContract({
    method: 'POST',
    path: '/login',
    body: loginRequestSchema,
    reply: loginReplySchema,
    access: { public: true },
    summary: 'Entrar com CPF e senha (e código de acesso quando pedido)',
    tags: ['sessão'],
  }),
  // Signing out with a lost session is harmless, so it needs none; with a live one the guard asks for the
  // XSRF header (a GET that changes state: a cross-site link must not sign anyone out).
  logout: defineContract({
    method: 'GET',
    path: '/logout',
    reply: statusReplySchema,
    access: { public: true },
    xsrf: true,
    summary: 'Sair: encerra a sessão no servidor',
    tags: ['sessão'],
  }),
  ping: defineContract({
    method: 'GET',
    path: '/ping',
    reply: statusReplySchema,
    access: { signedIn: true },
    summary: 'Confirma que a sessão está ativa',
    tags: ['sessão'],
  }),
  // Public so the sign-in page can ask "who am I?" without a 401: null means nobody is signed in.
  session: defineContract({
    method: 'GET',
    path: '/session',
    reply: sessionInfoSchema.nullable(),
    access: { public: true },
    summary: 'Quem está conectado: nome, papéis, CEP e token XSRF (null sem sessão)',
    tags: ['sessão'],
  }),
};

/** Issue 8 §3: the one-time password of a first start is replaced through the /reset form. */
export const firstStartContracts = {
  pendingPasswordCode: defineContract({
    method: 'POST',
    path: '/login/senhaprovisoria',
    reply: z.object({ q: z.string() }),
    access: { signedIn: true },
    allowPendingPassword: true,
    summary: 'Código para trocar a senha provisória na página /reset (só enquanto a troca é exigida)',
    tags: ['sessão'],
  }),
};

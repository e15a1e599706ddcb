import { z } from 'zod';

/**
 * Security events (issue 8 §10): kept in the audit table under category 'security', the kind in `action`
 * (16 characters at most). Nothing secret is ever recorded: no password, code, token or link.
 */
export const securityEventKinds = [
  'login_ok',
  'login_fail',
  'logout',
  'reset_request',
  'reset_done',
  'totp_setup',
  'totp_replaced',
  'session_ended',
  'access_change',
] as const;
export type SecurityEventKind = (typeof securityEventKinds)[number];
export const securityEventKindSchema = z.enum(securityEventKinds);

/** pt-BR names of the kinds, for the superadmin list. */
export const securityEventLabels: Record<SecurityEventKind, string> = {
  login_ok: 'Entrada no sistema',
  login_fail: 'Falha de entrada',
  logout: 'Saída do sistema',
  reset_request: 'Senha: redefinição solicitada',
  reset_done: 'Senha: redefinida',
  totp_setup: 'Autenticador configurado',
  totp_replaced: 'Autenticador substituído',
  session_ended: 'Sessão encerrada pelo administrador',
  access_change: 'Acesso alterado (usuário ou perfil)',
};

export const SECURITY_CATEGORY = 'security';

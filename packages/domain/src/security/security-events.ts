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
  'totp_reset',
  'password_change',
  'session_ended',
  'session_revoked',
  'recovery_new',
  'recovery_used',
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
  totp_reset: 'Autenticador redefinido com código de recuperação',
  password_change: 'Senha alterada pelo próprio usuário',
  session_ended: 'Sessão encerrada pelo administrador',
  session_revoked: 'Sessão encerrada pelo próprio usuário',
  recovery_new: 'Códigos de recuperação gerados',
  recovery_used: 'Entrada com código de recuperação',
  access_change: 'Acesso alterado (usuário ou perfil)',
};

export const SECURITY_CATEGORY = 'security';

/** pt-BR texts of the reasons recorded with the events (a refused sign-in, an ended session). */
export const securityReasonLabels: Record<string, string> = {
  bad_credentials: 'CPF ou senha inválidos',
  bad_code: 'Código de acesso inválido',
  inactive: 'Usuário inativo',
  external_refused: 'Acesso externo recusado',
  rate_limited: 'Bloqueado pelo limite de tentativas',
  deactivated: 'Usuário desativado',
  replaced_by_login: 'Nova entrada no mesmo navegador',
  ended_by_owner: 'Encerrada pelo próprio usuário',
};

export const securityEventMessages = {
  badKind: 'Tipo de evento desconhecido',
  badDate: 'Data inválida: use DD/MM/AAAA',
  badRange: 'A data inicial deve ser anterior ou igual à data final',
} as const;

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, securityEventMessages.badDate)
  .refine((v) => {
    const [y, m, d] = v.split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(y, m - 1, d));
    return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  }, securityEventMessages.badDate);

/**
 * GET security-events: newest first, paged. `user` matches the name or CPF of the person the event is about
 * or of who acted; `from`/`to` are calendar days ('YYYY-MM-DD', São Paulo time), both included.
 */
export const securityEventsQuerySchema = z
  .object({
    user: z.string().trim().max(64, 'Use no máximo 64 caracteres').optional(),
    kind: z.enum(securityEventKinds, securityEventMessages.badKind).optional(),
    from: isoDay.optional(),
    to: isoDay.optional(),
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: securityEventMessages.badRange, path: ['to'] });
export type SecurityEventsQuery = z.infer<typeof securityEventsQuerySchema>;

export const securityEventItemSchema = z.object({
  id: z.number(),
  at: z.string(),
  kind: securityEventKindSchema,
  /** The person the event is about (null when the CPF is unknown). */
  subjectName: z.string().nullable(),
  cpf: z.string().nullable(),
  /** Who acted: the user themself, an administrator, or null (nobody signed in). */
  actorName: z.string().nullable(),
  ip: z.string().nullable(),
  reason: z.string().nullable(),
  /** For 'access_change': what changed ('usuario:12', 'perfil:3') and how (insert, update, delete). */
  target: z.string().nullable(),
  action: z.string().nullable(),
});
export type SecurityEventItem = z.infer<typeof securityEventItemSchema>;

export const securityEventsPageSchema = z.object({
  items: z.array(securityEventItemSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type SecurityEventsPage = z.infer<typeof securityEventsPageSchema>;

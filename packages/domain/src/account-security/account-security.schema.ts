import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../auth/password-strength.js';
import { securityEventKindSchema } from '../security/security-events.js';

/** Segurança (issue 28 item 4): the caller's own sessions and recovery codes; pt-BR replies. */
export const accountSecurityMessages = {
  sessionNotFound: 'Sessão não encontrada',
  sessionEnded: 'Sessão encerrada',
  otherSessionsEnded: (n: number) => (n === 1 ? '1 outra sessão encerrada' : `${n} outras sessões encerradas`),
  totpRequired: 'Configure o autenticador antes de gerar códigos de recuperação',
  tooManyRecoverySets: (minutes: number) => `Muitos pedidos de novos códigos de recuperação. Aguarde ${minutes} minutos e tente novamente.`,
  currentPasswordRequired: 'Informe a senha atual',
  newPasswordRequired: 'Informe a nova senha',
  wrongCurrentPassword: 'Senha atual incorreta',
  samePassword: 'A nova senha deve ser diferente da atual',
  tooManyPasswordAttempts: (minutes: number) => `Muitas tentativas de troca de senha. Aguarde ${minutes} minutos e tente novamente.`,
  passwordChanged: 'Senha alterada com sucesso. As outras sessões foram encerradas.',
  recoveryCodesCreated:
    'Guarde estes códigos em local seguro: cada um vale para uma única entrada e eles não serão exibidos novamente. Os códigos anteriores deixaram de valer.',
} as const;

/** How many one-time recovery codes a new set holds. */
export const RECOVERY_CODE_COUNT = 10;
/** New sets one user may ask for per sign-in window (LOGIN_WINDOW_MINUTES): each costs ten argon2id hashes. */
export const RECOVERY_SETS_PER_WINDOW = 5;
/** Letters and digits of a recovery code (no 0/O, 1/I/L: read from paper without doubt). */
export const RECOVERY_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** Characters of a recovery code, shown as two groups of five ('ABCDE-FGH23'). */
export const RECOVERY_CODE_LENGTH = 10;

/** A recovery code as typed: case, spaces and dashes do not matter. */
export const normalizeRecoveryCode = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** GET sessions/minhas: one live session of the caller. */
export const ownSessionSchema = z.object({
  id: z.number(),
  /** Browser and system read from the user agent ('Chrome no Windows'); 'Dispositivo desconhecido' otherwise. */
  device: z.string(),
  ip: z.string(),
  /** ISO instants: sign-in and last request (the latter written at most once a minute). */
  since: z.string(),
  lastSeen: z.string(),
  /** The session of this very call. */
  atual: z.boolean(),
});
export type OwnSession = z.infer<typeof ownSessionSchema>;

export const ownSessionIdParams = z.object({ sessionId: z.coerce.number().int().min(1).max(2_147_483_647) });

export const endOtherSessionsReplySchema = z.object({ ended: z.number(), message: z.string() });
export type EndOtherSessionsReply = z.infer<typeof endOtherSessionsReplySchema>;

/** POST totp/recuperacao: the new set, shown once (only hashes are kept). */
export const recoveryCodesReplySchema = z.object({ codes: z.array(z.string()), message: z.string() });
export type RecoveryCodesReply = z.infer<typeof recoveryCodesReplySchema>;

/** How many of their own security events a user sees (the newest). */
export const OWN_SECURITY_EVENTS_LIMIT = 50;

/** One of the caller's own security events (sign-ins, failures, changes): when, what, from where, why it failed. */
export const ownSecurityEventSchema = z.object({
  id: z.number(),
  at: z.string(),
  kind: securityEventKindSchema,
  ip: z.string().nullable(),
  reason: z.string().nullable(),
});
export type OwnSecurityEvent = z.infer<typeof ownSecurityEventSchema>;

/** Password changes (and wrong current passwords) one user may try per sign-in window (LOGIN_WINDOW_MINUTES). */
export const PASSWORD_CHANGES_PER_WINDOW = 5;

/** POST senha/minha: the current password and the new one (its strength is checked by each side with zxcvbn). */
export const ownPasswordChangeSchema = z.object({
  atual: z
    .string({ error: accountSecurityMessages.currentPasswordRequired })
    .min(1, accountSecurityMessages.currentPasswordRequired)
    .max(PASSWORD_MAX_LENGTH),
  nova: z.string({ error: accountSecurityMessages.newPasswordRequired }).min(1, accountSecurityMessages.newPasswordRequired).max(PASSWORD_MAX_LENGTH),
});
export type OwnPasswordChange = z.infer<typeof ownPasswordChangeSchema>;

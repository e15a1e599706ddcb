import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../auth/password-strength.js';

/** Ferramentas → Acesso externo: refusals of an authenticator set-up or replacement (issue 8 §6). */
export const totpSetupMessages = {
  passwordRequired: 'Informe sua senha atual.',
  wrongPassword: 'Senha atual incorreta.',
  currentCodeRequired: 'Informe o código atual do autenticador.',
  wrongCurrentCode: 'Código atual do autenticador inválido ou já utilizado.',
  tooManyFailures: 'Muitas tentativas incorretas: a sessão foi encerrada. Entre novamente para continuar.',
} as const;

const sixDigits = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Informe os 6 dígitos do aplicativo');

/**
 * GET gettoken: the QR image (PNG data URL) of a new authenticator secret, pending until confirmed, and
 * whether the user already has one (then the confirmation also asks for its current code).
 */
export const totpSetupReplySchema = z.object({ imageurl: z.string(), hasAuthenticator: z.boolean() });
export type TotpSetupReply = z.infer<typeof totpSetupReplySchema>;

/**
 * POST gettoken/confirm: one code read from the app makes the new secret the user's access code. Nothing
 * changes unless the current password (and, when an authenticator is already set, its current code) is proven:
 * GET gettoken cannot carry them, so the proof comes here.
 */
export const totpConfirmSchema = z.object({
  code: sixDigits,
  password: z
    .string({ error: totpSetupMessages.passwordRequired })
    .min(1, totpSetupMessages.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, totpSetupMessages.wrongPassword),
  currentCode: z
    .string()
    .trim()
    .regex(/^\d{6}$/, totpSetupMessages.currentCodeRequired)
    .optional(),
});
export type TotpConfirm = z.infer<typeof totpConfirmSchema>;

/** The file name of the user guide (decision 18). */
export const TUTORIAL_FILE_NAME = 'Tutorial_do_Processo_Digital.pdf';

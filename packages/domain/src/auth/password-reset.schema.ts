import { z } from 'zod';
import { genericMessages as m, resetMessages } from '../messages.js';
import { cpfField, safeText } from '../validation.js';
import { PASSWORD_MAX_LENGTH } from './password-strength.js';

/** Spec 3 §9: reset code 32 characters; CPF 11. */
export const RESET_CODE_LENGTH = 32;
/** Spec 3 §9: the reset page goes back to the sign-in 5000 ms after success. */
export const RESET_RETURN_MS = 5000;

/** Reset codes are 32 characters of base64url (letters, digits, '-' and '_'). */
export const resetCodeSchema = z.string().regex(/^[A-Za-z0-9_-]{32}$/, m.exactLength(RESET_CODE_LENGTH));

/** POST login/resetpasswordchange (spec 3 §3 reset form payload). Strength is checked by each side with zxcvbn. */
export const resetPasswordChangeSchema = z.object({
  code: resetCodeSchema,
  cpf: cpfField(),
  password: safeText({ error: resetMessages.passwordRequired })
    .min(1, resetMessages.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, m.maxLength(PASSWORD_MAX_LENGTH)),
});
export type ResetPasswordChange = z.infer<typeof resetPasswordChangeSchema>;

/** The reset form as typed (spec 3 §5): CPF of 11 digits, new password, confirmation equal to it. */
export const resetFormSchema = z
  .object({
    cpf: safeText().trim().min(1, m.required).length(11, m.exactLength(11)),
    password: safeText().min(1, resetMessages.passwordRequired),
    confirm: safeText().min(1, resetMessages.confirmRequired),
  })
  .refine((v) => v.confirm === '' || v.confirm === v.password, { message: resetMessages.mismatch, path: ['confirm'] });
export type ResetFormValues = z.infer<typeof resetFormSchema>;

/** The reply of both reset calls. */
export const resetReplySchema = z.object({ status: z.number(), message: z.string() });
export type ResetReply = z.infer<typeof resetReplySchema>;

import { z } from 'zod';

/** GET gettoken: the QR image (PNG data URL) of a new authenticator secret, pending until confirmed. */
export const totpSetupReplySchema = z.object({ imageurl: z.string() });
export type TotpSetupReply = z.infer<typeof totpSetupReplySchema>;

/** POST gettoken/confirm: one code read from the app makes the new secret the user's access code. */
export const totpConfirmSchema = z.object({ code: z.string().trim().regex(/^\d{6}$/, 'Informe os 6 dígitos do aplicativo') });
export type TotpConfirm = z.infer<typeof totpConfirmSchema>;

/** The file name of the user guide (decision 18). */
export const TUTORIAL_FILE_NAME = 'Tutorial_do_Processo_Digital.pdf';

import { z } from 'zod';
import { genericMessages as m } from '../messages.js';
import { cpfField, crossFieldRules, moneyCents, requiredText, safeText } from '../validation.js';
import { creditMessages } from './credit.messages.js';

/** Credit amount bounds (spec 2 §5 and §9): R$ 0,01 to R$ 50.000,00, in integer cents. */
export const CREDIT_MIN_CENTS = 1;
export const CREDIT_MAX_CENTS = 5_000_000;

const password = () => safeText({ error: m.required }).min(1, m.required).min(4, m.minLength(4)).max(20, m.maxLength(20));
const username = () => cpfField().pipe(z.string().max(40, m.maxLength(40)));

/**
 * The "Adicionar crédito" form and the body of POST user/credito/{cstId} (spec 2 §3 "Credit form", §5): one schema for
 * the dialog and the server. `creditoKey` (not in the spec) is the dialog's idempotency key: a double submit or a
 * retried request with the same key writes one entry.
 */
const amount = moneyCents({ min: CREDIT_MIN_CENTS, max: CREDIT_MAX_CENTS });
const fields = {
  creditoRef: requiredText(5, 30),
  creditoValor: amount,
  creditoUsername1: username(),
  creditoPassword1: password(),
  creditoUsername2: username(),
  creditoPassword2: password(),
  creditoKey: z
    .string()
    .regex(/^[A-Za-z0-9-]{8,64}$/, creditMessages.invalidKey)
    .optional(),
};
const differentUsers = crossFieldRules((v: { creditoUsername1?: unknown; creditoUsername2?: unknown }, ctx) => {
  if (v.creditoUsername1 && v.creditoUsername1 === v.creditoUsername2)
    ctx.addIssue({ code: 'custom', message: creditMessages.differentUsers, path: ['creditoUsername2'], input: v.creditoUsername2 });
});

export const creditSchema = z.object(fields).superRefine(...differentUsers);
export type CreditInput = z.input<typeof creditSchema>;
export type CreditRequest = z.output<typeof creditSchema>;

/**
 * The dialog's values: the request's rules, with the amount empty (null) until typed, as MoneyInput holds it; the
 * same rule then refuses the empty amount with the same message ('Campo obrigatório'), and what the form gives is a
 * request.
 */
export const creditFormSchema = z.object({ ...fields, creditoValor: amount.nullable().pipe(amount) }).superRefine(...differentUsers);
export type CreditFormValues = z.input<typeof creditFormSchema>;

import { z } from 'zod';
import { genericMessages } from '../messages.js';
import { safeText } from '../validation.js';

export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_MAX_LENGTH = 30;
export const SEARCH_MAX_RESULTS = 30;

export const searchMessages = {
  tooShort: `Digite pelo menos ${SEARCH_MIN_LENGTH} caracteres`,
  memberNotFound: 'Associado não encontrado',
  invalidId: 'Código do associado inválido',
} as const;

/** POST search body: the text typed in the search box (spec 1 §9: 3 to 30 characters). */
export const searchRequestSchema = z.object({
  text: safeText().trim().min(SEARCH_MIN_LENGTH, searchMessages.tooShort).max(SEARCH_MAX_LENGTH, genericMessages.maxLength(SEARCH_MAX_LENGTH)),
});
export type SearchRequest = z.infer<typeof searchRequestSchema>;

/** A person suggestion (spec 1 §3): a holder, a dependent or a third party. */
export const personSuggestionSchema = z.object({
  /** Member id; for a third party its terId. */
  cstId: z.number().int(),
  /** The holder's cstId for a dependent, null otherwise. */
  parentId: z.number().int().nullable(),
  custName: z.string(),
  /** Raw 7 characters (shown 000000-0), '' when none. */
  custNumeroInterno: z.string(),
  /** Digits; a third party's CPF or CNPJ. */
  custCPF: z.string(),
  /** Birth date, ISO YYYY-MM-DD. */
  custAniversario: z.string().nullable(),
  /** Death date, ISO; '1900-01-01' means none. */
  custFalecimento: z.string(),
  /** Age today, or at death. */
  custAge: z.number().int().nullable(),
  /** 1 active, 2 retired, 5 deceased; null for dependents and third parties. */
  custSituacao: z.number().int().nullable(),
  /** Profile letter (M, N, H, J magistrates; V widow(er)…), '' when none. */
  custPerfil: z.string(),
  custPhotoKey: z.string().nullable(),
  socio: z.enum(['S', 'N']),
  /** The holder's name for a dependent, '' otherwise. */
  titular: z.string(),
  isTerceiro: z.boolean(),
  /** Mobile formatted '(11) 98765-4321', '' when none. */
  custCelular: z.string(),
  /** Residential phones, formatted. */
  custPhones: z.array(z.string()),
});
export type PersonSuggestion = z.infer<typeof personSuggestionSchema>;

export const searchHistoryItemSchema = personSuggestionSchema.extend({
  /** When the signed-in user last opened this person (ISO timestamp). */
  viewedAt: z.string(),
});
export type SearchHistoryItem = z.infer<typeof searchHistoryItemSchema>;

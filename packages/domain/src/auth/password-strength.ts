/**
 * The password-strength rule of the reset page (spec 3 §5), shared by the web form and the server.
 * The score comes from zxcvbn-ts (with the pt-br and common dictionaries), which each app runs
 * itself: this package stays free of its dictionaries and only decides from the score.
 */

/**
 * Minimum length ('muito curta' below it) and minimum zxcvbn score (0-4) accepted. The spec's 4 was
 * raised to 8 by issue 8 (OWASP ASVS 6.2.1): the score alone accepted short but unusual passwords.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MIN_SCORE = 2;
/** Longest password accepted (argon2 has no limit, but zxcvbn's cost grows with length). */
export const PASSWORD_MAX_LENGTH = 128;

/** The scale of spec 3 §5, indexed by zxcvbn score 0-4. */
export const passwordScoreLabels = ['fraca', 'fraca', 'bom', 'muito bom', 'excelente'] as const;
export const PASSWORD_TOO_SHORT = 'muito curta';
/** The refusal of a password below the minimum length, wherever a password is set. */
export const passwordTooShortMessage = `A senha deve ter pelo menos ${PASSWORD_MIN_LENGTH} caracteres.`;

/** Length in characters (code points), so an accented letter or an emoji counts once. */
export const passwordLength = (password: string) => [...password].length;
export const isPasswordTooShort = (password: string) => passwordLength(password) < PASSWORD_MIN_LENGTH;

/** What zxcvbn-ts answers that the rule needs (a subset of its result). */
export interface PasswordScorer {
  (password: string, userInputs?: string[]): { score: number; feedback?: { warning?: string | null; suggestions?: string[] } };
}

export interface PasswordStrength {
  /** 0-4, or -1 when the password is too short to be scored. */
  score: number;
  /** 'muito curta', or the label of the score. */
  label: string;
  ok: boolean;
  /** zxcvbn's own hint (pt-BR) when the password is refused. */
  hint: string;
}

/**
 * Scores a password: shorter than PASSWORD_MIN_LENGTH is 'muito curta' and refused; otherwise zxcvbn's
 * score with its label; the rule accepts score 2 ('bom') or more. `userInputs` (the CPF, the name) count as guessable words.
 */
export function passwordStrength(password: string, scorer: PasswordScorer, userInputs: string[] = []): PasswordStrength {
  if (isPasswordTooShort(password)) return { score: -1, label: PASSWORD_TOO_SHORT, ok: false, hint: '' };
  const result = scorer(password.slice(0, PASSWORD_MAX_LENGTH), userInputs);
  const score = Math.max(0, Math.min(4, Math.round(result.score)));
  const ok = score >= PASSWORD_MIN_SCORE && password.length <= PASSWORD_MAX_LENGTH;
  const hint = ok ? '' : result.feedback?.warning || result.feedback?.suggestions?.[0] || '';
  return { score, label: passwordScoreLabels[score]!, ok, hint };
}

/** The refusal text for a password the rule does not accept. */
export function weakPasswordMessage(strength: PasswordStrength): string {
  if (strength.score < 0) return passwordTooShortMessage;
  return `Senha ${strength.label}: escolha uma senha mais forte${strength.hint ? ` (${strength.hint.replace(/\.$/, '')})` : ''}`;
}

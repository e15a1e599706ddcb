import { describe, expect, it } from 'vitest';
import {
  PASSWORD_MIN_LENGTH,
  isPasswordTooShort,
  passwordStrength,
  passwordTooShortMessage,
  weakPasswordMessage,
  type PasswordScorer,
} from './password-strength.js';

// A scorer that would accept anything: the length rule must hold on its own (ASVS 6.2.1).
const lenient: PasswordScorer = () => ({ score: 4 });

describe('password length rule (issue 8 §4)', () => {
  it('needs at least 8 characters whatever the score', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    const short = passwordStrength('Xq#9vZ!', lenient);
    expect(short).toEqual({ score: -1, label: 'muito curta', ok: false, hint: '' });
    expect(weakPasswordMessage(short)).toBe('A senha deve ter pelo menos 8 caracteres.');
    expect(passwordTooShortMessage).toBe('A senha deve ter pelo menos 8 caracteres.');
    expect(passwordStrength('Xq#9vZ!k', lenient)).toMatchObject({ score: 4, label: 'excelente', ok: true });
  });

  it('counts characters, not UTF-16 units', () => {
    expect(isPasswordTooShort('🔒🔒🔒🔒')).toBe(true); // 8 UTF-16 units, 4 characters
    expect(isPasswordTooShort('çãéõ🔒🔒🔒🔒')).toBe(false);
  });

  it('a long enough but weak password is refused by the score', () => {
    const weak = passwordStrength('senha123', () => ({ score: 1, feedback: { warning: 'Senha muito comum.' } }));
    expect(weak.ok).toBe(false);
    expect(weakPasswordMessage(weak)).toBe('Senha fraca: escolha uma senha mais forte (Senha muito comum)');
  });
});

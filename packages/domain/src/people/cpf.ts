import { isValidCNPJ, isValidCPF } from '@brazilian-utils/brazilian-utils';
import { onlyDigits } from '../format.js';

/** CPF: 11 digits, check digits right, not all digits equal. Accepts punctuation. */
export const isValidCpf = (value: string | null | undefined) => {
  const digits = onlyDigits(value);
  return digits.length === 11 && !/^(\d)\1{10}$/.test(digits) && isValidCPF(digits);
};

/** CNPJ: 14 digits with valid check digits. Accepts punctuation. */
export const isValidCnpj = (value: string | null | undefined) => {
  const digits = onlyDigits(value);
  return digits.length === 14 && !/^(\d)\1{13}$/.test(digits) && isValidCNPJ(digits);
};

/** Completes 9 base digits with the two CPF check digits (deterministic demo data). */
export function cpfFromBase(base9: string): string {
  if (!/^\d{9}$/.test(base9)) throw new Error('CPF base must have 9 digits');
  const digits = base9.split('').map(Number);
  for (const length of [9, 10]) {
    const sum = digits.slice(0, length).reduce((acc, d, i) => acc + d * (length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    digits.push(rest === 10 ? 0 : rest);
  }
  return digits.join('');
}

/** Completes 12 base digits with the two CNPJ check digits. */
export function cnpjFromBase(base12: string): string {
  if (!/^\d{12}$/.test(base12)) throw new Error('CNPJ base must have 12 digits');
  const digits = base12.split('').map(Number);
  for (const weights of [
    [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
    [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
  ]) {
    const sum = weights.reduce((acc, w, i) => acc + w * digits[i]!, 0);
    const rest = sum % 11;
    digits.push(rest < 2 ? 0 : 11 - rest);
  }
  return digits.join('');
}

/** Keeps only the digits of a text (CPF, CNPJ, CEP, phones typed with punctuation). */
export const onlyDigits = (value: string | null | undefined) => (value ?? '').replace(/\D+/g, '');

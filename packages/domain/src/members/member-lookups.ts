/**
 * The member record's fixed lookup lists (served by GET datacache with the registries' lists) and the internal
 * number's check digit. Labels the spec does not give are ours (noted in the README's member-record row).
 */

/** custEstadoCivil. */
export const civilStatuses = [
  { value: 1, label: 'Solteiro(a)' },
  { value: 2, label: 'Casado(a)' },
  { value: 3, label: 'Divorciado(a)' },
  { value: 4, label: 'Viúvo(a)' },
  { value: 5, label: 'União estável' },
] as const;

/** custParentesco of a dependent, custContatoParentesco of the contact. */
export const kinships = [
  { value: 1, label: 'Cônjuge' },
  { value: 2, label: 'Filho(a)' },
  { value: 3, label: 'Pai/Mãe' },
  { value: 4, label: 'Companheiro(a)' },
  { value: 5, label: 'Enteado(a)' },
  { value: 6, label: 'Neto(a)' },
  { value: 7, label: 'Irmão(ã)' },
  { value: 8, label: 'Sogro(a)' },
] as const;

/** Perfil (custStatus): M, N, H and J are magistrate profiles (spec 1 §3); V widow(er). The other letters are ours. */
export const memberProfiles = [
  { value: 'M', label: 'M - Magistrado(a)' },
  { value: 'N', label: 'N - Magistrado(a) não vitalício(a)' },
  { value: 'H', label: 'H - Magistrado(a) honorário(a)' },
  { value: 'J', label: 'J - Juiz(a) substituto(a)' },
  { value: 'V', label: 'V - Viúvo(a) / pensionista' },
  { value: 'F', label: 'F - Funcionário(a)' },
  { value: 'O', label: 'O - Outros' },
] as const;

/** cust{product}Situacao (spec 1 §3). */
export const memberSituations = [
  { value: 1, label: 'Ativo' },
  { value: 2, label: 'Aposentado' },
  { value: 5, label: 'Falecido' },
] as const;

/** Financeiro (custFinanceiroStatus): bank 10 needs 'A' (spec 1 §5). */
export const financialStatuses = [
  { value: 'A', label: 'Adimplente' },
  { value: 'I', label: 'Inadimplente' },
  { value: 'S', label: 'Suspenso' },
] as const;

/** custComunicacao. */
export const communicationPreferences = [
  { value: 1, label: 'E-mail' },
  { value: 2, label: 'SMS' },
  { value: 3, label: 'WhatsApp' },
  { value: 4, label: 'Correio' },
] as const;

export const treatments = ['Sr.', 'Sra.', 'Dr.', 'Dra.', 'Des.', 'Desa.', 'Min.'] as const;

/** Label printing types (spec 1 §2 address block). */
export const labelTypes = [
  { value: 1, label: 'Secretaria' },
  { value: 2, label: 'Atendimento' },
  { value: 3, label: 'Sede Social' },
] as const;

/**
 * The internal number's check digit: the 6 digits weighted 7, 6, 5, 4, 3, 2 from the left, sum modulo 11,
 * then modulo 10 (a remainder of 10 gives 0). '001234' → 0·7+0·6+1·5+2·4+3·3+4·2 = 30, 30 mod 11 = 8 → '0012348'.
 */
export function numeroInternoCheckDigit(six: string): string {
  if (!/^\d{6}$/.test(six)) throw new Error('seis dígitos esperados');
  const sum = six.split('').reduce((acc, d, i) => acc + Number(d) * (7 - i), 0);
  return String((sum % 11) % 10);
}

/** The 7-character internal number of a sequence value (6 digits, then the check digit). */
export function numeroInterno(sequence: number): string {
  const six = String(sequence).padStart(6, '0');
  return `${six}${numeroInternoCheckDigit(six)}`;
}

export const isValidNumeroInterno = (value: string | null | undefined) =>
  !!value && /^\d{7}$/.test(value) && numeroInterno(Number(value.slice(0, 6))) === value;

import { ageFrom, formatDate } from '@assoc/domain';
import type { PersonSuggestion } from '../types';

/** '10/05/1970 (55 anos)': birth date with age; '' without a birth date. */
export function birthWithAge(person: Pick<PersonSuggestion, 'custAniversario' | 'custAge'>): string {
  const date = formatDate(person.custAniversario);
  if (!date) return '';
  const age = person.custAge ?? ageFrom(person.custAniversario);
  if (age === null || age === undefined) return date;
  return `${date} (${age} ${age === 1 ? 'ano' : 'anos'})`;
}

import { hasDeathDate, isMagistrateStatus } from '@assoc/domain';
import type { PersonSuggestion } from '../types';

export type PersonFlag = 'dependente' | 'magistrado' | 'falecido' | 'socio' | 'aposentado';

/** The markers of a suggestion row (spec 1 §2 "Member search box"), in display order. */
export function personFlags(person: PersonSuggestion): PersonFlag[] {
  const flags: PersonFlag[] = [];
  if (person.parentId !== null && person.parentId !== undefined) flags.push('dependente');
  if (isMagistrateStatus(person.custPerfil)) flags.push('magistrado');
  if (Number(person.custSituacao) === 5 || hasDeathDate(person.custFalecimento)) flags.push('falecido');
  if (person.socio === 'S') flags.push('socio');
  if (Number(person.custSituacao) === 2) flags.push('aposentado');
  return flags;
}

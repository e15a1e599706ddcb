import { describe, expect, it } from 'vitest';
import { person } from '../../../test/fixtures';
import { personFlags } from './personFlags';
import { birthWithAge } from './personText';

describe('personFlags', () => {
  it('marks nothing for an active holder without fee', () => {
    expect(personFlags(person())).toEqual([]);
  });

  it('marks a dependent (parentId set) even when situation is null', () => {
    expect(personFlags(person({ parentId: 7, custSituacao: null }))).toEqual(['dependente']);
  });

  it.each(['M', 'N', 'H', 'J'])('marks profile %s as magistrate', (perfil) => {
    expect(personFlags(person({ custPerfil: perfil }))).toContain('magistrado');
  });

  it('marks deceased by situation 5 or by a real death date, never by 1900-01-01', () => {
    expect(personFlags(person({ custSituacao: 5 }))).toEqual(['falecido']);
    expect(personFlags(person({ custFalecimento: '2019-07-08' }))).toEqual(['falecido']);
    expect(personFlags(person({ custFalecimento: '1900-01-01' }))).toEqual([]);
  });

  it('marks the member fee and retirement', () => {
    expect(personFlags(person({ socio: 'S', custSituacao: 2 }))).toEqual(['socio', 'aposentado']);
  });
});

describe('birthWithAge', () => {
  it('shows the date with the age, singular for one year, and nothing without a date', () => {
    expect(birthWithAge({ custAniversario: '1970-05-10', custAge: 55 })).toBe('10/05/1970 (55 anos)');
    expect(birthWithAge({ custAniversario: '2025-01-01', custAge: 1 })).toBe('01/01/2025 (1 ano)');
    expect(birthWithAge({ custAniversario: null, custAge: null })).toBe('');
  });
});

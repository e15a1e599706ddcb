import { describe, expect, it } from 'vitest';
import { addRegionCity, regionCityLabel, regionSchema, sortRegionCities } from './region.schema.js';
import { firstIssuePerPath } from '../validation.js';

const saoPaulo = { regionId: 3550308, uf: 'SP', cidade: 'São Paulo' };
const santos = { regionId: 3548500, uf: 'SP', cidade: 'Santos' };
const osasco = { regionId: 3534401, uf: 'SP', cidade: 'Osasco' };
const rio = { regionId: 3304557, uf: 'RJ', cidade: 'Rio de Janeiro' };
const acrelandia = { regionId: 1200013, uf: 'AC', cidade: 'Acrelândia' };

const messages = (values: Record<string, unknown>) => {
  const result = regionSchema.safeParse(values);
  return result.success ? [] : firstIssuePerPath(result.error.issues).map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('regionSchema', () => {
  it('requires a trimmed name of 2 to 64 characters', () => {
    expect(messages({ regionName: '', regioes: [saoPaulo] })).toEqual(['regionName: Campo obrigatório']);
    expect(messages({ regionName: ' A ', regioes: [saoPaulo] })).toEqual(['regionName: Tamanho mínimo de 2 caracteres']);
    expect(messages({ regionName: 'x'.repeat(65), regioes: [saoPaulo] })).toEqual(['regionName: Tamanho máxumo de 64 caracteres']);
    expect(regionSchema.parse({ regionName: '  1ª RAJ  ', regioes: [saoPaulo] })).toMatchObject({ regionId: -1, regionName: '1ª RAJ' });
  });

  it('requires at least one city, and no city twice', () => {
    expect(messages({ regionName: 'Região', regioes: [] })).toEqual(['regioes: Lista deve conter pelo menos uma cidade']);
    expect(messages({ regionName: 'Região' })).toEqual(['regioes: Lista deve conter pelo menos uma cidade']);
    expect(messages({ regionName: 'Região', regioes: [saoPaulo, santos, { ...saoPaulo }] })).toEqual([
      'regioes: Cidade já cadastrada na lista abaixo',
    ]);
  });

  it('checks each city entry (code and two-letter UF, upper-cased)', () => {
    expect(messages({ regionName: 'Região', regioes: [{ regionId: 0, uf: 'SP' }] })).toEqual(['regioes.0.regionId: Valor não válido']);
    expect(messages({ regionName: 'Região', regioes: [{ regionId: 3550308, uf: 'S' }] })).toEqual(['regioes.0.uf: Tamanho de 2 caracteres']);
    expect(regionSchema.parse({ regionName: 'Região', regioes: [{ regionId: 3550308, uf: 'sp' }] }).regioes).toEqual([
      { regionId: 3550308, uf: 'SP', cidade: '' },
    ]);
  });
});

describe('region city list helpers', () => {
  it('sorts by UF, then by city name in pt-BR collation (accents next to their letter)', () => {
    expect(sortRegionCities([saoPaulo, santos, rio, osasco, acrelandia]).map(regionCityLabel)).toEqual([
      'AC, Acrelândia',
      'RJ, Rio de Janeiro',
      'SP, Osasco',
      'SP, Santos',
      'SP, São Paulo',
    ]);
  });

  it('adds a city in its sorted place and refuses a duplicate with the spec message', () => {
    const first = addRegionCity([saoPaulo], rio);
    expect(first).toEqual({ list: [rio, saoPaulo] });
    const second = addRegionCity(first.list, santos);
    expect(second.list).toEqual([rio, santos, saoPaulo]);
    const duplicate = addRegionCity(second.list, { ...santos });
    expect(duplicate).toEqual({ list: [rio, santos, saoPaulo], error: 'Cidade já cadastrada na lista abaixo' });
  });
});

import { describe, expect, it } from 'vitest';
import { circunscricaoSchema, comarcaSchema, forumSchema, localSchema } from './locations.schema.js';
import { firstIssuePerPath } from '../validation.js';
import type { z } from 'zod';

const messages = (schema: z.ZodType, values: Record<string, unknown>) => {
  const result = schema.safeParse(values);
  return result.success ? [] : firstIssuePerPath(result.error.issues).map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('circunscricaoSchema', () => {
  const valid = { cirNome: '1ª Circunscrição', cirRegional: 'Capital' };
  it('requires name and regional, 3-50 characters', () => {
    expect(messages(circunscricaoSchema, valid)).toEqual([]);
    expect(messages(circunscricaoSchema, { ...valid, cirNome: '' })).toEqual(['cirNome: Campo obrigatório']);
    expect(messages(circunscricaoSchema, { ...valid, cirNome: 'Ab' })).toEqual(['cirNome: Tamanho mínimo de 3 caracteres']);
    expect(messages(circunscricaoSchema, { ...valid, cirRegional: 'x'.repeat(51) })).toEqual(['cirRegional: Tamanho máxumo de 50 caracteres']);
  });
  it('takes optional RAJ and coordinators as ids', () => {
    expect(circunscricaoSchema.parse({ ...valid, cirRaj: 3, corTitular: 10, corAdjunto: null })).toMatchObject({
      cirId: 0,
      cirRaj: 3,
      corTitular: 10,
      corAdjunto: null,
    });
    expect(messages(circunscricaoSchema, { ...valid, corTitular: -1 })).toEqual(['corTitular: Valor não válido']);
  });
});

describe('comarcaSchema', () => {
  it('requires a name of 3-64 characters', () => {
    expect(messages(comarcaSchema, { comNome: 'x'.repeat(64) })).toEqual([]);
    expect(messages(comarcaSchema, { comNome: 'x'.repeat(65) })).toEqual(['comNome: Tamanho máxumo de 64 caracteres']);
    expect(messages(comarcaSchema, { comNome: 'Ab' })).toEqual(['comNome: Tamanho mínimo de 3 caracteres']);
  });
});

describe('forumSchema', () => {
  const valid = { forNome: 'Fórum João Mendes Júnior', forShort: 'João Mendes' };
  it('checks names, CEP, address limits and phones', () => {
    expect(messages(forumSchema, valid)).toEqual([]);
    expect(messages(forumSchema, { ...valid, forShort: 'x'.repeat(51) })).toEqual(['forShort: Tamanho máxumo de 50 caracteres']);
    expect(messages(forumSchema, { ...valid, forZipcode: '0131010' })).toEqual(['forZipcode: Tamanho de 8 caracteres']);
    expect(messages(forumSchema, { ...valid, forAddress: 'x'.repeat(81) })).toEqual(['forAddress: Tamanho máxumo de 80 caracteres']);
    expect(messages(forumSchema, { ...valid, forCity: 'x'.repeat(33) })).toEqual(['forCity: Tamanho máxumo de 32 caracteres']);
    expect(messages(forumSchema, { ...valid, forPhoneDdd1: '1', apfPhone1: '34567890' })).toEqual(['forPhoneDdd1: Tamanho de 2 caracteres']);
    expect(messages(forumSchema, { ...valid, forPhoneDdd1: '11', apfPhone1: '3456789' })).toEqual(['apfPhone1: Tamanho mínimo de 8 caracteres']);
    expect(messages(forumSchema, { ...valid, forPhoneDdd1: '11', apfPhone1: '9345678901' })).toEqual(['apfPhone1: Tamanho máxumo de 9 caracteres']);
    expect(messages(forumSchema, { ...valid, apfPhone1: '34567890' })).toEqual(['forPhoneDdd1: Campo obrigatório']);
    expect(messages(forumSchema, { ...valid, forPhoneDdd2: '11' })).toEqual(['forPhone2: Campo obrigatório']);
  });
  it('stores CEP and phones as digits and the UF in upper case', () => {
    expect(forumSchema.parse({ ...valid, forZipcode: '01310-100', forState: 'sp', forPhoneDdd1: '11', apfPhone1: '3456-7890' })).toMatchObject({
      forZipcode: '01310100',
      forState: 'SP',
      apfPhone1: '34567890',
    });
  });
});

describe('localSchema', () => {
  const valid = { locNome: '1ª Vara Cível', predioNome: 'Fórum Central' };
  it('checks names, extensions and phone pairs', () => {
    expect(messages(localSchema, valid)).toEqual([]);
    expect(messages(localSchema, { ...valid, locNome: 'x'.repeat(81) })).toEqual(['locNome: Tamanho máxumo de 80 caracteres']);
    expect(messages(localSchema, { ...valid, predioNome: 'Ab' })).toEqual(['predioNome: Tamanho mínimo de 3 caracteres']);
    expect(messages(localSchema, { ...valid, locPhone1Ddd: '11', locPhone1: '987654321', locPhone1Ext: '123456' })).toEqual([
      'locPhone1Ext: Tamanho máxumo de 5 caracteres',
    ]);
    expect(messages(localSchema, { ...valid, locFax: '34567890' })).toEqual(['locFaxDdd: Campo obrigatório']);
    expect(messages(localSchema, { ...valid, locPhone2Ddd: 'ab', locPhone2: '34567890' })).toEqual(['locPhone2Ddd: Apenas caracteres numéricos']);
  });
  it('checks the phone pairs while a name is empty or invalid', () => {
    expect(messages(localSchema, { ...valid, locNome: '', locFax: '34567890' })).toEqual([
      'locNome: Campo obrigatório',
      'locFaxDdd: Campo obrigatório',
    ]);
    expect(messages(localSchema, { ...valid, predioNome: 'Fórum\u0000', locPhone1Ddd: '11' })).toEqual([
      'predioNome: Texto contém caracteres inválidos',
      'locPhone1: Campo obrigatório',
    ]);
  });
});

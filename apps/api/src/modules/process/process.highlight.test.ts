import { describe, expect, it } from 'vitest';
import { highlightPieces } from './process.service.js';

describe('highlightPieces', () => {
  it('splits a ts_headline marked with \\u0001…\\u0002 into plain and marked pieces (never HTML)', () => {
    expect(highlightPieces('O réu foi \u0001intimado\u0002 e as \u0001intimações\u0002 <b>expedidas</b>')).toEqual([
      { texto: 'O réu foi ', marcado: false },
      { texto: 'intimado', marcado: true },
      { texto: ' e as ', marcado: false },
      { texto: 'intimações', marcado: true },
      { texto: ' <b>expedidas</b>', marcado: false },
    ]);
    expect(highlightPieces(null)).toEqual([]);
    expect(highlightPieces('sem marcas')).toEqual([{ texto: 'sem marcas', marcado: false }]);
  });
});

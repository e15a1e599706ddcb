import { describe, expect, it } from 'vitest';
import { charges } from '../db/schema/index.js';
import { jsonObjectOf } from './json-columns.js';

describe('jsonObjectOf', () => {
  it("names each column by its table's property and database names, in the given order, with computed pairs", () => {
    expect(jsonObjectOf(charges, 'ch', ['cobId', 'cdrCodRet', ['cobCreated', 'ch.created_at'], ['operation', `'none'`]])).toBe(
      `json_build_object('cobId', ch.cob_id, 'cdrCodRet', ch.cdr_cod_ret, 'cobCreated', ch.created_at, 'operation', 'none')`,
    );
  });

  it('refuses a column the table does not have (a renamed column fails at start-up, not in a reply)', () => {
    expect(() => jsonObjectOf(charges, 'ch', ['cobIdd' as 'cobId'])).toThrow('coluna cobIdd inexistente');
  });
});

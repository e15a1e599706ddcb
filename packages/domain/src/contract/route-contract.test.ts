import { describe, expect, it } from 'vitest';
import { pathOf, queryStringOf } from './route-contract.js';

describe('route contracts', () => {
  it('fills and encodes path parameters, relative to /api/v1', () => {
    expect(pathOf({ path: '/comarcas/all/:cirId' }, { cirId: 3 })).toBe('comarcas/all/3');
    expect(pathOf({ path: '/login/resetpassword/:user' }, { user: 'a b/c' })).toBe('login/resetpassword/a%20b%2Fc');
  });

  it('refuses a missing parameter instead of calling a wrong URL', () => {
    expect(() => pathOf({ path: '/forums/:apfId' }, {})).toThrow(/apfId/);
  });

  it('writes the query without empty values, repeating arrays', () => {
    expect(queryStringOf({ page: 2, q: 'são paulo', none: undefined, nil: null, ids: [1, 2] })).toBe('?page=2&q=s%C3%A3o%20paulo&ids=1&ids=2');
    expect(queryStringOf({})).toBe('');
    expect(queryStringOf()).toBe('');
  });
});

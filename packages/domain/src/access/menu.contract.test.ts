import { describe, expect, it } from 'vitest';
import { menuContracts } from './menu.contract.js';
import { menuFor } from './menu.js';
import { allRoles } from './roles.js';

describe('GET tree reply schema', () => {
  it('keeps every field of the menu (the server serializes the reply through it)', () => {
    for (const roles of [allRoles, ['v2access'], ['v2portal'], ['v2access', 'v2atd', 'v2menucad', 'v2menucadterceiro']]) {
      const tree = JSON.parse(JSON.stringify(menuFor(roles)));
      expect(menuContracts.tree.reply.parse(tree)).toEqual(tree);
    }
  });
});

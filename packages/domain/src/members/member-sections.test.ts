import { describe, expect, it } from 'vitest';
import { canEditSection, newMemberSectionKeys, sectionAccess, sectionByKey } from './member-sections.js';

describe('sections of a new member (issue 22 item 3)', () => {
  const viewOnly = ['v2userdadosperfilview', 'v2userdadoscobrançaview', 'v2userdadosassocview'];

  it('the new-member role edits Dados pessoais, Perfil and Dados de cobrança while adding, and only then', () => {
    const roles = ['v2menunovoassociado', ...viewOnly];
    const adding = sectionAccess(roles, { inserting: true });
    for (const key of newMemberSectionKeys) expect(adding[key]).toEqual({ view: true, edit: true });
    expect(adding.association).toEqual({ view: true, edit: false });
    expect(sectionAccess(roles).profile).toEqual({ view: true, edit: false });
    expect(canEditSection(sectionByKey('billing')!, roles)).toBe(false);
  });

  it('without the new-member role, adding gives nothing more', () => {
    expect(sectionAccess(viewOnly, { inserting: true }).profile).toEqual({ view: true, edit: false });
  });
});

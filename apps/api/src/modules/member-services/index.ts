import { memberServiceItemSchema } from '@assoc/domain';
import { defineModule } from '../../lib/module.js';
import { createMemberServicesRepository } from './member-services.repository.js';

/**
 * The member's service rows (usuarioServicos) as a child list of the member save: loaded with the member,
 * written by their markers in the save's transaction (the Sócio / Fundo de Pecúlio rules read them). The
 * Serviços tab's plugins and rules come with issue 13.
 */
export default defineModule({
  name: 'memberServices',
  setup(app) {
    const repo = createMemberServicesRepository();
    app.services.members.registerChildList({
      key: 'usuarioServicos',
      itemSchema: memberServiceItemSchema,
      roles: { view: ['v2servicoview'], edit: ['v2servicoadd', 'v2servicoedit', 'v2servicodelete'] },
      load: (tx, cstId) => repo.load(tx, cstId),
      json: repo.json,
      apply: (tx, cstId, items) => repo.apply(tx, cstId, items),
      enrich: (tx, items, stored) => repo.enrich(tx, items, stored),
    });
  },
});

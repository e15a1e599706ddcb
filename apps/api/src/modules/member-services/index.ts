import { memberServiceItemSchema } from '@assoc/domain';
import { defineModule } from '../../lib/module.js';
import { createMemberServicesRepository } from './member-services.repository.js';
import routes from './member-services.routes.js';

/**
 * The member's service rows (usuarioServicos, issue 13) as a child list of the member save: loaded with the member
 * (with each service's plugin), checked and written by their markers in the save's transaction — per-action roles
 * (v2servicoadd / v2servicoedit / v2servicodelete; CCH rows v2cchedit / v2cchdelete and the toggles v2cchdatainsc /
 * v2cchhistorico), duplicates, the registry's dependent and age rules, the plugin rules — and the Sócio / Fundo de
 * Pecúlio rules read the real rows. GET servicos/plugins serves the plugins for "Adicionar serviço".
 */
export default defineModule({
  name: 'memberServices',
  needs: ['members'],
  setup(app, { services }) {
    const repo = createMemberServicesRepository();
    services.members.registerChildList({
      key: 'usuarioServicos',
      itemSchema: memberServiceItemSchema,
      roles: { view: ['v2servicoview'], edit: ['v2servicoadd', 'v2servicoedit', 'v2servicodelete'] },
      load: (tx, cstId) => repo.load(tx, cstId),
      json: repo.json,
      apply: (tx, cstId, items, ctx) => repo.apply(tx, cstId, items, ctx),
      enrich: (tx, items, stored) => repo.enrich(tx, items, stored),
    });
  },
  routes,
});

import { dependentItemSchema, type DependentItem } from '@assoc/domain';
import { defineModule } from '../../lib/module.js';
import { createMemberServicesRepository } from '../member-services/member-services.repository.js';
import { createMemberDependentsRepository } from './member-dependents.repository.js';
import { createMemberDependentsService } from './member-dependents.service.js';

/**
 * The member's dependents (parentFilhos: customers rows whose parent is the holder, each with its services) as a
 * child list of the member save (issue 13, tab Dependentes): read with the member in its one statement, written by
 * their markers in the save's transaction, and so in the member's audit. They are customers rows, so the people
 * search's change feed (migration 0009) indexes a new or renamed dependent as soon as the save commits.
 */
export default defineModule({
  name: 'memberDependents',
  needs: ['members', 'photos'],
  setup(_app, { services: needed }) {
    const services = createMemberServicesRepository();
    const service = createMemberDependentsService({
      repo: createMemberDependentsRepository(services.json.expression),
      services,
      photos: needed.photos,
    });
    needed.members.registerChildList<DependentItem>({
      key: 'parentFilhos',
      itemSchema: dependentItemSchema,
      // The finer roles (add, edit, delete, the dependent's services, the association panel) are checked per row.
      roles: { view: ['v2depview'], edit: ['v2depadd', 'v2depedit', 'v2depdelete', 'v2depservicoedit'] },
      // Each dependent's services have roles of their own (spec 1 §6): without v2depservicoview the rows come without them.
      nested: [
        { key: 'usuarioServicos', label: 'Serviços do dependente', view: ['v2depservicoview', 'v2depservicoedit'], edit: ['v2depservicoedit'] },
      ],
      load: (tx, cstId) => service.load(tx, cstId) as Promise<DependentItem[]>,
      json: service.json as { expression: string; fromJson(value: unknown): DependentItem[] },
      apply: (tx, cstId, items, ctx) => service.apply(tx, cstId, items, ctx),
    });
  },
});

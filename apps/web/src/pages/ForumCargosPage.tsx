import { findRoute } from '@assoc/domain';
import { CrudTable } from '../modules/ui/crud/CrudTable';
import { forumCargosTable } from '../modules/registries/config/simpleRegistries';

/** /forumcargos (spec 3 §2.11). */
export default function ForumCargosPage() {
  return <CrudTable title={findRoute('/forumcargos')!.title} {...forumCargosTable} />;
}

import { findRoute } from '@assoc/domain';
import { CrudTable } from '../modules/ui/crud/CrudTable';
import { assocCargosTable } from '../modules/registries/config/simpleRegistries';

/** /assoccargos (spec 3 §2.11, {product}cargos). */
export default function AssocCargosPage() {
  return <CrudTable title={findRoute('/assoccargos')!.title} {...assocCargosTable} />;
}

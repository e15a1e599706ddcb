import { findRoute } from '@assoc/domain';
import { CrudTable } from '../modules/ui/crud/CrudTable';
import { feriadosTable } from '../modules/registries/config/simpleRegistries';

/** /feriados (spec 3 §2.10). */
export default function FeriadosPage() {
  return <CrudTable title={findRoute('/feriados')!.title} {...feriadosTable} />;
}

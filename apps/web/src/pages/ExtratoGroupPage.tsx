import { findRoute } from '@assoc/domain';
import { CrudTable } from '../modules/ui/crud/CrudTable';
import { extratoGroupTable } from '../modules/registries/config/simpleRegistries';

/** /extratogroup (spec 3 §2.8). */
export default function ExtratoGroupPage() {
  return <CrudTable title={findRoute('/extratogroup')!.title} {...extratoGroupTable} />;
}

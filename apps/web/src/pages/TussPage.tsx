import { findRoute } from '@assoc/domain';
import { CrudTable } from '../modules/ui/crud/CrudTable';
import { tussTable } from '../modules/cch';

/** /tuss (ours, issue 26): the TUSS registry of the CCH. */
export default function TussPage() {
  return <CrudTable title={findRoute('/tuss')!.title} {...tussTable} />;
}

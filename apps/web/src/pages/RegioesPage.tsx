import { findRoute } from '@assoc/domain';
import { CrudTable } from '../modules/ui/crud/CrudTable';
import { regionsTable } from '../modules/regions/config';
import { RegionForm } from '../modules/regions/components/RegionForm';

/** /regioes (spec 3 §2.14). */
export default function RegioesPage() {
  return <CrudTable title={findRoute('/regioes')!.title} {...regionsTable} renderForm={({ form }) => <RegionForm form={form} />} />;
}

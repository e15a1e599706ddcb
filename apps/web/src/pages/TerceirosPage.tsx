import { useLocation } from 'react-router';
import { findRoute } from '@assoc/domain';
import { CrudTable } from '../modules/ui/crud/CrudTable';
import { terceirosTable } from '../modules/registries/config/terceiros';
import { TerceiroForm } from '../modules/registries/components/TerceiroForm';
import type { ThirdPartyRouteState } from '../modules/people/types';

/** /terceiros (spec 3 §2.7); opened from the member search with {terId}, that third party opens for editing. */
export default function TerceirosPage() {
  const state = useLocation().state as Partial<ThirdPartyRouteState> | null;
  return (
    <CrudTable
      title={findRoute('/terceiros')!.title}
      {...terceirosTable}
      openKey={typeof state?.terId === 'number' ? state.terId : null}
      renderForm={({ form, mode }) => <TerceiroForm form={form} mode={mode} />}
    />
  );
}

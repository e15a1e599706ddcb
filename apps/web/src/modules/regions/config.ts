import { newRegionValues, regionContracts, regionSchema, type Region, type RegionItem } from '@assoc/domain';
import { callApi } from '../../app/client';
import type { CrudTableProps } from '../ui/crud/CrudTable';
import { registryCalls } from '../ui/crud/useCrudResource';
import type { FormValues } from '../ui/form';

/** Form values of a region: its name and city list (a row of the table has no cities). */
const regionValues = (region: RegionItem | Region): FormValues => ({
  regionId: region.regionId,
  regionName: region.regionName,
  regioes: 'regioes' in region ? region.regioes : [],
  // Sent back on save: a save over a newer version is refused (decision 5).
  version: region.version,
});

/**
 * Regions (spec 3 §2.14): the generic table on base regiao, one sortable column Descrição; the modal
 * (large, titled "Feriado" as the spec shows) is {@link RegionForm}; editing loads GET regiao/{id}.
 */
export const regionsTable: Omit<CrudTableProps<RegionItem>, 'renderForm'> = {
  calls: registryCalls(regionContracts),
  keyField: 'regionId',
  schema: regionSchema,
  modalTitle: 'Feriado',
  modalSize: 'lg',
  newValues: () => ({ ...newRegionValues() }),
  toValues: regionValues,
  loadValues: async (row) => regionValues(await callApi(regionContracts.get, { params: { id: row.regionId } })),
  columns: [{ accessor: 'regionName', title: 'Descrição' }],
};

import { formatTuss, TUSS_LENGTH, tussRegistryContracts, tussRegistrySchema, type TussRegistryRecord } from '@assoc/domain';
import type { CrudTableProps } from '../ui/crud/CrudTable';
import { registryCalls } from '../ui/crud/useCrudResource';

/** The TUSS registry (/tuss, superadmin): codes the shipped subset lacks, 8 digits with their check digit, term up to 250. */
export const tussTable: CrudTableProps<TussRegistryRecord> = {
  calls: registryCalls(tussRegistryContracts),
  keyField: 'tussId',
  schema: tussRegistrySchema,
  modalTitle: 'Código TUSS',
  newValues: () => ({ tussId: -1, tussCodigo: '', tussTerminologia: '' }),
  columns: [
    { accessor: 'tussCodigo', title: 'Código', width: 150, text: (row) => formatTuss(row.tussCodigo), sortValue: (row) => row.tussCodigo },
    { accessor: 'tussTerminologia', title: 'Terminologia' },
  ],
  fields: [
    { kind: 'text', name: 'tussCodigo', label: 'Código', maxLength: TUSS_LENGTH, required: true },
    { kind: 'text', name: 'tussTerminologia', label: 'Terminologia', maxLength: 250, required: true },
  ],
};

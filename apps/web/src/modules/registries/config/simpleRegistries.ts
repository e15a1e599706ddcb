import {
  assocCargoContracts,
  assocCargoSchema,
  extratoGroupContracts,
  feriadoContracts,
  forumCargoContracts,
  EXTRATO_GROUP_DEFAULT_SORT,
  extratoGroupSchema,
  feriadoSchema,
  forumCargoSchema,
  formatDate,
  holidayLimits,
  type AssocCargo,
  type ExtratoGroup,
  type Feriado,
  type ForumCargo,
} from '@assoc/domain';
import type { CrudTableProps } from '../../ui/crud/CrudTable';
import { registryCalls } from '../../ui/crud/useCrudResource';

/** Holidays (spec 3 §2.10, §5): date DD/MM/YYYY, description 2-80 (typing limit 120). */
export const feriadosTable: CrudTableProps<Feriado> = {
  calls: registryCalls(feriadoContracts),
  keyField: 'ferId',
  schema: feriadoSchema,
  modalTitle: 'Feriado',
  newValues: () => ({ ferId: -1, ferDia: '', ferDescricao: '' }),
  columns: [
    { accessor: 'ferDia', title: 'Data', width: 130, text: (row) => formatDate(row.ferDia), sortValue: (row) => row.ferDia },
    { accessor: 'ferDescricao', title: 'Descrição' },
  ],
  fields: [
    { kind: 'date', name: 'ferDia', label: 'Data', required: true },
    { kind: 'text', name: 'ferDescricao', label: 'Descrição', maxLength: holidayLimits.description, required: true },
  ],
};

/** Forum positions (spec 3 §2.11): cargo 2-64. */
export const forumCargosTable: CrudTableProps<ForumCargo> = {
  calls: registryCalls(forumCargoContracts),
  keyField: 'afcId',
  schema: forumCargoSchema,
  modalTitle: 'Cargo de fórum',
  newValues: () => ({ afcId: -1, afcCargo: '' }),
  columns: [{ accessor: 'afcCargo', title: 'Cargo' }],
  fields: [{ kind: 'text', name: 'afcCargo', label: 'Cargo', maxLength: 64, required: true }],
};

/** Association positions: cargo 2-120. */
export const assocCargosTable: CrudTableProps<AssocCargo> = {
  calls: registryCalls(assocCargoContracts),
  keyField: 'aacId',
  schema: assocCargoSchema,
  modalTitle: 'Cargo da associação',
  newValues: () => ({ aacId: -1, aacCargo: '' }),
  columns: [{ accessor: 'aacCargo', title: 'Cargo' }],
  fields: [{ kind: 'text', name: 'aacCargo', label: 'Cargo', maxLength: 120, required: true }],
};

/**
 * Statement groups (spec 3 §2.8): name 5-80, order 1-9999 (default 10); "Plano de saúde (I.R.)": used as an IR group,
 * its services go into the informe de rendimentos and the health declaration (issue 22 item 2).
 */
export const extratoGroupTable: CrudTableProps<ExtratoGroup> = {
  calls: registryCalls(extratoGroupContracts),
  keyField: 'extgrpID',
  schema: extratoGroupSchema,
  modalTitle: 'Grupo (Extrato/IR)',
  newValues: () => ({ extgrpID: -1, extgrpName: '', extgrpSort: EXTRATO_GROUP_DEFAULT_SORT, extgrpSaude: false }),
  columns: [
    { accessor: 'extgrpSort', title: 'Ordem', width: 110, textAlign: 'right', sortValue: (row) => row.extgrpSort },
    { accessor: 'extgrpName', title: 'Nome' },
    { accessor: 'extgrpSaude', title: 'Plano de saúde (I.R.)', width: 190, render: (row) => (row.extgrpSaude ? 'SIM' : 'NÃO') },
  ],
  fields: [
    { kind: 'text', name: 'extgrpName', label: 'Nome', maxLength: 80, required: true },
    { kind: 'number', name: 'extgrpSort', label: 'Ordem', min: 1, max: 9999, required: true },
    { kind: 'switch', name: 'extgrpSaude', label: 'Plano de saúde (I.R.)' },
  ],
};

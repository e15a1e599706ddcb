import { dependentHasLiveServices, formatDate, kinships, type MemberServiceItem } from '@assoc/domain';

/** A dependent as the member form holds it (spec 1 §3 "Dependent"), with its services and marker. */
export interface DependentRow {
  cstId?: number;
  custName?: string | null;
  custParentesco?: number | null;
  custBirthdate?: string | null;
  custSex?: number | null;
  custCpf?: string | null;
  custPhotoKey?: string | null;
  custPhoto?: string | null;
  custAssocCargo?: number | null;
  custAssocCargo2?: number | null;
  custAssocCargo3?: number | null;
  custAssocCargo4?: number | null;
  usuarioServicos?: (Omit<Partial<MemberServiceItem>, 'operation'> & { operation?: string })[];
  version?: number;
  operation?: string;
  [key: string]: unknown;
}

export const DEPENDENTS_PATH = 'parentFilhos';

export const dependentsTexts = {
  add: 'Adicionar dependente',
  modalTitle: 'Adicionar dependente',
  editTitle: 'Dependente',
  tabDependent: 'Dependente',
  tabServices: 'Serviços',
  deleteTitle: 'Apagando dependente',
  restoreTitle: 'Recuperando dependente',
  empty: 'Nenhum dependente',
  noServices: 'Nenhum serviço',
  noPermission: 'Sem permissão para ver os dependentes.',
  association: 'Dados associativos',
} as const;

/** The dependents of the member form (an absent list: none). */
export const dependentRowsOf = (values: Record<string, unknown>): DependentRow[] =>
  Array.isArray(values[DEPENDENTS_PATH]) ? (values[DEPENDENTS_PATH] as DependentRow[]) : [];

/** Spec 1 §2: Aniversário shown as DD/MM. */
export const birthdayOf = (iso: string | null | undefined) => (iso ? formatDate(iso).slice(0, 5) : '');

export const kinshipLabel = (value: number | null | undefined) => kinships.find((k) => k.value === value)?.label ?? '';

/** Spec 1 §5: a dependent whose services (not marked delete) remain cannot be deleted. */
export const canDeleteDependent = (row: DependentRow) => !dependentHasLiveServices(row);

let nextNewId = -1;
/** A new row's id: negative (the server gives the real one at the save). */
export const newDependentId = () => nextNewId--;

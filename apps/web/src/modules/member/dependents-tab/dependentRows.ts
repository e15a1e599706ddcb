import { dependentHasLiveServices, formatDate, kinships, type dependentItemSchema } from '@assoc/domain';
import type { FormValuesOf } from '../../ui/form';
import type { MemberFormValues } from '../member-tab.types';

/**
 * A dependent as the member form lists it and the dependent modal edits it (spec 1 §3 "Dependent"): the domain's
 * item schema's input, its two branches merged (a new row, marked insert, starts with empty fields), with its
 * services and marker.
 */
export type DependentRow = FormValuesOf<typeof dependentItemSchema>;

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
export const dependentRowsOf = (values: Pick<MemberFormValues, typeof DEPENDENTS_PATH>): DependentRow[] => values[DEPENDENTS_PATH] ?? [];

/** Spec 1 §2: Aniversário shown as DD/MM. */
export const birthdayOf = (iso: string | null | undefined) => (iso ? formatDate(iso).slice(0, 5) : '');

export const kinshipLabel = (value: number | null | undefined) => kinships.find((k) => k.value === value)?.label ?? '';

/** Spec 1 §5: a dependent whose services (not marked delete) remain cannot be deleted. */
export const canDeleteDependent = (row: DependentRow) => !dependentHasLiveServices(row);

let nextNewId = -1;
/** A new row's id: negative (the server gives the real one at the save). */
export const newDependentId = () => nextNewId--;

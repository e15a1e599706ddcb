import { openConfirmDialog } from '../../ui/confirm';
import type { FieldPath, FormValues, ListForm } from '../../ui/form';
import type { MemberFormValues } from '../member-tab.types';

/** What the confirmations name: 'Apagando {noun}' / 'Recuperando {noun}' (spec 1 §2). */
interface MarkedRowTexts {
  deleteTitle: string;
  restoreTitle: string;
}

/**
 * The delete and restore of a child row of a form (the member's; a dependent's services in its modal) by its operation marker (spec 1 §4), after the spec's
 * confirmation: a row inserted in this session is simply dropped, a stored one is marked delete (listed in pink until
 * the save) and a marked one comes back as update. One rule for every child list's table.
 */
export function markedRowActions<Row extends { operation?: string | null }, V extends FormValues = MemberFormValues>(
  form: ListForm<V>,
  path: FieldPath<V>,
  texts: MarkedRowTexts,
) {
  const setRow = (index: number, row: Row) => form.replaceListItem(path, index, row);
  return {
    setRow,
    remove: (index: number, row: Row) =>
      openConfirmDialog({
        title: texts.deleteTitle,
        message: 'Tem certeza que deseja apagar o registro',
        danger: true,
        onConfirm: () => (row.operation === 'insert' ? form.removeListItem(path, index) : setRow(index, { ...row, operation: 'delete' })),
      }),
    restore: (index: number, row: Row) =>
      openConfirmDialog({
        title: texts.restoreTitle,
        message: 'Tem certeza que deseja recuperar o registro',
        onConfirm: () => setRow(index, { ...row, operation: 'update' }),
      }),
  };
}

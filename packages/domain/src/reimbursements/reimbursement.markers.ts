/**
 * The operation markers of the reimbursement rows (spec 2 §4 "Reimbursement lists"; spec 1 §3 child lists), one rule for
 * the web's dialogs and the server's save: a new row is an insert; an edited row becomes an update unless it is still an
 * insert (not saved yet); a delete removes only a row not saved yet (its marker insert): a saved claim is never deleted.
 */
import type { ChildOperation } from '../members/child-rows.js';

type Marked = { operation?: string | null };

/** The marker of a row after an edit: insert stays insert, anything else becomes update. */
export const markEdited = (operation: string | null | undefined): ChildOperation => (operation === 'insert' ? 'insert' : 'update');

/** Whether a row may be deleted (the delete icon shows): only an insert not saved yet. */
export const canDeleteRow = (row: Marked) => row.operation === 'insert';

/** Whether a row is saved (its id given by the server: present and positive). */
export const isSavedRow = (id: number | null | undefined) => typeof id === 'number' && id > 0;

/**
 * What the save does with a claim row by its marker and id: insert a new one, update a saved one, drop an unsaved one
 * the client deleted, or refuse: a delete of a saved claim ('deleteSaved'), an update of a claim never saved ('unknown').
 */
export function claimAction(row: Marked & { resId?: number | null }): 'insert' | 'update' | 'skip' | 'deleteSaved' | 'unknown' {
  const saved = isSavedRow(row.resId);
  switch (row.operation) {
    case 'insert':
      return 'insert';
    case 'update':
      return saved ? 'update' : 'unknown';
    case 'delete':
      return saved ? 'deleteSaved' : 'skip';
    default:
      return 'skip';
  }
}

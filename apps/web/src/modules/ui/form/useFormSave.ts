import { useState } from 'react';
import { isApiError } from '../../../app/api';
import { notifyError } from '../notify';

/** What a modal's save needs of its form: the errors shown before sending, the server's 400 placed on the fields. */
interface SavingForm {
  showAllErrors: () => boolean;
  setServerErrors: (error: unknown) => string | null;
}

/**
 * The save of a record modal (the CCH request, the refund): nothing is sent while the form shows an error (or
 * `blocked`), a 409 becomes the modal's conflict message (FormModal `conflict`), a 400 goes under its fields and any
 * other refusal is a toast; `saving` while the call runs.
 */
export function useFormSave<T>(form: SavingForm, send: () => Promise<T>, onSaved: (saved: T) => void, blocked = false) {
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const save = async () => {
    if (!form.showAllErrors() || blocked) return;
    setSaving(true);
    setConflict(null);
    try {
      onSaved(await send());
    } catch (error) {
      if (isApiError(error) && error.status === 409) setConflict(error.message);
      else {
        const message = form.setServerErrors(error);
        if (message) notifyError(message);
      }
    } finally {
      setSaving(false);
    }
  };
  return { saving, conflict, save };
}

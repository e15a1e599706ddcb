import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { registryMessages } from '@assoc/domain';
import { notifyError } from '../notify';
import { useAppForm, type AppForm, type FormValues } from '../form';
import { FormModal } from './FormModal';

export interface ZodFormModalProps {
  title: string;
  size?: string;
  /** The domain's form schema: its rules colour the Ok button and shape the body sent. */
  schema: z.ZodType;
  /** Values the form starts from (read once, when the modal opens). */
  initial: FormValues;
  saving: boolean;
  onClose: () => void;
  /**
   * The parsed body, only when the form is valid. A rejection that is a 400 puts its field errors
   * under their fields (the refusal itself is reported by whoever made the call, as before).
   */
  onSave: (body: Record<string, unknown>) => void | Promise<unknown>;
  children: (form: AppForm) => ReactNode;
}

/** A modal form on a domain schema: the shared FormModal (coloured Ok) fed by the form layer (ui/form). */
export function ZodFormModal({ title, size, schema, initial, saving, onClose, onSave, children }: ZodFormModalProps) {
  const [start] = useState(initial);
  const form = useAppForm(schema, start);
  return (
    <FormModal
      opened
      title={title}
      size={size}
      valid={form.valid}
      changed={form.changed}
      saving={saving}
      onClose={onClose}
      onSave={() => {
        let body: Record<string, unknown>;
        try {
          body = form.parsed() as Record<string, unknown>;
        } catch {
          notifyError(registryMessages.failed);
          return;
        }
        Promise.resolve(onSave(body)).catch((error: unknown) => form.setServerErrors(error));
      }}
    >
      {children(form)}
    </FormModal>
  );
}

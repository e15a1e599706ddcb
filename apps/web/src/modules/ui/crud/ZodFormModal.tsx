import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { registryMessages } from '@assoc/domain';
import { notifyError } from '../notify';
import { FormModal } from './FormModal';
import { useZodForm, type FormValues, type ZodForm } from './useZodForm';

export interface ZodFormModalProps {
  title: string;
  size?: string;
  /** The domain's form schema: its rules colour the Ok button and shape the body sent. */
  schema: z.ZodType;
  /** Values the form starts from (read once, when the modal opens). */
  initial: FormValues;
  saving: boolean;
  onClose: () => void;
  /** The parsed body, only when the form is valid. */
  onSave: (body: Record<string, unknown>) => void | Promise<unknown>;
  children: (form: ZodForm) => ReactNode;
}

/** A modal form on a domain schema: the shared FormModal (coloured Ok) fed by useZodForm. */
export function ZodFormModal({ title, size, schema, initial, saving, onClose, onSave, children }: ZodFormModalProps) {
  const [start] = useState(initial);
  const form = useZodForm(schema, start);
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
          body = form.parsed();
        } catch {
          notifyError(registryMessages.failed);
          return;
        }
        void onSave(body);
      }}
    >
      {children(form)}
    </FormModal>
  );
}

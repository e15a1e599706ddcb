import { useState, type ReactNode } from 'react';
import { registryMessages } from '@assoc/domain';
import { FormModal } from '../../ui/crud/FormModal';
import { useZodForm, type ZodForm } from '../../ui/crud/useZodForm';
import { notifyError } from '../../ui/notify';
import type { LevelConfig } from '../config/levels';
import type { LevelEditorState } from '../hooks/useLevelEditor';

interface LevelModalProps {
  config: LevelConfig;
  state: LevelEditorState;
  saving: boolean;
  onSave: (body: Record<string, unknown>) => void;
  onClose: () => void;
  children: (form: ZodForm) => ReactNode;
}

/** The Circunscrição, Comarca or Fórum modal on the shared form state and modal (coloured Ok). */
export function LevelModal({ config, state, saving, onSave, onClose, children }: LevelModalProps) {
  const [start] = useState(state.initial);
  const form = useZodForm(config.schema, start);
  return (
    <FormModal
      opened
      title={config.title}
      size={config.modalSize}
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
        onSave(body);
      }}
    >
      {children(form)}
    </FormModal>
  );
}

import type { ReactNode } from 'react';
import { StaleRecordAlert } from '../../ui/crud/StaleRecordAlert';
import type { AppForm } from '../../ui/form';
import { ZodFormModal } from '../../ui/crud/ZodFormModal';
import type { LevelConfig } from '../config/levels';
import type { LevelEditorState } from '../hooks/useLevelEditor';

interface LevelModalProps {
  config: LevelConfig;
  state: LevelEditorState;
  saving: boolean;
  onSave: (body: Record<string, unknown>) => void;
  onClose: () => void;
  /** Recarregar after a save over a newer version. */
  onReload: () => void;
  children: (form: AppForm) => ReactNode;
}

/** The Circunscrição, Comarca or Fórum modal: the shared schema-driven modal with the level's title and size. */
export function LevelModal({ config, state, saving, onSave, onClose, onReload, children }: LevelModalProps) {
  return (
    <ZodFormModal
      title={config.title}
      size={config.modalSize}
      schema={config.schema}
      initial={state.initial}
      saving={saving}
      onClose={onClose}
      onSave={onSave}
    >
      {(form) => (
        <>
          {state.stale ? <StaleRecordAlert onReload={onReload} /> : null}
          {children(form)}
        </>
      )}
    </ZodFormModal>
  );
}

import { useState } from 'react';
import { Grid, Select, Textarea } from '@mantine/core';
import { FOLLOW_UP_TITLE_MAX, followUpFormSchema, type FollowUpFormValues } from '@assoc/domain';
import { FormModal } from '../../ui/crud/FormModal';
import { StaleRecordAlert } from '../../ui/crud/StaleRecordAlert';
import { useAppForm } from '../../ui/form';
import { useFollowUpLists } from '../hooks/useFollowUpLists';

export interface FollowUpModalProps {
  title: string;
  initial: FollowUpFormValues;
  /** Saves the values; a rejection keeps the modal open (the caller shows the message). */
  onSave: (values: FollowUpFormValues) => Promise<void> | void;
  onClose: () => void;
  saving?: boolean;
  /** The save was refused over a newer version (409): the alert and its Recarregar. */
  stale?: boolean;
  onReload?: () => void;
}

/**
 * The follow-up edit form (spec 2 §2.9 "edit opens the service-attendance screen in edit mode"): Tipo,
 * Departamento, Assunto (the department's), Observação and Situação, with the coloured Ok of every form.
 * Used by /acompanhamento and by the member's Acompanhamento tab. Mount it with a key per record.
 */
export function FollowUpModal({ title, initial, onSave, onClose, saving, stale, onReload }: FollowUpModalProps) {
  const form = useAppForm(followUpFormSchema, initial);
  const lists = useFollowUpLists();
  const [busy, setBusy] = useState(false);
  const department = Number(form.values.atdDepartamento);
  const select = (path: 'atdTipo' | 'atdDepartamento' | 'atdAssunto' | 'atdStatus', label: string, data: { value: string; label: string }[]) => (
    <Select
      label={label}
      placeholder="Selecione..."
      withAsterisk
      allowDeselect={false}
      data={data}
      value={form.values[path] == null ? null : String(form.values[path])}
      error={form.errorOf(path)}
      onBlur={() => form.touch(path)}
      onChange={(next) => {
        form.setValue(path, next === null ? null : Number(next));
        form.touch(path);
        if (path === 'atdDepartamento') form.setValue('atdAssunto', null);
      }}
    />
  );
  const save = async () => {
    setBusy(true);
    try {
      await onSave(form.parsed());
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormModal
      opened
      title={title}
      size="lg"
      valid={form.valid}
      changed={form.changed}
      saving={saving || busy}
      onSave={() => void save()}
      onClose={onClose}
    >
      {stale && onReload ? <StaleRecordAlert onReload={onReload} /> : null}
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 6 }}>{select('atdTipo', 'Tipo', lists.types)}</Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>{select('atdStatus', 'Situação', lists.statuses)}</Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>{select('atdDepartamento', 'Departamento', lists.departments)}</Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          {select(
            'atdAssunto',
            'Assunto',
            lists.subjects.filter((s) => s.department === department),
          )}
        </Grid.Col>
        <Grid.Col span={12}>
          <Textarea label="Observação" withAsterisk rows={3} {...form.textProps('atdTitulo', FOLLOW_UP_TITLE_MAX)} />
        </Grid.Col>
      </Grid>
    </FormModal>
  );
}

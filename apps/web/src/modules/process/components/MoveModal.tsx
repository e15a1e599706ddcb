import { useState } from 'react';
import { Select, Text } from '@mantine/core';
import { formatCnj, processContracts, processMoveSchema, type ProcessFolder, type ProcessRow } from '@assoc/domain';
import { callApi } from '../../../app/client';
import { FormModal } from '../../ui/crud/FormModal';
import { useAppForm } from '../../ui/form';
import { notifyError } from '../../ui/notify';
import { refusalOf } from '../hooks/useProcessBrowser';
import { processTexts } from '../texts';
import { folderOptions } from './FolderTree';

/** "Mover processo": the destination folder of the selected process. */
export function MoveModal({
  folders,
  process,
  onMoved,
  onClose,
}: {
  folders: ProcessFolder[];
  process: ProcessRow;
  onMoved: () => void;
  onClose: () => void;
}) {
  const form = useAppForm(processMoveSchema, { pastaId: process.pastaId });
  const [saving, setSaving] = useState(false);
  const save = () => {
    setSaving(true);
    callApi(processContracts.move, { params: { proId: process.proId }, body: form.parsed() }).then(onMoved, (error: unknown) => {
      setSaving(false);
      const message = refusalOf(error);
      if (message) notifyError(message);
    });
  };
  return (
    <FormModal opened title={processTexts.moveTitle} valid={form.valid} changed={form.changed} saving={saving} onSave={save} onClose={onClose}>
      <Text size="sm" ff="monospace">
        {formatCnj(process.numero)}
      </Text>
      <Select
        label={processTexts.moveTarget}
        data={folderOptions(folders)}
        value={String(form.values.pastaId)}
        onChange={(value) => value && form.setValue('pastaId', Number(value))}
        allowDeselect={false}
        data-autofocus
        comboboxProps={{ withinPortal: true }}
      />
    </FormModal>
  );
}

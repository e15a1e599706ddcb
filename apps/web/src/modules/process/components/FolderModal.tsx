import { useState } from 'react';
import { Select, TextInput } from '@mantine/core';
import { folderCreateSchema, processContracts, type ProcessFolder } from '@assoc/domain';
import { callApi } from '../../../app/client';
import { FormModal } from '../../ui/crud/FormModal';
import { useAppForm } from '../../ui/form';
import { notifyError } from '../../ui/notify';
import { refusalOf } from '../hooks/useProcessBrowser';
import { processTexts } from '../texts';
import { folderOptions } from './FolderTree';

const NO_PARENT = '0';

/** "Nova pasta" (name and parent folder) or "Renomear pasta" (name) when `folder` is given. */
export function FolderModal({
  folders,
  folder,
  parentId,
  onSaved,
  onClose,
}: {
  folders: ProcessFolder[];
  folder?: ProcessFolder;
  /** The parent proposed for a new folder (the selected one). */
  parentId?: number | null;
  onSaved: (pastaId: number | null) => void;
  onClose: () => void;
}) {
  const form = useAppForm(folderCreateSchema, { nome: folder?.nome ?? '', parentId: folder ? folder.parentId : (parentId ?? null) });
  const [saving, setSaving] = useState(false);
  const save = () => {
    setSaving(true);
    const { nome, parentId: parent } = form.parsed();
    const call = folder
      ? callApi(processContracts.renameFolder, { params: { pastaId: folder.pastaId }, body: { nome } }).then(() => folder.pastaId)
      : callApi(processContracts.createFolder, { body: { nome, parentId: parent } }).then((created) => created.pastaId);
    call.then(
      (pastaId) => onSaved(pastaId),
      (error: unknown) => {
        setSaving(false);
        const message = form.setServerErrors(error) ?? refusalOf(error);
        if (message) notifyError(message);
      },
    );
  };
  return (
    <FormModal
      opened
      title={folder ? processTexts.renameFolder : processTexts.newFolder}
      valid={form.valid}
      changed={form.changed}
      saving={saving}
      onSave={save}
      onClose={onClose}
    >
      <TextInput label={processTexts.folderName} required data-autofocus {...form.textProps('nome', 80)} />
      {!folder && (
        <Select
          label={processTexts.parentFolder}
          data={[{ value: NO_PARENT, label: processTexts.noParent }, ...folderOptions(folders)]}
          value={String(form.values.parentId ?? NO_PARENT)}
          onChange={(value) => form.setValue('parentId', value && value !== NO_PARENT ? Number(value) : null)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    </FormModal>
  );
}

import { Button, Group, Modal, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FilterUser } from '@assoc/domain';
import { filterTexts as t } from './texts';

export interface SavedFilterModalProps {
  title: string;
  initialName: string;
  initialShares: number[];
  users: FilterUser[];
  onSave: (name: string, sharedWith: number[]) => Promise<void>;
  onClose: () => void;
}

/** Name and shares of a saved filter (save, save as, rename / share). */
export function SavedFilterModal({ title, initialName, initialShares, users, onSave, onClose }: SavedFilterModalProps) {
  const [name, setName] = useState(initialName);
  const [shares, setShares] = useState(initialShares.map(String));
  const [saving, setSaving] = useState(false);
  const valid = name.trim().length > 0 && name.trim().length <= 80;
  const save = async () => {
    setSaving(true);
    try {
      await onSave(name.trim(), shares.map(Number));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={title}>
      <Stack>
        <TextInput label={t.name} value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={80} withAsterisk data-autofocus />
        <MultiSelect
          label={t.shareWith}
          description={t.shareHint}
          data={users.map((u) => ({ value: String(u.userId), label: u.name }))}
          value={shares}
          onChange={setShares}
          searchable
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button color={valid ? 'green' : 'red'} disabled={!valid} loading={saving} onClick={() => void save()}>
            {t.save}
          </Button>
        </Group>
        {!valid && (
          <Text size="xs" c="red">
            Campo obrigatório
          </Text>
        )}
      </Stack>
    </Modal>
  );
}

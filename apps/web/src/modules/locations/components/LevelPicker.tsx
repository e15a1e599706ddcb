import { ActionIcon, Group, Select, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import type { LevelConfig } from '../config/levels';

interface LevelPickerProps {
  config: LevelConfig;
  options: Array<{ value: string; label: string }>;
  value: number | null;
  /** The level above is chosen (always true for circunscrições). */
  parentChosen: boolean;
  onChange: (id: number | null) => void;
  onAdd: () => void;
  onEdit: () => void;
}

/**
 * One cascading dropdown of /localizacao with its add and edit buttons (spec 3 §2.12): edit needs a
 * value, add needs the parent chosen.
 */
export function LevelPicker({ config, options, value, parentChosen, onChange, onAdd, onEdit }: LevelPickerProps) {
  return (
    <Group align="flex-end" gap={4} wrap="nowrap">
      <Select
        label={config.pickerLabel}
        placeholder="Selecione..."
        searchable
        style={{ flex: 1, minWidth: 0 }}
        disabled={!parentChosen}
        nothingFoundMessage={config.emptyLabel}
        data={options}
        value={value == null ? null : String(value)}
        allowDeselect={false}
        onChange={(selected) => onChange(selected ? Number(selected) : null)}
      />
      <Tooltip label={config.addLabel}>
        <ActionIcon size="lg" variant="light" aria-label={config.addLabel} disabled={!parentChosen} onClick={onAdd}>
          <IconPlus size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={config.editLabel}>
        <ActionIcon size="lg" variant="light" aria-label={config.editLabel} disabled={value == null} onClick={onEdit}>
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

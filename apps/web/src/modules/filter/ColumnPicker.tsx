import { ActionIcon, Badge, Group, Select, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconX } from '@tabler/icons-react';
import { filterColumn, filterColumns } from '@assoc/domain';
import { filterTexts as t } from './texts';

/** The columns chosen, in order: add from the catalogue, move left/right, remove. */
export function ColumnPicker({ value, onChange }: { value: string[]; onChange: (columns: string[]) => void }) {
  const move = (i: number, by: -1 | 1) => {
    const next = [...value];
    const [item] = next.splice(i, 1);
    next.splice(i + by, 0, item!);
    onChange(next);
  };
  const available = filterColumns.filter((c) => !value.includes(c.key)).map((c) => ({ value: c.key, label: c.label }));
  return (
    <Group gap="xs" align="center">
      <Text size="sm" fw={500}>
        {t.columns}
      </Text>
      {value.map((key, i) => {
        const label = filterColumn(key)?.label ?? key;
        return (
          <Badge
            key={key}
            variant="light"
            size="lg"
            tt="none"
            leftSection={
              i > 0 ? (
                <ActionIcon size="xs" variant="transparent" aria-label={t.moveUp(label)} onClick={() => move(i, -1)}>
                  <IconChevronLeft size={12} />
                </ActionIcon>
              ) : null
            }
            rightSection={
              <Group gap={0} wrap="nowrap">
                {i < value.length - 1 && (
                  <ActionIcon size="xs" variant="transparent" aria-label={t.moveDown(label)} onClick={() => move(i, 1)}>
                    <IconChevronRight size={12} />
                  </ActionIcon>
                )}
                <ActionIcon
                  size="xs"
                  variant="transparent"
                  color="red"
                  aria-label={t.removeColumn(label)}
                  onClick={() => onChange(value.filter((k) => k !== key))}
                >
                  <IconX size={12} />
                </ActionIcon>
              </Group>
            }
          >
            {label}
          </Badge>
        );
      })}
      {available.length > 0 && (
        <Select
          aria-label={t.addColumn}
          placeholder={t.addColumn}
          size="xs"
          w={200}
          data={available}
          value={null}
          searchable
          onChange={(key) => key && onChange([...value, key])}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    </Group>
  );
}

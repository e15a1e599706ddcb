import { MultiSelect, Text } from '@mantine/core';
import { roleCatalogueList } from '@assoc/domain';

const catalogue = roleCatalogueList();
const descriptions = new Map(catalogue.map((r) => [r.role, r.description]));
const data = catalogue.map((r) => ({ value: r.role, label: `${r.role} — ${r.description}` }));

interface RolePickerProps {
  label: string;
  value: string[];
  onChange: (roles: string[]) => void;
  onBlur?: () => void;
  error?: string;
}

/**
 * Roles chosen from the domain's catalogue (the same list GET roles serves), searchable by name or
 * description, in the catalogue's order.
 */
export function RolePicker({ label, value, onChange, onBlur, error }: RolePickerProps) {
  return (
    <MultiSelect
      label={label}
      data={data}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      error={error}
      searchable
      clearable
      hidePickedOptions={false}
      maxDropdownHeight={320}
      nothingFoundMessage="Nenhum papel encontrado"
      placeholder={value.length ? undefined : 'Pesquisar papel'}
      renderOption={({ option }) => (
        <div>
          <Text size="sm" fw={500}>{option.value}</Text>
          <Text size="xs" c="dimmed">{descriptions.get(option.value)}</Text>
        </div>
      )}
    />
  );
}

import { useId, useMemo, useState } from 'react';
import { Checkbox, Group, Input, Paper, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { roleAreas, roleCatalogue, type Role } from '@assoc/domain';

/** Accent- and case-insensitive text for the search. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

interface RolePickerProps {
  label: string;
  value: string[];
  onChange: (roles: string[]) => void;
  onBlur?: () => void;
  error?: string;
}

/**
 * Roles chosen from the domain's catalogue, grouped by area (roleAreas), each with its description;
 * a search box (name or description) and a select-all per area (over the roles shown). The list
 * scrolls inside a capped height, so the modal's Ok stays on screen with 80+ roles.
 */
export function RolePicker({ label, value, onChange, onBlur, error }: RolePickerProps) {
  const [search, setSearch] = useState('');
  const labelId = useId();
  const chosen = useMemo(() => new Set(value), [value]);
  const areas = useMemo(() => {
    const needle = fold(search.trim());
    return roleAreas
      .map(({ area, roles }) => ({
        area,
        roles: needle ? roles.filter((r) => fold(`${r} ${roleCatalogue[r]}`).includes(needle)) : roles,
      }))
      .filter((a) => a.roles.length > 0);
  }, [search]);

  // Keeps the catalogue's order whatever the clicking order.
  const set = (roles: Iterable<string>) => {
    const next = new Set(roles);
    onChange(roleAreas.flatMap((a) => a.roles).filter((r) => next.has(r)));
  };
  const toggle = (role: Role, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(role);
    else next.delete(role);
    set(next);
  };
  const toggleArea = (roles: readonly Role[], on: boolean) => {
    const next = new Set(chosen);
    for (const r of roles) {
      if (on) next.add(r);
      else next.delete(r);
    }
    set(next);
  };

  return (
    <Input.Wrapper label={label} labelElement="div" id={labelId} error={error} description={`${value.length} selecionado(s)`} onBlur={onBlur}>
      <Stack gap={6} mt={4}>
        <TextInput
          aria-label={`Pesquisar em ${label}`}
          placeholder="Pesquisar papel"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        <Paper withBorder p={0}>
          <ScrollArea.Autosize mah="max(180px, calc(100dvh - 480px))" type="auto" offsetScrollbars>
            <Stack gap="xs" p="xs" role="group" aria-labelledby={`${labelId}-label`}>
              {areas.length === 0 ? <Text size="sm">Nenhum papel encontrado</Text> : null}
              {areas.map(({ area, roles }) => {
                const picked = roles.filter((r) => chosen.has(r)).length;
                return (
                  <Stack key={area} gap={4} role="group" aria-label={area}>
                    <Checkbox
                      label={<Text size="sm" fw={600}>{`${area} (${picked}/${roles.length})`}</Text>}
                      aria-label={`Selecionar todos: ${area}`}
                      checked={picked === roles.length}
                      indeterminate={picked > 0 && picked < roles.length}
                      onChange={(event) => toggleArea(roles, event.currentTarget.checked)}
                    />
                    <Stack gap={4} pl="lg">
                      {roles.map((role) => (
                        <Checkbox
                          key={role}
                          size="xs"
                          checked={chosen.has(role)}
                          onChange={(event) => toggle(role, event.currentTarget.checked)}
                          label={
                            <Group gap={6} wrap="nowrap" component="span">
                              <Text span size="sm">
                                {roleCatalogue[role]}
                              </Text>
                              <Text span size="xs" ff="monospace">
                                {role}
                              </Text>
                            </Group>
                          }
                        />
                      ))}
                    </Stack>
                  </Stack>
                );
              })}
            </Stack>
          </ScrollArea.Autosize>
        </Paper>
      </Stack>
    </Input.Wrapper>
  );
}

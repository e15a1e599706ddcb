import { useMemo, useState } from 'react';
import { ActionIcon, Button, Group, Paper, ScrollArea, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { addRegionCity, REGION_CITY_LIST_HEIGHT, REGION_DEFAULT_UF, regionCityLabel, regionLimits, type RegionCity } from '@assoc/domain';
import type { AppForm } from '../../ui/form';
import { useCityOptions, useUfOptions } from '../hooks/useRegionOptions';

interface RegionFormProps {
  form: AppForm;
}

/**
 * The region modal's body (spec 3 §2.14, §4, §5): Descrição (checked on blur), a UF dropdown (SP by
 * default, never empty), a searchable Cidades dropdown of that UF, an add button once a city is
 * chosen, and the chosen cities "UF, city" kept sorted, each with a remove button.
 */
export function RegionForm({ form }: RegionFormProps) {
  const [uf, setUf] = useState<string | null>(REGION_DEFAULT_UF);
  const [cityId, setCityId] = useState<string | null>(null);
  const [duplicate, setDuplicate] = useState('');
  const ufs = useUfOptions();
  const cities = useCityOptions(uf);
  const list = (form.values.regioes as RegionCity[] | undefined) ?? [];

  const ufData = useMemo(() => (ufs.data ?? []).map((o) => ({ value: o.uf, label: `${o.uf} - ${o.ufName}` })), [ufs.data]);
  const cityData = useMemo(() => (cities.data ?? []).map((o) => ({ value: String(o.cityId), label: o.cityName })), [cities.data]);

  const chooseUf = (value: string | null) => {
    if (!value || value === uf) return;
    // Spec 3 §4: changing UF clears the chosen city and loads that UF's cities.
    setUf(value);
    setCityId(null);
    setDuplicate('');
  };

  const add = () => {
    const city = cities.data?.find((c) => String(c.cityId) === cityId);
    if (!city || !uf) return;
    const result = addRegionCity(list, { regionId: city.cityId, uf, cidade: city.cityName });
    if (result.error) {
      setDuplicate(result.error);
      return;
    }
    form.setValue('regioes', result.list);
    // Adding a city clears the selection.
    setCityId(null);
  };

  const remove = (regionId: number) => {
    form.setValue(
      'regioes',
      list.filter((c) => c.regionId !== regionId),
    );
    setDuplicate('');
  };

  return (
    <Stack gap="sm">
      <TextInput label="Descrição" withAsterisk data-autofocus {...form.textProps('regionName', regionLimits.name)} />
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <Select
          label="UF"
          w={220}
          searchable
          allowDeselect={false}
          clearable={false}
          placeholder="Selecione..."
          nothingFoundMessage="Nenhuma UF"
          data={ufData}
          value={uf}
          loading={ufs.isFetching}
          onChange={chooseUf}
        />
        <Select
          label="Cidades"
          style={{ flex: 1 }}
          searchable
          placeholder="Selecione..."
          nothingFoundMessage="Nenhuma cidade"
          disabled={!uf}
          data={cityData}
          value={cityId}
          loading={cities.isFetching}
          error={duplicate || undefined}
          onChange={(value) => {
            setCityId(value);
            setDuplicate('');
          }}
        />
        <Button mt={25} leftSection={<IconPlus size={16} />} disabled={!cityId} onClick={add}>
          Adicionar
        </Button>
      </Group>
      <Paper withBorder radius="sm">
        <ScrollArea h={REGION_CITY_LIST_HEIGHT} type="auto">
          <Stack gap={0} role="list" aria-label="Cidades da região">
            {list.map((city) => {
              const label = regionCityLabel(city);
              return (
                <Group key={city.regionId} role="listitem" justify="space-between" px="sm" py={4} wrap="nowrap">
                  <Text size="sm">{label}</Text>
                  <Tooltip label="Remover">
                    <ActionIcon variant="subtle" color="red" aria-label={`Remover ${label}`} onClick={() => remove(city.regionId)}>
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              );
            })}
          </Stack>
        </ScrollArea>
      </Paper>
      {form.errors.regioes ? (
        <Text size="sm" c="red" role="alert">
          {form.errors.regioes}
        </Text>
      ) : null}
    </Stack>
  );
}

import { Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import {
  IconCloud,
  IconCloudFog,
  IconCloudRain,
  IconCloudSnow,
  IconCloudStorm,
  IconDroplets,
  IconSun,
  IconSunHigh,
  IconSunLow,
  IconTemperature,
  type Icon,
} from '@tabler/icons-react';
import type { Weather } from '@assoc/domain';
import { useWeather } from '../hooks/useDashboardData';

type WeatherIcon = Weather['icon'];

const weatherIcons: Record<WeatherIcon, Icon> = {
  clear: IconSun,
  'mostly-clear': IconSunHigh,
  'partly-cloudy': IconSunLow,
  cloudy: IconCloud,
  fog: IconCloudFog,
  drizzle: IconDroplets,
  rain: IconCloudRain,
  showers: IconCloudRain,
  snow: IconCloudSnow,
  thunderstorm: IconCloudStorm,
  unknown: IconTemperature,
};

const degrees = (value: number) => `${Math.round(value)}°`;

/** Weather for the user's CEP (spec 3 §7 GET weather/{cep}); hidden without a CEP or on any failure. */
export function WeatherPanel({ cep }: { cep: string }) {
  const { data, isPending, isError, fetchStatus } = useWeather(cep);
  if (isError || (isPending && fetchStatus === 'idle')) return null;

  if (!data) {
    return (
      <Paper withBorder radius="md" px="md" py="sm" miw={260} role="status" aria-busy="true" aria-label="Carregando previsão do tempo">
        <Group gap="sm" wrap="nowrap">
          <Skeleton circle h={40} w={40} />
          <Stack gap={6} style={{ flex: 1 }}>
            <Skeleton h={12} w="70%" />
            <Skeleton h={10} w="50%" />
          </Stack>
        </Group>
      </Paper>
    );
  }

  const WeatherIcon = weatherIcons[data.icon] ?? IconTemperature;
  return (
    <Paper withBorder radius="md" px="md" py="sm" miw={260} component="section" aria-label="Previsão do tempo">
      <Group gap="md" wrap="nowrap">
        <WeatherIcon size={40} stroke={1.4} color="var(--mantine-color-yellow-7)" aria-hidden />
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={8} align="baseline" wrap="nowrap">
            <Text fz={26} fw={700} lh={1.1}>
              {degrees(data.temperature)}
            </Text>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              mín. {degrees(data.min)} · máx. {degrees(data.max)}
            </Text>
          </Group>
          <Text size="sm" fw={500} truncate="end">
            {data.city}/{data.uf}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {data.description}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

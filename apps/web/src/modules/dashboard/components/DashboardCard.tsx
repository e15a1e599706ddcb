import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Group, Paper, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  DEFAULT_DASHBOARD_PERIOD,
  dashboardPeriodLabel,
  dashboardPeriods,
  formatCents,
  type DashboardCardData,
  type DashboardCardKey,
} from '@assoc/domain';
import { useDashboardCard } from '../hooks/useDashboardCards';
import { CardPart, formatValue } from './CardPart';

export interface DashboardCardProps {
  card: { key: DashboardCardKey; title: string; href: string; timeAxis: boolean };
}

const periodOptions = dashboardPeriods.map((months) => ({ value: String(months), label: dashboardPeriodLabel(months) }));

/** One card: its title linking to its screen, the headline number, a period selector on a time axis, its charts. */
export function DashboardCard({ card }: DashboardCardProps) {
  const headingId = useId();
  const [period, setPeriod] = useState<number>(DEFAULT_DASHBOARD_PERIOD);
  const { data, error, isPending } = useDashboardCard(card.key, card.timeAxis ? period : undefined);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId} aria-busy={isPending}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={2} size="h5" id={headingId}>
            <Anchor component={Link} to={card.href} inherit>
              {card.title}
            </Anchor>
          </Title>
          {card.timeAxis ? (
            <Select
              size="xs"
              w={150}
              aria-label={`Período de ${card.title}`}
              data={periodOptions}
              value={String(period)}
              allowDeselect={false}
              onChange={(value) => value && setPeriod(Number(value))}
            />
          ) : null}
        </Group>
        {error ? (
          <Text c="red" size="sm" role="alert">
            Não foi possível carregar este indicador.
          </Text>
        ) : isPending ? (
          <Skeleton h={160} />
        ) : (
          <CardBody data={data} />
        )}
      </Stack>
    </Paper>
  );
}

function CardBody({ data }: { data: DashboardCardData }) {
  return (
    <>
      {data.total ? (
        <Group gap="xs" align="baseline">
          <Text fz={28} fw={700} lh={1}>
            {data.total.unit === 'money' ? formatCents(data.total.value) : formatValue(data.total.value, 'count')}
          </Text>
          <Text c="dimmed" size="sm">
            {data.total.caption}
          </Text>
        </Group>
      ) : null}
      {data.subtitle ? (
        <Text size="sm" c="dimmed">
          {data.subtitle}
        </Text>
      ) : null}
      {data.parts.map((part) => (
        <CardPart key={part.title} part={part} />
      ))}
    </>
  );
}

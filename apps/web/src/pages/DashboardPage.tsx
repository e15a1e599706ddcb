import { lazy, Suspense } from 'react';
import { Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { useCurrentSession } from '../app/session/SessionContext';
import { BirthdaysPanel } from '../modules/dashboard/components/BirthdaysPanel';
import { HistoryPanel } from '../modules/dashboard/components/HistoryPanel';
import { WeatherPanel } from '../modules/dashboard/components/WeatherPanel';

/** The cards and their charts: a chunk of their own, loaded after the panels. */
const DashboardCards = lazy(() => import('../modules/dashboard/components/DashboardCards'));

/** Painel (spec 3 §2.2): search history, today's birthdays, the weather for the user's CEP; the cards of issue 30 under them. */
export default function DashboardPage() {
  const session = useCurrentSession();
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap" gap="md">
        <Title order={1} size="h2">
          Painel
        </Title>
        <WeatherPanel cep={session.cep} />
      </Group>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
        <HistoryPanel />
        <BirthdaysPanel />
      </SimpleGrid>
      <Suspense fallback={null}>
        <DashboardCards />
      </Suspense>
    </Stack>
  );
}

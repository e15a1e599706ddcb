import '@mantine/charts/styles.css';
import { Alert, SimpleGrid, Skeleton } from '@mantine/core';
import { useDashboardCardList } from '../hooks/useDashboardCards';
import { useDashboardFeed } from '../hooks/useDashboardFeed';
import { DashboardCard } from './DashboardCard';

/**
 * The cards under the two panels (issue 30 item 2): the ones the user's roles show, each its own query. A lazy chunk
 * of the dashboard (the charts' code and styles load after the panels).
 */
export default function DashboardCards() {
  const { data, error, isPending } = useDashboardCardList();
  useDashboardFeed();
  if (error) return <Alert color="red">Não foi possível carregar os indicadores.</Alert>;
  if (isPending) return <Skeleton h={200} />;
  if (data.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
      {data.map((card) => (
        <DashboardCard key={card.key} card={card} />
      ))}
    </SimpleGrid>
  );
}

import { IconCake } from '@tabler/icons-react';
import { formatDate, isoDateInAppZone } from '@assoc/domain';
import { useBirthdays } from '../hooks/useDashboardData';
import { PersonListPanel } from './PersonListPanel';

/** Aniversariantes, titled with today's date (spec 3 §2.2). */
export function BirthdaysPanel() {
  const { data, isPending, error } = useBirthdays();
  return (
    <PersonListPanel
      title={`Aniversariantes - ${formatDate(isoDateInAppZone())}`}
      icon={<IconCake size={18} stroke={1.7} color="var(--mantine-color-pink-6)" aria-hidden />}
      people={data}
      loading={isPending && !error}
      error={error}
      emptyText="Nenhum aniversariante hoje"
    />
  );
}

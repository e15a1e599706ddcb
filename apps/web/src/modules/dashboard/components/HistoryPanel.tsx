import { IconHistory } from '@tabler/icons-react';
import { useSearchHistory } from '../../people/hooks/useSearchHistory';
import { PersonListPanel } from './PersonListPanel';

export function HistoryPanel() {
  const { data, isPending, error } = useSearchHistory();
  return (
    <PersonListPanel
      title="Histórico de visualizações"
      icon={<IconHistory size={18} stroke={1.7} color="var(--mantine-color-indigo-6)" aria-hidden />}
      people={data}
      loading={isPending && !error}
      error={error}
      emptyText="Nenhuma visualização recente"
    />
  );
}

import { useMemo } from 'react';
import { Text } from '@mantine/core';
import { CrudTable } from '../../ui/crud/CrudTable';
import { locaisTable } from '../config/locais';
import { LocalForm } from './LocalForm';

/** The locals of the chosen forum in the shared registry table, with the Local modal. */
export function LocalsPanel({ apfId }: { apfId: number | null }) {
  const table = useMemo(() => (apfId == null ? null : locaisTable(apfId)), [apfId]);
  if (!table) {
    return (
      <Text c="dimmed" size="sm">
        Escolha a circunscrição, a comarca e o fórum para ver os locais.
      </Text>
    );
  }
  return <CrudTable key={apfId} {...table} renderForm={({ form, row }) => <LocalForm form={form} row={row} />} />;
}

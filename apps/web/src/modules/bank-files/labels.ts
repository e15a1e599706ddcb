import type { ImportRow, RemittanceLineStatus } from '@assoc/domain';

/** A remittance line's situation in words (the colour only repeats it). */
export const lineStatusLabels: Record<RemittanceLineStatus, string> = {
  pending: 'Sem retorno',
  paid: 'Paga',
  rejected: 'Rejeitada',
  'written-off': 'Baixada',
  confirmed: 'Entrada confirmada',
  other: 'Outro retorno',
};

export const lineStatusColors: Record<RemittanceLineStatus, string> = {
  pending: 'gray',
  paid: 'green',
  rejected: 'red',
  'written-off': 'orange',
  confirmed: 'blue',
  other: 'gray',
};

/** The detail's status filter: "Rejeitadas" is the rejected list with the bank's reasons. */
export const lineStatusFilters: { value: RemittanceLineStatus | 'all'; label: string }[] = [
  { value: 'all', label: 'Todas' },
  { value: 'paid', label: 'Pagas' },
  { value: 'rejected', label: 'Rejeitadas' },
  { value: 'written-off', label: 'Baixadas' },
  { value: 'pending', label: 'Sem retorno' },
  { value: 'confirmed', label: 'Entrada confirmada' },
  { value: 'other', label: 'Outro retorno' },
];

type ImportStatus = ImportRow['status'];

export const importStatusLabels: Record<ImportStatus, string> = {
  running: 'Em andamento',
  done: 'Concluída',
  refused: 'Recusada',
  failed: 'Falhou',
};

export const importStatusColors: Record<ImportStatus, string> = {
  running: 'blue',
  done: 'green',
  refused: 'red',
  failed: 'red',
};

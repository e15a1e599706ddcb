import { Badge, Group, Stack, Text } from '@mantine/core';
import { formatCpfCnpj, formatDate, formatNumeroInterno, hasDeathDate, onlyDigits } from '@assoc/domain';
import { PersonAvatar } from '../../ui/components/PersonAvatar';
import { personFlags } from '../utils/personFlags';
import { birthWithAge } from '../utils/personText';
import type { PersonSuggestion } from '../types';
import { PersonFlags } from './PersonFlags';

interface PersonSummaryProps {
  person: PersonSuggestion;
  /** Marker icons (search suggestions). */
  withFlags?: boolean;
  /** The holder's name for dependents (dashboard lists). */
  withTitular?: boolean;
  /** Death date when there is one (search suggestions). */
  withDeathDate?: boolean;
}

function Detail({ label, value }: { label: string; value: string }) {
  if (!value) return null;
  return (
    <Text size="xs" c="dimmed" span style={{ whiteSpace: 'nowrap' }}>
      <Text span size="xs" fw={500} c="gray.7">
        {label}
      </Text>{' '}
      {value}
    </Text>
  );
}

/** One person in a list: photo, name, CPF, birth date with age, death date, internal number, markers. */
export function PersonSummary({ person, withFlags, withTitular, withDeathDate }: PersonSummaryProps) {
  // Third parties may be companies: their document is a CNPJ.
  const documentLabel = onlyDigits(person.custCPF).length === 14 ? 'CNPJ' : 'CPF';
  const death = withDeathDate && hasDeathDate(person.custFalecimento) ? formatDate(person.custFalecimento) : '';
  return (
    <Group gap="sm" wrap="nowrap" align="center" w="100%">
      <PersonAvatar name={person.custName} photoKey={person.custPhotoKey} size={42} />
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Group gap={8} wrap="nowrap" justify="space-between">
          <Text size="sm" fw={600} truncate="end">
            {person.custName}
          </Text>
          <Group gap={6} wrap="nowrap">
            {person.isTerceiro && (
              <Badge size="xs" variant="light" color="gray">
                Terceiro
              </Badge>
            )}
            {withFlags && <PersonFlags flags={personFlags(person)} />}
          </Group>
        </Group>
        {withTitular && person.titular && (
          <Text size="xs" c="dimmed" truncate="end">
            Titular: {person.titular}
          </Text>
        )}
        <Group gap="md" wrap="wrap" style={{ rowGap: 0 }}>
          <Detail label={documentLabel} value={formatCpfCnpj(person.custCPF)} />
          <Detail label="Nasc." value={birthWithAge(person)} />
          <Detail label="Falec." value={death} />
          <Detail label="Nº" value={formatNumeroInterno(person.custNumeroInterno)} />
        </Group>
      </Stack>
    </Group>
  );
}

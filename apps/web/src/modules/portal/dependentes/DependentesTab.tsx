import { Alert, Card, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { formatCpf, formatDate, kinships, memberSituations, portalMessages, type PortalDependent } from '@assoc/domain';
import { SectionLoader } from '../../ui/components/FullPageLoader';
import { usePortalRecord } from '../hooks/usePortalRecord';

const kinshipOf = (value: number | null) => kinships.find((k) => k.value === value)?.label ?? '';
/** A dependent without a situation of its own (not an associate) shows a dash. */
const situationOf = (value: number | null) => memberSituations.find((s) => s.value === value)?.label ?? '—';
/** The member's own dependents: the CPF shown whole (formatted), as their own record shows it. */
const cpfOf = (value: string | null) => (value ? formatCpf(value) : '');

const columns = [
  { key: 'custName', label: 'Nome', value: (d: PortalDependent) => d.custName },
  { key: 'custParentesco', label: 'Parentesco', value: (d: PortalDependent) => kinshipOf(d.custParentesco) },
  { key: 'custBirthdate', label: 'Data de nascimento', value: (d: PortalDependent) => formatDate(d.custBirthdate) },
  { key: 'custCpf', label: 'CPF', value: (d: PortalDependent) => cpfOf(d.custCpf) },
  { key: 'custAssocSituacao', label: 'Situação', value: (d: PortalDependent) => situationOf(d.custAssocSituacao) },
] as const;

/**
 * Dependentes (spec 3 §2.15, §5; issue 28 item 2): the member's dependents, view only (no add, edit or delete). A
 * table from `sm` up; on a phone each dependent is a card (no sideways scroll).
 */
export default function DependentesTab() {
  const { data, isPending, isError } = usePortalRecord();
  const wide = useMediaQuery('(min-width: 48em)', true);
  if (isPending) return <SectionLoader />;
  if (isError || !data)
    return (
      <Alert color="red" variant="light" role="alert">
        {portalMessages.saveFailed}
      </Alert>
    );
  const rows = data.dependentes;
  if (!rows.length) return <Text size="sm">{portalMessages.noDependents}</Text>;

  if (wide)
    return (
      <Table striped highlightOnHover={false} aria-label="Dependentes">
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key} scope="col">
                {c.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((d) => (
            <Table.Tr key={d.cstId}>
              {columns.map((c) => (
                <Table.Td key={c.key}>{c.value(d)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );

  return (
    <Stack gap="sm" component="ul" aria-label="Dependentes" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {rows.map((d) => (
        <Card key={d.cstId} component="li" withBorder padding="sm">
          <Text fw={700}>{d.custName}</Text>
          <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '2px 12px' }}>
            {columns.slice(1).map((c) => (
              <div key={c.key} style={{ display: 'contents' }}>
                <Text component="dt" size="sm">
                  {c.label}
                </Text>
                <Text component="dd" size="sm" style={{ margin: 0, overflowWrap: 'anywhere' }}>
                  {c.value(d)}
                </Text>
              </div>
            ))}
          </dl>
        </Card>
      ))}
    </Stack>
  );
}

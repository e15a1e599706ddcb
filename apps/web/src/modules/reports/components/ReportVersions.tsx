import { Alert, Button, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTimeShort, reportContracts, type ReportVersion } from '@assoc/domain';
import { callApi, queryKeyOf } from '../../../app/client';
import { openConfirmDialog } from '../../ui/confirm';

const ACTION_LABELS: Record<ReportVersion['action'], string> = { default: 'Padrão', save: 'Salvo', restore: 'Restaurado' };

/** The history of a template, newest first: "Restaurar" per earlier version and "Restaurar padrão" (each a new version). */
export function ReportVersions({ name, onRestored }: { name: string; onRestored: () => void }) {
  const queryClient = useQueryClient();
  const versions = useQuery({
    queryKey: queryKeyOf(reportContracts.versions, { params: { name } }),
    queryFn: () => callApi(reportContracts.versions, { params: { name } }),
  });
  const restore = useMutation({
    mutationFn: (body: { version: number } | { padrao: true }) => callApi(reportContracts.restore, { params: { name }, body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeyOf(reportContracts.versions) });
      await queryClient.invalidateQueries({ queryKey: queryKeyOf(reportContracts.list) });
      onRestored();
    },
  });
  const currentVersion = versions.data?.[0]?.version;

  const confirm = (body: { version: number } | { padrao: true }) =>
    openConfirmDialog({
      title: 'padrao' in body ? 'Restaurar padrão' : `Restaurar versão ${body.version}`,
      message:
        'padrao' in body
          ? 'Voltar ao modelo padrão do sistema? A alteração é gravada como uma nova versão.'
          : `Voltar à versão ${body.version}? A alteração é gravada como uma nova versão.`,
      onConfirm: () => restore.mutate(body),
    });

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={2} size="h4">
          Versões
        </Title>
        <Button size="xs" variant="default" onClick={() => confirm({ padrao: true })} loading={restore.isPending}>
          Restaurar padrão
        </Button>
      </Group>
      {(versions.error ?? restore.error) && (
        <Alert color="red" variant="light" role="alert">
          {(versions.error ?? restore.error)?.message}
        </Alert>
      )}
      <Table striped withTableBorder fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Versão</Table.Th>
            <Table.Th>Origem</Table.Th>
            <Table.Th>Por</Table.Th>
            <Table.Th>Em</Table.Th>
            <Table.Th>
              <VisuallyHidden>Ações</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(versions.data ?? []).map((v) => (
            <Table.Tr key={v.version}>
              <Table.Td>{v.version}</Table.Td>
              <Table.Td>{ACTION_LABELS[v.action]}</Table.Td>
              <Table.Td>{v.savedByName ?? 'Sistema'}</Table.Td>
              <Table.Td>{formatDateTimeShort(v.savedAt)}</Table.Td>
              <Table.Td>
                {v.version === currentVersion ? (
                  <Text size="xs">atual</Text>
                ) : (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    aria-label={`Restaurar versão ${v.version}`}
                    onClick={() => confirm({ version: v.version })}
                  >
                    Restaurar
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

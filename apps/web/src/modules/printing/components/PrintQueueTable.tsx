import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { PRINTERS, formatDateTime, printJobStatusTexts, printingContracts, printingTexts, type PrintJobStatus } from '@assoc/domain';
import { callApi, queryKeyOf } from '../../../app/client';

const statusColor: Record<PrintJobStatus, string> = { queued: 'yellow', sent: 'green', failed: 'red' };
const columns = printingTexts.columns;

/** The server print queue for superadmins (`GET impressao`): newest first, with the printer's answer. */
export function PrintQueueTable() {
  const query = useQuery({ queryKey: queryKeyOf(printingContracts.list), queryFn: ({ signal }) => callApi(printingContracts.list, {}, { signal }) });
  const jobs = query.data ?? [];
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={2} size="h4">
          {printingTexts.queueTitle}
        </Title>
        <Button variant="default" size="xs" leftSection={<IconRefresh size={14} />} loading={query.isFetching} onClick={() => void query.refetch()}>
          {printingTexts.refresh}
        </Button>
      </Group>
      <Table striped withTableBorder aria-label={printingTexts.queueTitle}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{columns.file}</Table.Th>
            <Table.Th>{columns.printer}</Table.Th>
            <Table.Th>{columns.user}</Table.Th>
            <Table.Th>{columns.when}</Table.Th>
            <Table.Th>{columns.status}</Table.Th>
            <Table.Th>{columns.error}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {jobs.map((job) => (
            <Table.Tr key={job.id}>
              <Table.Td>{job.fileName}</Table.Td>
              <Table.Td>{PRINTERS[job.printer as 1 | 2] ?? job.printer}</Table.Td>
              <Table.Td>{job.userName}</Table.Td>
              <Table.Td>{formatDateTime(job.createdAt)}</Table.Td>
              <Table.Td>
                <Badge color={statusColor[job.status]} variant="light">
                  {printJobStatusTexts[job.status]}
                </Badge>
              </Table.Td>
              <Table.Td>{job.error ?? ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {!query.isLoading && jobs.length === 0 && (
        <Text c="dimmed" size="sm">
          {printingTexts.queueEmpty}
        </Text>
      )}
    </Stack>
  );
}

import { Alert, Badge, Box, Button, FileInput, Group, Modal, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type DragEvent } from 'react';
import { bankFilesContracts, formatCents, formatDateTime, postingMessages, type ImportRow } from '@assoc/domain';
import { apiUpload, isApiError } from '../../app/api';
import { callApi, queryKeyOf, relativeUrlOf } from '../../app/client';
import { useJobs } from '../jobs/hooks/useJobs';
import { BusyIndicator } from '../ui/components/BusyIndicator';
import { isXls } from '../ui/files';
import { notifyError, notifySuccess } from '../ui/notify';
import { importStatusColors, importStatusLabels } from './labels';
import { ScrollTable } from '../ui/components/ScrollTable';

type Origin = ImportRow['origem'];

export interface ImportScreenProps {
  /** 'banco' (Importar banco) or 'arquivo' (Importar arquivo): the upload's call and the history's filter. */
  origin: Origin;
  types: readonly { value: string; label: string }[];
  typeLabel: string;
  accept: string;
  /** Refuse XLS on choice (Importar arquivo). */
  refuseXls?: boolean;
}

const importsKey = queryKeyOf(bankFilesContracts.imports);

/** The tallies of an import's result, each with its sum. */
function ResultCounts({ row }: { row: ImportRow }) {
  const r = row.result;
  if (!r) return null;
  // A phone invoice posts each line's month: its records and the postings, not payments.
  if (row.tipo === 'fatura-celular')
    return <Text size="xs">{`${r.records} registros; ${r.paid.count} lançamentos (${formatCents(r.paid.total)})`}</Text>;
  return (
    <Stack gap={0}>
      <Text size="xs">{`${r.paid.count} pagas (${formatCents(r.paid.total)})`}</Text>
      <Text size="xs">{`${r.rejected.count} rejeitadas (${formatCents(r.rejected.total)})`}</Text>
      <Text size="xs">{`${r.writtenOff.count} baixadas (${formatCents(r.writtenOff.total)})`}</Text>
    </Stack>
  );
}

/** The past imports of one origin, newest first, each with its problems list. */
function ImportHistory({ rows }: { rows: ImportRow[] }) {
  const [problemsOf, setProblemsOf] = useState<ImportRow | null>(null);
  if (rows.length === 0) return <Text>Nenhuma importação feita.</Text>;
  return (
    <>
      <ScrollTable minWidth={900}>
        <Table striped withTableBorder captionSide="top">
          <Table.Caption>Importações feitas, a mais nova primeiro</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Data</Table.Th>
              <Table.Th>Tipo</Table.Th>
              <Table.Th>Arquivo</Table.Th>
              <Table.Th>NSA</Table.Th>
              <Table.Th>Situação</Table.Th>
              <Table.Th>Resultado</Table.Th>
              <Table.Th>Problemas</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const problems = row.result?.problems ?? [];
              return (
                <Table.Tr key={row.importId}>
                  <Table.Td>{formatDateTime(row.createdAt)}</Table.Td>
                  <Table.Td>{row.tipoLabel}</Table.Td>
                  <Table.Td>{row.fileName}</Table.Td>
                  <Table.Td>{row.nsa ?? ''}</Table.Td>
                  <Table.Td>
                    <Stack gap={2}>
                      <Badge color={importStatusColors[row.status]} variant="light">
                        {importStatusLabels[row.status]}
                      </Badge>
                      {row.message && <Text size="xs">{row.message}</Text>}
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <ResultCounts row={row} />
                  </Table.Td>
                  <Table.Td>
                    {problems.length > 0 ? (
                      <Button
                        size="xs"
                        variant="light"
                        color="orange"
                        aria-label={`Ver ${problems.length} problemas da importação ${row.importId}`}
                        onClick={() => setProblemsOf(row)}
                      >
                        {`${problems.length} problemas`}
                      </Button>
                    ) : (
                      <Text size="xs">Nenhum</Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      <Modal
        opened={problemsOf !== null}
        onClose={() => setProblemsOf(null)}
        size="xl"
        title={problemsOf ? `Problemas de ${problemsOf.fileName}` : ''}
      >
        {problemsOf && (
          <Table striped withTableBorder captionSide="top">
            <Table.Caption>Problemas listados na importação</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Linha</Table.Th>
                <Table.Th>Tipo</Table.Th>
                <Table.Th>Mensagem</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(problemsOf.result?.problems ?? []).map((p, index) => (
                <Table.Tr key={index}>
                  <Table.Td>{p.line ?? ''}</Table.Td>
                  <Table.Td>{p.kind}</Table.Td>
                  <Table.Td>{p.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Modal>
    </>
  );
}

/**
 * Importar banco / Importar arquivo (spec 2 §2.7 items 1 and 2): one file (dropped or chosen) and its type, sent as a
 * job; the button waits while an import of this screen runs. Below, this screen's past imports (origin filtered).
 */
export function ImportScreen({ origin, types, typeLabel, accept, refuseXls = false }: ImportScreenProps) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [tipo, setTipo] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const imports = useQuery({
    queryKey: importsKey,
    queryFn: ({ signal }) => callApi(bankFilesContracts.imports, {}, { signal }),
    // Polled while one of ours runs, so its end shows even without the real-time channel.
    refetchInterval: (query) => ((query.state.data ?? []).some((r) => r.origem === origin && r.status === 'running') ? 3000 : false),
  });
  const rows = (imports.data ?? []).filter((r) => r.origem === origin);
  const runningJobIds = rows.filter((r) => r.status === 'running').map((r) => r.jobId);
  const running = runningJobIds.length > 0;

  // A job of ours that the jobs list shows ended: its import row is refreshed at once.
  const jobs = useJobs();
  const endedJobs = (jobs.data ?? []).filter((j) => j.jobStatus > 10 && runningJobIds.includes(j.jobId)).length;
  useEffect(() => {
    if (endedJobs > 0) void queryClient.invalidateQueries({ queryKey: importsKey });
  }, [endedJobs, queryClient]);

  const choose = (picked: File | null) => {
    setRefusal(null);
    if (refuseXls && isXls(picked)) {
      notifyError(postingMessages.xlsRefused);
      setRefusal(postingMessages.xlsRefused);
      setFile(null);
      return;
    }
    setFile(picked);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    const dropped = event.dataTransfer.files.item(0);
    if (dropped) choose(dropped);
  };

  const submit = async () => {
    if (!file || !tipo || sending || running) return;
    setSending(true);
    setRefusal(null);
    try {
      const form = new FormData();
      form.append('tipo', tipo);
      form.append('file', file, file.name);
      const contract = origin === 'banco' ? bankFilesContracts.importBank : bankFilesContracts.importFile;
      const reply = await apiUpload<{ message: string }>(relativeUrlOf(contract), form);
      notifySuccess(reply.message);
      setFile(null);
      setTipo(null);
      void queryClient.invalidateQueries({ queryKey: importsKey });
    } catch (error) {
      if (isApiError(error) && error.status === 401) return;
      const message = error instanceof Error ? error.message : String(error);
      setRefusal(message);
      notifyError(message);
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="lg">
      <Paper withBorder p="md" maw={720}>
        <Stack gap="md">
          <Select
            label={typeLabel}
            placeholder="Selecione..."
            data={types.map((t) => ({ value: t.value, label: t.label }))}
            value={tipo}
            onChange={setTipo}
          />
          <Box onDragOver={(event) => event.preventDefault()} onDrop={onDrop} data-testid="import-drop">
            <FileInput
              label="Arquivo"
              description="Arraste o arquivo para cá ou clique para escolher"
              placeholder="Selecione o arquivo"
              accept={accept}
              leftSection={<IconFileUpload size={16} aria-hidden />}
              clearable
              value={file}
              onChange={choose}
            />
          </Box>
          {refusal && (
            <Alert color="red" title="Arquivo recusado" role="alert">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {refusal}
              </Text>
            </Alert>
          )}
          {running && (
            <Group gap="xs">
              <BusyIndicator kind="decorative" />
              <Text size="sm">Importação em andamento: aguarde o fim para enviar outro arquivo.</Text>
            </Group>
          )}
          <Group justify="flex-end">
            <Button onClick={() => void submit()} disabled={!file || !tipo || running} loading={sending}>
              IMPORTAR
            </Button>
          </Group>
        </Stack>
      </Paper>
      {imports.isLoading ? (
        <BusyIndicator label="Carregando importações" />
      ) : imports.isError ? (
        <Alert color="red" role="alert">
          {imports.error.message}
        </Alert>
      ) : (
        <ImportHistory rows={rows} />
      )}
    </Stack>
  );
}

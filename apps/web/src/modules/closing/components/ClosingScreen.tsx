import { useState } from 'react';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { closingContracts, closingMessages, formatCents, formatDateTime, type ClosingPreview, type ClosingRun } from '@assoc/domain';
import { isApiError } from '../../../app/api';
import { callApi, queryKeyOf } from '../../../app/client';
import { notifyError, notifySuccess } from '../../ui/notify';
import { BusyIndicator } from '../../ui/components/BusyIndicator';
import { ScrollTable } from '../../ui/components/ScrollTable';

const statusLabel: Record<ClosingRun['status'], string> = { running: 'Em andamento', done: 'Concluído', failed: 'Falhou' };
// A value of money on one line: "R$" alone above its digits reads as two values.
const nowrap = { whiteSpace: 'nowrap' } as const;
const monthOf = (periodo: string) => `${periodo.slice(5, 7)}/${periodo.slice(0, 4)}`;

/** One group table of the preview (per service, per debit place). */
function GroupTable({ caption, first, rows }: { caption: string; first: string; rows: ClosingPreview['byService'] }) {
  return (
    <ScrollTable minWidth={480}>
      <Table striped withTableBorder captionSide="top">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{first}</Table.Th>
            <Table.Th ta="right">Titulares</Table.Th>
            <Table.Th ta="right">Lançamentos</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>{r.label}</Table.Td>
              <Table.Td ta="right">{r.holders}</Table.Td>
              <Table.Td ta="right">{r.entries}</Table.Td>
              <Table.Td ta="right" style={nowrap}>
                {formatCents(r.total)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** The preview of the closing of the open period: what it will write, before the operator locks the month (issue 24). */
function Preview({ preview }: { preview: ClosingPreview }) {
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Prévia do fechamento — período {monthOf(preview.periodo)}
      </Title>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Paper withBorder p="sm">
          <Text size="sm">Titulares lançados</Text>
          <Text fw={700}>{preview.holders}</Text>
        </Paper>
        <Paper withBorder p="sm">
          <Text size="sm">Lançamentos</Text>
          <Text fw={700}>{preview.entries}</Text>
        </Paper>
        <Paper withBorder p="sm">
          <Text size="sm">Total lançado</Text>
          <Text fw={700}>{formatCents(preview.total)}</Text>
        </Paper>
        <Paper withBorder p="sm">
          <Text size="sm">Cobranças</Text>
          <Text fw={700}>
            {preview.chargesCount} — <span style={nowrap}>{formatCents(preview.chargesTotal)}</span>
          </Text>
        </Paper>
      </SimpleGrid>
      <GroupTable caption="Por serviço" first="Serviço" rows={preview.byService} />
      <GroupTable caption="Por local de débito" first="Local de débito" rows={preview.byPlace} />
      <ScrollTable minWidth={480}>
        <Table striped withTableBorder captionSide="top">
          <Table.Caption>Cobranças por local de débito</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Local de débito</Table.Th>
              <Table.Th ta="right">Cobranças</Table.Th>
              <Table.Th ta="right">Valor</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.charges.map((c) => (
              <Table.Tr key={c.bnkId}>
                <Table.Td>{c.label}</Table.Td>
                <Table.Td ta="right">{c.count}</Table.Td>
                <Table.Td ta="right" style={nowrap}>
                  {formatCents(c.total)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </Stack>
  );
}

/** The past closings: period, outcome, who and when, and what each wrote. */
function Runs({ runs }: { runs: readonly ClosingRun[] }) {
  return (
    <ScrollTable minWidth={900}>
      <Table striped withTableBorder captionSide="top">
        <Table.Caption>Fechamentos realizados</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Período</Table.Th>
            <Table.Th>Situação</Table.Th>
            <Table.Th>Usuário</Table.Th>
            <Table.Th>Início</Table.Th>
            <Table.Th>Fim</Table.Th>
            <Table.Th ta="right">Titulares</Table.Th>
            <Table.Th ta="right">Total lançado</Table.Th>
            <Table.Th ta="right">Cobranças</Table.Th>
            <Table.Th ta="right">Valor cobrado</Table.Th>
            <Table.Th>Mensagem</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {runs.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={10}>Nenhum fechamento realizado</Table.Td>
            </Table.Tr>
          ) : (
            runs.map((r) => (
              <Table.Tr key={r.cloId}>
                <Table.Td>{monthOf(r.periodo)}</Table.Td>
                <Table.Td>{statusLabel[r.status]}</Table.Td>
                <Table.Td>{r.startedByName}</Table.Td>
                <Table.Td>{formatDateTime(r.startedAt)}</Table.Td>
                <Table.Td>{formatDateTime(r.finishedAt)}</Table.Td>
                <Table.Td ta="right">{r.holders ?? ''}</Table.Td>
                <Table.Td ta="right" style={nowrap}>
                  {r.total === null ? '' : formatCents(r.total)}
                </Table.Td>
                <Table.Td ta="right">{r.charges ?? ''}</Table.Td>
                <Table.Td ta="right" style={nowrap}>
                  {r.chargesTotal === null ? '' : formatCents(r.chargesTotal)}
                </Table.Td>
                <Table.Td>{r.message ?? ''}</Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/**
 * /financeiro/fechar (spec 2 §2.7 item 3, §4 "Finance screens"): the preview of what the closing writes, the box where
 * the operator types FECHAR (the button is enabled only then), and the past closings. The closing runs as a job followed
 * in the bell; this screen refreshes its lists when asked.
 */
export function ClosingScreen() {
  const queryClient = useQueryClient();
  const [word, setWord] = useState('');
  const [sending, setSending] = useState(false);
  const preview = useQuery({
    queryKey: queryKeyOf(closingContracts.preview),
    queryFn: ({ signal }) => callApi(closingContracts.preview, {}, { signal }),
    retry: false,
  });
  const runs = useQuery({
    queryKey: queryKeyOf(closingContracts.list),
    queryFn: ({ signal }) => callApi(closingContracts.list, {}, { signal }),
    retry: false,
  });
  const running = runs.data?.some((r) => r.status === 'running') ?? false;

  const close = async () => {
    setSending(true);
    try {
      const reply = await callApi(closingContracts.start, { body: { confirm: closingMessages.confirmWord } });
      notifySuccess(reply.message);
      setWord('');
    } catch (error) {
      notifyError(isApiError(error) || error instanceof Error ? error.message : String(error));
    } finally {
      setSending(false);
      await queryClient.invalidateQueries({ queryKey: queryKeyOf(closingContracts.list) });
    }
  };
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeyOf(closingContracts.preview) }),
      queryClient.invalidateQueries({ queryKey: queryKeyOf(closingContracts.list) }),
    ]);

  return (
    <Stack gap="lg">
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Text>
            O fechamento lança os serviços do mês de todos os titulares e dependentes, gera as cobranças e fecha o período em aberto. Esta operação
            não poderá ser desfeita.
          </Text>
          <Group align="flex-end">
            <TextInput
              label="Digite FECHAR para confirmar"
              value={word}
              onChange={(event) => setWord(event.currentTarget.value)}
              autoComplete="off"
              w={260}
            />
            <Button color="red" disabled={word !== closingMessages.confirmWord || sending || running} loading={sending} onClick={() => void close()}>
              FECHAR
            </Button>
            <Button variant="default" onClick={() => void refresh()}>
              Atualizar
            </Button>
          </Group>
          {running && <Alert color="yellow">{closingMessages.alreadyRunning}</Alert>}
        </Stack>
      </Paper>
      {preview.isFetching && !preview.data ? (
        <Group>
          <BusyIndicator label="Carregando a prévia" />
          <Text>Calculando a prévia do fechamento…</Text>
        </Group>
      ) : preview.data ? (
        <Preview preview={preview.data} />
      ) : null}
      {runs.data && <Runs runs={runs.data} />}
    </Stack>
  );
}

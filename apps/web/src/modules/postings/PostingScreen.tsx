import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type Dispatch, type SetStateAction } from 'react';
import { postingContracts, postingModeOf, type PostableService } from '@assoc/domain';
import { callApi, queryKeyOf } from '../../app/client';
import { PostingFile } from './PostingFile';
import { PostingRows } from './PostingRows';
import { canPost, emptyRow, toPostingRows, type DraftRow } from './rows';
import { ServiceTypeIcon, serviceTypeLabel } from './serviceTypes';
import { newPostingKey, usePostingSubmit } from './usePostingSubmit';

/**
 * /lancamentos (spec 2 §2.6, §4, §5): pick a service (searchable, an icon per type), LANÇAR, then post its rows in the
 * mode its plugin selects (default rows, phone, file); after a batch is queued the screen is back at the service choice.
 */
export function PostingScreen() {
  const services = useQuery({ queryKey: queryKeyOf(postingContracts.services), queryFn: () => callApi(postingContracts.services) });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [active, setActive] = useState<PostableService | null>(null);
  const [rows, setRowsState] = useState<DraftRow[]>(() => [emptyRow()]);
  const [file, setFile] = useState<File | null>(null);
  // A new key whenever the rows change: the same batch confirmed twice posts once, an edited batch is a new one.
  const [key, setKey] = useState(newPostingKey);
  const setRows: Dispatch<SetStateAction<DraftRow[]>> = (next) => {
    setRowsState(next);
    setKey(newPostingKey());
  };

  const reset = () => {
    setActive(null);
    setSelectedId(null);
    setRows([emptyRow()]);
    setFile(null);
  };
  const submit = usePostingSubmit(reset);

  const list = services.data ?? [];
  const selected = list.find((s) => String(s.id) === selectedId) ?? null;

  if (!active) {
    return (
      <Paper withBorder p="md" maw={640}>
        <Stack gap="md">
          <Select
            label="Serviço"
            placeholder={services.isLoading ? 'Carregando…' : 'Selecione...'}
            searchable
            nothingFoundMessage="Nenhum serviço encontrado"
            data={list.map((s) => ({ value: String(s.id), label: s.label }))}
            value={selectedId}
            onChange={setSelectedId}
            leftSection={selected ? <ServiceTypeIcon type={selected.serviceType} size={16} /> : undefined}
            renderOption={({ option }) => {
              const service = list.find((s) => String(s.id) === option.value);
              return (
                <Group gap="xs" wrap="nowrap">
                  {service && <ServiceTypeIcon type={service.serviceType} size={16} />}
                  <span>{option.label}</span>
                </Group>
              );
            }}
          />
          {services.isError && (
            <Text c="red" size="sm" role="alert">
              {services.error.message}
            </Text>
          )}
          <Group justify="flex-end">
            <Button disabled={!selected} onClick={() => selected && setActive(selected)}>
              LANÇAR
            </Button>
          </Group>
        </Stack>
      </Paper>
    );
  }

  const mode = postingModeOf(active.plugin);
  const ready = mode === 'lancbar' ? file !== null : canPost(rows);
  const post = () => {
    if (!ready || submit.sending) return;
    if (mode === 'lancbar') submit.confirmAndSend({ kind: 'file', svcId: active.id, file: file! });
    else submit.confirmAndSend({ kind: 'rows', svcId: active.id, rows: toPostingRows(rows, mode === 'lanccelular'), key });
  };

  return (
    <Paper withBorder p="md">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <ServiceTypeIcon type={active.serviceType} size={22} />
          <div>
            <Title order={2} size="h3">
              {active.label}
            </Title>
            <Text size="sm" c="dimmed">
              {serviceTypeLabel(active.serviceType)} · Máximo de parcelas: {active.parcelasMax}
            </Text>
          </div>
        </Group>
        {mode === 'lancbar' ? (
          <PostingFile
            file={file}
            refusal={submit.refusal}
            onFileChange={(picked) => {
              setFile(picked);
              submit.clearRefusal();
            }}
          />
        ) : (
          <PostingRows service={active} byPhone={mode === 'lanccelular'} rows={rows} onRowsChange={setRows} />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={reset} disabled={submit.sending}>
            VOLTAR
          </Button>
          <Button onClick={post} disabled={!ready} loading={submit.sending}>
            LANÇAR
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

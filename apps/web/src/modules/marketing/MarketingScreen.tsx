import { useRef, useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  campaignChannelLabels,
  campaignDeliveryLabels,
  campaignSkipLabels,
  campaignStatusLabels,
  channelsOf,
  formatDateTime,
  marketingContracts,
  MESSAGE_CHANNELS,
  SKIP_REASONS,
  type Campaign,
  type CampaignChannel,
  type CampaignPreview,
  type CampaignPreviewBody,
  type CampaignRecipient,
  type CampaignTemplates,
  type MessageChannel,
} from '@assoc/domain';
import { callApi, queryKeyOf } from '../../app/client';
import { PagedTable, pagedListOf } from '../ui/components/PagedTable';
import { openConfirmDialog } from '../ui/confirm';
import { notifyError, notifySuccess } from '../ui/notify';
import { marketingTexts as t } from './texts';

const RECIPIENTS_PAGE = 20;
const channelOptions = (Object.keys(campaignChannelLabels) as CampaignChannel[]).map((c) => ({ value: c, label: campaignChannelLabels[c] }));
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
const newKey = () => (globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}`).replace(/[^A-Za-z0-9-]/g, '');

/** The outcome of a recipient as the detail shows it: the skip reason, or its outbox row's state. */
function outcomeOf(r: CampaignRecipient): string {
  if (r.outcome !== 'enviado') return campaignSkipLabels[r.outcome];
  return r.delivery ? campaignDeliveryLabels[r.delivery] : campaignDeliveryLabels.pending;
}

function CampaignDetail({ campaign, onClose }: { campaign: Campaign; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const query = { page, pageSize: RECIPIENTS_PAGE };
  const detail = useQuery({
    queryKey: queryKeyOf(marketingContracts.get, { params: { id: campaign.id }, query }),
    queryFn: ({ signal }) => callApi(marketingContracts.get, { params: { id: campaign.id }, query }, { signal }),
    select: (d) => d.recipients,
  });
  return (
    <Modal opened onClose={onClose} size="xl" title={`${t.recipients}: ${campaign.name}`}>
      <PagedTable<CampaignRecipient>
        list={pagedListOf(detail, page, setPage)}
        pageSize={RECIPIENTS_PAGE}
        idAccessor="cstId"
        noRecordsText={t.noRecipients}
        columns={[
          { accessor: 'name', title: t.columns.member },
          { accessor: 'channel', title: t.columns.channel, render: (r) => (r.channel ? campaignChannelLabels[r.channel] : '—') },
          { accessor: 'to', title: t.columns.to, render: (r) => r.to ?? '—' },
          { accessor: 'outcome', title: t.columns.outcome, render: (r) => (r.error ? `${outcomeOf(r)}: ${r.error}` : outcomeOf(r)) },
        ]}
      />
    </Modal>
  );
}

function PreviewResult({ preview }: { preview: CampaignPreview }) {
  return (
    <Paper withBorder p="md" component="section" aria-label="Pré-visualização">
      <Stack gap="sm">
        <Text fw={600}>{t.reached(preview.reached)}</Text>
        <Text size="sm">
          {t.found(preview.total)} ·{' '}
          {MESSAGE_CHANNELS.filter((c) => preview.byChannel[c] > 0)
            .map((c) => `${campaignChannelLabels[c]}: ${preview.byChannel[c]}`)
            .join(' · ')}
        </Text>
        <div>
          <Text size="sm" fw={600}>
            {t.skippedTitle}
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            {SKIP_REASONS.map((reason) => (
              <Text size="sm" key={reason}>
                {campaignSkipLabels[reason]}: {preview.skipped[reason]}
              </Text>
            ))}
          </SimpleGrid>
        </div>
        {preview.recipients.length > 0 && (
          <Table striped withTableBorder aria-label={t.firstRecipients}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.columns.member}</Table.Th>
                <Table.Th>{t.columns.channel}</Table.Th>
                <Table.Th>{t.columns.to}</Table.Th>
                <Table.Th>Texto</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.recipients.map((r) => (
                <Table.Tr key={r.cstId}>
                  <Table.Td>{r.name}</Table.Td>
                  <Table.Td>{campaignChannelLabels[r.channel]}</Table.Td>
                  <Table.Td>{r.to}</Table.Td>
                  <Table.Td>
                    {r.subject && (
                      <Text size="sm" fw={600}>
                        {r.subject}
                      </Text>
                    )}
                    <Text size="sm">{r.text}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * /marketing (issue 29 item 2; spec README decision 13): a campaign is a saved filter, a channel (or each member's
 * preference) and a template of that channel's registry. 'Pré-visualizar' shows who is reached and who is skipped and
 * why, with the first recipients' text; 'Enviar' asks to confirm naming the count, then the server's job queues the
 * messages (once per member). Below, the history with each campaign's recipients.
 */
export function MarketingScreen() {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [filterId, setFilterId] = useState<string | null>(null);
  const [channel, setChannel] = useState<CampaignChannel>('email');
  const [templates, setTemplates] = useState<CampaignTemplates>({});
  const [preview, setPreview] = useState<CampaignPreview | null>(null);
  const [busy, setBusy] = useState<'preview' | 'send' | null>(null);
  const [open, setOpen] = useState<Campaign | null>(null);
  const key = useRef(newKey());

  const options = useQuery({
    queryKey: queryKeyOf(marketingContracts.options),
    queryFn: ({ signal }) => callApi(marketingContracts.options, {}, { signal }),
  });
  const history = useQuery({
    queryKey: queryKeyOf(marketingContracts.list),
    queryFn: ({ signal }) => callApi(marketingContracts.list, {}, { signal }),
    refetchInterval: (q) => (q.state.data?.some((c) => c.status === 'enviando') ? 3_000 : false),
  });

  const changed = () => {
    setPreview(null);
    key.current = newKey();
  };
  const needed = channelsOf(channel);
  const draft: CampaignPreviewBody | null =
    filterId && needed.every((c) => templates[c] != null)
      ? { filterId: Number(filterId), channel, templates: Object.fromEntries(needed.map((c) => [c, templates[c]])) }
      : null;

  const runPreview = async () => {
    if (!draft) return;
    setBusy('preview');
    try {
      setPreview(await callApi(marketingContracts.preview, { body: draft }));
    } catch (error) {
      notifyError(errorText(error));
    } finally {
      setBusy(null);
    }
  };

  const send = () => {
    if (!draft || !preview) return;
    openConfirmDialog({
      title: t.confirmTitle,
      message: t.confirmMessage(name.trim(), preview.reached),
      onConfirm: () => {
        setBusy('send');
        callApi(marketingContracts.create, { body: { ...draft, name: name.trim(), idempotencyKey: key.current } })
          .then(async () => {
            notifySuccess(t.sent);
            setName('');
            changed();
            await queryClient.invalidateQueries({ queryKey: queryKeyOf(marketingContracts.list) });
          })
          .catch((error: unknown) => notifyError(errorText(error)))
          .finally(() => setBusy(null));
      },
    });
  };

  const filters = (options.data?.filters ?? []).map((f) => ({
    value: String(f.id),
    label: f.own ? f.name : `${f.name} (de ${f.ownerName})`,
  }));
  const templateOptions = (c: MessageChannel) => (options.data?.templates[c] ?? []).map((tp) => ({ value: String(tp.id), label: tp.name }));

  return (
    <Stack gap="lg">
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t.newCampaign}
          </Title>
          {options.error && (
            <Alert color="red" role="alert">
              {options.error.message}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label={t.name} value={name} maxLength={120} onChange={(e) => setName(e.currentTarget.value)} required />
            <Select
              label={t.filter}
              placeholder={t.filterPlaceholder}
              data={filters}
              value={filterId}
              searchable
              nothingFoundMessage={t.noFilters}
              onChange={(v) => {
                setFilterId(v);
                changed();
              }}
            />
            <Select
              label={t.channel}
              data={channelOptions}
              value={channel}
              allowDeselect={false}
              onChange={(v) => {
                if (v) setChannel(v as CampaignChannel);
                changed();
              }}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {needed.map((c) => (
              <Select
                key={c}
                label={t.template(campaignChannelLabels[c])}
                placeholder={t.templatePlaceholder}
                data={templateOptions(c)}
                value={templates[c] == null ? null : String(templates[c])}
                onChange={(v) => {
                  setTemplates((prev) => ({ ...prev, [c]: v ? Number(v) : undefined }));
                  changed();
                }}
              />
            ))}
          </SimpleGrid>
          <Group>
            <Button variant="default" onClick={() => void runPreview()} disabled={!draft} loading={busy === 'preview'}>
              {t.preview}
            </Button>
            <Button onClick={send} disabled={!draft || !preview || preview.reached === 0 || !name.trim()} loading={busy === 'send'}>
              {t.send}
            </Button>
            {draft && !preview && <Text size="sm">{t.previewFirst}</Text>}
          </Group>
          {preview && <PreviewResult preview={preview} />}
        </Stack>
      </Paper>

      <Stack gap="sm">
        <Title order={2} size="h4">
          {t.history}
        </Title>
        {history.error && (
          <Alert color="red" role="alert">
            {history.error.message}
          </Alert>
        )}
        <Table striped withTableBorder aria-label={t.history}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.columns.date}</Table.Th>
              <Table.Th>{t.columns.name}</Table.Th>
              <Table.Th>{t.columns.filter}</Table.Th>
              <Table.Th>{t.columns.channel}</Table.Th>
              <Table.Th>{t.columns.status}</Table.Th>
              <Table.Th>{t.columns.sent}</Table.Th>
              <Table.Th>{t.columns.failed}</Table.Th>
              <Table.Th>{t.columns.pending}</Table.Th>
              <Table.Th>{t.columns.skipped}</Table.Th>
              <Table.Th>
                <VisuallyHidden>Ações</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(history.data ?? []).length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={10}>{history.isFetching ? 'Carregando...' : t.noCampaigns}</Table.Td>
              </Table.Tr>
            )}
            {(history.data ?? []).map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>{formatDateTime(c.createdAt)}</Table.Td>
                <Table.Td>{c.name}</Table.Td>
                <Table.Td>{c.filterName}</Table.Td>
                <Table.Td>{campaignChannelLabels[c.channel]}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={c.status === 'concluida' ? 'green' : c.status === 'falhou' ? 'red' : 'blue'}>
                    {campaignStatusLabels[c.status]}
                  </Badge>
                </Table.Td>
                <Table.Td>{c.counts.sent}</Table.Td>
                <Table.Td>{c.counts.failed}</Table.Td>
                <Table.Td>{c.counts.pending}</Table.Td>
                <Table.Td>{c.counts.skipped}</Table.Td>
                <Table.Td>
                  <Button size="compact-sm" variant="subtle" onClick={() => setOpen(c)} aria-label={`${t.details}: ${c.name}`}>
                    {t.details}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
      {open && <CampaignDetail campaign={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
}

import { Anchor, Badge, Button, Group, SegmentedControl, Stack, Text, Tooltip } from '@mantine/core';
import { IconLock, IconPaperclip, IconRefresh } from '@tabler/icons-react';
import { PagedTable } from '../../ui/components/PagedTable';
import {
  formatDateTime,
  formatFileSize,
  messageProviderLabels,
  outboxStatusLabels,
  outboxStatuses,
  providerOutcomeLabels,
  type OutboxItem,
  type OutboxStatus,
} from '@assoc/domain';
import { attachmentUrl } from '../../jobs/hooks/useJobDownload';
import { OUTBOX_PAGE_SIZE, useOutbox } from '../hooks/useOutbox';

const STATUS_COLORS: Record<OutboxStatus, string> = { pending: 'yellow', sending: 'blue', sent: 'green', failed: 'red' };
const CHANNEL_LABELS: Record<OutboxItem['channel'], string> = { email: 'E-mail', sms: 'SMS', whatsapp: 'WhatsApp' };

/** Every message of the outbox (decision 10) with its delivery state; superadmins only. */
export function OutboxTable() {
  const outbox = useOutbox();

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <SegmentedControl
          aria-label="Situação"
          value={outbox.status ?? 'all'}
          onChange={(value) => outbox.setStatus(value === 'all' ? null : (value as OutboxStatus))}
          data={[{ value: 'all', label: 'Todas' }, ...outboxStatuses.map((s) => ({ value: s, label: outboxStatusLabels[s] }))]}
        />
        <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={outbox.refresh} loading={outbox.loading}>
          Atualizar
        </Button>
      </Group>
      <PagedTable<OutboxItem>
        label="Caixa de saída"
        list={outbox}
        pageSize={OUTBOX_PAGE_SIZE}
        idAccessor="id"
        noRecordsText="Nenhuma mensagem na caixa de saída"
        columns={[
          { accessor: 'createdAt', title: 'Criada em', width: 150, render: (r) => formatDateTime(r.createdAt) },
          { accessor: 'channel', title: 'Canal', width: 90, render: (r) => CHANNEL_LABELS[r.channel] },
          { accessor: 'to', title: 'Para' },
          {
            accessor: 'subject',
            title: 'Assunto',
            // Security e-mails (password reset): the server never sends their body, only that it is protected.
            render: (r) =>
              r.sensitive ? (
                <Group gap={6} wrap="nowrap">
                  <Tooltip label={r.text}>
                    <IconLock size={14} aria-label={r.text} />
                  </Tooltip>
                  <span>{r.subject}</span>
                </Group>
              ) : (
                r.subject
              ),
          },
          {
            accessor: 'attachments',
            title: 'Anexos',
            // The outbox is for superadmins only, and they may read any stored file: each name opens it.
            render: (r) =>
              r.attachments.length === 0 ? (
                '—'
              ) : (
                <Stack gap={2}>
                  {r.attachments.map((a) => (
                    <Group key={a.fileId} gap={4} wrap="nowrap">
                      <IconPaperclip size={14} aria-hidden />
                      <Anchor href={attachmentUrl(a.fileId)} target="_blank" rel="noopener" size="sm" title={formatFileSize(a.size)}>
                        {a.name}
                      </Anchor>
                    </Group>
                  ))}
                </Stack>
              ),
          },
          {
            accessor: 'status',
            title: 'Situação',
            width: 120,
            render: (r) => (
              <Tooltip label={r.lastError} disabled={!r.lastError} multiline w={360}>
                <Badge color={STATUS_COLORS[r.status]} variant="light">
                  {outboxStatusLabels[r.status]}
                </Badge>
              </Tooltip>
            ),
          },
          {
            accessor: 'provider',
            title: 'Provedor',
            // SMS and WhatsApp: the adapter's last answer (accepted with its id; else HTTP status and the provider's code).
            render: (r) => <ProviderAnswerCell item={r} />,
          },
          { accessor: 'attempts', title: 'Tentativas', width: 115, textAlign: 'right' },
          {
            accessor: 'sentAt',
            title: 'Enviada em / erro',
            render: (r) =>
              r.sentAt ? (
                formatDateTime(r.sentAt)
              ) : (
                <Text size="sm" c={r.lastError ? 'red' : 'dimmed'} lineClamp={2}>
                  {r.lastError ?? '—'}
                </Text>
              ),
          },
        ]}
      />
    </Stack>
  );
}

/** The provider's last answer to an SMS or WhatsApp message: who, what, and its message id or error code. */
function ProviderAnswerCell({ item }: { item: OutboxItem }) {
  if (!item.provider || !item.providerAnswer) return '—';
  const { outcome, httpStatus, code } = item.providerAnswer;
  const detail =
    outcome === 'accepted'
      ? item.providerMessageId && `id ${item.providerMessageId}`
      : [httpStatus === null ? 'sem resposta' : `HTTP ${httpStatus}`, code].filter(Boolean).join(' · ');
  return (
    <Stack gap={0}>
      <Text size="sm">
        {messageProviderLabels[item.provider] ?? item.provider}: {providerOutcomeLabels[outcome]}
      </Text>
      {detail && (
        <Text size="xs" style={{ wordBreak: 'break-all' }}>
          {detail}
        </Text>
      )}
    </Stack>
  );
}

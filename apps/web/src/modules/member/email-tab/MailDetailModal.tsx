import { Alert, Modal, Stack, Text } from '@mantine/core';
import { formatDateTime, outboxStatusLabels } from '@assoc/domain';
import { useMailDetail } from './useMemberMail';
import { BusyIndicator } from '../../ui/components/BusyIndicator';

/** One message sent to the member: subject, recipient, dates, state and text (a security e-mail shows no body). */
export function MailDetailModal({ cstId, id, onClose }: { cstId: number; id: number; onClose: () => void }) {
  const { data, isPending, error } = useMailDetail(cstId, id);
  return (
    <Modal opened onClose={onClose} title={data?.subject ?? 'E-mail'} size="lg">
      {isPending ? <BusyIndicator /> : null}
      {error ? (
        <Alert color="red" variant="light">
          {error.message}
        </Alert>
      ) : null}
      {data ? (
        <Stack gap="xs">
          {data.to ? <Text size="sm">Para: {data.to}</Text> : null}
          <Text size="sm">Data: {formatDateTime(data.createdAt)}</Text>
          <Text size="sm">
            Situação: {outboxStatusLabels[data.status]}
            {data.sentAt ? ` em ${formatDateTime(data.sentAt)}` : ''}
          </Text>
          {data.lastError ? <Text size="sm">Erro: {data.lastError}</Text> : null}
          <Text component="div" style={{ whiteSpace: 'pre-wrap' }} mt="sm" data-testid="mail-text">
            {data.text}
          </Text>
        </Stack>
      ) : null}
    </Modal>
  );
}

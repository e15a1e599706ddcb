import { useState } from 'react';
import { ActionIcon, Alert, Button, Group, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconEye, IconSend } from '@tabler/icons-react';
import { formatDateTime, outboxStatusLabels } from '@assoc/domain';
import type { MemberTabProps } from '../member-tab.types';
import { ComposeMailModal } from './ComposeMailModal';
import { MailDetailModal } from './MailDetailModal';
import { useMemberMail } from './useMemberMail';
import { BusyIndicator } from '../../ui/components/BusyIndicator';

/**
 * The E-Mail tab [14] of the member record (decision 20; hidden in audit mode): the messages the outbox holds
 * for the member (date, subject, state; open one to read it, security e-mails without their body), "Reenviar"
 * and "Novo e-mail" from an E-mail template.
 */
export default function EmailTab({ cstId, mode }: MemberTabProps) {
  const { list, resend, compose } = useMemberMail(cstId);
  const [open, setOpen] = useState<number | null>(null);
  const [composing, setComposing] = useState(false);

  if (mode === 'insert' || cstId <= 0) return <Alert color="blue">Salve o associado para ver e enviar e-mails.</Alert>;

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button leftSection={<IconSend size={16} aria-hidden />} onClick={() => setComposing(true)} disabled={mode !== 'edit'}>
          Novo e-mail
        </Button>
      </Group>
      {list.isPending ? <BusyIndicator label="Carregando e-mails" /> : null}
      {list.error ? (
        <Alert color="red" variant="light">
          {list.error.message}
        </Alert>
      ) : null}
      {list.data && list.data.length === 0 ? <Text>Nenhum e-mail enviado a este associado.</Text> : null}
      {list.data && list.data.length > 0 ? (
        <Table striped highlightOnHover aria-label="E-mails do associado">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Data</Table.Th>
              <Table.Th>Assunto</Table.Th>
              <Table.Th>Situação</Table.Th>
              <Table.Th>
                <VisuallyHidden>Ações</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.map((mail) => (
              <Table.Tr key={mail.id}>
                <Table.Td>{formatDateTime(mail.createdAt)}</Table.Td>
                <Table.Td>{mail.subject}</Table.Td>
                <Table.Td>{outboxStatusLabels[mail.status]}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    <Tooltip label="Abrir">
                      <ActionIcon variant="subtle" aria-label={`Abrir: ${mail.subject}`} onClick={() => setOpen(mail.id)}>
                        <IconEye size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                    {!mail.sensitive && mode === 'edit' ? (
                      <Tooltip label="Reenviar">
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Reenviar: ${mail.subject}`}
                          loading={resend.isPending && resend.variables === mail.id}
                          onClick={() => resend.mutate(mail.id)}
                        >
                          <IconSend size={18} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    ) : null}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      {open !== null ? <MailDetailModal cstId={cstId} id={open} onClose={() => setOpen(null)} /> : null}
      {composing ? <ComposeMailModal onSend={(emID) => compose.mutateAsync(emID)} onClose={() => setComposing(false)} /> : null}
    </Stack>
  );
}

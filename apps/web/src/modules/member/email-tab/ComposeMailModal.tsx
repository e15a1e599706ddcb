import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { memberMailPlaceholders } from '@assoc/domain';
import { useMailTemplates } from './useMemberMail';
import { BusyIndicator } from '../../ui/components/BusyIndicator';

interface ComposeMailModalProps {
  onSend: (emID: number) => Promise<unknown>;
  onClose: () => void;
}

/** "Novo e-mail": pick an E-mail template (the /emails registry); the server fills its placeholders and queues it. */
export function ComposeMailModal({ onSend, onClose }: ComposeMailModalProps) {
  const templates = useMailTemplates(true);
  const [emID, setEmID] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const chosen = templates.data?.find((t) => String(t.emID) === emID);

  const send = async () => {
    if (!chosen) return;
    setSending(true);
    setError(null);
    try {
      await onSend(chosen.emID);
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title="Novo e-mail" size="lg">
      <Stack gap="sm">
        {templates.isPending ? <BusyIndicator /> : null}
        <Select
          label="Modelo"
          placeholder="Selecione..."
          data={(templates.data ?? []).map((t) => ({ value: String(t.emID), label: `${t.emName} – ${t.emDescription}` }))}
          value={emID}
          onChange={setEmID}
          searchable
          nothingFoundMessage="Nenhum modelo de e-mail cadastrado"
        />
        {chosen ? (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Assunto: {chosen.emDescription}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="template-text">
              {chosen.emData}
            </Text>
            <Text size="xs">Campos preenchidos pelo sistema: {Object.keys(memberMailPlaceholders).join(', ')}.</Text>
          </Stack>
        ) : null}
        {error ? (
          <Alert color="red" variant="light">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={() => void send()} disabled={!chosen} loading={sending}>
            Enviar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

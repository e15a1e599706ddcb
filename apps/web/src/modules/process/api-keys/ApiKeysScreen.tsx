import { useState } from 'react';
import { Alert, Badge, Button, Code, CopyButton, Group, Modal, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy, IconKey, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiKeyCreateSchema, formatDateTimeShort, processContracts, type ApiKey, type ApiKeyCreated } from '@assoc/domain';
import { callApi, queryKeyOf } from '../../../app/client';
import { openConfirmDialog } from '../../ui/confirm';
import { FormModal } from '../../ui/crud/FormModal';
import { useAppForm } from '../../ui/form';
import { notifyError, notifySuccess } from '../../ui/notify';
import { refusalOf } from '../hooks/useProcessBrowser';

export const apiKeyTexts = {
  intro: 'Chaves usadas pelas integrações para importar processos e andamentos (POST process/importar, cabeçalho X-API-Key).',
  create: 'Nova chave',
  name: 'Nome',
  prefix: 'Prefixo',
  created: 'Criada',
  lastUse: 'Último uso',
  revoked: 'Revogada',
  active: 'Ativa',
  never: 'Nunca usada',
  empty: 'Nenhuma chave cadastrada',
  revoke: 'Revogar',
  revokeTitle: 'Revogar chave de API',
  revokeQuestion: (nome: string) => `Tem certeza que deseja revogar a chave ${nome}? As integrações que a usam deixam de funcionar.`,
  revokedDone: 'Chave revogada',
  createdTitle: 'Chave de API criada',
  createdWarning: 'Copie a chave agora: ela não será mostrada novamente.',
  copy: 'Copiar chave',
  copied: 'Chave copiada',
  close: 'Fechar',
} as const;

/** Avançado → Chaves de API (/chavesapi, superadmin): the integrations' keys, created (shown once) and revoked. */
export function ApiKeysScreen() {
  const queryClient = useQueryClient();
  const listKey = queryKeyOf(processContracts.apiKeys);
  const keys = useQuery({ queryKey: listKey, queryFn: ({ signal }) => callApi(processContracts.apiKeys, undefined, { signal }) });
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const reload = () => void queryClient.invalidateQueries({ queryKey: listKey });
  const revoke = useMutation({
    mutationFn: (key: ApiKey) => callApi(processContracts.revokeApiKey, { params: { id: key.id } }),
    onSuccess: () => {
      notifySuccess(apiKeyTexts.revokedDone);
      reload();
    },
    onError: (error) => {
      const message = refusalOf(error);
      if (message) notifyError(message);
    },
  });
  const askRevoke = (key: ApiKey) =>
    openConfirmDialog({
      title: apiKeyTexts.revokeTitle,
      message: apiKeyTexts.revokeQuestion(key.nome),
      danger: true,
      onConfirm: () => revoke.mutate(key),
    });

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm">{apiKeyTexts.intro}</Text>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
          {apiKeyTexts.create}
        </Button>
      </Group>
      {keys.error && (
        <Alert color="red" variant="light" role="alert">
          {keys.error.message}
        </Alert>
      )}
      <Table striped withTableBorder highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{apiKeyTexts.name}</Table.Th>
            <Table.Th>{apiKeyTexts.prefix}</Table.Th>
            <Table.Th>{apiKeyTexts.created}</Table.Th>
            <Table.Th>{apiKeyTexts.lastUse}</Table.Th>
            <Table.Th>{apiKeyTexts.revoked}</Table.Th>
            <Table.Th>
              <VisuallyHidden>Ações</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(keys.data ?? []).map((key) => (
            <Table.Tr key={key.id}>
              <Table.Td>{key.nome}</Table.Td>
              <Table.Td>
                <Code>{key.prefixo}…</Code>
              </Table.Td>
              <Table.Td>
                {formatDateTimeShort(key.criadaEm)}
                {key.criadaPor ? ` · ${key.criadaPor}` : ''}
              </Table.Td>
              <Table.Td>{key.ultimoUso ? formatDateTimeShort(key.ultimoUso) : apiKeyTexts.never}</Table.Td>
              <Table.Td>
                {key.revogadaEm ? (
                  <Badge color="red" variant="light">
                    {formatDateTimeShort(key.revogadaEm)}
                  </Badge>
                ) : (
                  <Badge color="green" variant="light">
                    {apiKeyTexts.active}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                {!key.revogadaEm && (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    onClick={() => askRevoke(key)}
                    aria-label={`${apiKeyTexts.revoke} ${key.nome}`}
                  >
                    {apiKeyTexts.revoke}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
          {keys.data?.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={6}>
                <Text size="sm" c="dimmed">
                  {apiKeyTexts.empty}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      {creating && (
        <CreateApiKeyModal
          onClose={() => setCreating(false)}
          onCreated={(key) => {
            setCreating(false);
            setCreated(key);
            reload();
          }}
        />
      )}
      {created && <ApiKeyCreatedDialog created={created} onClose={() => setCreated(null)} />}
    </Stack>
  );
}

function CreateApiKeyModal({ onCreated, onClose }: { onCreated: (key: ApiKeyCreated) => void; onClose: () => void }) {
  const form = useAppForm(apiKeyCreateSchema, { nome: '' });
  const [saving, setSaving] = useState(false);
  const save = () => {
    setSaving(true);
    callApi(processContracts.createApiKey, { body: form.parsed() }).then(onCreated, (error: unknown) => {
      setSaving(false);
      const message = form.setServerErrors(error) ?? refusalOf(error);
      if (message) notifyError(message);
    });
  };
  return (
    <FormModal opened title={apiKeyTexts.create} valid={form.valid} changed={form.changed} saving={saving} onSave={save} onClose={onClose}>
      <TextInput label={apiKeyTexts.name} required data-autofocus {...form.textProps('nome', 80)} />
    </FormModal>
  );
}

/** The clear key, shown this once, with a copy button and the warning that it will not be shown again. */
function ApiKeyCreatedDialog({ created, onClose }: { created: ApiKeyCreated; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title={apiKeyTexts.createdTitle} size="lg" closeOnClickOutside={false}>
      <Stack gap="sm">
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {apiKeyTexts.createdWarning}
        </Alert>
        <Group gap="xs" wrap="nowrap">
          <IconKey size={18} aria-hidden />
          <Code block style={{ flex: 1, wordBreak: 'break-all' }} aria-label={`${apiKeyTexts.name} ${created.nome}`}>
            {created.chave}
          </Code>
          <CopyButton value={created.chave}>
            {({ copied, copy }) => (
              <Button
                variant={copied ? 'filled' : 'light'}
                color={copied ? 'teal' : undefined}
                leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                onClick={copy}
              >
                {copied ? apiKeyTexts.copied : apiKeyTexts.copy}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {apiKeyTexts.close}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

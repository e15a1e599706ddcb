import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconRefresh, IconSearch } from '@tabler/icons-react';
import { PagedTable } from '../../ui/components/PagedTable';
import {
  formatCpf,
  formatDateTime,
  securityEventKinds,
  securityEventLabels,
  securityReasonLabels,
  type SecurityEventItem,
  type SecurityEventKind,
} from '@assoc/domain';
import { DateField } from '../../ui/crud/DateField';
import { SECURITY_EVENTS_PAGE_SIZE, useSecurityEvents } from '../hooks/useSecurityEvents';

const ACTION_LABELS: Record<string, string> = { insert: 'inclusão', update: 'alteração', delete: 'exclusão', restore: 'recuperação' };
const KIND_OPTIONS = securityEventKinds.map((kind) => ({ value: kind, label: securityEventLabels[kind] }));

/** What else the event says, in pt-BR: the refusal's reason, or what an access change touched. */
function detailsOf(event: SecurityEventItem): string {
  if (event.kind === 'access_change' && event.target) {
    const [entity, id] = event.target.split(':');
    const what = entity === 'usuario' ? 'Usuário' : entity === 'perfil' ? 'Perfil' : entity;
    return `${what} ${id ?? ''} (${ACTION_LABELS[event.action ?? ''] ?? event.action ?? ''})`;
  }
  return event.reason ? (securityReasonLabels[event.reason] ?? event.reason) : '';
}

/** Avançado → Eventos de segurança: who signed in or failed, signed out, reset a password, changed access. */
export function SecurityEventsTable() {
  const events = useSecurityEvents();
  const { filters } = events;

  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm">
        <TextInput
          label="Usuário"
          placeholder="Nome ou CPF"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={filters.user}
          onChange={(event) => events.setFilter('user', event.currentTarget.value)}
          maxLength={64}
          w={240}
        />
        <Select
          label="Tipo de evento"
          placeholder="Todos"
          data={KIND_OPTIONS}
          value={filters.kind}
          onChange={(value) => events.setFilter('kind', (value as SecurityEventKind | null) ?? null)}
          clearable
          w={280}
        />
        <div style={{ width: 170 }}>
          <DateField label="De" value={filters.from} onChange={(value) => events.setFilter('from', value)} />
        </div>
        <div style={{ width: 170 }}>
          <DateField label="Até" value={filters.to} error={events.rangeError || undefined} onChange={(value) => events.setFilter('to', value)} />
        </div>
        <Button variant="default" onClick={events.clear}>
          Limpar filtros
        </Button>
        <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={events.refresh} loading={events.loading}>
          Atualizar
        </Button>
      </Group>
      <PagedTable<SecurityEventItem>
        list={events}
        pageSize={SECURITY_EVENTS_PAGE_SIZE}
        idAccessor="id"
        noRecordsText="Nenhum evento encontrado"
        columns={[
          { accessor: 'at', title: 'Data e hora', width: 160, render: (r) => formatDateTime(r.at) },
          {
            accessor: 'kind',
            title: 'Evento',
            // Plain text in the body colour: Mantine's light badges fail the WCAG AA contrast on the striped rows.
            render: (r) => (
              <Text size="sm" fw={600}>
                {securityEventLabels[r.kind]}
              </Text>
            ),
          },
          {
            accessor: 'subjectName',
            title: 'Usuário',
            render: (r) => (
              <Stack gap={0}>
                <Text size="sm">{r.subjectName ?? 'CPF não cadastrado'}</Text>
                {r.cpf && <Text size="xs">{formatCpf(r.cpf)}</Text>}
              </Stack>
            ),
          },
          { accessor: 'actorName', title: 'Feito por', render: (r) => r.actorName ?? '—' },
          { accessor: 'ip', title: 'Endereço', width: 140, render: (r) => r.ip ?? '—' },
          { accessor: 'reason', title: 'Detalhes', render: detailsOf },
        ]}
      />
    </Stack>
  );
}

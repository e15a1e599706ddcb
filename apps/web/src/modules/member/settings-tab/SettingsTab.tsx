import { useState } from 'react';
import { Alert, Button, Fieldset, Grid, Group, Select, Stack, Switch, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { auditRowPath, canOpenRoute, memberSettingsContracts, memberSettingsMessages, type PortalAccessItem } from '@assoc/domain';
import { callApi, queryKeyOf } from '../../../app/client';
import { useRoles } from '../../ui/components/RoleGate';
import { notifyError, notifySuccess } from '../../ui/notify';
import { changedFieldProps, isChanged } from '../changed-field';
import classes from '../changed-field.module.css';
import type { MemberTabProps } from '../member-tab.types';

/**
 * The Configurações tab [10] of the member record (decision 20): the member's portal access — sign-in on/off,
 * permission profile (permIdv2) and external access (fnAllowExternal), saved with the member (the one-row
 * child list `portalAcesso`) — and "Enviar link de primeiro acesso". The profile and external access change only
 * for who administers the accesses (the /acessos screen's role); the server checks the same rule. Also the member's
 * opt-out of Marketing campaigns (custRecusaCampanhas, issue 29 item 2), saved with the member.
 * The communication preference and statement / I.R. by e-mail are in the Usuário tab's "Opções" (spec 1 §2).
 */
export default function SettingsTab({ form, mode, cstId, canView, canEdit, diffs }: MemberTabProps) {
  const roles = useRoles();
  const accessAdmin = canOpenRoute('/acessos', roles);
  const editable = canEdit('settings') && mode !== 'audit';
  const row = (form.values.portalAcesso as PortalAccessItem[] | undefined)?.[0];
  // The audit names the one row by its index and each changed field ('portalAcesso.0.active'; domain audit-paths.ts).
  const changedAt = (field: string) => isChanged(diffs, auditRowPath('portalAcesso', 0, field));
  const [sending, setSending] = useState(false);
  const profiles = useQuery({
    queryKey: queryKeyOf(memberSettingsContracts.profiles),
    queryFn: ({ signal }) => callApi(memberSettingsContracts.profiles, {}, { signal }),
    staleTime: 5 * 60_000,
    enabled: canView('settings') && mode !== 'insert',
  });

  if (!canView('settings')) return null;
  const optOut = form.values.custRecusaCampanhas === true;
  const campaigns = (
    <Fieldset legend="Campanhas" variant="filled" disabled={!editable}>
      <div
        data-changed={isChanged(diffs, 'custRecusaCampanhas') ? 'true' : undefined}
        className={isChanged(diffs, 'custRecusaCampanhas') ? classes.changed : undefined}
      >
        <Switch
          label="Recusa campanhas"
          description="Não recebe as campanhas do Marketing (mensagens de segurança e avisos do cadastro continuam)."
          onLabel="SIM"
          offLabel="NÃO"
          size="lg"
          checked={optOut}
          onChange={(event) => form.setValue('custRecusaCampanhas', event.currentTarget.checked)}
        />
      </div>
    </Fieldset>
  );
  if (mode === 'insert' || !row) {
    return (
      <Stack gap="md">
        {campaigns}
        <Alert color="blue">Salve o associado para configurar o acesso ao portal.</Alert>
      </Stack>
    );
  }

  const set = (patch: Partial<PortalAccessItem>) => {
    form.setValue('portalAcesso.0', { ...row, ...patch, operation: 'update' });
  };
  const options = (profiles.data ?? []).map((p) => ({ value: String(p.value), label: p.label }));
  if (row.permIdv2 != null && !options.some((o) => o.value === String(row.permIdv2)))
    options.push({ value: String(row.permIdv2), label: row.profileName ?? String(row.permIdv2) });
  const pending = form.isDirty('portalAcesso');
  const canSendLink = mode === 'edit' && editable && row.userId != null && row.active && !pending;

  const sendLink = async () => {
    setSending(true);
    try {
      await callApi(memberSettingsContracts.firstAccess, { params: { cstId } });
      notifySuccess(memberSettingsMessages.firstAccessSent);
    } catch (error) {
      notifyError(error instanceof Error ? error.message : String(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="md">
      {campaigns}
      <Fieldset legend="Acesso ao portal" variant="filled" disabled={!editable}>
        <Stack gap="sm">
          {row.userId == null && (
            <Text size="sm">Este associado ainda não tem acesso. Ao ligar o acesso e salvar, ele é criado com o perfil do portal.</Text>
          )}
          <Grid gap="sm" align="flex-end">
            <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
              <div data-changed={changedAt('active') ? 'true' : undefined} className={changedAt('active') ? classes.changed : undefined}>
                <Switch
                  label="Acesso ao portal"
                  onLabel="SIM"
                  offLabel="NÃO"
                  size="lg"
                  checked={row.active}
                  onChange={(event) => set({ active: event.currentTarget.checked })}
                />
              </div>
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
              <Select
                label="Perfil de permissão"
                placeholder="Selecione..."
                data={options}
                value={row.permIdv2 == null ? null : String(row.permIdv2)}
                disabled={!editable || !accessAdmin || row.userId == null}
                allowDeselect={false}
                onChange={(value) => value && set({ permIdv2: Number(value) })}
                {...changedFieldProps(diffs, auditRowPath('portalAcesso', 0, 'permIdv2'))}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
              <Switch
                label="Acesso externo"
                onLabel="SIM"
                offLabel="NÃO"
                size="lg"
                checked={row.fnAllowExternal}
                disabled={!editable || !accessAdmin}
                onChange={(event) => set({ fnAllowExternal: event.currentTarget.checked })}
                data-changed={changedAt('fnAllowExternal') ? 'true' : undefined}
                className={changedAt('fnAllowExternal') ? classes.changed : undefined}
              />
            </Grid.Col>
          </Grid>
          {!accessAdmin && editable && <Text size="sm">O perfil e o acesso externo são alterados por quem administra os acessos.</Text>}
          {row.hasAuthenticator && <Text size="sm">Autenticador configurado para o acesso externo.</Text>}
        </Stack>
      </Fieldset>
      {mode === 'edit' && (
        <Group>
          <Button onClick={() => void sendLink()} loading={sending} disabled={!canSendLink}>
            Enviar link de primeiro acesso
          </Button>
          {pending && <Text size="sm">Salve as alterações antes de enviar o link.</Text>}
        </Group>
      )}
    </Stack>
  );
}

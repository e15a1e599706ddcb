import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Badge,
  Box,
  Button,
  Code,
  CopyButton,
  Divider,
  Group,
  Image,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconCopy, IconDownload, IconLogout, IconQrcode } from '@tabler/icons-react';
import {
  accountSecurityContracts,
  formatDateTimeShort,
  securityEventLabels,
  securityReasonLabels,
  weakPasswordMessage,
  type PasswordScorer,
} from '@assoc/domain';
import { callApi, queryKeyOf } from '../../../app/client';
import { isApiError } from '../../../app/api';
import { BusyIndicator } from '../../ui/components/BusyIndicator';
import { saveBlob } from '../../ui/hooks/useBlobDownload';
import { notifyError, notifySuccess } from '../../ui/notify';
import { checkPasswordStrength, loadPasswordScorer } from '../../auth/utils/passwordStrength';
import { useTotpSetup } from '../../tools/hooks/useTotpSetup';
import classes from '../shared/portal.module.css';

/** The password inputs' show/hide button: a 44 px tap target. */
const toggle = { style: { minWidth: 44, minHeight: 44 } };

const errorText = (error: unknown) => (isApiError(error) ? error.message : String(error));

/**
 * Segurança (issue 28 item 4; the portal has no Ferramentas): the member's password, authenticator, recovery codes,
 * sessions and recent security events — every call about the caller's own account only.
 */
export default function SegurancaTab() {
  return (
    <Stack gap="xl">
      <PasswordSection />
      <Divider />
      <AuthenticatorSection />
      <Divider />
      <SessionsSection />
      <Divider />
      <EventsSection />
    </Stack>
  );
}

function PasswordSection() {
  const [atual, setAtual] = useState('');
  const [nova, setNova] = useState('');
  const [scorer, setScorer] = useState<PasswordScorer | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    let alive = true;
    void loadPasswordScorer().then((loaded) => alive && setScorer(() => loaded));
    return () => {
      alive = false;
    };
  }, []);
  const strength = useMemo(() => (nova && scorer ? checkPasswordStrength(scorer, nova) : null), [nova, scorer]);
  const change = useMutation({
    mutationFn: () => callApi(accountSecurityContracts.changeMyPassword, { body: { atual, nova } }),
    onSuccess: (reply) => {
      setAtual('');
      setNova('');
      setError('');
      notifySuccess(reply.message);
    },
    onError: (e) => setError(errorText(e)),
  });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!atual) return setError('Informe a senha atual');
    if (strength && !strength.ok) return setError(weakPasswordMessage(strength));
    change.mutate();
  };
  return (
    <Box component="form" onSubmit={submit} noValidate aria-labelledby="seg-senha">
      <Stack gap="sm" maw={420}>
        <Title order={3} size="h4" id="seg-senha">
          Alterar senha
        </Title>
        <PasswordInput
          label="Senha atual"
          value={atual}
          onChange={(e) => setAtual(e.currentTarget.value)}
          autoComplete="current-password"
          classNames={{ input: classes.touch, innerInput: classes.touch }}
          visibilityToggleButtonProps={toggle}
        />
        <PasswordInput
          label="Nova senha"
          description="Pelo menos 8 caracteres; a força precisa ser ao menos 'bom'."
          value={nova}
          onChange={(e) => setNova(e.currentTarget.value)}
          autoComplete="new-password"
          classNames={{ input: classes.touch, innerInput: classes.touch }}
          visibilityToggleButtonProps={toggle}
        />
        {strength && (
          <Text size="sm" aria-live="polite">
            Força da senha: <strong>{strength.label}</strong>
          </Text>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={change.isPending} className={classes.touch}>
            Alterar senha
          </Button>
        </Group>
      </Stack>
    </Box>
  );
}

/** The ten codes, shown once: copy or save them. */
function RecoveryCodes({ codes, message }: { codes: string[]; message: string }) {
  const text = codes.join('\n');
  return (
    <Stack gap="xs">
      <Alert color="yellow" role="status">
        {message}
      </Alert>
      <SimpleGrid cols={2} spacing={4} maw={320} aria-label="Códigos de recuperação">
        {codes.map((code) => (
          <Code key={code} fz="md">
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Group gap="xs">
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy} className={classes.touch} leftSection={<IconCopy size={18} aria-hidden />}>
              {copied ? 'Copiados' : 'Copiar códigos'}
            </Button>
          )}
        </CopyButton>
        <Button
          variant="default"
          className={classes.touch}
          leftSection={<IconDownload size={18} aria-hidden />}
          onClick={() => saveBlob(new Blob([`${text}\n`], { type: 'text/plain' }), 'codigos-de-recuperacao.txt')}
        >
          Baixar códigos
        </Button>
      </Group>
    </Stack>
  );
}

function AuthenticatorSection() {
  const setup = useTotpSetup({ currentCodeOptional: true });
  const recovery = useMutation({
    mutationFn: () => callApi(accountSecurityContracts.newRecoveryCodes),
    onError: (e) => notifyError(errorText(e)),
  });
  const confirmed = setup.confirmedMessage !== '';
  const { mutate: newCodes } = recovery;
  // Once the new authenticator is active, its ten recovery codes (the old set stops working).
  useEffect(() => {
    if (confirmed) newCodes();
  }, [confirmed, newCodes]);

  return (
    <Stack gap="sm" aria-labelledby="seg-autenticador">
      <Title order={3} size="h4" id="seg-autenticador">
        Autenticador e códigos de recuperação
      </Title>
      <Text size="sm">
        O aplicativo autenticador do celular (Google Authenticator ou outro) gera o código pedido na entrada. Os códigos de recuperação servem uma
        única vez cada, para entrar e configurar um novo autenticador se o celular for perdido.
      </Text>
      {!setup.imageUrl && !confirmed && (
        <Group gap="xs">
          <Button onClick={setup.generate} loading={setup.generating} className={classes.touch} leftSection={<IconQrcode size={18} aria-hidden />}>
            Configurar autenticador
          </Button>
          <Button variant="default" onClick={() => recovery.mutate()} loading={recovery.isPending} className={classes.touch}>
            Novos códigos de recuperação
          </Button>
        </Group>
      )}
      {setup.generateError && (
        <Alert color="red" role="alert">
          {setup.generateError}
        </Alert>
      )}
      {setup.imageUrl && !confirmed && (
        <Stack gap="sm" maw={420}>
          <Image src={setup.imageUrl} alt="QR code do novo autenticador" w={200} h={200} />
          <Text size="sm">Leia o QR code com o aplicativo e digite o código de 6 dígitos que ele mostra.</Text>
          <PasswordInput
            label="Senha atual"
            value={setup.password}
            onChange={(e) => setup.setPassword(e.currentTarget.value)}
            error={setup.errors.password}
            autoComplete="current-password"
            classNames={{ input: classes.touch, innerInput: classes.touch }}
            visibilityToggleButtonProps={toggle}
          />
          {setup.hasAuthenticator && (
            <TextInput
              label="Código do autenticador atual"
              description="Se entrou com um código de recuperação, deixe em branco."
              value={setup.currentCode}
              onChange={(e) => setup.setCurrentCode(e.currentTarget.value)}
              error={setup.errors.currentCode}
              inputMode="numeric"
              autoComplete="one-time-code"
              classNames={{ input: classes.touch }}
            />
          )}
          <TextInput
            label="Código do novo autenticador"
            value={setup.code}
            onChange={(e) => setup.setCode(e.currentTarget.value)}
            error={setup.errors.code}
            inputMode="numeric"
            autoComplete="one-time-code"
            classNames={{ input: classes.touch }}
          />
          <Group gap="xs">
            <Button onClick={setup.handleConfirm} loading={setup.confirming} className={classes.touch}>
              Confirmar
            </Button>
            <Button variant="default" onClick={setup.reset} className={classes.touch}>
              Cancelar
            </Button>
          </Group>
        </Stack>
      )}
      {confirmed && (
        <Alert color="green" role="status">
          {setup.confirmedMessage}
        </Alert>
      )}
      {recovery.isPending && <BusyIndicator label="Gerando códigos de recuperação" />}
      {recovery.data && <RecoveryCodes codes={recovery.data.codes} message={recovery.data.message} />}
    </Stack>
  );
}

function SessionsSection() {
  const queryClient = useQueryClient();
  const key = queryKeyOf(accountSecurityContracts.mySessions);
  const sessions = useQuery({ queryKey: key, queryFn: ({ signal }) => callApi(accountSecurityContracts.mySessions, {}, { signal }) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const endOne = useMutation({
    mutationFn: (sessionId: number) => callApi(accountSecurityContracts.endMySession, { params: { sessionId } }),
    onSuccess: () => {
      notifySuccess('Sessão encerrada');
      return refresh();
    },
    onError: (e) => notifyError(errorText(e)),
  });
  const endOthers = useMutation({
    mutationFn: () => callApi(accountSecurityContracts.endOtherSessions),
    onSuccess: (reply) => {
      notifySuccess(reply.message);
      return refresh();
    },
    onError: (e) => notifyError(errorText(e)),
  });
  const list = sessions.data ?? [];
  return (
    <Stack gap="sm" aria-labelledby="seg-sessoes">
      <Group justify="space-between" wrap="wrap">
        <Title order={3} size="h4" id="seg-sessoes">
          Sessões ativas
        </Title>
        <Button
          variant="default"
          color="red"
          className={classes.touch}
          leftSection={<IconLogout size={18} aria-hidden />}
          disabled={list.length < 2}
          loading={endOthers.isPending}
          onClick={() => endOthers.mutate()}
        >
          Encerrar todas as outras
        </Button>
      </Group>
      {sessions.isError && (
        <Alert color="red" role="alert">
          {errorText(sessions.error)}
        </Alert>
      )}
      {!sessions.data && !sessions.isError && <BusyIndicator label="Carregando as sessões" />}
      <Stack gap="xs" role="list" aria-label="Sessões ativas">
        {list.map((s) => (
          <Box key={s.id} className={classes.card} role="listitem">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={2}>
                <Group gap="xs">
                  <Text fw={600} size="sm">
                    {s.device}
                  </Text>
                  {s.atual && (
                    <Badge variant="light" color="blue">
                      esta sessão
                    </Badge>
                  )}
                </Group>
                <Text size="sm">Endereço: {s.ip || '—'}</Text>
                <Text size="sm">
                  Desde {formatDateTimeShort(s.since)} · último acesso {formatDateTimeShort(s.lastSeen)}
                </Text>
              </Stack>
              {!s.atual && (
                <Button
                  variant="subtle"
                  color="red"
                  className={classes.touch}
                  aria-label={`Encerrar a sessão ${s.device} desde ${formatDateTimeShort(s.since)}`}
                  loading={endOne.isPending && endOne.variables === s.id}
                  onClick={() => endOne.mutate(s.id)}
                >
                  Encerrar
                </Button>
              )}
            </Group>
          </Box>
        ))}
      </Stack>
    </Stack>
  );
}

function EventsSection() {
  const events = useQuery({
    queryKey: queryKeyOf(accountSecurityContracts.myEvents),
    queryFn: ({ signal }) => callApi(accountSecurityContracts.myEvents, {}, { signal }),
  });
  return (
    <Stack gap="sm" aria-labelledby="seg-eventos">
      <Title order={3} size="h4" id="seg-eventos">
        Eventos de segurança recentes
      </Title>
      {events.isError && (
        <Alert color="red" role="alert">
          {errorText(events.error)}
        </Alert>
      )}
      {!events.data && !events.isError && <BusyIndicator label="Carregando os eventos" />}
      {events.data?.length === 0 && <Text size="sm">Nenhum evento.</Text>}
      <Stack gap={4} role="list" aria-label="Eventos de segurança">
        {events.data?.map((e) => (
          <Box key={e.id} className={classes.card} role="listitem">
            <Text size="sm" fw={600}>
              {securityEventLabels[e.kind]}
              {e.reason ? ` — ${securityReasonLabels[e.reason] ?? e.reason}` : ''}
            </Text>
            <Text size="sm">
              {formatDateTimeShort(e.at)} · endereço {e.ip || '—'}
            </Text>
          </Box>
        ))}
      </Stack>
    </Stack>
  );
}

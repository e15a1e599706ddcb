import { useEffect, useRef } from 'react';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconLock, IconMailCheck, IconShieldLock } from '@tabler/icons-react';
import { CpfInput } from './CpfInput';
import { useLoginForm } from '../hooks/useLoginForm';

/** Sign-in screen form (spec 1 §2): CPF, Senha, Código de acesso when asked; ENTRAR; password-request mode. */
export function LoginForm() {
  const form = useLoginForm();
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (form.requireCode) codeRef.current?.focus();
  }, [form.requireCode, form.useRecovery]);

  const submitLabel = form.mode === 0 ? 'ENTRAR' : form.requested ? 'SOLICITADO' : 'SOLICITAR SENHA';

  return (
    <form onSubmit={form.handleSubmit} noValidate aria-label={form.mode === 0 ? 'Entrar' : 'Solicitar senha'}>
      <Stack gap="md">
        {form.requestedMessage && (
          <Alert color="green" variant="light" icon={<IconMailCheck size={18} />} role="status">
            {form.requestedMessage}
          </Alert>
        )}

        {form.serverError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {form.serverError}
          </Alert>
        )}

        <CpfInput name="username" onChangeRaw={(raw) => form.setField('username', raw)} error={form.errors.username} autoFocus />

        {form.mode === 0 && (
          <PasswordInput
            label="Senha"
            name="password"
            autoComplete="current-password"
            leftSection={<IconLock size={18} stroke={1.6} aria-hidden />}
            value={form.values.password}
            onChange={(event) => form.setField('password', event.currentTarget.value)}
            error={form.errors.password}
          />
        )}

        {form.mode === 0 && form.requireCode && form.useRecovery && (
          <TextInput
            ref={codeRef}
            label="Código de recuperação"
            name="recoveryCode"
            description="Informe um dos seus códigos de recuperação (cada um vale uma única vez)"
            autoComplete="off"
            maxLength={20}
            leftSection={<IconShieldLock size={18} stroke={1.6} aria-hidden />}
            value={form.values.recoveryCode}
            onChange={(event) => form.setField('recoveryCode', event.currentTarget.value)}
            error={form.errors.recoveryCode}
          />
        )}

        {form.mode === 0 && form.requireCode && !form.useRecovery && (
          <TextInput
            ref={codeRef}
            label="Código de acesso"
            name="code"
            description="Informe o código do seu aplicativo autenticador"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            leftSection={<IconShieldLock size={18} stroke={1.6} aria-hidden />}
            value={form.values.code}
            onChange={(event) => form.setField('code', event.currentTarget.value)}
            error={form.errors.code}
          />
        )}

        <Button type="submit" fullWidth size="md" loading={form.submitting} disabled={form.mode === 1 && form.requested}>
          {submitLabel}
        </Button>

        {form.mode === 0 && form.requireCode && (
          <Button variant="subtle" size="compact-sm" onClick={form.toggleRecovery} type="button">
            {form.useRecovery ? 'Usar o código do autenticador' : 'Usar um código de recuperação'}
          </Button>
        )}

        {/* On a phone the long label wraps instead of being cut. */}
        <Button
          variant="subtle"
          size="compact-sm"
          h="auto"
          py={4}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
          onClick={form.toggleMode}
          type="button"
        >
          {form.mode === 0 ? 'Primeiro acesso / Esqueci minha senha' : 'Voltar para o login'}
        </Button>
      </Stack>
    </form>
  );
}

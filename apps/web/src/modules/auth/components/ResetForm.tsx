import { Alert, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconLock } from '@tabler/icons-react';
import { PASSWORD_MIN_LENGTH, resetMessages } from '@assoc/domain';
import { CpfInput } from './CpfInput';
import { useResetForm } from '../hooks/useResetForm';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';

/** The reset page form (spec 3 §2.18): CPF, new password, confirmation. */
export function ResetForm({ code }: { code: string }) {
  const form = useResetForm(code);

  if (form.done) {
    return (
      <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} role="status" title={resetMessages.success}>
        Você voltará à tela de entrada em 5 segundos para entrar com a nova senha.
      </Alert>
    );
  }

  return (
    <form onSubmit={(event) => void form.handleSubmit(event)} noValidate aria-label="Redefinir senha">
      <Stack gap="md">
        {form.serverError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {form.serverError}
          </Alert>
        )}
        <CpfInput name="cpf" onChangeRaw={(raw) => form.setField('cpf', raw)} error={form.errors.cpf} autoFocus />
        <Stack gap={6}>
          <PasswordInput
            label="Nova senha"
            name="password"
            autoComplete="new-password"
            leftSection={<IconLock size={18} stroke={1.6} aria-hidden />}
            value={form.values.password}
            onChange={(event) => form.setField('password', event.currentTarget.value)}
            error={form.errors.password}
          />
          <PasswordStrengthMeter strength={form.strength} />
        </Stack>
        <PasswordInput
          label="Confirme a nova senha"
          name="confirm"
          autoComplete="new-password"
          leftSection={<IconLock size={18} stroke={1.6} aria-hidden />}
          value={form.values.confirm}
          onChange={(event) => form.setField('confirm', event.currentTarget.value)}
          error={form.errors.confirm}
        />
        <Text size="xs" c="dimmed">
          Use pelo menos {PASSWORD_MIN_LENGTH} caracteres; senhas fracas ou comuns não são aceitas. Prefira várias palavras pouco comuns, números e
          símbolos.
        </Text>
        <Button type="submit" fullWidth size="md" loading={form.submitting}>
          ALTERAR SENHA
        </Button>
      </Stack>
    </form>
  );
}

import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { sessionMessages, toolsContracts, totpConfirmSchema, totpSetupMessages, type TotpConfirm } from '@assoc/domain';
import { isApiError } from '../../../app/api';
import { callApi } from '../../../app/client';

type Field = 'code' | 'password' | 'currentCode';
type Errors = Partial<Record<Field, string>>;

const digits = (value: string) => value.replace(/\D/g, '').slice(0, 6);

/** The field a refusal of the server belongs to (by its message; the rest goes under the new code). */
function fieldOf(message: string): Field {
  if (message.includes(totpSetupMessages.passwordRequired) || message === totpSetupMessages.wrongPassword) return 'password';
  if (message === totpSetupMessages.currentCodeRequired || message === totpSetupMessages.wrongCurrentCode) return 'currentCode';
  return 'code';
}

/**
 * Ferramentas → Acesso externo: 'Gerar Código' (GET gettoken) shows the QR image of a new secret;
 * the current password (and the current code, when an authenticator is already set) and one code typed
 * from the app (POST gettoken/confirm) activate it and end the user's other sessions (issue 8 §6).
 */
export function useTotpSetup({ currentCodeOptional = false }: { currentCodeOptional?: boolean } = {}) {
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [currentCode, setCurrentCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const clearForm = () => {
    setCode('');
    setPassword('');
    setCurrentCode('');
    setErrors({});
  };

  const generate = useMutation({
    mutationFn: () => callApi(toolsContracts.getToken),
    onMutate: () => {
      clearForm();
      confirm.reset();
    },
  });
  const hasAuthenticator = generate.data?.hasAuthenticator ?? false;

  const confirm = useMutation({
    mutationFn: (body: TotpConfirm) => callApi(toolsContracts.confirmToken, { body }),
    onSuccess: () => setPassword(''),
    onError: (error) => {
      const message = isApiError(error) ? error.message : String(error);
      setErrors({ [fieldOf(message)]: message });
    },
  });

  const handleConfirm = () => {
    // With `currentCodeOptional` (the portal's Segurança) a blank current code is left to the server: a session signed in
    // with a recovery code replaces the lost authenticator without it (issue 28 item 4); any other answers
    // 'currentCodeRequired' under the field.
    const sendCurrent = hasAuthenticator && (currentCode !== '' || !currentCodeOptional);
    const parsed = totpConfirmSchema.safeParse({ code, password, currentCode: sendCurrent ? currentCode : undefined });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as Field] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    confirm.mutate(parsed.data);
  };

  const reset = () => {
    generate.reset();
    confirm.reset();
    clearForm();
  };

  return {
    imageUrl: generate.data?.imageurl ?? '',
    hasAuthenticator,
    generating: generate.isPending,
    // Spec 3 §8: any failure to get the code shows the one message.
    generateError: generate.isError ? sessionMessages.toolsCodeFailure : '',
    generate: () => generate.mutate(),
    code,
    setCode: (value: string) => setCode(digits(value)),
    password,
    setPassword,
    currentCode,
    setCurrentCode: (value: string) => setCurrentCode(digits(value)),
    errors,
    confirming: confirm.isPending,
    confirmedMessage: confirm.data?.message ?? '',
    handleConfirm,
    reset,
  };
}

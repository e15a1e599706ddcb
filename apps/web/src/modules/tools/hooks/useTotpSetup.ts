import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { sessionMessages, totpConfirmSchema, type TotpSetupReply } from '@assoc/domain';
import { api, isApiError } from '../../../app/api';

/**
 * Ferramentas → Acesso externo: 'Gerar Código' (GET gettoken) shows the QR image of a new secret;
 * one code typed from the app (POST gettoken/confirm) activates it.
 */
export function useTotpSetup() {
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState('');

  const generate = useMutation({
    mutationFn: () => api.get<TotpSetupReply>('gettoken'),
    onMutate: () => {
      setCode('');
      setCodeError('');
      confirm.reset();
    },
  });

  const confirm = useMutation({
    mutationFn: (value: string) => api.post<{ status: number; message: string }>('gettoken/confirm', { code: value }),
    onError: (error) => setCodeError(isApiError(error) ? error.message : String(error)),
  });

  const handleConfirm = () => {
    const parsed = totpConfirmSchema.safeParse({ code });
    if (!parsed.success) {
      setCodeError(parsed.error.issues[0]?.message ?? '');
      return;
    }
    setCodeError('');
    confirm.mutate(parsed.data.code);
  };

  const reset = () => {
    generate.reset();
    confirm.reset();
    setCode('');
    setCodeError('');
  };

  return {
    imageUrl: generate.data?.imageurl ?? '',
    generating: generate.isPending,
    // Spec 3 §8: any failure to get the code shows the one message.
    generateError: generate.isError ? sessionMessages.toolsCodeFailure : '',
    generate: () => generate.mutate(),
    code,
    setCode: (value: string) => setCode(value.replace(/\D/g, '').slice(0, 6)),
    codeError,
    confirming: confirm.isPending,
    confirmedMessage: confirm.data?.message ?? '',
    handleConfirm,
    reset,
  };
}

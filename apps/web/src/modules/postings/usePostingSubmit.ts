import { useState } from 'react';
import { postingContracts, postingMessages, type PostingRow } from '@assoc/domain';
import { apiUpload, isApiError } from '../../app/api';
import { callApi, relativeUrlOf } from '../../app/client';
import { openConfirmDialog } from '../ui/confirm';
import { notifyError, notifySuccess } from '../ui/notify';

/** One key per confirmed batch: a double click or a retried request posts once (the server answers the same job). */
export const newPostingKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

export type PostingPayload = { kind: 'rows'; svcId: number; rows: PostingRow[]; key: string } | { kind: 'file'; svcId: number; file: File };

/**
 * LANÇAR (spec 2 §4, §8): "Deseja efetuar o lançamento?" with its ATENÇÃO text (SIM / NÃO), then POST lancamentos or
 * POST lancamentos/files; on success the spec's message and `onDone`; a refusal the server explains (400, 409: a file's
 * bad lines, a rule) shows its text, any other failure the spec's "Houve um erro para efetuar o lançamento".
 */
export function usePostingSubmit(onDone: () => void) {
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const send = async (payload: PostingPayload) => {
    setSending(true);
    setRefusal(null);
    try {
      if (payload.kind === 'rows') {
        await callApi(postingContracts.post, { body: { svcId: payload.svcId, lancamentos: payload.rows, lancamentoKey: payload.key } });
      } else {
        const form = new FormData();
        form.append('svcId', String(payload.svcId));
        form.append('file', payload.file, payload.file.name);
        await apiUpload(relativeUrlOf(postingContracts.postFile), form);
      }
      notifySuccess(postingMessages.started);
      onDone();
    } catch (error) {
      if (isApiError(error) && error.status === 401) return;
      const told = isApiError(error) && (error.status === 400 || error.status === 409) ? error.message : null;
      setRefusal(told);
      notifyError(told ?? postingMessages.failed);
    } finally {
      setSending(false);
    }
  };

  const confirmAndSend = (payload: PostingPayload) => {
    if (sending) return;
    openConfirmDialog({
      title: postingMessages.confirmTitle,
      message: postingMessages.confirmWarning,
      danger: true,
      onConfirm: () => void send(payload),
    });
  };

  return { sending, refusal, clearRefusal: () => setRefusal(null), confirmAndSend };
}

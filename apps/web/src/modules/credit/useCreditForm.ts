import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { chargeContracts, creditContracts, creditFormSchema, creditMessages, type CreditFormValues } from '@assoc/domain';
import { callApi, queryKeyOf } from '../../app/client';
import { isApiError } from '../../app/api';
import { openConfirmDialog } from '../ui/confirm';
import { useAppForm } from '../ui/form';
import { notifyError, notifySuccess } from '../ui/notify';

/** The dialog's idempotency key: one per opened dialog, so a double submit or a retry writes one credit. */
const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/**
 * The "Adicionar crédito" form (spec 2 §2.5, §4 "Credit issuing", §5, §8): the first user is the signed-in user's CPF
 * (disabled); Ok asks "Deseja emitir crédito?" (SIM / NÃO), then POST user/credito/{cstId}; on success the spec's
 * message and the member's debt (cobranca/divida) refreshed; a 404 or 409 with a message shows it, any other failure
 * the spec's generic text.
 */
export function useCreditForm({ cstId, cpf, onDone }: { cstId: number; cpf: string; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [creditoKey] = useState(newKey);
  const initial: CreditFormValues = {
    creditoRef: '',
    // Empty until typed (MoneyInput holds null); the schema answers 'Campo obrigatório'.
    creditoValor: null,
    creditoUsername1: cpf,
    creditoPassword1: '',
    creditoUsername2: '',
    creditoPassword2: '',
    creditoKey,
  };
  const form = useAppForm(creditFormSchema, initial);

  const send = async () => {
    setSaving(true);
    try {
      const reply = await callApi(creditContracts.issue, { params: { cstId }, body: form.parsed() });
      notifySuccess(reply.message);
      await queryClient.invalidateQueries({ queryKey: queryKeyOf(chargeContracts.debt, { params: { cstId } }) });
      onDone();
    } catch (error) {
      if (isApiError(error) && error.status === 401) return;
      // 404 (the spec's "body message") and 409 (the dialog's key already used by another credit) say why.
      const told = isApiError(error) && (error.status === 404 || error.status === 409) && error.message;
      notifyError(told ? error.message : creditMessages.failed);
    } finally {
      setSaving(false);
    }
  };

  const handleSave = () => {
    if (!form.showAllErrors() || saving) return;
    openConfirmDialog({ title: creditMessages.confirmTitle, message: creditMessages.confirmWarning, danger: true, onConfirm: () => void send() });
  };

  return { form, saving, handleSave };
}

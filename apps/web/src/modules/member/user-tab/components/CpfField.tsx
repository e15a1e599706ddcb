import { useRef, useState } from 'react';
import { isValidCpf, memberContracts, memberMessages, onlyDigits } from '@assoc/domain';
import { callApi } from '../../../../app/client';
import { CpfInput } from '../../../ui/inputs';
import { useUserTab } from '../userTabContext';
import { Changed } from './Changed';

/**
 * The member's CPF (spec 1 §5): a valid CPF, and once left the server's uniqueness check
 * (`GET user/cpf/{cpf}/{cstId}`): 'CPF já cadastrado' when another record holds it.
 */
export function CpfField() {
  const { form, cstId } = useUserTab();
  const [checking, setChecking] = useState(false);
  const lastChecked = useRef<string | null>(null);
  const digits = onlyDigits(String(form.values.custCpf ?? ''));

  async function check() {
    form.touch('custCpf');
    if (!isValidCpf(digits) || lastChecked.current === digits) return;
    lastChecked.current = digits;
    setChecking(true);
    try {
      const reply = await callApi(memberContracts.cpfCheck, { params: { cpf: digits, cstId } });
      form.setExternalError('custCpf', reply.count > 0 ? memberMessages.cpfTaken : '');
    } catch {
      // The save checks again; a failed probe does not block the form.
      lastChecked.current = null;
    } finally {
      setChecking(false);
    }
  }

  return (
    <Changed path="custCpf">
      <CpfInput
        label="CPF"
        withAsterisk
        value={digits}
        error={form.errorOf('custCpf')}
        description={checking ? 'Verificando…' : undefined}
        onChange={(next) => {
          form.setValue('custCpf', next);
          form.setExternalError('custCpf', '');
          lastChecked.current = null;
        }}
        onBlur={() => void check()}
      />
    </Changed>
  );
}

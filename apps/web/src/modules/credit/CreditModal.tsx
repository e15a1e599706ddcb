import { PasswordInput, SimpleGrid, TextInput } from '@mantine/core';
import { creditMessages } from '@assoc/domain';
import { FormModal } from '../ui/crud/FormModal';
import { CpfInput, MoneyInput } from '../ui/inputs';
import { useCreditForm } from './useCreditForm';

export interface CreditModalProps {
  cstId: number;
  /** The signed-in user's CPF: the first user, pre-filled and disabled (spec 2 §5). */
  cpf: string;
  onClose: () => void;
}

/** "Adicionar crédito" (spec 2 §2.5): reference, amount and two user/password pairs, then the confirmation. */
export function CreditModal({ cstId, cpf, onClose }: CreditModalProps) {
  const { form, saving, handleSave } = useCreditForm({ cstId, cpf, onDone: onClose });
  return (
    <FormModal opened title={creditMessages.title} valid={form.valid} changed={form.changed} saving={saving} onSave={handleSave} onClose={onClose}>
      <TextInput label="Referência" withAsterisk {...form.textProps('creditoRef', 30)} />
      <MoneyInput label="Valor" withAsterisk {...form.getInputProps('creditoValor')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <CpfInput label="Usuário 1" withAsterisk disabled {...form.getInputProps('creditoUsername1')} />
        <PasswordInput label="Senha 1" withAsterisk autoComplete="off" {...form.textProps('creditoPassword1', 20)} />
        <CpfInput label="Usuário 2" withAsterisk {...form.getInputProps('creditoUsername2')} />
        <PasswordInput label="Senha 2" withAsterisk autoComplete="off" {...form.textProps('creditoPassword2', 20)} />
      </SimpleGrid>
    </FormModal>
  );
}

import { Group, NumberInput, Select, Text } from '@mantine/core';
import { chargeLocals, formatCents, newChargeSchema, type NewCharge } from '@assoc/domain';
import { FormModal } from '../../ui/crud/FormModal';
import { useAppForm } from '../../ui/form';
import { DateInput, MoneyInput } from '../../ui/inputs';

export interface NewChargeModalProps {
  /** The outstanding debt (GET cobranca/divida), the default amount. */
  debt: number;
  /** The member's registered debit place, shown next to "Local cadastrado". */
  registeredPlace: string | null;
  /** Tomorrow, ISO: the default due date. */
  tomorrow: string;
  onAdd: (charge: NewCharge) => void;
  onClose: () => void;
}

/**
 * "Adicionar nova cobrança" (spec 1 §2, §3, §4, §5): Local (0 the registered place, 1 boleto), Vencimento (not before
 * today), Valor (required), Lançamentos (1 to 12), Dia Útil (optional, 1 to 31: the day of the month on which
 * instalments 2..n fall due, moved past weekends and holidays by the server — see the domain's `instalmentDueDate`);
 * defaults: the registered place, due tomorrow, the outstanding debt, 1 instalment, no Dia Útil. Ok adds the charge at
 * the top of the table; the member's save issues it.
 */
export function NewChargeModal({ debt, registeredPlace, tomorrow, onAdd, onClose }: NewChargeModalProps) {
  const form = useAppForm(newChargeSchema, { local: 0, vencimento: tomorrow, valor: debt, lancamentos: 1, diaUtil: null });
  const localOptions = chargeLocals.map((l) => ({
    value: String(l.value),
    label: l.value === 0 && registeredPlace ? `${l.label} (${registeredPlace})` : l.label,
  }));
  const add = () => {
    if (!form.showAllErrors()) return;
    onAdd(form.parsed());
    onClose();
  };
  return (
    // Ok is enabled on the defaults too: the defaults are a complete charge (spec 1 §4).
    <FormModal opened title="Adicionar nova cobrança" valid={form.valid} changed={form.valid} onSave={add} onClose={onClose}>
      <Text size="sm">Débito em aberto: {formatCents(debt)}</Text>
      <Select
        label="Local"
        data={localOptions}
        allowDeselect={false}
        value={String(form.values.local)}
        onChange={(value) => form.setValue('local', Number(value))}
        error={form.errorOf('local')}
      />
      <DateInput label="Vencimento" withAsterisk {...form.dateInputProps('vencimento')} />
      <MoneyInput label="Valor" withAsterisk {...form.getInputProps('valor')} />
      <Group grow align="flex-start">
        {/* Issue 22 item 21: 13 or 0 says 'Valor máximo/mínimo inválido' (the schema), never clamped to 12 or 1 on leaving. */}
        <NumberInput
          label="Lançamentos"
          withAsterisk
          min={1}
          max={12}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          value={form.values.lancamentos == null ? '' : Number(form.values.lancamentos)}
          error={form.errorOf('lancamentos')}
          onBlur={() => form.touch('lancamentos')}
          onChange={(value) => form.setValue('lancamentos', value === '' ? null : Number(value))}
        />
        <NumberInput
          label="Dia Útil"
          min={1}
          max={31}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          value={form.values.diaUtil == null ? '' : Number(form.values.diaUtil)}
          error={form.errorOf('diaUtil')}
          onBlur={() => form.touch('diaUtil')}
          onChange={(value) => form.setValue('diaUtil', value === '' ? null : Number(value))}
        />
      </Group>
    </FormModal>
  );
}

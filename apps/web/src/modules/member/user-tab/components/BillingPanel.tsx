import { Grid, NumberInput, Select, TextInput } from '@mantine/core';
import {
  accountLength,
  ASSOCIATION_PAYROLL,
  bankChangeValues,
  bankFields,
  debitPlaces,
  MAGISCRED,
  onlyDigits,
  type BankAccount,
} from '@assoc/domain';

/** A field of the bank account (its path: 'bankAccount.' and it). */
type BankField = keyof BankAccount & string;
import { useUserTab } from '../userTabContext';
import { Changed } from './Changed';
import { SectionFields } from './UserSection';

const debitPlaceOptions = debitPlaces.map((place) => ({ value: String(place.bnkId), label: `${place.bnkId} - ${place.bankName}` }));

/**
 * 'Dados de cobrança' (spec 1 §2 billing panel, §4 bank change, §5 bank rules): the debit place, the billing
 * day and the fields of the chosen bank; the rules and their messages are the member schema's.
 */
export function BillingPanel() {
  const { form } = useUserTab();
  const account = (form.values.bankAccount ?? {}) as Record<string, unknown>;
  const bnkId = account.bnkId == null || account.bnkId === '' ? null : Number(account.bnkId);
  const fields = bankFields(bnkId);
  const at = (field: BankField) => `bankAccount.${field}` as const;

  const digitsInput = (field: BankField, label: string, maxLength: number, readOnly = false) => (
    <Changed path={at(field)}>
      <TextInput
        {...form.textProps(at(field), maxLength, (typed) => (field.endsWith('Digit') ? typed.toUpperCase() : onlyDigits(typed)))}
        label={label}
        inputMode={field.endsWith('Digit') ? 'text' : 'numeric'}
        readOnly={readOnly}
      />
    </Changed>
  );

  return (
    <SectionFields>
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Changed path={at('bnkId')}>
            <Select
              label="Local de débito"
              placeholder="Selecione..."
              data={debitPlaceOptions}
              value={bnkId === null ? null : String(bnkId)}
              error={form.errorOf(at('bnkId'))}
              allowDeselect={false}
              onBlur={() => form.touch(at('bnkId'))}
              onChange={(value) => {
                const next = value === null ? null : Number(value);
                if (next === bnkId) return;
                // Spec 1 §4 bank change: account, account digit and branch digit cleared; branch 4378 for bank 18.
                const change = bankChangeValues(next);
                const place = debitPlaces.find((p) => p.bnkId === next);
                form.setValue('bankAccount', { ...account, ...change, bankName: place?.bankName ?? '' });
                form.touch(at('bnkId'));
              }}
            />
          </Changed>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <Changed path="custCobrancaDia">
            <NumberInput
              label="Dia de cobrança"
              min={1}
              max={31}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              value={form.values.custCobrancaDia == null ? '' : Number(form.values.custCobrancaDia)}
              error={form.errorOf('custCobrancaDia')}
              onBlur={() => form.touch('custCobrancaDia')}
              onChange={(value) => form.setValue('custCobrancaDia', value === '' ? null : Number(value))}
            />
          </Changed>
        </Grid.Col>
        {fields.includes('bnkaccBranch') ? (
          <Grid.Col span={{ base: 8, sm: 3 }}>{digitsInput('bnkaccBranch', 'Agência', 4, bnkId === MAGISCRED)}</Grid.Col>
        ) : null}
        {fields.includes('bnkaccBranchDigit') ? (
          <Grid.Col span={{ base: 4, sm: 2 }}>{digitsInput('bnkaccBranchDigit', 'Dígito agência', 1)}</Grid.Col>
        ) : null}
        {fields.includes('bnkaccAccount') ? (
          <Grid.Col span={{ base: 8, sm: 3 }}>
            {digitsInput('bnkaccAccount', bnkId === ASSOCIATION_PAYROLL ? 'Matrícula' : 'Conta', accountLength(bnkId))}
          </Grid.Col>
        ) : null}
        {fields.includes('bnkaccAccountDigit') ? (
          <Grid.Col span={{ base: 4, sm: 2 }}>{digitsInput('bnkaccAccountDigit', 'Dígito conta', 1)}</Grid.Col>
        ) : null}
      </Grid>
    </SectionFields>
  );
}

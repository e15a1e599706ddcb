import { useRef, useState } from 'react';
import { Grid, Text, TextInput } from '@mantine/core';
import { locationLimits, onlyDigits, type CepAddress, type Forum } from '@assoc/domain';
import type { AppForm } from '../../ui/form';
import { CepInput, isCityWide } from '../../ui/inputs';
import { CoordinatorFields } from './CoordinatorFields';
import { PhoneFields } from './PhoneFields';

interface ForumFormProps {
  form: AppForm;
  mode: 'new' | 'edit';
  record?: Forum;
}

const str = (value: unknown) => (value == null ? '' : String(value));
const sameText = (a: string, b: string) => a.localeCompare(b, 'pt-BR', { sensitivity: 'base' }) === 0;

/**
 * The Fórum modal's fields (spec 3 §3, §5). Entering a valid CEP fills address, city and UF and
 * clears number and complement; address and city are locked when the returned street differs from
 * the city (a city-wide CEP leaves them editable); clearing the CEP unlocks them.
 */
export function ForumForm({ form, mode, record }: ForumFormProps) {
  const numberRef = useRef<HTMLInputElement>(null);
  const addressRef = useRef<HTMLInputElement>(null);
  const v = (name: string) => str(form.values[name]);
  // A saved address that came from the lookup stays locked until the CEP is cleared.
  const [locked, setLocked] = useState(
    () => mode === 'edit' && onlyDigits(v('forZipcode')).length === 8 && v('forAddress') !== '' && !sameText(v('forAddress'), v('forCity')),
  );

  function fillAddress(address: CepAddress | null) {
    if (!address) {
      // Spec 3 §7: anything but 200 clears the fields.
      form.setMany({ forAddress: '', forCity: '', forState: '' });
      setLocked(false);
      return;
    }
    const cityWide = isCityWide(address);
    form.setMany({ forAddress: address.logradouro, forCity: address.cidade, forState: address.uf, forNumber: '', forComplement: '' });
    setLocked(!cityWide);
    setTimeout(() => (cityWide ? addressRef : numberRef).current?.focus(), 0);
  }

  const lockedProps = { readOnly: locked, variant: locked ? 'filled' : 'default' };
  return (
    <>
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <TextInput {...form.textProps('forNome', locationLimits.forNome)} label="Nome" withAsterisk data-autofocus />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <TextInput {...form.textProps('forShort', locationLimits.forShort)} label="Nome curto" withAsterisk />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <CepInput
            {...form.getInputProps('forZipcode')}
            onAddress={fillAddress}
            onDigits={(digits) => digits < 8 && setLocked(false)}
            // Spec 3 §5: an incomplete CEP clears the address; an empty one just leaves it editable.
            onLeave={(digits) => digits > 0 && digits < 8 && form.setMany({ forAddress: '', forCity: '', forState: '' })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 9 }}>
          <TextInput {...form.textProps('forAddress', locationLimits.forAddress)} {...lockedProps} ref={addressRef} label="Endereço" />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <TextInput {...form.textProps('forNumber', locationLimits.forNumber)} ref={numberRef} label="Número" />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <TextInput {...form.textProps('forComplement', locationLimits.forComplement)} label="Complemento" />
        </Grid.Col>
        <Grid.Col span={{ base: 9, sm: 4 }}>
          <TextInput {...form.textProps('forCity', locationLimits.forCity)} {...lockedProps} label="Cidade" />
        </Grid.Col>
        <Grid.Col span={{ base: 3, sm: 2 }}>
          <TextInput
            {...form.textProps('forState', locationLimits.forState)}
            label="UF"
            onChange={(event) => form.setValue('forState', event.currentTarget.value.toUpperCase())}
          />
        </Grid.Col>
        <PhoneFields form={form} ddd="forPhoneDdd1" number="apfPhone1" label="Telefone 1" dddLabel="DDD 1" />
        <PhoneFields form={form} ddd="forPhoneDdd2" number="forPhone2" label="Telefone 2" dddLabel="DDD 2" />
      </Grid>
      {locked ? (
        <Text size="xs" c="dimmed">
          Endereço e cidade preenchidos pelo CEP. Apague o CEP para digitá-los.
        </Text>
      ) : null}
      <CoordinatorFields form={form} titularName={record?.titularName} adjuntoName={record?.adjuntoName} />
    </>
  );
}

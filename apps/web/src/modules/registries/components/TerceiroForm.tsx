import { useRef, useState } from 'react';
import { ActionIcon, Grid, SegmentedControl, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconEraser } from '@tabler/icons-react';
import {
  formatCnpj,
  formatCpf,
  formatPhone,
  onlyDigits,
  terceiroDocumentError,
  terceiroLimits,
  terceiroTipoLabels,
  terceiroContracts,
  type CepAddress,
} from '@assoc/domain';
import { callApi } from '../../../app/client';
import type { AppForm } from '../../ui/form';
import { CepInput, isCityWide } from '../../ui/inputs';

const ADDRESS_FIELDS = ['terLogradouro', 'terBairro', 'terCidade', 'terUF'] as const;
const str = (value: unknown) => (value == null ? '' : String(value));

interface TerceiroFormProps {
  form: AppForm;
  mode: 'new' | 'edit';
}

/**
 * The third-party form (spec 3 §5): type person/company; document checked by the server when left
 * valid; address filled and locked by the CEP lookup; phones typed as digits and shown formatted.
 */
export function TerceiroForm({ form, mode }: TerceiroFormProps) {
  const numberRef = useRef<HTMLInputElement>(null);
  const streetRef = useRef<HTMLInputElement>(null);
  const hasCep = onlyDigits(str(form.values.terCEP)).length === 8;
  // A saved address came from the lookup: locked until cleared (street editable when it was left empty).
  const [lock, setLock] = useState(() => ({
    address: mode === 'edit' && hasCep,
    street: mode === 'edit' && hasCep && str(form.values.terLogradouro) !== '',
  }));
  const [checking, setChecking] = useState(false);
  const tipo = Number(form.values.terTipo) === 1 ? 1 : 0;
  const v = (name: string) => str(form.values[name]);
  const bind = (name: string, maxLength?: number) => form.textProps(name, maxLength);

  const clearAddress = (unlock: boolean) => {
    form.setMany(Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, ''])));
    if (unlock) setLock({ address: false, street: false });
  };

  function fillAddress(address: CepAddress | null) {
    if (!address) {
      clearAddress(true);
      return;
    }
    const cityWide = isCityWide(address);
    form.setMany({ terLogradouro: address.logradouro, terBairro: address.bairro, terCidade: address.cidade, terUF: address.uf });
    setLock({ address: true, street: !cityWide });
    // Spec 1 §4 zip flow: the number next; on a city-wide CEP the street, which stays editable.
    setTimeout(() => (cityWide ? streetRef : numberRef).current?.focus(), 0);
  }

  async function checkDocument() {
    form.touch('terCPFCNPJ');
    const document = v('terCPFCNPJ');
    // Shown at once, even while other fields are still empty (the schema checks it only once they parse).
    const localError = document ? terceiroDocumentError(tipo, document) : '';
    if (!document || localError) {
      form.setExternalError('terCPFCNPJ', localError);
      return;
    }
    form.setValue('terCPFCNPJ', tipo === 1 ? formatCnpj(document) : formatCpf(document));
    setChecking(true);
    try {
      const check = await callApi(terceiroContracts.checkDocument, {
        params: { terId: Number(form.values.terId) || 0, terTipo: tipo, document: onlyDigits(document) },
      });
      form.setExternalError('terCPFCNPJ', check.valid ? '' : check.message);
    } catch {
      // The save checks again; a failed probe does not block the form.
      form.setExternalError('terCPFCNPJ', '');
    } finally {
      setChecking(false);
    }
  }

  const phone = (name: string, label: string) => (
    <TextInput
      label={label}
      inputMode="numeric"
      value={formatPhone(null, v(name))}
      error={form.errorOf(name)}
      onBlur={() => form.touch(name)}
      onChange={(event) => form.setValue(name, onlyDigits(event.currentTarget.value).slice(0, terceiroLimits.phone))}
    />
  );

  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label="Tipo"
        value={String(tipo)}
        data={[
          { value: '0', label: terceiroTipoLabels[0] },
          { value: '1', label: terceiroTipoLabels[1] },
        ]}
        onChange={(value) => {
          form.setValue('terTipo', Number(value));
          const document = v('terCPFCNPJ');
          form.setExternalError('terCPFCNPJ', document ? terceiroDocumentError(Number(value), document) : '');
        }}
      />
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput
            {...bind('terCPFCNPJ', 18)}
            label={tipo === 1 ? 'CNPJ' : 'CPF'}
            withAsterisk
            data-autofocus
            inputMode="numeric"
            description={checking ? 'Verificando…' : undefined}
            onChange={(event) => {
              form.setValue('terCPFCNPJ', event.currentTarget.value);
              form.setExternalError('terCPFCNPJ', '');
            }}
            onBlur={() => void checkDocument()}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <TextInput {...bind('terNome', terceiroLimits.name)} label="Nome" withAsterisk />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput {...bind('terContato', terceiroLimits.contact)} label="Contato" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput {...bind('terEmail', terceiroLimits.email)} label="E-mail" type="email" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <CepInput
            {...form.getInputProps('terCEP')}
            onAddress={fillAddress}
            onLeave={(digits) => digits < 8 && clearAddress(true)}
            rightSection={
              <Tooltip label="Limpar endereço">
                <ActionIcon
                  variant="subtle"
                  aria-label="Limpar endereço"
                  onClick={() => {
                    form.setValue('terCEP', '');
                    clearAddress(true);
                    setTimeout(() => streetRef.current?.focus(), 0);
                  }}
                >
                  <IconEraser size={16} />
                </ActionIcon>
              </Tooltip>
            }
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 9 }}>
          <TextInput
            {...bind('terLogradouro', terceiroLimits.street)}
            ref={streetRef}
            label="Logradouro"
            readOnly={lock.street}
            variant={lock.street ? 'filled' : 'default'}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <TextInput {...bind('terNumero', terceiroLimits.number)} ref={numberRef} label="Número" />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <TextInput {...bind('terComplemento', terceiroLimits.complement)} label="Complemento" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            {...bind('terBairro', terceiroLimits.bairro)}
            label="Bairro"
            readOnly={lock.address}
            variant={lock.address ? 'filled' : 'default'}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 9, sm: 9 }}>
          <TextInput
            {...bind('terCidade', terceiroLimits.city)}
            label="Cidade"
            readOnly={lock.address}
            variant={lock.address ? 'filled' : 'default'}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 3, sm: 3 }}>
          <TextInput
            {...bind('terUF', terceiroLimits.uf)}
            label="UF"
            readOnly={lock.address}
            variant={lock.address ? 'filled' : 'default'}
            onChange={(event) => form.setValue('terUF', event.currentTarget.value.toUpperCase())}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>{phone('terTelefone1', 'Telefone 1')}</Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>{phone('terTelefone2', 'Telefone 2')}</Grid.Col>
      </Grid>
      {lock.address ? (
        <Text size="xs" c="dimmed">
          Endereço preenchido pelo CEP. Use “Limpar endereço” para digitar outro.
        </Text>
      ) : null}
    </Stack>
  );
}

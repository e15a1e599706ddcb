import { useRef, useState } from 'react';
import { ActionIcon, Button, Grid, Group, Menu, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconEraser, IconMap2, IconPrinter } from '@tabler/icons-react';
import { labelTypes, onlyDigits, type AddressKey, type AddressValues, type CepAddress } from '@assoc/domain';
import { maskCep } from '../../../ui/hooks/useCepLookup';
import type { MapAddress } from '../../../maps';
import { CepInput, isCityWide } from '../../../ui/inputs/CepInput';
import { str, useSectionEditable, useUserTab, valueOf } from '../userTabContext';
import { Changed } from './Changed';
import { SectionFields } from './UserSection';

/** Spec 1 §5 field lengths of an address. */
export const addressLimits = { street: 80, number: 20, complement: 20, bairro: 32, city: 32, state: 2, ddd: 2, phone: 9 } as const;

/** A field of an address (its path is the address key, a dot and it). */
type AddressField = keyof AddressValues & string;

/** The fields the lookup fills and locks (spec 1 §4 zip flow). */
const LOOKUP_FIELDS = ['adAddress', 'adBairro', 'adCity', 'adState'] as const;

interface AddressFieldsProps {
  /** 'enderecoResidencial', 'enderecoComercial' or 'enderecoForum'. */
  path: AddressKey;
  /** Whether the user may print labels (v2userdadosenderecoslabel). */
  canPrintLabel: boolean;
  /** Whether the maps button shows (hidden for v2portal). */
  canOpenMap: boolean;
  onPrintLabel: (type: number) => void;
  onOpenMap: (address: MapAddress) => void;
}

/**
 * One address of the member (spec 1 §2 "Address block", §4 zip flow, §5 address rules): CEP with the lookup,
 * street, number, complement, neighbourhood, city, state, two phones, the print-label dropdown and the maps button.
 */
export function AddressFields({ path, canPrintLabel, canOpenMap, onPrintLabel, onOpenMap }: AddressFieldsProps) {
  const { form, cstId } = useUserTab();
  const editable = useSectionEditable();
  const at = (field: AddressField) => `${path}.${field}` as const;
  const v = (field: AddressField) => str(valueOf(form, at(field)));
  const numberRef = useRef<HTMLInputElement>(null);
  const streetRef = useRef<HTMLInputElement>(null);
  const zip = onlyDigits(v('adZipcode'));
  const hasZip = zip.length === 8;
  // A saved address filled by the lookup (adAddNewCEP 0) stays locked until cleared; its street is
  // editable when the CEP is city-wide (street empty or equal to the city).
  const [lock, setLock] = useState(() => {
    const fromLookup = hasZip && Number(v('adAddNewCEP') || 0) === 0;
    const street = v('adAddress');
    return { address: fromLookup, street: fromLookup && street !== '' && street.localeCompare(v('adCity'), 'pt-BR', { sensitivity: 'base' }) !== 0 };
  });

  const focus = (ref: React.RefObject<HTMLInputElement | null>) => setTimeout(() => ref.current?.focus(), 0);

  const clearLookupFields = () => {
    for (const field of LOOKUP_FIELDS) form.setValue(at(field), '');
    form.setValue(at('adAddNewCEP'), 1);
    setLock({ address: false, street: false });
  };

  function fill(address: CepAddress | null) {
    if (!address) {
      clearLookupFields();
      return;
    }
    const cityWide = isCityWide(address);
    form.setValue(at('adAddress'), address.logradouro.slice(0, addressLimits.street));
    form.setValue(at('adBairro'), address.bairro.slice(0, addressLimits.bairro));
    form.setValue(at('adCity'), address.cidade.slice(0, addressLimits.city));
    form.setValue(at('adState'), address.uf.slice(0, addressLimits.state));
    form.setValue(at('adAddNewCEP'), 0);
    setLock({ address: true, street: !cityWide });
    focus(cityWide ? streetRef : numberRef);
  }

  /** The clear action: every address field emptied, typed by hand from now on (adAddNewCEP 1), focus on the street. */
  function clearAll() {
    for (const field of ['adZipcode', 'adNumber', 'adComplement', ...LOOKUP_FIELDS] as const) form.setValue(at(field), '');
    form.setValue(at('adAddNewCEP'), 1);
    setLock({ address: false, street: false });
    focus(streetRef);
  }

  const text = (field: AddressField, label: string, maxLength: number, locked = false) => (
    <Changed path={at(field)}>
      <TextInput
        {...form.textProps(at(field), maxLength)}
        label={label}
        readOnly={locked}
        variant={locked && editable ? 'filled' : 'default'}
        ref={field === 'adAddress' ? streetRef : field === 'adNumber' ? numberRef : undefined}
      />
    </Changed>
  );

  const digits = (field: AddressField, label: string, maxLength: number) => (
    <Changed path={at(field)}>
      <TextInput {...form.textProps(at(field), maxLength, (typed) => onlyDigits(typed))} label={label} inputMode="numeric" />
    </Changed>
  );

  return (
    <Stack gap="xs">
      <SectionFields>
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 3 }}>
            <Changed path={at('adZipcode')}>
              <CepInput
                label="CEP"
                value={maskCep(zip)}
                error={form.errorOf(at('adZipcode'))}
                onChange={(masked) => form.setValue(at('adZipcode'), onlyDigits(masked))}
                onBlur={() => form.touch(at('adZipcode'))}
                onAddress={fill}
                onLeave={(count) => {
                  if (count > 0 && count < 8) clearLookupFields();
                }}
                rightSection={
                  editable ? (
                    <Tooltip label="Limpar endereço">
                      <ActionIcon variant="subtle" aria-label="Limpar endereço" onClick={clearAll}>
                        <IconEraser size={16} />
                      </ActionIcon>
                    </Tooltip>
                  ) : null
                }
              />
            </Changed>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 9 }}>{text('adAddress', 'Logradouro', addressLimits.street, lock.street)}</Grid.Col>
          <Grid.Col span={{ base: 12, xs: 6, sm: 3 }}>{text('adNumber', 'Número', addressLimits.number)}</Grid.Col>
          <Grid.Col span={{ base: 12, xs: 6, sm: 3 }}>{text('adComplement', 'Complemento', addressLimits.complement)}</Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>{text('adBairro', 'Bairro', addressLimits.bairro, lock.address)}</Grid.Col>
          <Grid.Col span={{ base: 12, xs: 9, sm: 5 }}>{text('adCity', 'Cidade', addressLimits.city, lock.address)}</Grid.Col>
          <Grid.Col span={{ base: 12, xs: 3, sm: 1 }}>
            <Changed path={at('adState')}>
              <TextInput
                {...form.textProps(at('adState'), addressLimits.state, (typed) => typed.toUpperCase())}
                label="UF"
                readOnly={lock.address}
                variant={lock.address && editable ? 'filled' : 'default'}
              />
            </Changed>
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 4, sm: 1 }}>{digits('adPhoneDdd', 'DDD', addressLimits.ddd)}</Grid.Col>
          <Grid.Col span={{ base: 12, xs: 8, sm: 2 }}>{digits('adPhone', 'Telefone 1', addressLimits.phone)}</Grid.Col>
          <Grid.Col span={{ base: 12, xs: 4, sm: 1 }}>{digits('adPhoneDdd2', 'DDD 2', addressLimits.ddd)}</Grid.Col>
          <Grid.Col span={{ base: 12, xs: 8, sm: 2 }}>{digits('adPhone2', 'Telefone 2', addressLimits.phone)}</Grid.Col>
        </Grid>
      </SectionFields>
      <Group gap="xs" justify="flex-end">
        {lock.address && editable ? (
          <Text size="xs" c="dimmed" mr="auto">
            Endereço preenchido pelo CEP. Use “Limpar endereço” para digitar outro.
          </Text>
        ) : null}
        {canPrintLabel ? (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button variant="default" size="xs" leftSection={<IconPrinter size={16} />} disabled={!hasZip || cstId < 0}>
                Etiqueta
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {labelTypes.map(({ value, label }) => (
                <Menu.Item key={value} onClick={() => onPrintLabel(value)}>
                  {label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        ) : null}
        {canOpenMap ? (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconMap2 size={16} />}
            disabled={!hasZip}
            onClick={() =>
              onOpenMap({ street: v('adAddress'), number: v('adNumber'), district: v('adBairro'), city: v('adCity'), state: v('adState'), zip })
            }
          >
            Mapa
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

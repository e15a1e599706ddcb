import { Checkbox, NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { serviceLimits, servicePluginOptions, serviceTypeLabels, serviceTypes, type ExtratoGroup } from '@assoc/domain';
import type { AppForm } from '../../ui/form';
import { MoneyInput } from '../../ui/inputs';

/** The posting mode of Lançamentos (svcLancPlugin): '' stands for none, the default rows. */
const postingPluginOptions = [
  { value: '', label: 'Padrão' },
  { value: 'lanccelular', label: 'Celular' },
  { value: 'lancbar', label: 'Arquivo' },
];

const num = (value: unknown) => (typeof value === 'number' ? value : '');
const toNumber = (value: string | number) => (typeof value === 'number' ? value : value === '' ? null : Number(value.replace(',', '.')));

/**
 * The service modal (spec 3 §3, §5): value in R$ (integer cents, MoneyInput), rates in percent with 2 decimals, and
 * the plugin its rows open on the member (spec 1 §3 svcEditPlugin; cleared, none).
 */
export function ServiceForm({ form, groups }: { form: AppForm; groups: ExtratoGroup[] }) {
  const v = form.values;
  const common = (name: string) => ({ error: form.errorOf(name), onBlur: () => form.touch(name) });
  const text = (name: string, label: string, max: number, required = false) => (
    <TextInput label={label} withAsterisk={required} {...form.textProps(name, max)} />
  );
  // clampBehavior none: an out-of-range value stays as typed and the schema's message shows (Mantine
  // would silently correct it on blur, 60 → 50 %).
  const integer = (name: string, label: string, min: number, max: number) => (
    <NumberInput
      label={label}
      min={min}
      max={max}
      allowDecimal={false}
      clampBehavior="none"
      {...common(name)}
      value={num(v[name])}
      onChange={(x) => form.setValue(name, toNumber(x))}
    />
  );
  /** Percent with 2 decimals, as in the list ('2,50 %', '0,00 %'). */
  const rate = (name: string, label: string) => (
    <NumberInput
      label={label}
      min={0}
      max={50}
      decimalScale={2}
      fixedDecimalScale
      decimalSeparator=","
      suffix=" %"
      clampBehavior="none"
      {...common(name)}
      value={num(v[name])}
      onChange={(x) => form.setValue(name, toNumber(x))}
    />
  );
  const check = (name: string, label: string) => (
    <Checkbox label={label} checked={Boolean(v[name])} onChange={(e) => form.setValue(name, e.currentTarget.checked)} />
  );
  const groupData = groups.map((g) => ({ value: String(g.extgrpID), label: g.extgrpName }));
  const group = (name: string, label: string) => (
    <Select
      label={label}
      data={groupData}
      clearable
      searchable
      placeholder="Selecione..."
      {...common(name)}
      value={v[name] == null ? null : String(v[name])}
      onChange={(x) => form.setValue(name, x ? Number(x) : null)}
    />
  );
  return (
    <>
      {text('svcName', 'Nome', serviceLimits.name, true)}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <MoneyInput label="Valor" min={0} {...form.getInputProps('svcValor')} />
        {rate('svcTaxaAdm', 'Taxa adm.')}
        {rate('svcTaxaAdmNs', 'Taxa adm. (não sócio)')}
        <Select
          label="Tipo"
          data={serviceTypes.map((t) => ({ value: String(t), label: serviceTypeLabels[t]! }))}
          allowDeselect={false}
          {...common('svcServiceType')}
          value={String(v.svcServiceType ?? 0)}
          onChange={(x) => form.setValue('svcServiceType', Number(x ?? 0))}
        />
        {integer('svcMaxParcelas', 'Máximo de parcelas', 1, 99)}
        {/* Each age in its own cell: two in one cell wrapped their labels and misaligned the inputs. */}
        {integer('svcMin', 'Idade mínima', 0, 999)}
        {integer('svcMax', 'Idade máxima', 1, 999)}
        {text('svcContaDebito', 'Conta débito', serviceLimits.account)}
        {text('svcContaCredito', 'Conta crédito', serviceLimits.account)}
        {text('svcCentroDeCusto', 'Centro de custo', serviceLimits.account)}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {group('extgrpId', 'Grupo de extrato')}
        {group('irgrpId', 'Grupo de IR')}
        <Select
          label="Plugin"
          data={servicePluginOptions}
          clearable
          placeholder="Selecione..."
          {...common('svcEditPlugin')}
          value={typeof v.svcEditPlugin === 'string' ? v.svcEditPlugin : null}
          onChange={(x) => form.setValue('svcEditPlugin', x ?? null)}
        />
        <Select
          label="Plugin de lançamento"
          data={postingPluginOptions}
          allowDeselect={false}
          {...common('svcLancPlugin')}
          value={typeof v.svcLancPlugin === 'string' ? v.svcLancPlugin : ''}
          onChange={(x) => form.setValue('svcLancPlugin', x === 'lanccelular' || x === 'lancbar' ? x : null)}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
        {check('svcProRata', 'Pró-rata')}
        {check('svcLancaNoFim', 'Lança no fim')}
        {check('svcPermiteDependente', 'Permite dependente')}
        {check('svcPermiteDuplicado', 'Permite duplicado')}
        {check('svcMudaFaixa', 'Muda de faixa')}
      </SimpleGrid>
    </>
  );
}

import { Grid, NumberInput, Select, Switch, TextInput } from '@mantine/core';
import {
  cchPlanOptions,
  isCchPlugin,
  memberServiceRoles,
  servicePluginLimits as limits,
  type MemberServiceItem,
  type memberServiceItemSchema,
} from '@assoc/domain';
import { useRoles } from '../../ui/components/RoleGate';
import type { AppForm } from '../../ui/form';
import { DateInput, MoneyInput } from '../../ui/inputs';
import type { ServiceRow } from './serviceRows';

const onlyDigits = (max: number) => (text: string) => text.replace(/\D/g, '').slice(0, max);

/**
 * The fields of one service row (spec 1 §3 plugin fields, §5 rules, §9 limits): the plugin's own fields, then
 * value, quantity and the period the monthly closing charges. `inserting` shows the CCH add toggles (each with
 * its role: v2cchdatainsc, v2cchhistorico).
 */
export function ServiceFields({ form, inserting }: { form: AppForm<typeof memberServiceItemSchema, ServiceRow>; inserting: boolean }) {
  const roles = useRoles();
  const plugin = (form.values as Partial<MemberServiceItem>).svcEditPlugin ?? null;
  const span = { base: 12, sm: 6 };
  return (
    <Grid gap="sm">
      {plugin === 'plgCelular' ? (
        <>
          <Grid.Col span={span}>
            <TextInput label="Número" withAsterisk inputMode="numeric" {...form.textProps('cslStr1', limits.phoneMax, onlyDigits(limits.phoneMax))} />
          </Grid.Col>
          <Grid.Col span={span}>
            <TextInput label="Modelo" {...form.textProps('cslStr2', limits.phoneModel)} />
          </Grid.Col>
          <Grid.Col span={span}>
            <TextInput label="IMEI" {...form.textProps('cslStr3', limits.imei)} />
          </Grid.Col>
          <Grid.Col span={span}>
            <TextInput label="Nota fiscal" {...form.textProps('cslStr4', limits.invoice)} />
          </Grid.Col>
        </>
      ) : null}
      {plugin === 'plgSeguroVida' ? (
        <>
          <Grid.Col span={span}>
            <MoneyInput label="Prêmio" withAsterisk {...form.getInputProps('cslValue2')} />
          </Grid.Col>
          <Grid.Col span={span}>
            <TextInput
              label="Proposta"
              withAsterisk
              inputMode="numeric"
              {...form.textProps('cslStr1', limits.proposal, onlyDigits(limits.proposal))}
            />
          </Grid.Col>
          <Grid.Col span={span}>
            <MoneyInput label="Capital morte" {...form.getInputProps('cslValue1')} />
          </Grid.Col>
          <Grid.Col span={span}>
            <DateInput label="Vigência" {...form.dateInputProps('cslDate1')} />
          </Grid.Col>
          <Grid.Col span={12}>
            <TextInput label="Comentário" {...form.textProps('cslStr2', limits.comment)} />
          </Grid.Col>
        </>
      ) : null}
      {plugin === 'plgHealth' ? (
        <>
          <Grid.Col span={span}>
            <TextInput label="Cartão" inputMode="numeric" {...form.textProps('cslStr1', limits.healthCard, onlyDigits(limits.healthCard))} />
          </Grid.Col>
          <Grid.Col span={span}>
            <TextInput label="Número Unimed" inputMode="numeric" {...form.textProps('cslStr2', limits.unimed, onlyDigits(limits.unimed))} />
          </Grid.Col>
          <Grid.Col span={span}>
            <DateInput label="Validade" {...form.dateInputProps('cslDate1')} />
          </Grid.Col>
        </>
      ) : null}
      {isCchPlugin(plugin) ? (
        <>
          <Grid.Col span={span}>
            <DateInput label="Data de inscrição" withAsterisk={inserting} {...form.dateInputProps('cslDate1')} />
          </Grid.Col>
          <Grid.Col span={span}>
            <Select
              label="Plano de saúde"
              withAsterisk={inserting}
              placeholder="Selecione..."
              data={cchPlanOptions.map((p) => ({ value: String(p.value), label: p.label }))}
              value={form.values.cslInt1 == null ? null : String(form.values.cslInt1)}
              error={form.errorOf('cslInt1')}
              onChange={(value) => form.setValue('cslInt1', value ? Number(value) : null)}
              onBlur={() => form.touch('cslInt1')}
            />
          </Grid.Col>
          {inserting && roles.includes(memberServiceRoles.cchIgnoreEnrolment) ? (
            <Grid.Col span={span}>
              <Switch
                label="Ignorar data de inscrição histórica"
                checked={form.values.cslInt4 === 1}
                onChange={(e) => form.setValue('cslInt4', e.currentTarget.checked ? 1 : null)}
              />
            </Grid.Col>
          ) : null}
          {inserting && roles.includes(memberServiceRoles.cchIgnoreHistory) ? (
            <Grid.Col span={span}>
              <Switch
                label="Ignorar histórico de data e saldo"
                checked={form.values.cslInt5 === 1}
                onChange={(e) => form.setValue('cslInt5', e.currentTarget.checked ? 1 : null)}
              />
            </Grid.Col>
          ) : null}
        </>
      ) : null}
      <Grid.Col span={span}>
        <MoneyInput label="Valor" {...form.getInputProps('valor')} />
      </Grid.Col>
      <Grid.Col span={span}>
        <NumberInput
          label="Quantidade"
          min={0}
          allowDecimal={false}
          value={(form.values.cslQuantidade as number | null | undefined) ?? ''}
          error={form.errorOf('cslQuantidade')}
          onChange={(value) => form.setValue('cslQuantidade', typeof value === 'number' ? value : null)}
        />
      </Grid.Col>
      <Grid.Col span={span}>
        <DateInput label="Início" {...form.dateInputProps('cslInicio')} />
      </Grid.Col>
      <Grid.Col span={span}>
        <DateInput label="Fim" {...form.dateInputProps('cslFim')} />
      </Grid.Col>
    </Grid>
  );
}

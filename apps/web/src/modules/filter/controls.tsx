import { ActionIcon, Button, Group, MultiSelect, NumberInput, SegmentedControl, Select, Switch, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ActionProps, CombinatorSelectorProps, FullOption, NotToggleProps, ValueEditorProps, ValueSelectorProps } from 'react-querybuilder';
import type { FilterCriterion, FilterOption, FilterOptions } from '@assoc/domain';
import { DateInput } from '../ui/inputs/DateInput';
import { MoneyInput } from '../ui/inputs/MoneyInput';
import { filterTexts as t } from './texts';

/** The query builder's context: the registries' choices (GET filter/opcoes). */
export interface FilterBuilderContext {
  options: FilterOptions | undefined;
}

/** A react-querybuilder field carrying its catalogue criterion. */
export interface FilterField extends FullOption {
  criterion: FilterCriterion;
}

const dataOf = (options: readonly FullOption[] | unknown) =>
  (Array.isArray(options) ? (options as FullOption[]) : []).map((o) => ({ value: String(o.name ?? o.value), label: String(o.label) }));

function selector(label: string) {
  return function FilterSelector({ options, value, handleOnChange, disabled }: ValueSelectorProps) {
    return (
      <Select
        aria-label={label}
        size="xs"
        w={220}
        data={dataOf(options)}
        value={value ?? null}
        onChange={(v) => v !== null && handleOnChange(v)}
        allowDeselect={false}
        searchable
        disabled={!!disabled}
        comboboxProps={{ withinPortal: true }}
      />
    );
  };
}

export const FieldSelector = selector(t.field);
export const OperatorSelector = selector(t.operator);

export function CombinatorSelector({ options, value, handleOnChange, disabled }: CombinatorSelectorProps) {
  return (
    <SegmentedControl
      aria-label={t.combinator}
      size="xs"
      data={dataOf(options)}
      value={value ?? 'and'}
      onChange={handleOnChange}
      disabled={!!disabled}
    />
  );
}

export function NotToggle({ checked, handleOnChange, disabled }: NotToggleProps) {
  return <Switch size="xs" label={t.not} checked={!!checked} onChange={(e) => handleOnChange(e.currentTarget.checked)} disabled={!!disabled} />;
}

function addAction(text: string) {
  return function AddAction({ handleOnClick, disabled }: ActionProps) {
    return (
      <Button size="compact-xs" variant="light" leftSection={<IconPlus size={14} />} onClick={(e) => handleOnClick(e)} disabled={!!disabled}>
        {text}
      </Button>
    );
  };
}
function removeAction(text: string) {
  return function RemoveAction({ handleOnClick, disabled }: ActionProps) {
    return (
      <ActionIcon size="sm" variant="subtle" color="red" aria-label={text} title={text} onClick={(e) => handleOnClick(e)} disabled={!!disabled}>
        <IconTrash size={14} />
      </ActionIcon>
    );
  };
}
export const AddRuleAction = addAction(t.addRule);
export const AddGroupAction = addAction(t.addGroup);
export const RemoveRuleAction = removeAction(t.removeRule);
export const RemoveGroupAction = removeAction(t.removeGroup);

function optionsOf(criterion: FilterCriterion, context: FilterBuilderContext | undefined): { value: string; label: string }[] {
  const list: readonly FilterOption[] = criterion.options ?? (criterion.dynamicOptions ? (context?.options?.[criterion.dynamicOptions] ?? []) : []);
  return list.map((o) => ({ value: String(o.value), label: o.label }));
}

/** One value box of the criterion's type (text, number, money in R$, DD/MM/YYYY date, a choice, Sim/Não). */
function SingleValue({
  criterion,
  label,
  value,
  onChange,
  context,
}: {
  criterion: FilterCriterion;
  label: string;
  value: unknown;
  onChange: (v: unknown) => void;
  context: FilterBuilderContext | undefined;
}) {
  switch (criterion.valueType) {
    case 'number':
      return (
        <NumberInput
          aria-label={label}
          size="xs"
          w={110}
          allowDecimal={false}
          min={criterion.min}
          max={criterion.max}
          value={typeof value === 'number' || typeof value === 'string' ? value : ''}
          onChange={(v) => onChange(v === '' ? '' : Number(v))}
        />
      );
    case 'money':
      return (
        <MoneyInput aria-label={label} size="xs" w={150} value={typeof value === 'number' ? value : ''} onChange={(cents) => onChange(cents ?? '')} />
      );
    case 'date':
      return (
        <div style={{ width: 150 }}>
          <DateInput label={label} value={typeof value === 'string' ? value : null} onChange={(iso) => onChange(iso ?? '')} />
        </div>
      );
    case 'select':
    case 'boolean':
      return (
        <Select
          aria-label={label}
          size="xs"
          w={160}
          data={optionsOf(criterion, context)}
          value={value === undefined || value === '' ? null : String(value)}
          onChange={(v) => onChange(v ?? '')}
          comboboxProps={{ withinPortal: true }}
        />
      );
    default:
      return (
        <TextInput
          aria-label={label}
          size="xs"
          w={180}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
  }
}

/** The value editor of a rule: by its criterion's type and operator (`between`: two boxes; `in`: a multi-select). */
export function ValueEditor({ fieldData, operator, value, handleOnChange, context }: ValueEditorProps) {
  const criterion = (fieldData as FilterField).criterion;
  const ctx = context as FilterBuilderContext | undefined;
  if (!criterion) return null;
  if (operator === 'in' || operator === 'notIn') {
    return (
      <MultiSelect
        aria-label={t.value(criterion.label)}
        size="xs"
        miw={220}
        maw={480}
        searchable
        data={optionsOf(criterion, ctx)}
        value={Array.isArray(value) ? value.map(String) : []}
        onChange={handleOnChange}
        comboboxProps={{ withinPortal: true }}
      />
    );
  }
  if (operator === 'between') {
    const pair = Array.isArray(value) ? value : ['', ''];
    return (
      <Group gap={4} wrap="nowrap">
        <SingleValue
          criterion={criterion}
          context={ctx}
          label={t.from(criterion.label)}
          value={pair[0]}
          onChange={(v) => handleOnChange([v, pair[1] ?? ''])}
        />
        <SingleValue
          criterion={criterion}
          context={ctx}
          label={t.to(criterion.label)}
          value={pair[1]}
          onChange={(v) => handleOnChange([pair[0] ?? '', v])}
        />
      </Group>
    );
  }
  return <SingleValue criterion={criterion} context={ctx} label={t.value(criterion.label)} value={value} onChange={handleOnChange} />;
}

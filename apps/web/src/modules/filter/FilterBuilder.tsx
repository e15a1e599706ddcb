import { useMemo } from 'react';
import { QueryBuilder, type RuleGroupType } from 'react-querybuilder';
import 'react-querybuilder/dist/query-builder-layout.css';
import { filterCriteria, filterCriterion, operatorLabelOf, type FilterOptions } from '@assoc/domain';
import {
  AddGroupAction,
  AddRuleAction,
  CombinatorSelector,
  FieldSelector,
  NotToggle,
  OperatorSelector,
  RemoveGroupAction,
  RemoveRuleAction,
  ValueEditor,
  type FilterBuilderContext,
  type FilterField,
} from './controls';
import { filterTexts as t } from './texts';

/** The criteria catalogue as react-querybuilder's fields, each with its own operators (pt-BR). */
const fields: FilterField[] = filterCriteria.map((criterion) => ({
  name: criterion.key,
  value: criterion.key,
  label: criterion.label,
  criterion,
  defaultOperator: criterion.defaultOperator,
  operators: criterion.operators.map((op) => ({ name: op, value: op, label: operatorLabelOf(criterion, op) })),
}));

const combinators = [
  { name: 'and', value: 'and', label: t.and },
  { name: 'or', value: 'or', label: t.or },
];

/** A new rule's value: a list for `in`, a pair for `between`, empty otherwise. */
function defaultValue(rule: { field: string; operator: string }) {
  if (rule.operator === 'in' || rule.operator === 'notIn') return [];
  if (rule.operator === 'between') return ['', ''];
  return filterCriterion(rule.field)?.valueType === 'boolean' ? 'true' : '';
}

/**
 * The criteria editor: react-querybuilder (nested AND/OR groups, NOT) with our Mantine controls, over the domain's one
 * catalogue; the registries' choices come in `options`.
 */
export function FilterBuilder({
  query,
  onChange,
  options,
}: {
  query: RuleGroupType;
  onChange: (q: RuleGroupType) => void;
  options: FilterOptions | undefined;
}) {
  const context = useMemo<FilterBuilderContext>(() => ({ options }), [options]);
  return (
    <QueryBuilder
      fields={fields}
      combinators={combinators}
      query={query}
      onQueryChange={onChange}
      context={context}
      listsAsArrays
      showNotToggle
      resetOnOperatorChange
      getDefaultValue={defaultValue}
      controlClassnames={{ queryBuilder: 'queryBuilder-branches' }}
      controlElements={{
        fieldSelector: FieldSelector,
        operatorSelector: OperatorSelector,
        combinatorSelector: CombinatorSelector,
        valueEditor: ValueEditor,
        notToggle: NotToggle,
        addRuleAction: AddRuleAction,
        addGroupAction: AddGroupAction,
        removeRuleAction: RemoveRuleAction,
        removeGroupAction: RemoveGroupAction,
      }}
    />
  );
}

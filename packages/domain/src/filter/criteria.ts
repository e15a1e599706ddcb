/**
 * The filter's criteria (spec README decision 12; issue 29 item 1): ONE typed catalogue the web's query builder shows
 * and the server compiles (apps/api/src/modules/filter/filter.compiler.ts turns each key into parameterised SQL over
 * an allow-list: the client never sends SQL). Each criterion says its pt-BR label, its value type, the operators it
 * allows, its choices (fixed here or loaded from the registries: `dynamicOptions`), whether it is read on the person
 * or on their holder, and the index that serves it (docs/FILTER.md).
 */
import { debitPlaces } from '../members/bank-rules.js';
import { communicationPreferences, memberProfiles, memberSituations } from '../members/member-lookups.js';

export const FILTER_OPERATORS = ['=', '!=', '<', '<=', '>', '>=', 'between', 'in', 'notIn', 'contains', 'beginsWith'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** The operators' pt-BR labels (a criterion may rename one: a service is "possui" / "não possui"). */
export const filterOperatorLabels: Readonly<Record<FilterOperator, string>> = {
  '=': 'igual a',
  '!=': 'diferente de',
  '<': 'menor que',
  '<=': 'até',
  '>': 'maior que',
  '>=': 'a partir de',
  between: 'entre',
  in: 'é um de',
  notIn: 'não é nenhum de',
  contains: 'contém',
  beginsWith: 'começa com',
};

/**
 * text: a string; number: an integer; money: integer cents; date: ISO YYYY-MM-DD (shown DD/MM/YYYY); select: one of
 * the options; multiselect: a non-empty list of options; boolean: true or false. `between` takes a pair [from, to].
 */
export type FilterValueType = 'text' | 'number' | 'money' | 'date' | 'select' | 'multiselect' | 'boolean';

/** The registries whose rows are a criterion's choices (GET filter/opcoes answers them). */
export const FILTER_DYNAMIC_OPTIONS = ['servicos', 'fornecedores', 'regioes', 'circunscricoes', 'comarcas', 'foruns'] as const;
export type FilterDynamicOptions = (typeof FILTER_DYNAMIC_OPTIONS)[number];

export interface FilterOption {
  readonly value: string | number;
  readonly label: string;
}

export interface FilterCriterion {
  readonly key: string;
  readonly label: string;
  readonly valueType: FilterValueType;
  readonly operators: readonly FilterOperator[];
  /** The first operator the builder proposes. */
  readonly defaultOperator: FilterOperator;
  /** A criterion's own names for its operators (services: "possui" / "não possui"). */
  readonly operatorLabels?: Partial<Record<FilterOperator, string>>;
  readonly options?: readonly FilterOption[];
  readonly dynamicOptions?: FilterDynamicOptions;
  /** Bounds of a number or money value. */
  readonly min?: number;
  readonly max?: number;
  /** 'person': the member's own row (holder or dependent); 'holder': their holder's (a dependent answers as its holder). */
  readonly scope: 'person' | 'holder';
  /** The index that serves it (migration 0048 unless said; docs/FILTER.md). */
  readonly index: string;
}

const MULTI = ['in', 'notIn'] as const;
const RANGE = ['between', '>=', '<=', '=', '>', '<'] as const;
const HAS = { in: 'possui algum de', notIn: 'não possui nenhum de' } as const;
const YES_NO = [
  { value: 'true', label: 'Sim' },
  { value: 'false', label: 'Não' },
] as const;

export const MONTHS_PT = [
  'Janeiro',
  'Fevereiro',
  'Março',
  'Abril',
  'Maio',
  'Junho',
  'Julho',
  'Agosto',
  'Setembro',
  'Outubro',
  'Novembro',
  'Dezembro',
] as const;

export const filterCriteria = [
  {
    key: 'situacao',
    label: 'Situação',
    valueType: 'multiselect',
    operators: MULTI,
    defaultOperator: 'in',
    options: memberSituations,
    scope: 'person',
    index: 'customers_filter_status_idx (cust_status, cust_assoc_situacao)',
  },
  {
    key: 'status',
    label: 'Status (perfil)',
    valueType: 'multiselect',
    operators: MULTI,
    defaultOperator: 'in',
    options: memberProfiles,
    scope: 'person',
    index: 'customers_filter_status_idx (cust_status, cust_assoc_situacao)',
  },
  {
    key: 'socio',
    label: 'Sócio',
    valueType: 'select',
    operators: ['='],
    defaultOperator: '=',
    options: [
      { value: 'S', label: 'Sim' },
      { value: 'N', label: 'Não' },
    ],
    scope: 'person',
    index: 'nenhum (dois valores: filtra a leitura das pessoas)',
  },
  {
    key: 'titular',
    label: 'Titular ou dependente',
    valueType: 'select',
    operators: ['='],
    defaultOperator: '=',
    options: [
      { value: 'titular', label: 'Titular' },
      { value: 'dependente', label: 'Dependente' },
    ],
    scope: 'person',
    index: 'customers_parent_idx (parent_id)',
  },
  {
    key: 'servico',
    label: 'Serviço',
    valueType: 'multiselect',
    operators: MULTI,
    defaultOperator: 'in',
    operatorLabels: HAS,
    dynamicOptions: 'servicos',
    scope: 'person',
    index: 'customer_services_filter_idx (svc_id, cst_id, csl_fim)',
  },
  {
    key: 'fornecedor',
    label: 'Fornecedor',
    valueType: 'multiselect',
    operators: MULTI,
    defaultOperator: 'in',
    operatorLabels: HAS,
    dynamicOptions: 'fornecedores',
    scope: 'person',
    index: 'services_suc_idx, products_sup_idx, customer_services_filter_idx (svc_id, cst_id, csl_fim)',
  },
  {
    key: 'idade',
    label: 'Idade (anos)',
    valueType: 'number',
    operators: RANGE,
    defaultOperator: 'between',
    min: 0,
    max: 130,
    scope: 'person',
    index: 'customers_birthdate_idx (cust_birthdate): a idade vira um intervalo de datas de nascimento',
  },
  {
    key: 'aniversario',
    label: 'Mês de aniversário',
    valueType: 'multiselect',
    operators: MULTI,
    defaultOperator: 'in',
    options: MONTHS_PT.map((label, i) => ({ value: i + 1, label })),
    scope: 'person',
    index: 'customers_birthday_idx (mês, dia do nascimento; migração 0001)',
  },
  {
    key: 'regiao',
    label: 'Região (cidade do endereço residencial do titular)',
    valueType: 'multiselect',
    operators: MULTI,
    defaultOperator: 'in',
    dynamicOptions: 'regioes',
    scope: 'holder',
    index: 'addresses_filter_city_idx (ad_state, cidade sem acentos) do endereço residencial',
  },
  {
    key: 'circunscricao',
    label: 'Circunscrição',
    valueType: 'multiselect',
    operators: MULTI,
    defaultOperator: 'in',
    dynamicOptions: 'circunscricoes',
    scope: 'person',
    index: 'comarcas_cir_idx, forums_com_idx, customers_filter_forum_idx (apf_id)',
  },
  {
    key: 'comarca',
    label: 'Comarca',
    valueType: 'multiselect',
    operators: MULTI,
    defaultOperator: 'in',
    dynamicOptions: 'comarcas',
    scope: 'person',
    index: 'forums_com_idx, customers_filter_forum_idx (apf_id)',
  },
  {
    key: 'forum',
    label: 'Fórum',
    valueType: 'multiselect',
    operators: MULTI,
    defaultOperator: 'in',
    dynamicOptions: 'foruns',
    scope: 'person',
    index: 'customers_filter_forum_idx (apf_id)',
  },
  {
    key: 'localDebito',
    label: 'Local de débito',
    valueType: 'multiselect',
    operators: MULTI,
    defaultOperator: 'in',
    options: debitPlaces.map((p) => ({ value: p.bnkId, label: p.bankName })),
    scope: 'holder',
    index: 'customers_filter_bank_idx (bnk_id) do titular',
  },
  {
    key: 'numeroInterno',
    label: 'Número interno',
    valueType: 'text',
    operators: ['=', 'beginsWith', 'between'],
    defaultOperator: '=',
    scope: 'person',
    index: 'customers_numero_interno_idx (migração 0001)',
  },
  {
    key: 'nome',
    label: 'Nome',
    valueType: 'text',
    operators: ['contains', 'beginsWith'],
    defaultOperator: 'contains',
    scope: 'person',
    index: 'customers_search_name_trgm / customers_search_name_prefix (migração 0002)',
  },
  {
    key: 'admissao',
    label: 'Data de admissão',
    valueType: 'date',
    operators: RANGE,
    defaultOperator: 'between',
    scope: 'person',
    index: 'customers_filter_admissao_idx (cust_admissao)',
  },
  {
    key: 'comunicacao',
    label: 'Preferência de comunicação',
    valueType: 'multiselect',
    operators: MULTI,
    defaultOperator: 'in',
    options: communicationPreferences,
    scope: 'person',
    index: 'nenhum (quatro valores: filtra a leitura das pessoas)',
  },
  {
    key: 'temEmail',
    label: 'E-mail preenchido',
    valueType: 'boolean',
    operators: ['='],
    defaultOperator: '=',
    options: YES_NO,
    scope: 'person',
    index: 'nenhum (filtra a leitura das pessoas)',
  },
  {
    key: 'saldoAberto',
    label: 'Saldo em aberto (R$)',
    valueType: 'money',
    operators: ['>', '>=', '<=', '<', 'between'],
    defaultOperator: '>',
    min: -1_000_000_000,
    max: 1_000_000_000,
    scope: 'holder',
    index: 'holder_balances_pkey / holder_balances_filter_idx (balance, cst_id): o saldo mantido pelo banco (migração 0039)',
  },
] as const satisfies readonly FilterCriterion[];

export type FilterCriterionKey = (typeof filterCriteria)[number]['key'];

const byKey = new Map<string, FilterCriterion>(filterCriteria.map((c) => [c.key, c]));

/** The criterion of a key (undefined for anything not in the catalogue). */
export const filterCriterion = (key: string): FilterCriterion | undefined => byKey.get(key);

/** The operator's label for a criterion (its own name first). */
export const operatorLabelOf = (criterion: FilterCriterion, operator: FilterOperator) =>
  criterion.operatorLabels?.[operator] ?? filterOperatorLabels[operator];

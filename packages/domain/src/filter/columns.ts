/**
 * The filter's columns (decision 12: a column picker, 'Não existem colunas definidas' when none is chosen): the result
 * table's and the export's. The server answers each cell raw (ISO dates, integer cents, codes); `formatFilterCell` is
 * the one formatting of the screen, the CSV and the XLSX.
 */
import { formatDate, formatCpf, formatNumeroInterno } from '../format.js';
import { formatCents } from '../money/cents.js';
import { debitPlaces } from '../members/bank-rules.js';
import { communicationPreferences, memberSituations } from '../members/member-lookups.js';
import type { FilterOption } from './criteria.js';

export type FilterColumnKind = 'text' | 'cpf' | 'numeroInterno' | 'date' | 'money' | 'number' | 'lookup';

export interface FilterColumn {
  readonly key: string;
  readonly label: string;
  readonly kind: FilterColumnKind;
  /** A lookup's labels by code. */
  readonly options?: readonly FilterOption[];
  /** Width in the XLSX (characters). */
  readonly width: number;
}

export const filterColumns = [
  { key: 'nome', label: 'Nome', kind: 'text', width: 40 },
  { key: 'numeroInterno', label: 'Número interno', kind: 'numeroInterno', width: 14 },
  { key: 'cpf', label: 'CPF', kind: 'cpf', width: 16 },
  { key: 'tipo', label: 'Titular/Dependente', kind: 'text', width: 14 },
  { key: 'titular', label: 'Titular', kind: 'text', width: 40 },
  { key: 'status', label: 'Status', kind: 'text', width: 8 },
  { key: 'situacao', label: 'Situação', kind: 'lookup', options: memberSituations, width: 12 },
  {
    key: 'socio',
    label: 'Sócio',
    kind: 'lookup',
    options: [
      { value: 'S', label: 'Sim' },
      { value: 'N', label: 'Não' },
    ],
    width: 8,
  },
  { key: 'nascimento', label: 'Nascimento', kind: 'date', width: 12 },
  { key: 'idade', label: 'Idade', kind: 'number', width: 8 },
  { key: 'email', label: 'E-mail', kind: 'text', width: 36 },
  { key: 'celular', label: 'Celular', kind: 'text', width: 16 },
  { key: 'comunicacao', label: 'Comunicação', kind: 'lookup', options: communicationPreferences, width: 12 },
  { key: 'admissao', label: 'Admissão', kind: 'date', width: 12 },
  {
    key: 'localDebito',
    label: 'Local de débito',
    kind: 'lookup',
    options: debitPlaces.map((p) => ({ value: p.bnkId, label: p.bankName })),
    width: 24,
  },
  { key: 'saldoAberto', label: 'Saldo em aberto', kind: 'money', width: 16 },
  { key: 'cidade', label: 'Cidade', kind: 'text', width: 24 },
  { key: 'uf', label: 'UF', kind: 'text', width: 6 },
  { key: 'forum', label: 'Fórum', kind: 'text', width: 30 },
  { key: 'comarca', label: 'Comarca', kind: 'text', width: 24 },
  { key: 'circunscricao', label: 'Circunscrição', kind: 'text', width: 24 },
] as const satisfies readonly FilterColumn[];

export type FilterColumnKey = (typeof filterColumns)[number]['key'];
export const FILTER_COLUMN_KEYS = filterColumns.map((c) => c.key) as unknown as readonly [FilterColumnKey, ...FilterColumnKey[]];

/** The screen's first columns (a new filter). */
export const defaultFilterColumns: FilterColumnKey[] = ['nome', 'numeroInterno', 'cpf', 'status', 'situacao'];

const columnByKey = new Map<string, FilterColumn>(filterColumns.map((c) => [c.key, c]));
export const filterColumn = (key: string): FilterColumn | undefined => columnByKey.get(key);

export type FilterCell = string | number | null;

/** A cell as the screen and the files show it: DD/MM/YYYY, R$ 1.234,56, 000000-0, 000.000.000-00, a code's label. */
export function formatFilterCell(column: FilterColumn, value: FilterCell | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  switch (column.kind) {
    case 'date':
      return formatDate(String(value));
    case 'money':
      return formatCents(Number(value));
    case 'cpf':
      return formatCpf(String(value));
    case 'numeroInterno':
      return formatNumeroInterno(String(value));
    case 'lookup':
      return column.options?.find((o) => String(o.value) === String(value).trim())?.label ?? String(value);
    default:
      return String(value);
  }
}

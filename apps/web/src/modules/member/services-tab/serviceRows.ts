import { cchPlanOptions, formatDate, isCchPlugin, liveItems, type MemberServiceItemInput } from '@assoc/domain';

/** A service row as the member form and a dependent's form hold it (the domain's item schema's input, its marker included). */
export type ServiceRow = MemberServiceItemInput;

/** The rows at a path of the member form ('usuarioServicos', 'parentFilhos.3.usuarioServicos'). */
export function rowsAt(values: unknown, basePath: string): ServiceRow[] {
  let current: unknown = values;
  for (const key of basePath.split('.')) {
    if (current === null || typeof current !== 'object') return [];
    current = (current as Record<string, unknown>)[key];
  }
  return Array.isArray(current) ? (current as ServiceRow[]) : [];
}

/** The footer total (integer cents) of the rows not marked delete. */
export const totalCents = (rows: readonly ServiceRow[]) => liveItems(rows).reduce((sum, r) => sum + (r.valor ?? 0), 0);

/**
 * The Observações column (the spec names it without its content): what identifies the row — the phone number,
 * health card, insurance proposal, CCH enrolment date and plan — then the end date when one is set.
 */
export function rowObservation(row: ServiceRow): string {
  const parts: string[] = [];
  const plugin = row.svcEditPlugin;
  if (plugin === 'plgCelular' && row.cslStr1) parts.push(`Celular ${row.cslStr1}`);
  if (plugin === 'plgHealth' && row.cslStr1) parts.push(`Cartão ${row.cslStr1}`);
  if (plugin === 'plgSeguroVida' && row.cslStr1) parts.push(`Proposta ${row.cslStr1}`);
  if (isCchPlugin(plugin)) {
    if (row.cslDate1) parts.push(`Inscrição ${formatDate(row.cslDate1)}`);
    const plan = cchPlanOptions.find((p) => p.value === row.cslInt1);
    if (plan) parts.push(plan.label);
  }
  if (row.cslQuantidade && row.cslQuantidade > 1) parts.push(`Qtde. ${row.cslQuantidade}`);
  if (row.cslFim) parts.push(`Até ${formatDate(row.cslFim)}`);
  return parts.join(' · ');
}

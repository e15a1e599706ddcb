import { chargeRowState, type ChargeItem } from '@assoc/domain';

/**
 * The Resultado column: the return's description (and code), "Aguardando retorno" without a return; with the row's
 * colour (spec 1 §4) it is the text that says what the colour says.
 */
export function chargeResult(charge: Pick<ChargeItem, 'cobRetorno' | 'cdrCodRet' | 'cdrDescription' | 'operation'>): string {
  if (charge.operation === 'insert') return 'Nova (salve o associado para emitir)';
  if (chargeRowState(charge) === 'open') return 'Aguardando retorno';
  const code = charge.cdrCodRet ?? 0;
  return `${charge.cdrDescription ?? 'Retorno'} (${code})`;
}

/** Row backgrounds: yellow open, red rejected (light tints with dark text: WCAG AA contrast). */
export const rowStyles = {
  open: { backgroundColor: 'var(--mantine-color-yellow-1)' },
  rejected: { backgroundColor: 'var(--mantine-color-red-1)', color: 'var(--mantine-color-red-9)' },
  plain: undefined,
} as const;

import { useState } from 'react';
import { Button, Group, Modal, NumberInput, Radio, Stack } from '@mantine/core';
import { isValidPrintRange, printingTexts, type PrintSelection } from '@assoc/domain';

export interface PrintRangeDialogProps {
  opened: boolean;
  onClose: () => void;
  onPrint: (selection: PrintSelection) => void;
  /** The document's page count when known (the range must end within it). */
  totalPages?: number;
  submitting?: boolean;
}

type Kind = PrintSelection['kind'];
const asNumber = (value: string | number) => (typeof value === 'number' ? value : value.trim() === '' ? null : Number(value));

/**
 * "Seleção de impressão" (spec 1 §2): Página atual, Intervalo (de página … até …) or Tudo, then Imprimir.
 * The range follows spec 1 §5; Imprimir turns red (and does nothing) while it is invalid.
 */
export function PrintRangeDialog({ opened, onClose, ...props }: PrintRangeDialogProps) {
  // The form mounts with each opening (the modal unmounts its content when closed), so it starts afresh.
  return (
    <Modal opened={opened} onClose={onClose} title={printingTexts.rangeTitle} centered>
      <PrintRangeForm {...props} />
    </Modal>
  );
}

function PrintRangeForm({ onPrint, totalPages, submitting = false }: Omit<PrintRangeDialogProps, 'opened' | 'onClose'>) {
  const [kind, setKind] = useState<Kind>('all');
  const [start, setStart] = useState<number | null>(1);
  const [end, setEnd] = useState<number | null>(totalPages ?? 1);

  const valid = kind !== 'range' || isValidPrintRange(start, end, totalPages);
  const submit = () => {
    if (!valid || submitting) return;
    if (kind === 'range') onPrint({ kind: 'range', start: start!, end: end! });
    else onPrint({ kind });
  };

  return (
    <Stack>
      <Radio.Group value={kind} onChange={(value) => setKind(value as Kind)} aria-label={printingTexts.rangeTitle}>
        <Stack gap="xs">
          <Radio value="current" label={printingTexts.current} />
          <Radio value="range" label={printingTexts.range} />
          <Group grow pl="xl">
            <NumberInput
              label={printingTexts.from}
              value={start ?? ''}
              onChange={(value) => setStart(asNumber(value))}
              allowDecimal={false}
              disabled={kind !== 'range'}
              error={kind === 'range' && !valid}
            />
            <NumberInput
              label={printingTexts.to}
              value={end ?? ''}
              onChange={(value) => setEnd(asNumber(value))}
              allowDecimal={false}
              disabled={kind !== 'range'}
              error={kind === 'range' && !valid}
            />
          </Group>
          <Radio value="all" label={printingTexts.all} />
        </Stack>
      </Radio.Group>
      <Group justify="flex-end">
        <Button
          color={!valid && !submitting ? 'red' : undefined}
          data-invalid={valid ? undefined : 'true'}
          aria-invalid={!valid}
          loading={submitting}
          onClick={submit}
        >
          {printingTexts.print}
        </Button>
      </Group>
    </Stack>
  );
}

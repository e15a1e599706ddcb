import { useState } from 'react';
import { Button, Group, Modal, Radio, Stack, Switch } from '@mantine/core';
import { PRINTERS, printingTexts, type PrintChoice, type PrinterId } from '@assoc/domain';

export interface PrintChoiceAnswer {
  choice: PrintChoice;
  /** "Lembrar escolha" on (SIM): save it with the user's preferences. */
  remember: boolean;
}

export interface PrintChoiceDialogProps {
  opened: boolean;
  onClose: () => void;
  onConfirm: (answer: PrintChoiceAnswer) => void;
}

type Mode = PrintChoice['mode'];

/**
 * "Selecionar como imprimir" (spec 1 §2, spec 3 §2.15): Impressora Remota (HP500 = 1 or Brother = 2), Download
 * or Navegador, and a remember-choice toggle SIM/NÃO; Ok answers the choice.
 */
export function PrintChoiceDialog({ opened, onClose, onConfirm }: PrintChoiceDialogProps) {
  // The form mounts with each opening (the modal unmounts its content when closed), so it starts afresh.
  return (
    <Modal opened={opened} onClose={onClose} title={printingTexts.choiceTitle} centered>
      <PrintChoiceForm onConfirm={onConfirm} />
    </Modal>
  );
}

function PrintChoiceForm({ onConfirm }: Pick<PrintChoiceDialogProps, 'onConfirm'>) {
  const [mode, setMode] = useState<Mode>('download');
  const [printer, setPrinter] = useState<PrinterId>(1);
  const [remember, setRemember] = useState(false);

  const confirm = () => onConfirm({ choice: mode === 'remote' ? { mode, printer } : { mode }, remember });

  return (
    <Stack>
      <Radio.Group value={mode} onChange={(value) => setMode(value as Mode)} aria-label={printingTexts.choiceTitle}>
        <Stack gap="xs">
          <Radio value="remote" label={printingTexts.remote} />
          {mode === 'remote' && (
            <Radio.Group pl="xl" label={printingTexts.printer} value={String(printer)} onChange={(value) => setPrinter(Number(value) as PrinterId)}>
              <Group>
                {(Object.entries(PRINTERS) as [string, string][]).map(([id, name]) => (
                  <Radio key={id} value={id} label={`${name} (${id})`} />
                ))}
              </Group>
            </Radio.Group>
          )}
          <Radio value="download" label={printingTexts.download} />
          <Radio value="browser" label={printingTexts.browser} />
        </Stack>
      </Radio.Group>
      <Switch
        label={printingTexts.remember}
        onLabel={printingTexts.yes}
        offLabel={printingTexts.no}
        size="lg"
        checked={remember}
        onChange={(event) => setRemember(event.currentTarget.checked)}
      />
      <Group justify="flex-end">
        <Button onClick={confirm}>{printingTexts.ok}</Button>
      </Group>
    </Stack>
  );
}

import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';

interface ConfirmOptions {
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button for destructive actions. */
  danger?: boolean;
  onConfirm: () => void;
  onCancel?: () => void;
}

/** The one confirmation dialog of the app (SIM / NÃO unless told otherwise). */
export function openConfirmDialog({ title, message, confirmLabel = 'SIM', cancelLabel = 'NÃO', danger, onConfirm, onCancel }: ConfirmOptions) {
  return modals.openConfirmModal({
    title,
    children: typeof message === 'string' ? <Text size="sm">{message}</Text> : message,
    labels: { confirm: confirmLabel, cancel: cancelLabel },
    confirmProps: danger ? { color: 'red' } : undefined,
    onConfirm,
    onCancel,
  });
}

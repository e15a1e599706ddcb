import { Box, Button, Group, LoadingOverlay, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './FormModal.module.css';
import { okButtonState } from './okButton';

interface FormModalProps {
  opened: boolean;
  title: string;
  valid: boolean;
  changed: boolean;
  saving?: boolean;
  /** The record is still loading: an indicator over the form, Ok disabled. */
  loading?: boolean;
  size?: string;
  onSave: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** The registry modal: the form, then Ok (coloured by the form's state) and Fechar. */
export function FormModal({ opened, title, valid, changed, saving, loading, size = 'md', onSave, onClose, children }: FormModalProps) {
  const ok = okButtonState(valid, changed);
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size} closeOnClickOutside={false}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!ok.disabled && !saving && !loading) onSave();
        }}
      >
        <Stack gap="sm">
          {loading ? (
            <Box pos="relative" mih={120}>
              {children}
              <LoadingOverlay visible zIndex={10} overlayProps={{ blur: 1 }} />
            </Box>
          ) : (
            children
          )}
          <Group justify="flex-end" mt="sm">
            <Button type="submit" className={classes.ok} color={ok.color} disabled={ok.disabled || loading} loading={saving} data-state={ok.state}>
              Ok
            </Button>
            <Button variant="default" onClick={onClose}>
              Fechar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

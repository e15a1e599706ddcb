import { Alert, Box, Button, Group, LoadingOverlay, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { registryMessages } from '@assoc/domain';
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
  /** The save button's text (default Ok; the refund dialog's 'Adicionar' / 'Atualizar', spec 2 §2.3). */
  okLabel?: string;
  /** A save refused because the record changed meanwhile (409): the server's message, above the form. */
  conflict?: string | null;
  onSave: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** Above the form modal (Mantine's modals sit at 200). */
const DISCARD_Z_INDEX = 210;

/**
 * Escape handled by this modal only when pressed inside it and not meant for an open layer within
 * it (a calendar or a list marks its input data-mantine-stop-propagation while open, Mantine's rule).
 * Mantine's own closeOnEscape listens on the window and so also fires for a dialog opened above.
 */
function escapeForThisLayer(event: KeyboardEvent) {
  if (event.key !== 'Escape' || event.nativeEvent.isComposing) return false;
  const target = event.target as HTMLElement | null;
  return target?.getAttribute?.('data-mantine-stop-propagation') !== 'true';
}

/**
 * The registry modal: the form, then Ok (coloured by the form's state) and Fechar. Closing it (Fechar,
 * ×, Escape) with unsaved changes asks before discarding them.
 */
export function FormModal({
  opened,
  title,
  valid,
  changed,
  saving,
  loading,
  size = 'md',
  okLabel = 'Ok',
  conflict,
  onSave,
  onClose,
  children,
}: FormModalProps) {
  const ok = okButtonState(valid, changed);
  const [confirming, setConfirming] = useState(false);
  const okRef = useRef<HTMLButtonElement>(null);
  const wasSaving = useRef(false);
  // Ok is disabled while saving, which drops the focus to the page: a save that failed (a refusal, a
  // stale record) would leave Escape and Tab outside the form. Bring the focus back to Ok.
  useEffect(() => {
    if (wasSaving.current && !saving && opened && (document.activeElement === document.body || document.activeElement === null)) {
      okRef.current?.focus();
    }
    wasSaving.current = Boolean(saving);
  }, [saving, opened]);
  const requestClose = () => {
    if (changed && !saving) setConfirming(true);
    else onClose();
  };
  return (
    <>
      <Modal
        opened={opened}
        onClose={requestClose}
        title={title}
        size={size}
        closeOnClickOutside={false}
        closeOnEscape={false}
        onKeyDown={(event) => {
          if (confirming || !escapeForThisLayer(event)) return;
          event.stopPropagation();
          requestClose();
        }}
      >
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            // A FormModal opened from inside this one renders in a portal, but React bubbles its submit up the
            // component tree to this form: only this form's own submit saves it.
            if (event.target !== event.currentTarget) return;
            if (!ok.disabled && !saving && !loading) onSave();
          }}
        >
          <Stack gap="sm">
            {conflict ? (
              <Alert color="orange" variant="light" role="alert">
                {conflict}
              </Alert>
            ) : null}
            {loading ? (
              <Box pos="relative" mih={120}>
                {children}
                <LoadingOverlay visible zIndex={10} overlayProps={{ blur: 1 }} />
              </Box>
            ) : (
              children
            )}
            <Group justify="flex-end" mt="sm" className={classes.footer}>
              <Button
                ref={okRef}
                type="submit"
                className={classes.ok}
                color={ok.color}
                disabled={ok.disabled || loading}
                loading={saving}
                data-state={ok.state}
              >
                {okLabel}
              </Button>
              <Button variant="default" onClick={requestClose}>
                Fechar
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <Modal
        opened={opened && confirming}
        onClose={() => setConfirming(false)}
        title={registryMessages.discardTitle}
        size="sm"
        zIndex={DISCARD_Z_INDEX}
        closeOnClickOutside={false}
      >
        <Text size="sm">{registryMessages.discardQuestion}</Text>
        <Group justify="flex-end" mt="md">
          <Button
            color="red"
            onClick={() => {
              setConfirming(false);
              onClose();
            }}
          >
            {registryMessages.discardConfirm}
          </Button>
          <Button variant="default" data-autofocus onClick={() => setConfirming(false)}>
            {registryMessages.discardCancel}
          </Button>
        </Group>
      </Modal>
    </>
  );
}

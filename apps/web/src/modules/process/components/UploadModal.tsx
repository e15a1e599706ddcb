import { useState } from 'react';
import { FileInput, Select, Textarea, TextInput } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { isValidCnj, onlyDigits, processStatuses, processUploadSchema, processMessages, type ProcessFolder, type ProcessRow } from '@assoc/domain';
import { isApiError } from '../../../app/api';
import { FormModal } from '../../ui/crud/FormModal';
import { useAppForm } from '../../ui/form';
import { notifyError, notifySuccess } from '../../ui/notify';
import { uploadProcess } from '../api';
import { processTexts, UPLOAD_FAILED } from '../texts';
import { folderOptions } from './FolderTree';

/** The CNJ number's mask as it is typed: NNNNNNN-DD.AAAA.J.TR.OOOO. */
export function maskCnj(text: string) {
  const d = onlyDigits(text).slice(0, 20);
  const cuts = [7, 9, 13, 14, 16];
  const marks = ['-', '.', '.', '.', '.'];
  let out = '';
  for (let i = 0; i < d.length; i++) {
    const at = cuts.indexOf(i);
    if (at >= 0) out += marks[at];
    out += d[i];
  }
  return out;
}

/** The `{ message }` of a refused call (4xx), if the server gave one. */
function serverMessage(error: unknown): string | null {
  if (!isApiError(error) || error.status < 400 || error.status >= 500) return null;
  const message = (error.body as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message.trim() ? message : null;
}

/**
 * "Enviar processo" (manual upload): the process's data with its CNJ number checked by its mod-97 digits as
 * it is typed, the folder and the PDF. A refused upload shows the server's reason; any other failure the
 * spec's upload message (1 §8).
 */
export function UploadModal({
  folders,
  pastaId,
  onUploaded,
  onClose,
}: {
  folders: ProcessFolder[];
  pastaId: number | null;
  onUploaded: (row: ProcessRow) => void;
  onClose: () => void;
}) {
  const form = useAppForm(processUploadSchema, {
    numero: '',
    tribunal: '',
    classe: '',
    assunto: '',
    partes: '',
    status: processStatuses[0],
    pastaId: pastaId ?? folders[0]?.pastaId ?? 0,
  });
  const [pdf, setPdf] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  const numero = form.textProps('numero', 25, maskCnj);
  const digits = onlyDigits(String(form.values.numero ?? ''));
  // Checked as it is typed: once the 20 digits are there the verdict shows without leaving the field.
  const numeroError = digits.length === 20 && !isValidCnj(digits) ? processMessages.invalidCnj : numero.error;

  const save = () => {
    if (!pdf) return;
    setSaving(true);
    uploadProcess(form.parsed(), pdf).then(
      (row) => {
        notifySuccess(processTexts.uploadDone);
        onUploaded(row);
      },
      (error: unknown) => {
        setSaving(false);
        if (isApiError(error) && error.status === 401) return;
        const unplaced = form.setServerErrors(error);
        if (isApiError(error) && error.status === 400) {
          if (unplaced) notifyError(unplaced);
          return;
        }
        // setServerErrors reads only a 400: any other refusal (415 not a PDF, 413 too large, 409 number known)
        // shows the server's reason, and a failure without one the spec's message — never nothing.
        notifyError(serverMessage(error) ?? UPLOAD_FAILED);
      },
    );
  };

  return (
    <FormModal
      opened
      title={processTexts.uploadTitle}
      size="lg"
      valid={form.valid && pdf !== null}
      changed={form.changed || pdf !== null}
      saving={saving}
      onSave={save}
      onClose={onClose}
    >
      <TextInput
        label={processTexts.cnjLabel}
        required
        data-autofocus
        placeholder="NNNNNNN-DD.AAAA.J.TR.OOOO"
        {...numero}
        error={numeroError}
        styles={{ input: { fontFamily: 'monospace' } }}
      />
      <TextInput label="Tribunal" required {...form.textProps('tribunal', 60)} />
      <TextInput label="Classe" required {...form.textProps('classe', 120)} />
      <TextInput label="Assunto" required {...form.textProps('assunto', 200)} />
      <Textarea label="Partes" required rows={3} {...form.textProps('partes', 1000)} />
      <Select
        label="Situação"
        required
        data={[...processStatuses]}
        value={String(form.values.status)}
        onChange={(value) => value && form.setValue('status', value)}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label="Pasta"
        required
        data={folderOptions(folders)}
        value={String(form.values.pastaId)}
        onChange={(value) => value && form.setValue('pastaId', Number(value))}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <FileInput
        label={processTexts.pdfLabel}
        required
        accept="application/pdf"
        value={pdf}
        onChange={setPdf}
        clearable
        leftSection={<IconFileTypePdf size={16} aria-hidden />}
        placeholder="Selecione..."
      />
    </FormModal>
  );
}

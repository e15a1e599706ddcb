import { useState } from 'react';
import { Alert, Button, FileInput, Group, Modal, Stack, TextInput } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import {
  DOCUMENT_DESCRIPTION_MAX,
  DOCUMENT_DESCRIPTION_MIN,
  documentAcceptedTypes,
  genericMessages,
  memberDocumentMessages,
  type DocumentUploadReply,
} from '@assoc/domain';
import { uploadDocument } from './uploadDocument';
import { isXls } from '../../ui/files';

export interface ScanModalProps {
  onClose: () => void;
  /** The uploaded file and its description, for the new row. */
  onAdd: (upload: DocumentUploadReply, description: string) => void;
}

/**
 * The scan/upload modal (spec 1 §2, §4, §5; 376 px wide, §9): a document and a description of at least 5
 * characters; ADICIONAR (disabled until both are there) sends the file, and the new row joins the table once the
 * upload answered its key. A failed upload shows the spec's message and keeps the modal open.
 */
export function ScanModal({ onClose, onAdd }: ScanModalProps) {
  const [file, setFile] = useState<File | null>(null);
  const [description, setDescription] = useState('');
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const trimmed = description.trim();
  const descriptionError =
    touched && trimmed.length < DOCUMENT_DESCRIPTION_MIN
      ? trimmed.length === 0
        ? genericMessages.required
        : genericMessages.minLength(DOCUMENT_DESCRIPTION_MIN)
      : null;
  const fileError = isXls(file) ? memberDocumentMessages.xlsRefused : null;
  const ready = !!file && !fileError && trimmed.length >= DOCUMENT_DESCRIPTION_MIN && !sending;

  const add = async () => {
    if (!file || !ready) return;
    setSending(true);
    setFailure(null);
    try {
      const reply = await uploadDocument(file);
      onAdd(reply, trimmed);
      onClose();
    } catch (error) {
      setFailure(error instanceof Error && error.message ? error.message : memberDocumentMessages.uploadFailed);
      setSending(false);
    }
  };

  return (
    <Modal opened onClose={sending ? () => undefined : onClose} title="Adicionar documento" size={376} centered>
      <Stack gap="sm">
        <FileInput
          label="Documento"
          placeholder="Selecione..."
          required
          accept={documentAcceptedTypes.join(',')}
          value={file}
          onChange={(value) => {
            setFile(value);
            setFailure(null);
          }}
          error={fileError}
          leftSection={<IconUpload size={16} />}
          clearable
        />
        <TextInput
          label="Descrição"
          required
          maxLength={DOCUMENT_DESCRIPTION_MAX}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          onBlur={() => setTouched(true)}
          error={descriptionError}
        />
        {failure ? (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={sending}>
            Fechar
          </Button>
          <Button onClick={() => void add()} disabled={!ready} loading={sending}>
            ADICIONAR
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

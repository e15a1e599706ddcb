import { useState } from 'react';
import { Alert, Button, FileInput, Grid, Group, Modal, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import {
  procedureFormSchema,
  procedureTypes,
  REIMBURSEMENT_LIMITS,
  reimbursementDocumentTypes,
  reimbursementMessages,
  type ProcedureFormValues,
} from '@assoc/domain';
import { useAppForm } from '../../ui/form';
import { DateInput, MoneyInput } from '../../ui/inputs';
import { isXls } from '../../ui/files';
import { reimbursementTexts as t } from './texts';
import { uploadProcedureDocument, type ProcedureRow } from './reimbursementRows';

const EMPTY: ProcedureFormValues = {
  procProcedimentoId: null as unknown as number,
  procProcedimentoData: '',
  procProcedimentoValor: null as unknown as number,
  procProtocolo: '',
  procCCH: false,
  procObservacao: '',
  procKey: '',
  keyLength: null,
};

export interface ProcedureModalProps {
  onAdd: (procedure: ProcedureRow) => void;
  onClose: () => void;
}

/**
 * The procedure add dialog (spec 2 §2.4, §3 "Procedure", §5): type 1 Consulta … 6 Outros, date, value, protocol, the
 * CCH toggle, notes up to 200, and the document: chosen, it is sent at once; Adicionar stays disabled until the upload
 * answered its key and the fields are valid. A failed upload shows its message and keeps the dialog open.
 */
export function ProcedureModal({ onAdd, onClose }: ProcedureModalProps) {
  const form = useAppForm(procedureFormSchema, EMPTY);
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const choose = async (next: File | null) => {
    setFile(next);
    setFailure(null);
    form.setValue('procKey', '');
    form.setValue('keyLength', null);
    if (!next) return;
    if (isXls(next)) {
      setFailure(reimbursementMessages.documentUnknown);
      return;
    }
    setSending(true);
    try {
      const reply = await uploadProcedureDocument(next);
      form.setValue('procKey', reply.key);
      form.setValue('keyLength', reply.keyLength);
    } catch (error) {
      setFailure(error instanceof Error && error.message ? error.message : reimbursementMessages.uploadFailed);
    } finally {
      setSending(false);
    }
  };

  const add = () => {
    if (!form.valid || sending) return;
    onAdd({ ...form.parsed(), operation: 'insert' });
    onClose();
  };
  const uploaded = Boolean(form.values.procKey);

  return (
    <Modal opened onClose={sending ? () => undefined : onClose} title={t.procedureTitle} size="lg" centered>
      <Stack gap="sm">
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select
              label={t.procedureType}
              placeholder="Selecione..."
              withAsterisk
              allowDeselect={false}
              data={procedureTypes.map((p) => ({ value: String(p.value), label: p.label }))}
              value={form.values.procProcedimentoId == null ? null : String(form.values.procProcedimentoId)}
              error={form.errorOf('procProcedimentoId')}
              onBlur={() => form.touch('procProcedimentoId')}
              onChange={(next) => {
                form.setValue('procProcedimentoId', next === null ? (null as unknown as number) : Number(next));
                form.touch('procProcedimentoId');
              }}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <DateInput label={t.procedureDate} withAsterisk {...form.dateInputProps('procProcedimentoData')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <MoneyInput label={t.procedureValue} withAsterisk {...form.getInputProps('procProcedimentoValor')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label={t.procedureProtocol} {...form.textProps('procProtocolo', REIMBURSEMENT_LIMITS.protocolo)} />
          </Grid.Col>
          <Grid.Col span={12}>
            <Switch
              label={t.procedureCch}
              onLabel="SIM"
              offLabel="NÃO"
              size="lg"
              checked={Boolean(form.values.procCCH)}
              onChange={(event) => form.setValue('procCCH', event.currentTarget.checked)}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <Textarea label={t.procedureNotes} rows={3} {...form.textProps('procObservacao', REIMBURSEMENT_LIMITS.observacao)} />
          </Grid.Col>
          <Grid.Col span={12}>
            <FileInput
              label={t.document}
              placeholder="Selecione..."
              withAsterisk
              accept={reimbursementDocumentTypes.join(',')}
              value={file}
              onChange={(next) => void choose(next)}
              leftSection={<IconUpload size={16} />}
              clearable
              disabled={sending}
            />
            {sending ? (
              <Text size="sm" mt={4}>
                {t.sending}
              </Text>
            ) : uploaded ? (
              <Text size="sm" mt={4}>
                {t.documentSent}
              </Text>
            ) : null}
          </Grid.Col>
        </Grid>
        {failure ? (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button onClick={add} disabled={!form.valid || sending || !uploaded}>
            {t.adicionar}
          </Button>
          <Button variant="default" onClick={onClose} disabled={sending}>
            {t.fechar}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

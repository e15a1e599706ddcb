import { Alert, FileInput, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { postingMessages } from '@assoc/domain';
import { isXls } from '../ui/files';
import { notifyError } from '../ui/notify';

export interface PostingFileProps {
  file: File | null;
  onFileChange: (file: File | null) => void;
  /** The server's refusal (a file with bad lines: the first of them named), shown in full. */
  refusal: string | null;
}

/** File mode (plugin lancbar): one XLSX, CSV or TXT file whose lines are CPF or phone, value and instalments. */
export function PostingFile({ file, onFileChange, refusal }: PostingFileProps) {
  return (
    <>
      <FileInput
        label="Arquivo"
        description="XLSX, CSV ou TXT: CPF ou telefone, valor e parcelas (opcional) por linha"
        placeholder="Selecione o arquivo"
        accept=".xlsx,.csv,.txt,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
        clearable
        value={file}
        onChange={(picked) => {
          if (isXls(picked)) {
            notifyError(postingMessages.xlsRefused);
            onFileChange(null);
            return;
          }
          onFileChange(picked);
        }}
      />
      {refusal && (
        <Alert color="red" title="Arquivo recusado" role="alert">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {refusal}
          </Text>
        </Alert>
      )}
    </>
  );
}

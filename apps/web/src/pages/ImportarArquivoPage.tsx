import { Stack } from '@mantine/core';
import { fileImportTypes } from '@assoc/domain';
import { ImportScreen } from '../modules/bank-files';
import { PageTitle } from '../modules/ui/components/PageTitle';

/** /financeiro/importar: a file of a type with its own parser (spec 2 §2.7 item 1; Importar, v2menufinimp). XLS refused. */
export default function ImportarArquivoPage() {
  return (
    <Stack gap="md">
      <PageTitle>Importar arquivo</PageTitle>
      <ImportScreen
        origin="arquivo"
        types={fileImportTypes}
        typeLabel="Tipo de arquivo"
        accept=".xlsx,.csv,.txt,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        refuseXls
      />
    </Stack>
  );
}

import { Stack } from '@mantine/core';
import { bankReturnTypes } from '@assoc/domain';
import { ImportScreen } from '../modules/bank-files';
import { PageTitle } from '../modules/ui/components/PageTitle';

/** /financeiro/importarbanco: a bank return file and the past ones (spec 2 §2.7 item 2; Financeiro › Importar banco). */
export default function ImportarBancoPage() {
  return (
    <Stack gap="md">
      <PageTitle>Importar retorno bancário</PageTitle>
      <ImportScreen origin="banco" types={bankReturnTypes} typeLabel="Banco / tipo de retorno" accept=".ret,.txt,.rem,text/plain" />
    </Stack>
  );
}

import { Stack, Text } from '@mantine/core';
import { findRoute } from '@assoc/domain';
import { PageTitle } from '../modules/ui/components/PageTitle';
import { ReportsTable } from '../modules/reports/components/ReportsTable';
import { PrintQueueTable } from '../modules/printing';

/** /reports (spec 3 §2.17, decision 15): the report templates by name, each opening in the "Relatório" dialog; then the server print queue. */
export default function ReportsPage() {
  return (
    <Stack gap="md">
      <div>
        <PageTitle>{findRoute('/reports')!.title}</PageTitle>
        <Text size="sm">Modelos dos documentos impressos pelo sistema. Abra um para visualizar, desenhar, imprimir ou exportar em PDF.</Text>
      </div>
      <ReportsTable />
      <PrintQueueTable />
    </Stack>
  );
}

import { lazy, Suspense, useEffect, useState } from 'react';
import { Alert, Box, Button, Grid, Group, Modal, Text } from '@mantine/core';
import { IconDownload, IconEye, IconPencil, IconPrinter } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { reportContracts, type ReportItem } from '@assoc/domain';
import { callApi, queryKeyOf } from '../../../app/client';
import { usePrintDocument } from '../../printing';
import { ReportVersions } from './ReportVersions';
import { BusyIndicator } from '../../ui/components/BusyIndicator';

/** The designer and pdfme load only when "Desenhar" is chosen. */
const ReportDesigner = lazy(() => import('./ReportDesigner'));

type Mode = 'view' | 'design';

/**
 * The "Relatório" dialog (spec 3 §2.17, decision 15), full screen: Visualizar (the PDF rendered with the
 * demo data), Desenhar (the designer; Sair returns to the viewer), Imprimir (through the print dialogs: the
 * remembered choice or "Selecionar como imprimir") and Exportar PDF; the versions aside.
 */
export function ReportDialog({ report, onClose }: { report: ReportItem; onClose: () => void }) {
  const [mode, setMode] = useState<Mode>('view');
  const [revision, setRevision] = useState(0);
  const queryClient = useQueryClient();
  const name = report.name;
  /** The viewer's PDF and its blob: URL (CSP allows blob: frames); the URL is revoked when replaced or closed. */
  const pdf = useQuery({
    queryKey: [...queryKeyOf(reportContracts.pdf, { params: { name } }), revision],
    queryFn: async () => {
      const blob = await callApi(reportContracts.pdf, { params: { name } });
      return { blob, url: URL.createObjectURL(blob) };
    },
    enabled: mode === 'view',
    gcTime: 0,
  });
  const url = pdf.data?.url ?? null;
  const blob = pdf.data?.blob ?? null;
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);

  /** After a save or a restore: the list's "última alteração", the versions and the viewer's PDF. */
  const changed = () => {
    setRevision((r) => r + 1);
    void queryClient.invalidateQueries({ queryKey: queryKeyOf(reportContracts.list) });
    void queryClient.invalidateQueries({ queryKey: queryKeyOf(reportContracts.versions) });
  };

  const printing = usePrintDocument();
  /** The PDF the viewer shows, printed the way the user chooses (download, new tab or the server queue). */
  const print = () => {
    if (blob) void printing.print({ fileName: `${name}.pdf`, load: () => Promise.resolve(blob) });
  };
  const exportPdf = () => {
    if (!url) return;
    const link = document.createElement('a');
    link.href = url;
    link.download = `${name}.pdf`;
    document.body.appendChild(link);
    link.click();
    link.remove();
  };

  return (
    <Modal opened onClose={onClose} fullScreen title="Relatório" styles={{ body: { height: 'calc(100vh - 70px)' } }}>
      <Box style={{ display: 'flex', flexDirection: 'column', gap: 8, height: '100%' }}>
        <Group justify="space-between">
          <Text fw={600}>{report.description}</Text>
          <Group gap="xs" role="toolbar" aria-label="Modos do relatório">
            <Button variant={mode === 'view' ? 'filled' : 'default'} leftSection={<IconEye size={16} aria-hidden />} onClick={() => setMode('view')}>
              Visualizar
            </Button>
            <Button
              variant={mode === 'design' ? 'filled' : 'default'}
              leftSection={<IconPencil size={16} aria-hidden />}
              onClick={() => setMode('design')}
            >
              Desenhar
            </Button>
            <Button
              variant="default"
              leftSection={<IconPrinter size={16} aria-hidden />}
              onClick={print}
              loading={printing.busy}
              disabled={mode !== 'view' || !blob}
            >
              Imprimir
            </Button>
            <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={exportPdf} disabled={mode !== 'view' || !url}>
              Exportar PDF
            </Button>
          </Group>
        </Group>
        {mode === 'view' ? (
          <Grid style={{ flex: 1 }} styles={{ inner: { height: '100%' } }}>
            <Grid.Col span={{ base: 12, md: 8 }} style={{ minHeight: 480 }}>
              {pdf.error && (
                <Alert color="red" variant="light" role="alert">
                  {pdf.error.message}
                </Alert>
              )}
              {pdf.isFetching && <BusyIndicator label="Carregando o relatório" />}
              {url && !pdf.isFetching && (
                <iframe src={url} title={`Relatório ${report.description}`} style={{ width: '100%', height: '100%', minHeight: 480, border: 0 }} />
              )}
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <ReportVersions name={name} onRestored={changed} />
            </Grid.Col>
          </Grid>
        ) : (
          <Suspense fallback={<BusyIndicator label="Carregando o editor" />}>
            <ReportDesigner name={name} onSaved={changed} onExit={() => setMode('view')} />
          </Suspense>
        )}
      </Box>
      {printing.dialogs}
    </Modal>
  );
}

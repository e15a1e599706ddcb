import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Group, Text } from '@mantine/core';
import { Designer } from '@pdfme/ui';
import type { Font, Template } from '@pdfme/common';
import { barcodes, image, line, multiVariableText, rectangle, table, text } from '@pdfme/schemas';
import { reportContracts } from '@assoc/domain';
import regularFont from '../../../../../api/assets/fonts/DejaVuSans-Latin.ttf?url';
import boldFont from '../../../../../api/assets/fonts/DejaVuSans-Bold-Latin.ttf?url';
import { callApi } from '../../../app/client';
import { isApiError } from '../../../app/api';
import { StaleRecordAlert } from '../../ui/crud/StaleRecordAlert';
import { designerLabels } from '../designerLabels';

const plugins = {
  text,
  multiVariableText,
  table,
  image,
  line,
  rectangle,
  qrcode: barcodes.qrcode,
  code128: barcodes.code128,
  itf14: barcodes.itf14,
  ean13: barcodes.ean13,
  nw7: barcodes.nw7,
};
let fonts: Promise<Font> | undefined;
/**
 * The documents' fonts (the Latin subsets the server renders with), so the designer draws what the PDF prints, as bytes:
 * pdfme measures and draws the texts with the font file itself, and takes a font given as text for base64 (a URL only
 * when it is an http(s) address of a public host), so a font given by its URL left every text of the canvas empty.
 */
function documentFonts(): Promise<Font> {
  const bytes = async (url: string) => {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`Fonte ${url}: ${res.status}`);
    return new Uint8Array(await res.arrayBuffer());
  };
  fonts ??= Promise.all([bytes(regularFont), bytes(boldFont)]).then(([regular, bold]) => ({
    DejaVuSans: { data: regular, fallback: true },
    'DejaVuSans-Bold': { data: bold },
  }));
  fonts.catch(() => {
    fonts = undefined;
  });
  return fonts;
}

interface Props {
  name: string;
  /** Called after a save (the viewer reloads) and on "Sair". */
  onSaved: () => void;
  onExit: () => void;
}

/**
 * "Desenhar" of the Relatório dialog: the @pdfme/ui Designer on the stored template (its own chunk: only
 * this mode loads pdfme). "Salvar" sends the template with the version read (409: someone saved since).
 */
export default function ReportDesigner({ name, onSaved, onExit }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const designer = useRef<Designer | null>(null);
  const version = useRef(0);
  const [state, setState] = useState<{ loading: boolean; saving: boolean; error: string; stale: boolean; saved: number | null }>({
    loading: true,
    saving: false,
    error: '',
    stale: false,
    saved: null,
  });

  async function load() {
    setState((s) => ({ ...s, loading: true, error: '', stale: false }));
    try {
      const reply = await callApi(reportContracts.get, { params: { name } });
      version.current = reply.version;
      const template = reply.rptData as unknown as Template;
      const font = await documentFonts();
      if (designer.current) designer.current.updateTemplate(template);
      else if (container.current)
        designer.current = new Designer({
          domContainer: container.current,
          template,
          plugins,
          options: { font, labels: designerLabels, lang: 'en' },
        });
      setState((s) => ({ ...s, loading: false }));
    } catch (error) {
      setState((s) => ({ ...s, loading: false, error: isApiError(error) || error instanceof Error ? error.message : String(error) }));
    }
  }

  useEffect(() => {
    void load();
    return () => {
      designer.current?.destroy();
      designer.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loads once per report
  }, [name]);

  async function save() {
    if (!designer.current) return;
    setState((s) => ({ ...s, saving: true, error: '', stale: false, saved: null }));
    try {
      const rptData = designer.current.getTemplate() as unknown as Record<string, unknown>;
      const reply = await callApi(reportContracts.save, { params: { name }, body: { rptData, version: version.current } });
      version.current = reply.version;
      setState((s) => ({ ...s, saving: false, saved: reply.version }));
      onSaved();
    } catch (error) {
      const stale = isApiError(error) && error.status === 409;
      setState((s) => ({ ...s, saving: false, stale, error: stale ? '' : error instanceof Error ? error.message : String(error) }));
    }
  }

  return (
    <Box style={{ display: 'flex', flexDirection: 'column', gap: 8, height: '100%' }}>
      <Group justify="space-between">
        <Text size="sm">Arraste os campos, altere textos e estilos; os nomes dos campos preenchidos pelo sistema devem ser mantidos.</Text>
        <Group gap="xs">
          <Button onClick={() => void save()} loading={state.saving} disabled={state.loading}>
            Salvar
          </Button>
          <Button variant="default" onClick={onExit}>
            Sair
          </Button>
        </Group>
      </Group>
      {state.stale && <StaleRecordAlert onReload={() => void load()} reloading={state.loading} />}
      {state.error && (
        <Alert color="red" variant="light" role="alert">
          {state.error}
        </Alert>
      )}
      {state.saved !== null && (
        <Alert color="green" variant="light" role="status">
          Modelo salvo (versão {state.saved}).
        </Alert>
      )}
      <div ref={container} data-testid="report-designer" style={{ flex: 1, minHeight: 500 }} />
    </Box>
  );
}

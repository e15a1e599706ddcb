import { useEffect, useRef, useState, type RefObject } from 'react';
import { ActionIcon, Alert, Box, Group, Paper, Text, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconDownload, IconX, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { processTexts } from '../texts';
import type { PdfDocument } from '../pdf/pdfjs';
import { saveBlob } from '../../ui/hooks/useBlobDownload';
import { BusyIndicator } from '../../ui/components/BusyIndicator';

/** Opens a PDF from its bytes; pdf.js by default (its own chunk, loaded on first use). */
export type PdfOpener = (data: ArrayBuffer) => { promise: Promise<PdfDocument>; destroy: () => void };

const defaultOpener: PdfOpener = (data) => {
  let destroy = () => {};
  let cancelled = false;
  const promise = import('../pdf/pdfjs').then(({ openPdfDocument }) => {
    if (cancelled) throw new Error('cancelled');
    const task = openPdfDocument(data);
    destroy = task.destroy;
    return task.promise;
  });
  return {
    promise,
    destroy: () => {
      cancelled = true;
      destroy();
    },
  };
};

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];
/** The canvas's margin inside the pane (8 px each side) and a vertical scroll bar's room. */
const PANE_PADDING = 32;

/** The pane's inner width, followed as it resizes (0 until known). */
function usePaneWidth(ref: RefObject<HTMLElement | null>) {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return undefined;
    // clientWidth is whole pixels: an unchanged width sets the same state and draws nothing again.
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

interface PdfViewerProps {
  /** The PDF (null while it loads). */
  blob: Blob | null;
  loading?: boolean;
  /** A failure to fetch the PDF. */
  error?: string | null;
  fileName: string;
  /** Names the viewer for assistive technology ("PDF do processo …"). */
  label: string;
  onClose: () => void;
  open?: PdfOpener;
}

/**
 * The PDF viewer beside the lists (issue 15 §1): pdf.js draws one page on a canvas; page navigation, zoom (100 % is
 * the page at the pane's width) and download of the very file shown.
 */
export function PdfViewer({ blob, loading, error, fileName, label, onClose, open = defaultOpener }: PdfViewerProps) {
  const [doc, setDoc] = useState<PdfDocument | null>(null);
  const [openError, setOpenError] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [zoom, setZoom] = useState(2);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const paneRef = useRef<HTMLDivElement>(null);
  const paneWidth = usePaneWidth(paneRef);

  useEffect(() => {
    if (!blob) return undefined;
    let active = true;
    let task: ReturnType<PdfOpener> | null = null;
    void blob
      .arrayBuffer()
      .then((data) => {
        if (!active) return undefined;
        task = open(data);
        return task.promise;
      })
      .then((opened) => {
        if (!active || !opened) return;
        setDoc(opened);
        setPage(1);
        setOpenError(null);
      })
      .catch(() => {
        if (active) setOpenError(processTexts.pdfFailed);
      });
    return () => {
      active = false;
      setDoc(null);
      task?.destroy();
    };
  }, [blob, open]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!doc || !canvas) return undefined;
    let cancelled = false;
    let cancelRender = () => {};
    void doc
      .getPage(page)
      .then((pdfPage) => {
        if (cancelled) return undefined;
        const ratio = window.devicePixelRatio || 1;
        // 100 % is the page at the pane's width (an A4 page at its size in points overflowed the pane).
        const pageWidth = pdfPage.getViewport({ scale: 1 }).width;
        const fit = paneWidth > PANE_PADDING && pageWidth > 0 ? (paneWidth - PANE_PADDING) / pageWidth : 1;
        const viewport = pdfPage.getViewport({ scale: ZOOMS[zoom]! * fit * ratio });
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
        canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
        const task = pdfPage.render({ canvas, viewport });
        cancelRender = () => task.cancel();
        return task.promise;
      })
      .catch(() => {
        // A render cancelled by the next page or zoom.
      });
    return () => {
      cancelled = true;
      cancelRender();
    };
  }, [doc, page, zoom, paneWidth]);

  const pages = doc?.numPages ?? 0;
  const download = () => {
    if (blob) saveBlob(blob, fileName);
  };
  const problem = error ?? openError;

  return (
    <Paper
      withBorder
      p="xs"
      component="section"
      aria-label={label}
      style={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" role="toolbar" aria-label={processTexts.pdfToolbar}>
        <Group gap={4} wrap="nowrap">
          <Tooltip label={processTexts.pdfPrevious}>
            <ActionIcon variant="default" aria-label={processTexts.pdfPrevious} disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              <IconChevronLeft size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Text size="sm" aria-live="polite" style={{ whiteSpace: 'nowrap' }}>
            {pages ? processTexts.pdfPageOf(page, pages) : '–'}
          </Text>
          <Tooltip label={processTexts.pdfNext}>
            <ActionIcon variant="default" aria-label={processTexts.pdfNext} disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
              <IconChevronRight size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Group gap={4} wrap="nowrap">
          <Tooltip label={processTexts.pdfZoomOut}>
            <ActionIcon variant="default" aria-label={processTexts.pdfZoomOut} disabled={zoom <= 0} onClick={() => setZoom((z) => z - 1)}>
              <IconZoomOut size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Text size="sm" w={44} ta="center">
            {Math.round(ZOOMS[zoom]! * 100)}%
          </Text>
          <Tooltip label={processTexts.pdfZoomIn}>
            <ActionIcon
              variant="default"
              aria-label={processTexts.pdfZoomIn}
              disabled={zoom >= ZOOMS.length - 1}
              onClick={() => setZoom((z) => z + 1)}
            >
              <IconZoomIn size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={processTexts.pdfDownload}>
            <ActionIcon variant="default" aria-label={processTexts.pdfDownload} disabled={!blob} onClick={download}>
              <IconDownload size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={processTexts.pdfClose}>
            <ActionIcon variant="default" aria-label={processTexts.pdfClose} onClick={onClose}>
              <IconX size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {/* The page scrolls when zoomed: the keyboard reaches it too (axe scrollable-region-focusable). */}
      <Box
        ref={paneRef}
        mt="xs"
        tabIndex={0}
        role="region"
        aria-label={processTexts.pdfPage}
        style={{ flex: 1, overflow: 'auto', minHeight: 320, background: 'var(--mantine-color-gray-1)' }}
      >
        {problem ? (
          <Alert color="red" variant="light" role="alert" m="xs">
            {problem}
          </Alert>
        ) : (
          (loading || (blob && !doc)) && <BusyIndicator m="md" label={processTexts.pdfLoading} />
        )}
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={pages ? processTexts.pdfPageOf(page, pages) : label}
          style={{ display: doc && !problem ? 'block' : 'none', margin: '8px auto', background: 'white' }}
        />
      </Box>
    </Paper>
  );
}

import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PdfDocument } from '../pdf/pdfjs';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { PdfViewer, type PdfOpener } from './PdfViewer';

/** A one-page A4 document (595 × 842 points) as pdf.js answers it, drawing nothing. */
const a4: PdfOpener = () => ({
  promise: Promise.resolve({
    numPages: 1,
    getPage: async () => ({
      getViewport: ({ scale }: { scale: number }) => ({ width: 595.28 * scale, height: 841.89 * scale }),
      render: () => ({ promise: Promise.resolve(), cancel: () => {} }),
    }),
  } as unknown as PdfDocument),
  destroy: () => {},
});

describe('PdfViewer (issue 22 item 19)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the page at the pane width at 100 %, so an A4 page fits; zoom scales from there', async () => {
    // The pane is 432 px wide (narrower than an A4 page's 595 points).
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(432);
    const { user } = renderWithProviders(
      <PdfViewer blob={new Blob(['%PDF-1.7'])} fileName="autos.pdf" label="PDF do processo" onClose={() => {}} open={a4} />,
    );
    const canvas = await screen.findByRole('img', { name: 'Página 1 de 1' });
    expect(screen.getByText('100%')).toBeInTheDocument();
    await waitFor(() => expect(canvas.style.width).toBe('400px'));
    await user.click(screen.getByRole('button', { name: 'Aumentar zoom' }));
    await waitFor(() => expect(canvas.style.width).toBe('500px'));
  });
});

import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

/**
 * pdf.js, loaded only when a PDF is opened (its own chunk): the worker is a file of this origin served by
 * Vite's build, so the strict CSP ('self') admits it without a change.
 */
GlobalWorkerOptions.workerSrc = workerUrl;

export type PdfDocument = PDFDocumentProxy;

/** Opens a PDF from its bytes (fetched with the session by the API client, never by URL). */
export function openPdfDocument(data: ArrayBuffer): { promise: Promise<PdfDocument>; destroy: () => void } {
  const task = getDocument({ data: new Uint8Array(data), useSystemFonts: true });
  return { promise: task.promise, destroy: () => void task.destroy() };
}

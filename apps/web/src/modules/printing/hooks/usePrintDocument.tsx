import { createElement, Fragment, useCallback, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { genericMessages, printingContracts, printingTexts, type PrintChoice, type PrintSelection, type UserPreferences } from '@assoc/domain';
import { apiUpload, isApiError } from '../../../app/api';
import { callApi, queryKeyOf, relativeUrlOf } from '../../../app/client';
import { saveBlob } from '../../ui/hooks/useBlobDownload';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PrintChoiceDialog, type PrintChoiceAnswer } from '../components/PrintChoiceDialog';
import { PrintRangeDialog } from '../components/PrintRangeDialog';

export interface PrintRequest {
  /** The name the PDF is saved or queued under. */
  fileName: string;
  /** Renders or fetches the PDF (called once the user has chosen). */
  load: () => Promise<Blob>;
  /** The document's page count when known (the range dialog checks it). */
  totalPages?: number;
  /** The page the viewer shows ("Página atual"); 1 by default. */
  currentPage?: number;
}

const preferencesKey = queryKeyOf(printingContracts.getConfig);

/** `POST impressao`: the PDF as multipart. A failure without the server's message reads as the generic one. */
async function sendToQueue(blob: Blob, fileName: string, printer: 1 | 2, range: { start: number; end: number } | null) {
  const form = new FormData();
  form.append('arquivo', blob, fileName);
  const path = relativeUrlOf(printingContracts.enqueue, { query: { printer, ...(range ?? {}) } });
  const reply = await apiUpload<{ status?: string } | undefined>(path, form, { message: genericMessages.requestFailed });
  return reply?.status;
}

/**
 * Prints a PDF the way the user chooses (issue 11): the remembered choice (`GET config`) when there is one, else
 * "Selecionar como imprimir". Download saves the file, Navegador opens it in a new tab, Impressora Remota asks
 * "Seleção de impressão" and sends it to the server queue. A choice made with SIM is saved with `POST config`.
 * Render `dialogs` once where the hook is used.
 */
export function usePrintDocument() {
  const queryClient = useQueryClient();
  // An open dialog is the answer it waits for: closing it answers null.
  const [choice, setChoice] = useState<{ answer: (answer: PrintChoiceAnswer | null) => void } | null>(null);
  const [range, setRange] = useState<{ totalPages?: number; answer: (selection: PrintSelection | null) => void } | null>(null);
  const [busy, setBusy] = useState(false);

  const askChoice = useCallback(
    () =>
      new Promise<PrintChoiceAnswer | null>((resolve) => {
        setChoice({
          answer: (answer) => {
            setChoice(null);
            resolve(answer);
          },
        });
      }),
    [],
  );
  const askRange = useCallback(
    (totalPages?: number) =>
      new Promise<PrintSelection | null>((resolve) => {
        setRange({
          totalPages,
          answer: (selection) => {
            setRange(null);
            resolve(selection);
          },
        });
      }),
    [],
  );

  const print = useCallback(
    async (request: PrintRequest) => {
      try {
        const preferences = await queryClient
          .fetchQuery({ queryKey: preferencesKey, queryFn: () => callApi(printingContracts.getConfig), staleTime: 60_000 })
          .catch((): UserPreferences => ({}));
        let chosen: PrintChoice | null = preferences.printChoice ?? null;
        if (!chosen) {
          const answer = await askChoice();
          if (!answer) return;
          chosen = answer.choice;
          if (answer.remember) {
            await callApi(printingContracts.saveConfig, { body: { printChoice: chosen } });
            queryClient.setQueryData<UserPreferences>(preferencesKey, { ...preferences, printChoice: chosen });
          }
        }
        let pages: { start: number; end: number } | null = null;
        if (chosen.mode === 'remote') {
          const selection = await askRange(request.totalPages);
          if (!selection) return;
          const current = request.currentPage ?? 1;
          if (selection.kind === 'current') pages = { start: current, end: current };
          if (selection.kind === 'range') pages = { start: selection.start, end: selection.end };
        }
        setBusy(true);
        const blob = await request.load();
        if (chosen.mode === 'download') saveBlob(blob, request.fileName);
        else if (chosen.mode === 'browser') {
          const url = URL.createObjectURL(blob);
          window.open(url, '_blank', 'noopener');
          setTimeout(() => URL.revokeObjectURL(url), 60_000);
        } else {
          const status = await sendToQueue(blob, request.fileName, chosen.printer ?? 1, pages);
          if (status === 'failed') notifyError(printingTexts.failed, printingTexts.remote);
          else notifySuccess(printingTexts.sent);
        }
      } catch (error) {
        if (isApiError(error) && error.status === 401) return;
        notifyError(isApiError(error) ? error.message : genericMessages.requestFailed);
      } finally {
        setBusy(false);
      }
    },
    [queryClient, askChoice, askRange],
  );

  const dialogs: ReactNode = createElement(
    Fragment,
    null,
    createElement(PrintChoiceDialog, {
      opened: choice !== null,
      onClose: () => choice?.answer(null),
      onConfirm: (answer) => choice?.answer(answer),
    }),
    createElement(PrintRangeDialog, {
      opened: range !== null,
      totalPages: range?.totalPages,
      onClose: () => range?.answer(null),
      onPrint: (selection) => range?.answer(selection),
    }),
  );

  return { print, dialogs, busy };
}

import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ledgerContracts, ledgerMessages } from '@assoc/domain';
import { callApi, queryKeyOf } from '../../../app/client';
import { notifyError, notifySuccess } from '../../ui/notify';

/**
 * The statement of one period (spec 1 §4 "Statement"): a negative period loads the open period's entries
 * (GET user/extrato), a positive one the closed period's PDF (GET user/extratopdf, a blob: URL revoked when
 * replaced). Also the e-mail and the reversal, each with its toast; a reversal reloads the entries.
 */
export function useStatement(cstId: number, period: number | null) {
  const queryClient = useQueryClient();
  const open = period !== null && period < 0;
  const closed = period !== null && period > 0;
  const params = { cstId, fecID: period ?? 0 };

  const entries = useQuery({
    queryKey: queryKeyOf(ledgerContracts.statement, { params }),
    queryFn: ({ signal }) => callApi(ledgerContracts.statement, { params }, { signal }),
    enabled: open,
  });

  const pdfParams = { cstId, period: Math.abs(period ?? 0) };
  const pdf = useQuery({
    queryKey: queryKeyOf(ledgerContracts.pdf, { params: pdfParams }),
    queryFn: async ({ signal }) => {
      const blob = await callApi(ledgerContracts.pdf, { params: pdfParams }, { signal });
      return { blob, url: URL.createObjectURL(blob) };
    },
    enabled: closed,
    gcTime: 0,
    retry: false,
  });
  const url = pdf.data?.url ?? null;
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);

  const email = useMutation({
    mutationFn: () => callApi(ledgerContracts.email, { params }),
    onSuccess: (reply) => notifySuccess(reply.message || ledgerMessages.emailSent),
    onError: (error) => notifyError(error.message),
  });

  const reverse = useMutation({
    mutationFn: (extId: number) => callApi(ledgerContracts.reverse, { params: { extId } }),
    onSuccess: async (reply) => {
      notifySuccess(reply.message || ledgerMessages.reversed);
      await queryClient.invalidateQueries({ queryKey: queryKeyOf(ledgerContracts.statement) });
    },
    onError: (error) => notifyError(error.message),
  });

  /** The period's PDF (closed: the one shown; open: fetched now) saved as a file. */
  async function download() {
    try {
      const blob = pdf.data?.blob ?? (await callApi(ledgerContracts.pdf, { params: pdfParams }));
      const href = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = href;
      link.download = `extrato-${cstId}-${Math.abs(period ?? 0)}.pdf`;
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(href), 10_000);
    } catch (error) {
      notifyError((error as Error).message);
    }
  }

  return { open, closed, entries, pdf, url, email, reverse, download };
}

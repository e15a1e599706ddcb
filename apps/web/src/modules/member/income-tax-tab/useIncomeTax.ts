import { useEffect } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { incomeTaxContracts, incomeTaxMessages } from '@assoc/domain';
import { callApi, queryKeyOf } from '../../../app/client';
import { isApiError } from '../../../app/api';
import { notifyError, notifySuccess } from '../../ui/notify';

/** The base year's income-tax PDF (GET user/irpdf, a blob: URL revoked when replaced) and its e-mail (GET user/emailir). */
export function useIncomeTax(cstId: number, ano: number | null) {
  const params = { cstId, period: ano ?? 0 };
  const pdf = useQuery({
    queryKey: queryKeyOf(incomeTaxContracts.pdf, { params }),
    queryFn: async ({ signal }) => {
      const blob = await callApi(incomeTaxContracts.pdf, { params }, { signal });
      return { blob, url: URL.createObjectURL(blob) };
    },
    enabled: ano !== null && cstId > 0,
    gcTime: 0,
    retry: false,
  });
  const url = pdf.data?.url ?? null;
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);

  const email = useMutation({
    mutationFn: () => callApi(incomeTaxContracts.email, { params: { cstId, ano: ano ?? 0 } }),
    onSuccess: (reply) => notifySuccess(reply.message || incomeTaxMessages.sent),
    onError: (error) => {
      if (isApiError(error) && error.status === 401) return;
      notifyError(isApiError(error) && error.message ? error.message : incomeTaxMessages.failed);
    },
  });
  return { pdf, url, email };
}

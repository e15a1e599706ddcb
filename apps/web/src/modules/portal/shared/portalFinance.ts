import { useMutation, useQuery } from '@tanstack/react-query';
import { portalFinanceContracts } from '@assoc/domain';
import { useMediaQuery } from '@mantine/hooks';
import { callApi, queryKeyOf } from '../../../app/client';
import { isApiError } from '../../../app/api';
import { useCurrentSession } from '../../../app/session/SessionContext';
import { notifyError, notifySuccess } from '../../ui/notify';

/** The signed-in member (the portal reads the member from the session; the server answers 404 about anyone else). */
export function usePortalMemberId(): number {
  return useCurrentSession().cstId;
}

/** GET portal/financeiro/{cstId}: the member's periods, base years and charges, for the Extratos, I.R. and Cobranças tabs. */
export function usePortalFinance() {
  const cstId = usePortalMemberId();
  const params = { cstId };
  return useQuery({
    queryKey: queryKeyOf(portalFinanceContracts.summary, { params }),
    queryFn: ({ signal }) => callApi(portalFinanceContracts.summary, { params }, { signal }),
    enabled: cstId > 0,
  });
}

/** Below Mantine's `sm` (48em): a phone, where the tables fold into cards. */
export const usePhone = () => useMediaQuery('(max-width: 47.99em)') ?? false;

/** An e-mail call (statement, I.R.): its success message, or its refusal, as a toast. */
export function useEmailCall(send: () => Promise<{ message: string }>, sent: string, failed: string) {
  return useMutation({
    mutationFn: send,
    onSuccess: (reply) => notifySuccess(reply.message || sent),
    onError: (error) => {
      if (isApiError(error) && error.status === 401) return;
      notifyError(isApiError(error) && error.message ? error.message : failed);
    },
  });
}

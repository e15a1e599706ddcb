import type { QueryClient } from '@tanstack/react-query';
import { portalContracts } from '@assoc/domain';
import { callApi } from '../../app/client';
import { portalRecordKey } from './hooks/usePortalRecord';

/** Right after signing in: the member's form, loading beside the portal's chunks (app/prefetch.ts). */
export function prefetchPortalRecord(queryClient: QueryClient, cstId: number) {
  if (cstId > 0) {
    void queryClient.prefetchQuery({
      queryKey: portalRecordKey(cstId),
      queryFn: ({ signal }) => callApi(portalContracts.get, { params: { cstId } }, { signal }),
    });
  }
}

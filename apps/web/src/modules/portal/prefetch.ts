import type { QueryClient } from '@tanstack/react-query';
import type { PortalRecord } from '@assoc/domain';
import { portalRecordKey, portalRecordQuery } from './hooks/usePortalRecord';

/**
 * Right after signing in: the member's form, loading beside the portal's chunks (app/prefetch.ts); or, when the
 * sign-in reply carried it (issue 28), put in the cache as if just read.
 */
export function prefetchPortalRecord(queryClient: QueryClient, cstId: number, record?: PortalRecord) {
  if (record && record.cstId === cstId) queryClient.setQueryData(portalRecordKey(cstId), record);
  else if (cstId > 0) void queryClient.prefetchQuery(portalRecordQuery(cstId));
}

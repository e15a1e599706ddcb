import { queryOptions, useQuery } from '@tanstack/react-query';
import { portalContracts } from '@assoc/domain';
import { callApi, queryKeyOf } from '../../../app/client';
import { useCurrentSession } from '../../../app/session/SessionContext';

/** How long a read of the form counts as afresh. */
const FRESH_MS = 5_000;

/** The query key of the signed-in member's portal form. */
export const portalRecordKey = (cstId: number) => queryKeyOf(portalContracts.get, { params: { cstId } });

/** GET user/portal/{cstId}: the hook's query, also started (or filled from the sign-in reply) by ../prefetch.ts. */
export const portalRecordQuery = (cstId: number) =>
  queryOptions({
    queryKey: portalRecordKey(cstId),
    queryFn: ({ signal }) => callApi(portalContracts.get, { params: { cstId } }, { signal }),
    staleTime: FRESH_MS,
  });

/**
 * GET user/portal/{cstId} for the signed-in member (the session's cstId; the server answers 404 about anyone else):
 * the Cadastro form and the Dependentes list share it. Read afresh when a tab opens (decision 5), unless read in the
 * last few seconds: the read the sign-in started (app/prefetch.ts) is not asked twice (issue 28).
 */
export function usePortalRecord() {
  const { cstId } = useCurrentSession();
  const query = useQuery({ ...portalRecordQuery(cstId), enabled: cstId > 0 });
  return { ...query, cstId };
}

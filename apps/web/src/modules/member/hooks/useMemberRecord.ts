import { useQuery } from '@tanstack/react-query';
import { memberContracts } from '@assoc/domain';
import { callApi, queryKeyOf } from '../../../app/client';
import { takePrefetchedMember } from '../prefetch';

/** GET user/{cstId}: the holder's record (sections the user may not view left out); nothing for a new member. */
export function useMemberRecord(cstId: number) {
  return useQuery({
    queryKey: queryKeyOf(memberContracts.get, { params: { cstId } }),
    queryFn: ({ signal }) => takePrefetchedMember(cstId) ?? callApi(memberContracts.get, { params: { cstId } }, { signal }),
    enabled: cstId > 0,
    // Always the stored member when the screen opens (decision 5: the save names the version it read).
    staleTime: 0,
    gcTime: 0,
  });
}

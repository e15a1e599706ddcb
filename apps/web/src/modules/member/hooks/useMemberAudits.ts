import { useQuery } from '@tanstack/react-query';
import { memberContracts } from '@assoc/domain';
import { callApi, queryKeyOf } from '../../../app/client';

/** GET audits/{cstId}/users: the member's past changes, newest first (audit mode's side list). */
export function useMemberAudits(cstId: number, enabled: boolean) {
  const params = { cstId, category: 'users' as const };
  return useQuery({
    queryKey: queryKeyOf(memberContracts.audits, { params }),
    queryFn: ({ signal }) => callApi(memberContracts.audits, { params }, { signal }),
    enabled,
    staleTime: 0,
  });
}

/** GET audits/{id}: the member as that change left it, with its changed fields (fieldDiffs). */
export function useMemberAudit(id: number | null) {
  return useQuery({
    queryKey: queryKeyOf(memberContracts.audit, { params: { id: id ?? 0 } }),
    queryFn: ({ signal }) => callApi(memberContracts.audit, { params: { id: id! } }, { signal }),
    enabled: id !== null,
  });
}

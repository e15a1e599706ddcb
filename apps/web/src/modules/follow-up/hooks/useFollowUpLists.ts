import { useQuery } from '@tanstack/react-query';
import { followUpDepartments, followUpStatuses, followUpSubjects, followUpTypes, memberContracts, type DataCache } from '@assoc/domain';
import { callApi, queryKeyOf } from '../../../app/client';

export interface FollowUpOption {
  value: string;
  label: string;
}

export interface FollowUpLists {
  statuses: FollowUpOption[];
  types: FollowUpOption[];
  departments: FollowUpOption[];
  /** With the department each subject belongs to. */
  subjects: (FollowUpOption & { department: number })[];
  label: (list: 'statuses' | 'types' | 'departments' | 'subjects', value: number | null | undefined) => string;
}

const options = <T extends { value: number; label: string }>(list: readonly T[]) => list.map((o) => ({ ...o, value: String(o.value) }));

/**
 * The follow-up row's fixed lists (spec 2 §3) from GET datacache (decision 21; the member forms' cached query),
 * the domain's copy while it loads.
 */
export function useFollowUpLists(): FollowUpLists {
  const { data } = useQuery<DataCache>({
    queryKey: queryKeyOf(memberContracts.dataCache),
    queryFn: ({ signal }) => callApi(memberContracts.dataCache, {}, { signal }),
    staleTime: 10 * 60_000,
  });
  const lists = {
    statuses: options(data?.followUpStatuses ?? followUpStatuses),
    types: options(data?.followUpTypes ?? followUpTypes),
    departments: options(data?.followUpDepartments ?? followUpDepartments),
    subjects: options(data?.followUpSubjects ?? followUpSubjects),
  };
  return { ...lists, label: (list, value) => lists[list].find((o) => o.value === String(value))?.label ?? '' };
}

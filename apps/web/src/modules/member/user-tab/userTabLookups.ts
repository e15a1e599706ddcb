import { useQuery } from '@tanstack/react-query';
import { memberContracts, type DataCache } from '@assoc/domain';
import { callApi, queryKeyOf } from '../../../app/client';

/** A dropdown option (Mantine Select's shape). */
export interface Option {
  value: string;
  label: string;
}

export interface UserTabLookups {
  civilStatuses: Option[];
  kinships: Option[];
  profiles: Option[];
  situations: Option[];
  financialStatuses: Option[];
  communicationPreferences: Option[];
  deceasedSpouses: Option[];
  positions: { afcId: number; afcCargo: string }[];
}

const options = (list: readonly { value: number | string; label: string }[] | undefined): Option[] =>
  (list ?? []).map((o) => ({ value: String(o.value), label: o.label }));

export const dataCacheKey = queryKeyOf(memberContracts.dataCache);

/** The lists of the Usuário tab's dropdowns from `GET datacache` (cached for the session; empty while loading). */
export function useUserTabLookups(): UserTabLookups {
  const { data } = useQuery<DataCache>({
    queryKey: dataCacheKey,
    queryFn: ({ signal }) => callApi(memberContracts.dataCache, {}, { signal }),
    staleTime: 10 * 60_000,
  });
  return {
    civilStatuses: options(data?.civilStatuses),
    kinships: options(data?.kinships),
    profiles: options(data?.profiles),
    situations: options(data?.situations),
    financialStatuses: options(data?.financialStatuses),
    communicationPreferences: options(data?.communicationPreferences),
    deceasedSpouses: options(data?.deceasedSpouses),
    positions: data?.positions ?? [],
  };
}

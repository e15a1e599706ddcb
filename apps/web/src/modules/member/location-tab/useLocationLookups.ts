import { useQuery } from '@tanstack/react-query';
import { memberContracts, type DataCache } from '@assoc/domain';
import { callApi, queryKeyOf } from '../../../app/client';
import type { Option } from '../user-tab/userTabLookups';

export interface LocationLookups {
  /** Forum positions (afcId): the tab's Cargo and the panels' cargos (apcId). */
  cargos: Option[];
  forums: Option[];
  /** The live locals of a forum. */
  localsOf: (apfId: unknown) => Option[];
}

/** The Localização tab's pickers from GET datacache (the forum positions, forums and locals of the location registries). */
export function useLocationLookups(): LocationLookups {
  const { data } = useQuery<DataCache>({
    queryKey: queryKeyOf(memberContracts.dataCache),
    queryFn: ({ signal }) => callApi(memberContracts.dataCache, {}, { signal }),
    staleTime: 10 * 60_000,
  });
  return {
    cargos: (data?.forumPositions ?? []).map((c) => ({ value: String(c.afcId), label: c.afcCargo })),
    forums: (data?.forums ?? []).map((f) => ({ value: String(f.apfId), label: f.forShort })),
    localsOf: (apfId) =>
      apfId == null || apfId === ''
        ? []
        : (data?.locals ?? []).filter((l) => l.apfId === Number(apfId)).map((l) => ({ value: String(l.locId), label: l.locName })),
  };
}

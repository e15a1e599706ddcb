import { useQuery } from '@tanstack/react-query';
import { regionContracts } from '@assoc/domain';
import { callApi, queryKeyOf } from '../../../app/client';

/**
 * Options of the region modal (spec 3 §7 GET regiao/uf, GET regiao/cidades/{uf}). Each has its own
 * loading flag (spec 3 §4); a failure only stops it, with no message (spec 3 §8). The IBGE lists do
 * not change while the app runs.
 */
export function useUfOptions() {
  return useQuery({
    queryKey: queryKeyOf(regionContracts.ufs),
    queryFn: ({ signal }) => callApi(regionContracts.ufs, {}, { signal }),
    staleTime: Infinity,
  });
}

export function useCityOptions(uf: string | null) {
  return useQuery({
    queryKey: queryKeyOf(regionContracts.cities, { params: { uf: uf ?? '' } }),
    enabled: !!uf,
    queryFn: ({ signal }) => callApi(regionContracts.cities, { params: { uf: uf! } }, { signal }),
    staleTime: Infinity,
  });
}

import { useQuery } from '@tanstack/react-query';
import type { CityOption, UfOption } from '@assoc/domain';
import { api } from '../../../app/api';

/**
 * Options of the region modal (spec 3 §7 GET regiao/uf, GET regiao/cidades/{uf}). Each has its own
 * loading flag (spec 3 §4); a failure only stops it, with no message (spec 3 §8). The IBGE lists do
 * not change while the app runs.
 */
export function useUfOptions() {
  return useQuery({
    queryKey: ['regiao', 'uf'],
    queryFn: ({ signal }) => api.get<UfOption[]>('regiao/uf', { signal }),
    staleTime: Infinity,
  });
}

export function useCityOptions(uf: string | null) {
  return useQuery({
    queryKey: ['regiao', 'cidades', uf],
    enabled: !!uf,
    queryFn: ({ signal }) => api.get<CityOption[]>(`regiao/cidades/${uf}`, { signal }),
    staleTime: Infinity,
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardContracts, onlyDigits, type Weather } from '@assoc/domain';
import { callApi, queryKeyOf } from '../../../app/client';

export type { Weather };

export const birthdaysKey = queryKeyOf(dashboardContracts.birthdays);
export const weatherKey = (cep: string) => queryKeyOf(dashboardContracts.weather, { params: { cep } });

/** GET aniversarios: people born on today's day and month (the hook's query, also started by app/prefetch.ts). */
export const birthdaysQuery = () =>
  queryOptions({
    queryKey: birthdaysKey,
    queryFn: ({ signal }) => callApi(dashboardContracts.birthdays, {}, { signal }),
    staleTime: 10 * 60_000,
  });

export function useBirthdays() {
  return useQuery(birthdaysQuery());
}

/** GET weather/{cep} for the user's CEP (8 digits); any failure simply hides the panel (spec 1 §11 decision). */
export function useWeather(cep: string | null | undefined) {
  const digits = onlyDigits(cep);
  return useQuery({
    queryKey: weatherKey(digits),
    queryFn: ({ signal }) => callApi(dashboardContracts.weather, { params: { cep: digits } }, { signal }),
    enabled: digits.length === 8,
    retry: false,
    staleTime: 30 * 60_000,
  });
}

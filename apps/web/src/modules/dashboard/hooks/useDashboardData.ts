import { useQuery } from '@tanstack/react-query';
import { onlyDigits, type Weather } from '@assoc/domain';
import { api } from '../../../app/api';
import type { PersonSuggestion } from '../../people/types';

export type { Weather };

export const birthdaysKey = ['aniversarios'] as const;
export const weatherKey = (cep: string) => ['weather', cep] as const;

/** GET aniversarios: people born on today's day and month. */
export function useBirthdays() {
  return useQuery({
    queryKey: birthdaysKey,
    queryFn: ({ signal }) => api.get<PersonSuggestion[]>('aniversarios', { signal }),
    staleTime: 10 * 60_000,
  });
}

/** GET weather/{cep} for the user's CEP (8 digits); any failure simply hides the panel (spec 1 §11 decision). */
export function useWeather(cep: string | null | undefined) {
  const digits = onlyDigits(cep);
  return useQuery({
    queryKey: weatherKey(digits),
    queryFn: ({ signal }) => api.get<Weather>(`weather/${digits}`, { signal }),
    enabled: digits.length === 8,
    retry: false,
    staleTime: 30 * 60_000,
  });
}

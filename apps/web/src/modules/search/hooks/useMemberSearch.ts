import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH, searchContracts } from '@assoc/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi, queryKeyOf } from '../../../app/client';

/** Spec 1 §9: minimum 3 characters, 400 ms pause, box maximum 30. */
export { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH };
export const SEARCH_DEBOUNCE_MS = 400;

/** POST search is a read: each term is its own query (the contract's key and the term). */
export const searchKey = (term: string) => [...queryKeyOf(searchContracts.search), term] as const;

/**
 * The member search box's state: the typed text, and the term actually searched once the user
 * pauses (or presses Enter). Each term is its own query, so a late reply for an older term never
 * shows for a newer one; leaving a term cancels its request.
 */
export function useMemberSearch() {
  const [text, setTextState] = useState('');
  const [term, setTerm] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const clearTimer = () => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
  };
  useEffect(() => clearTimer, []);

  const setText = useCallback((value: string) => {
    const next = value.slice(0, SEARCH_MAX_LENGTH);
    setTextState(next);
    clearTimer();
    const trimmed = next.trim();
    if (trimmed.length < SEARCH_MIN_LENGTH) {
      setTerm('');
      return;
    }
    timer.current = setTimeout(() => setTerm(trimmed), SEARCH_DEBOUNCE_MS);
  }, []);

  /** Enter: search at once, only with 3 or more characters. */
  const searchNow = useCallback(() => {
    const trimmed = text.trim();
    if (trimmed.length < SEARCH_MIN_LENGTH) return false;
    clearTimer();
    setTerm(trimmed);
    return true;
  }, [text]);

  const clear = useCallback(() => {
    clearTimer();
    setTextState('');
    setTerm('');
  }, []);

  const query = useQuery({
    queryKey: searchKey(term),
    queryFn: async ({ signal }) => {
      try {
        return await callApi(searchContracts.search, { body: { text: term } }, { signal });
      } catch (error) {
        if (signal.aborted) throw error;
        // Spec: a failed search shows an empty list (a 401 also opens the session-lost popup).
        return [];
      }
    },
    enabled: term.length >= SEARCH_MIN_LENGTH,
    staleTime: 30_000,
    // While the next term loads, the previous suggestions stay instead of flashing an empty list.
    placeholderData: keepPreviousData,
  });

  const active = term.length >= SEARCH_MIN_LENGTH;
  return {
    text,
    setText,
    searchNow,
    clear,
    term,
    results: active ? (query.data ?? []) : [],
    /** A search is running for the current term. */
    loading: active && query.isFetching,
    /** The current term was searched (its results, possibly none, are known). */
    searched: active && query.isSuccess && !query.isPlaceholderData,
  };
}

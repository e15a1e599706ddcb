import { useMemo, useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { coordinatorsContract, type CoordinatorOption } from '@assoc/domain';
import { callApi } from '../../../app/client';
import { coordinatorsKey } from '../config/levelCalls';

/** Debounce of the coordinator search (the spec's search debounce, spec 3 §9). */
export const COORDINATOR_SEARCH_DEBOUNCE_MS = 400;

/** Shown in the list when the search failed, with the server's reason. */
export const COORDINATOR_SEARCH_FAILED = 'Não foi possível pesquisar os magistrados';

interface CoordinatorSelectProps {
  label: string;
  /** The member id, or null. */
  value: number | null;
  /** The current coordinator's name (edit mode), shown before any search. */
  currentName?: string | null;
  error?: string;
  onChange: (cstId: number | null) => void;
}

/**
 * A coordinator picker: holder magistrates found by name on the server (GET coordenadores?q=, accents
 * and case ignored; an empty text lists the first by name), searched as the user types; clearable. A
 * failed search says so with the server's reason instead of an empty list.
 */
export function CoordinatorSelect({ label, value, currentName, error, onChange }: CoordinatorSelectProps) {
  const [chosen, setChosen] = useState<CoordinatorOption | null>(value != null ? { cstId: value, custName: currentName ?? '' } : null);
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  // The chosen name shown in the box is not a search: it lists the first magistrates.
  const typed = chosen && search === chosen.custName ? '' : search.trim();
  const [q] = useDebouncedValue(typed, COORDINATOR_SEARCH_DEBOUNCE_MS);
  const options = useQuery({
    queryKey: coordinatorsKey(q),
    enabled: opened || q !== '',
    queryFn: ({ signal }) => callApi(coordinatorsContract, { query: { q } }, { signal }),
  });
  const failure = options.isError && !options.isFetching ? `${COORDINATOR_SEARCH_FAILED}: ${options.error.message}` : undefined;
  const data = useMemo(() => {
    const list = options.isError ? [] : (options.data ?? []);
    const all = chosen && !list.some((o) => o.cstId === chosen.cstId) ? [chosen, ...list] : list;
    return all.map((o) => ({ value: String(o.cstId), label: o.custName }));
  }, [options.data, options.isError, chosen]);

  return (
    <Select
      label={label}
      placeholder="Selecione..."
      searchable
      clearable
      data={data}
      value={value == null ? null : String(value)}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already matched the text (accents ignored): show its answer as is.
      filter={({ options: all }) => all}
      onDropdownOpen={() => setOpened(true)}
      nothingFoundMessage={options.isFetching ? 'Pesquisando...' : (failure ?? 'Nenhum magistrado encontrado')}
      // A failed search is said under the box too (the list may hold the chosen name only).
      description={failure}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      error={error}
      onChange={(selected, option) => {
        const cstId = selected ? Number(selected) : null;
        setChosen(cstId == null ? null : { cstId, custName: option?.label ?? '' });
        onChange(cstId);
      }}
    />
  );
}

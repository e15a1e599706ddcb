import type { ProcessFilter, ProcessOrderBy } from '@assoc/domain';

/**
 * The process browsing state (spec 3 §3 "Process browsing state", §4 "Process browsing"): folders, processes,
 * movements, the search (query, filters, order-by, facets, mode), the selections and the PDF viewer flag, as
 * one reducer so every transition the spec names is a plain function with its own test.
 *
 * Each list goes through loading, then loaded or error; a failure stores the message and empties its list
 * (spec 3 §8: no message text is shown).
 */

/** One list of the screen and how its last load went. */
export interface Loadable<T> {
  status: 'idle' | 'loading' | 'loaded' | 'error';
  items: T[];
  /** The failed call's message (stored, not shown: spec 3 §8). */
  error: string | null;
}

/** A process as the browsing state needs it: its key. */
export interface BrowsedProcess {
  proId: number;
}

export const DEFAULT_ORDER: ProcessOrderBy = 'relevancia';

export interface BrowsingState<P extends BrowsedProcess, M, F, Facets> {
  pastas: Loadable<F>;
  processos: Loadable<P> & { hasMore: boolean };
  andamentos: Loadable<M>;
  query: string;
  filter: ProcessFilter;
  orderby: ProcessOrderBy;
  facets: Facets | null;
  searchMode: boolean;
  selectedPastaId: number | null;
  selectedProId: number | null;
  /** The selected process's row as last loaded (refreshed by proId when the list reloads). */
  selectedProcess: P | null;
  pdfOpen: boolean;
}

export type BrowsingAction<P extends BrowsedProcess, M, F, Facets> =
  | { type: 'folders/loading' }
  | { type: 'folders/loaded'; items: F[] }
  | { type: 'folders/failed'; error: string }
  | { type: 'folder/select'; pastaId: number }
  | { type: 'processes/loading'; append: boolean }
  | { type: 'processes/loaded'; items: P[]; append: boolean; hasMore: boolean }
  | { type: 'processes/failed'; error: string }
  | { type: 'process/select'; proId: number }
  | { type: 'process/changed'; process: P }
  | { type: 'movements/loading' }
  | { type: 'movements/loaded'; items: M[] }
  | { type: 'movements/failed'; error: string }
  | { type: 'search/query'; query: string }
  | { type: 'search/filter'; filter: ProcessFilter }
  | { type: 'search/order'; orderby: ProcessOrderBy }
  | { type: 'search/loading'; append: boolean }
  | { type: 'search/loaded'; items: P[]; facets: Facets; append: boolean; hasMore: boolean }
  | { type: 'search/failed'; error: string }
  | { type: 'search/close' }
  | { type: 'pdf/open' }
  | { type: 'pdf/close' };

const idle = <T>(): Loadable<T> => ({ status: 'idle', items: [], error: null });

export function initialBrowsingState<P extends BrowsedProcess, M, F, Facets>(): BrowsingState<P, M, F, Facets> {
  return {
    pastas: idle(),
    processos: { ...idle<P>(), hasMore: false },
    andamentos: idle(),
    query: '',
    filter: {},
    orderby: DEFAULT_ORDER,
    facets: null,
    searchMode: false,
    selectedPastaId: null,
    selectedProId: null,
    selectedProcess: null,
    pdfOpen: false,
  };
}

/** No process selected: its movements go with it. */
function withoutSelectedProcess<S extends BrowsingState<BrowsedProcess, unknown, unknown, unknown>>(state: S): S {
  return { ...state, selectedProId: null, selectedProcess: null, andamentos: idle(), pdfOpen: false };
}

/**
 * A new page of processes (a folder's or the search's): appended for "more rows", otherwise the list is
 * replaced and the selected process refreshed by proId, or cleared with its movements when it is gone.
 */
function withProcesses<P extends BrowsedProcess, M, F, Facets>(
  state: BrowsingState<P, M, F, Facets>,
  items: P[],
  append: boolean,
  hasMore: boolean,
): BrowsingState<P, M, F, Facets> {
  const list = append ? [...state.processos.items, ...items] : items;
  const next = { ...state, processos: { status: 'loaded' as const, items: list, error: null, hasMore } };
  if (append || state.selectedProId === null) return next;
  const fresh = items.find((row) => row.proId === state.selectedProId);
  return fresh ? { ...next, selectedProcess: fresh } : withoutSelectedProcess(next);
}

export function browsingReducer<P extends BrowsedProcess, M, F, Facets>(
  state: BrowsingState<P, M, F, Facets>,
  action: BrowsingAction<P, M, F, Facets>,
): BrowsingState<P, M, F, Facets> {
  switch (action.type) {
    case 'folders/loading':
      return { ...state, pastas: { ...state.pastas, status: 'loading' } };
    case 'folders/loaded':
      return { ...state, pastas: { status: 'loaded', items: action.items, error: null } };
    case 'folders/failed':
      return { ...state, pastas: { status: 'error', items: [], error: action.error } };

    // Choosing a folder leaves the search (its own list replaces the result) and closes the PDF viewer (spec 3 §2.13).
    case 'folder/select':
      return {
        ...withoutSelectedProcess(state),
        selectedPastaId: action.pastaId,
        searchMode: false,
        query: '',
        filter: {},
        orderby: DEFAULT_ORDER,
        facets: null,
        processos: { status: 'loading', items: [], error: null, hasMore: false },
      };
    case 'processes/loading':
    case 'search/loading':
      return {
        ...state,
        processos: action.append ? { ...state.processos, status: 'loading' } : { ...state.processos, status: 'loading', error: null },
      };
    case 'processes/loaded':
      return withProcesses(state, action.items, action.append, action.hasMore);
    case 'processes/failed':
    case 'search/failed':
      return {
        ...withoutSelectedProcess(state),
        processos: { status: 'error', items: [], error: action.error, hasMore: false },
        facets: action.type === 'search/failed' ? null : state.facets,
      };

    // Choosing a process closes the PDF viewer (spec 3 §2.13) and loads its movements.
    case 'process/select': {
      const row = state.processos.items.find((p) => p.proId === action.proId) ?? null;
      return {
        ...state,
        selectedProId: action.proId,
        selectedProcess: row,
        andamentos: { status: 'loading', items: [], error: null },
        pdfOpen: false,
      };
    }
    case 'process/changed': {
      const items = state.processos.items.map((p) => (p.proId === action.process.proId ? action.process : p));
      const selectedProcess = state.selectedProId === action.process.proId ? action.process : state.selectedProcess;
      return { ...state, processos: { ...state.processos, items }, selectedProcess };
    }
    case 'movements/loading':
      return { ...state, andamentos: { ...state.andamentos, status: 'loading' } };
    case 'movements/loaded':
      return { ...state, andamentos: { status: 'loaded', items: action.items, error: null } };
    case 'movements/failed':
      return { ...state, andamentos: { status: 'error', items: [], error: action.error } };

    // A query different from the previous one resets filters and order-by (spec 3 §4).
    case 'search/query': {
      const query = action.query.trim();
      const changed = query !== state.query;
      return {
        ...state,
        searchMode: true,
        query,
        filter: changed ? {} : state.filter,
        orderby: changed ? DEFAULT_ORDER : state.orderby,
        selectedPastaId: state.searchMode ? state.selectedPastaId : null,
      };
    }
    case 'search/filter':
      return { ...state, filter: action.filter };
    case 'search/order':
      return { ...state, orderby: action.orderby };
    case 'search/loaded': {
      const next = { ...withProcesses(state, action.items, action.append, action.hasMore), facets: action.facets };
      // An empty result clears the selected process (spec 3 §4).
      return !action.append && action.items.length === 0 ? withoutSelectedProcess(next) : next;
    }
    // Closing the search resets selections, lists, mode and filters (spec 3 §2.13); the folders stay.
    case 'search/close':
      return { ...initialBrowsingState<P, M, F, Facets>(), pastas: state.pastas };

    case 'pdf/open':
      return state.selectedProId === null ? state : { ...state, pdfOpen: true };
    case 'pdf/close':
      return { ...state, pdfOpen: false };
  }
}

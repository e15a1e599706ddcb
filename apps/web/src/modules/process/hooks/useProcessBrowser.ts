import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import {
  processContracts,
  type Movement,
  type ProcessFilter,
  type ProcessFolder,
  type ProcessInbox,
  type ProcessOrderBy,
  type ProcessRow,
  type ProcessSearchReply,
  type ProcessSearchRow,
} from '@assoc/domain';
import { isApiError } from '../../../app/api';
import { callApi } from '../../../app/client';
import { useRealtimeEvent } from '../../realtime/RealtimeProvider';
import { browsingReducer, DEFAULT_ORDER, initialBrowsingState, type BrowsingAction, type BrowsingState } from '../state/browsing';

export type BrowsedRow = ProcessRow | ProcessSearchRow;
/** The search's total and facet counts, kept together in the state's facets slot. */
export type Facets = Pick<ProcessSearchReply, 'total' | 'facets'>;
export type ProcessBrowsingState = BrowsingState<BrowsedRow, Movement, ProcessFolder, Facets>;
type Action = BrowsingAction<BrowsedRow, Movement, ProcessFolder, Facets>;

const reducer = (state: ProcessBrowsingState, action: Action) => browsingReducer(state, action);
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
/** Real-time bursts (an import of many processes) reload the lists once. */
const RELOAD_DELAY_MS = 150;

/**
 * The /processo screen's data: the browsing reducer fed by the spec's calls (3 §7). Each list keeps only the
 * answer of its latest request (a slower earlier one is dropped); failures go to the reducer (lists emptied,
 * no message: spec 3 §8); a 401 is the session-lost popup of the API client.
 */
export function useProcessBrowser() {
  const [state, dispatch] = useReducer(reducer, undefined, () => initialBrowsingState<BrowsedRow, Movement, ProcessFolder, Facets>());
  const [inbox, setInbox] = useState<ProcessInbox | null>(null);
  const latest = useRef(state);
  useLayoutEffect(() => {
    latest.current = state;
  }, [state]);
  const page = useRef<{ cursor: string | null; offset: number | null }>({ cursor: null, offset: null });
  const seq = useRef({ list: 0, movements: 0, folders: 0 });

  const loadInbox = useCallback(() => {
    callApi(processContracts.inbox).then(setInbox, () => setInbox(null));
  }, []);

  const loadFolders = useCallback(() => {
    const id = ++seq.current.folders;
    dispatch({ type: 'folders/loading' });
    callApi(processContracts.folders).then(
      (items) => id === seq.current.folders && dispatch({ type: 'folders/loaded', items }),
      (error: unknown) => id === seq.current.folders && dispatch({ type: 'folders/failed', error: messageOf(error) }),
    );
  }, []);

  const loadProcesses = useCallback((pastaId: number, append: boolean) => {
    const id = ++seq.current.list;
    const cursor = append ? page.current.cursor : null;
    dispatch({ type: 'processes/loading', append });
    callApi(processContracts.processes, { params: { pastaId }, query: cursor ? { cursor } : {} }).then(
      (reply) => {
        if (id !== seq.current.list) return;
        page.current = { cursor: reply.nextCursor, offset: null };
        dispatch({ type: 'processes/loaded', items: reply.rows, append, hasMore: reply.nextCursor !== null });
      },
      (error: unknown) => id === seq.current.list && dispatch({ type: 'processes/failed', error: messageOf(error) }),
    );
  }, []);

  const runSearch = useCallback((query: string, filter: ProcessFilter, orderby: ProcessOrderBy, append: boolean) => {
    const id = ++seq.current.list;
    const offset = append ? (page.current.offset ?? 0) : 0;
    dispatch({ type: 'search/loading', append });
    callApi(processContracts.search, { body: { query, filter, orderby, offset } }).then(
      (reply) => {
        if (id !== seq.current.list) return;
        page.current = { cursor: null, offset: reply.nextOffset };
        dispatch({
          type: 'search/loaded',
          items: reply.rows,
          facets: { total: reply.total, facets: reply.facets },
          append,
          hasMore: reply.nextOffset !== null,
        });
      },
      (error: unknown) => id === seq.current.list && dispatch({ type: 'search/failed', error: messageOf(error) }),
    );
  }, []);

  const loadMovements = useCallback(
    (proId: number) => {
      const id = ++seq.current.movements;
      dispatch({ type: 'movements/loading' });
      // Opening a process marks it read for this user (the server's rule): the marker and the counts follow.
      callApi(processContracts.movements, { params: { proId } }).then(
        (items) => {
          if (id !== seq.current.movements) return;
          dispatch({ type: 'movements/loaded', items });
          const row = latest.current.processos.items.find((p) => p.proId === proId);
          if (row && !row.lido) {
            dispatch({ type: 'process/changed', process: { ...row, lido: true } });
            loadInbox();
            loadFolders();
          }
        },
        (error: unknown) => id === seq.current.movements && dispatch({ type: 'movements/failed', error: messageOf(error) }),
      );
    },
    [loadFolders, loadInbox],
  );

  /** The current list again from its first page: the folder's processes or the search. */
  const reloadList = useCallback(() => {
    const s = latest.current;
    if (s.searchMode) runSearch(s.query, s.filter, s.orderby, false);
    else if (s.selectedPastaId !== null) loadProcesses(s.selectedPastaId, false);
  }, [loadProcesses, runSearch]);

  const selectFolder = useCallback(
    (pastaId: number) => {
      dispatch({ type: 'folder/select', pastaId });
      loadProcesses(pastaId, false);
    },
    [loadProcesses],
  );

  // The screen opens on the inbox (and returns to it when the search is closed).
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    loadFolders();
    loadInbox();
  }, [loadFolders, loadInbox]);
  useEffect(() => {
    if (inbox && state.selectedPastaId === null && !state.searchMode) selectFolder(inbox.pastaId);
  }, [inbox, state.selectedPastaId, state.searchMode, selectFolder]);

  const selectProcess = useCallback(
    (proId: number) => {
      dispatch({ type: 'process/select', proId });
      loadMovements(proId);
    },
    [loadMovements],
  );

  /** A new query (a different one resets filters and order-by: the reducer's rule, applied here to the call too). */
  const search = useCallback(
    (text: string) => {
      const query = text.trim();
      const s = latest.current;
      const same = s.searchMode && query === s.query;
      dispatch({ type: 'search/query', query });
      runSearch(query, same ? s.filter : {}, same ? s.orderby : DEFAULT_ORDER, false);
    },
    [runSearch],
  );
  const setFilter = useCallback(
    (filter: ProcessFilter) => {
      dispatch({ type: 'search/filter', filter });
      runSearch(latest.current.query, filter, latest.current.orderby, false);
    },
    [runSearch],
  );
  const setOrder = useCallback(
    (orderby: ProcessOrderBy) => {
      dispatch({ type: 'search/order', orderby });
      runSearch(latest.current.query, latest.current.filter, orderby, false);
    },
    [runSearch],
  );
  const closeSearch = useCallback(() => {
    seq.current.list++;
    seq.current.movements++;
    dispatch({ type: 'search/close' });
  }, []);
  const moreRows = useCallback(() => {
    const s = latest.current;
    if (!s.processos.hasMore || s.processos.status === 'loading') return;
    if (s.searchMode) runSearch(s.query, s.filter, s.orderby, true);
    else if (s.selectedPastaId !== null) loadProcesses(s.selectedPastaId, true);
  }, [loadProcesses, runSearch]);

  /** After a change made here (move, read flag, upload, folders): the counts, the tree and the list. */
  const refreshAll = useCallback(() => {
    loadInbox();
    loadFolders();
    reloadList();
  }, [loadFolders, loadInbox, reloadList]);

  // Live updates (spec 3 §4, real-time `processo`): an andamento for the process on screen reloads its movements;
  // anything else reloads the inbox count, the tree's counts and the list or search (bursts coalesced).
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (pending.current) clearTimeout(pending.current);
    },
    [],
  );
  useRealtimeEvent('processo', (message) => {
    const selected = latest.current.selectedProId;
    if (message.command === 'andamento' && message.proId !== undefined && message.proId === selected) {
      loadMovements(selected);
      return;
    }
    if (pending.current) return;
    pending.current = setTimeout(() => {
      pending.current = null;
      refreshAll();
    }, RELOAD_DELAY_MS);
  });

  return {
    state,
    inbox,
    dispatch,
    selectFolder,
    selectProcess,
    search,
    setFilter,
    setOrder,
    closeSearch,
    moreRows,
    refreshAll,
    openPdf: () => dispatch({ type: 'pdf/open' }),
    closePdf: () => dispatch({ type: 'pdf/close' }),
    changed: (process: BrowsedRow) => dispatch({ type: 'process/changed', process }),
  };
}

/** A refusal's pt-BR text (the server's message), or null for a lost session (the popup says it). */
export const refusalOf = (error: unknown) => (isApiError(error) && error.status === 401 ? null : messageOf(error));

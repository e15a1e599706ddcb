import { describe, expect, it } from 'vitest';
import { browsingReducer, initialBrowsingState, type BrowsingAction, type BrowsingState } from './browsing';

interface Row {
  proId: number;
  pastaId: number;
  lido: boolean;
}
type State = BrowsingState<Row, { andId: number }, { pastaId: number }, { total: number }>;
type Action = BrowsingAction<Row, { andId: number }, { pastaId: number }, { total: number }>;

const row = (proId: number, lido = false): Row => ({ proId, pastaId: 1, lido });
const run = (...actions: Action[]) => actions.reduce<State>((state, action) => browsingReducer(state, action), initialBrowsingState());

/** Inbox chosen, processes 1 and 2 listed, process 2 selected with its movements and the PDF open. */
const browsing = (): State =>
  run(
    { type: 'folders/loaded', items: [{ pastaId: 1 }] },
    { type: 'folder/select', pastaId: 1 },
    { type: 'processes/loaded', items: [row(1), row(2)], append: false, hasMore: true },
    { type: 'process/select', proId: 2 },
    { type: 'movements/loaded', items: [{ andId: 9 }] },
    { type: 'pdf/open' },
  );

describe('process browsing state (spec 3 §3, §4)', () => {
  it('selecting a folder closes the PDF viewer, clears the process and starts loading its list', () => {
    const state = browsingReducer(browsing(), { type: 'folder/select', pastaId: 3 });
    expect(state).toMatchObject({ selectedPastaId: 3, selectedProId: null, pdfOpen: false, processos: { status: 'loading', items: [] } });
    expect(state.andamentos.items).toEqual([]);
  });

  it('selecting a process closes the PDF viewer and loads its movements', () => {
    const state = browsingReducer(browsing(), { type: 'process/select', proId: 1 });
    expect(state).toMatchObject({ selectedProId: 1, selectedProcess: row(1), pdfOpen: false, andamentos: { status: 'loading', items: [] } });
  });

  it('opens the PDF viewer only with a process selected', () => {
    expect(run({ type: 'pdf/open' }).pdfOpen).toBe(false);
    expect(browsing().pdfOpen).toBe(true);
  });

  it('a new query different from the previous one resets filters and order-by; the same query keeps them', () => {
    const searched = run(
      { type: 'search/query', query: 'intimação' },
      { type: 'search/filter', filter: { tribunal: ['TJSP'] } },
      { type: 'search/order', orderby: 'data' },
    );
    expect(searched).toMatchObject({ searchMode: true, query: 'intimação', filter: { tribunal: ['TJSP'] }, orderby: 'data' });
    expect(browsingReducer(searched, { type: 'search/query', query: ' intimação ' })).toMatchObject({
      filter: { tribunal: ['TJSP'] },
      orderby: 'data',
    });
    expect(browsingReducer(searched, { type: 'search/query', query: 'sentença' })).toMatchObject({
      query: 'sentença',
      filter: {},
      orderby: 'relevancia',
    });
  });

  it('closing the search resets selections, lists, mode and filters, and keeps the folders', () => {
    const state = run(
      { type: 'folders/loaded', items: [{ pastaId: 1 }] },
      { type: 'search/query', query: 'sentença' },
      { type: 'search/filter', filter: { ano: [2024] } },
      { type: 'search/loaded', items: [row(5)], facets: { total: 1 }, append: false, hasMore: false },
      { type: 'process/select', proId: 5 },
      { type: 'movements/loaded', items: [{ andId: 1 }] },
      { type: 'search/close' },
    );
    expect(state).toEqual({ ...initialBrowsingState(), pastas: { status: 'loaded', items: [{ pastaId: 1 }], error: null } });
  });

  it('an empty search result clears the selected process and its movements', () => {
    const state = run(
      { type: 'search/query', query: 'sentença' },
      { type: 'search/loaded', items: [row(5)], facets: { total: 1 }, append: false, hasMore: false },
      { type: 'process/select', proId: 5 },
      { type: 'search/loaded', items: [], facets: { total: 0 }, append: false, hasMore: false },
    );
    expect(state).toMatchObject({ selectedProId: null, selectedProcess: null, andamentos: { items: [] }, facets: { total: 0 } });
  });

  it('when the process list reloads, the selected process is refreshed by proId', () => {
    const state = browsingReducer(browsing(), { type: 'processes/loaded', items: [row(2, true), row(3)], append: false, hasMore: false });
    expect(state).toMatchObject({ selectedProId: 2, selectedProcess: row(2, true), andamentos: { items: [{ andId: 9 }] }, pdfOpen: true });
  });

  it('when the process list reloads without the selected process, it is cleared with its movements', () => {
    const state = browsingReducer(browsing(), { type: 'processes/loaded', items: [row(1)], append: false, hasMore: false });
    expect(state).toMatchObject({ selectedProId: null, selectedProcess: null, andamentos: { status: 'idle', items: [] }, pdfOpen: false });
  });

  it('more rows on scroll are appended and leave the selection alone', () => {
    const state = browsingReducer(browsing(), { type: 'processes/loaded', items: [row(3)], append: true, hasMore: false });
    expect(state.processos.items.map((p) => p.proId)).toEqual([1, 2, 3]);
    expect(state).toMatchObject({ selectedProId: 2, processos: { hasMore: false } });
  });

  it('failures store the message and empty the lists', () => {
    const folders = browsingReducer(browsing(), { type: 'folders/failed', error: 'Falhou' });
    expect(folders.pastas).toEqual({ status: 'error', items: [], error: 'Falhou' });
    const processes = browsingReducer(browsing(), { type: 'processes/failed', error: 'Falhou' });
    expect(processes).toMatchObject({ processos: { status: 'error', items: [], error: 'Falhou' }, selectedProId: null, andamentos: { items: [] } });
    const movements = browsingReducer(browsing(), { type: 'movements/failed', error: 'Falhou' });
    expect(movements.andamentos).toEqual({ status: 'error', items: [], error: 'Falhou' });
    const search = browsingReducer(run({ type: 'search/query', query: 'x' }), { type: 'search/failed', error: 'Falhou' });
    expect(search).toMatchObject({ processos: { status: 'error', items: [] }, facets: null });
  });

  it('a changed process (read, moved) replaces its row and the selection', () => {
    const state = browsingReducer(browsing(), { type: 'process/changed', process: row(2, true) });
    expect(state.processos.items[1]).toEqual(row(2, true));
    expect(state.selectedProcess).toEqual(row(2, true));
  });
});

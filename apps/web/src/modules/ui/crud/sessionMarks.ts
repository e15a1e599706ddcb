/** What happened to a row in this session (spec 3 §4): insert blue, update yellow, delete pink. */
export type RowMarker = 'insert' | 'update' | 'delete';

export interface Mark<T> {
  marker: RowMarker;
  /** The row as it was when deleted (it no longer comes from the server). */
  row: T;
}

type Listener = () => void;
const marksByResource = new Map<string, Map<number, Mark<unknown>>>();
const listeners = new Set<Listener>();
/** One empty map, so a registry without marks gives a stable snapshot. */
const EMPTY: ReadonlyMap<number, Mark<unknown>> = new Map();

/**
 * Markers live for the browser session (until the page reloads), per registry path, so leaving a
 * registry and coming back still shows what was changed and lets a deleted row be recovered.
 */
export const sessionMarks = {
  get<T>(resource: string): ReadonlyMap<number, Mark<T>> {
    return (marksByResource.get(resource) ?? EMPTY) as ReadonlyMap<number, Mark<T>>;
  },
  set<T>(resource: string, id: number, mark: Mark<T>) {
    const next = new Map(marksByResource.get(resource) ?? []);
    next.set(id, mark as Mark<unknown>);
    marksByResource.set(resource, next);
    for (const listener of [...listeners]) listener();
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Tests start clean. */
  clear() {
    marksByResource.clear();
    for (const listener of [...listeners]) listener();
  },
};

import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { genericMessages, registryMessages } from '@assoc/domain';
import { api, isApiError } from '../../../app/api';
import { notifyError, notifySuccess } from '../notify';
import { sessionMarks, type Mark, type RowMarker } from './sessionMarks';

export type CrudRow<T> = T & { __marker?: RowMarker };

/** Spec 1 §8: the server's description when the reply has one, else the generic text. */
export function crudFailureMessage(error: unknown): string {
  if (isApiError(error) && error.body && typeof error.body === 'object') {
    const body = error.body as Record<string, unknown>;
    for (const key of ['message', 'description', 'errorMessage']) {
      if (typeof body[key] === 'string' && body[key]) return body[key] as string;
    }
  }
  return registryMessages.failed;
}

/** A save or delete refused because another user changed the record since it was loaded (409, decision 5). */
export function isStaleRecord(error: unknown): boolean {
  return isApiError(error) && error.status === 409 && crudFailureMessage(error) === genericMessages.staleRecord;
}

/** DELETE names the version the row was listed with (decision 5). */
const withVersionQuery = (path: string, row: Record<string, unknown>) =>
  typeof row.version === 'number' ? `${path}${path.includes('?') ? '&' : '?'}version=${row.version}` : path;

/** Paths of a registry whose calls are not the generic ones (the services screen's nested lists). */
export interface CrudEndpoints {
  list: string;
  add: string;
  update: (id: number) => string;
  remove: (id: number) => string;
}

/**
 * One registry on the server (GET/POST {path}, PUT/DELETE {path}/{key}) with this session's row
 * markers: list, add, update, delete (the row stays listed in pink) and restore (PUT of the deleted row).
 */
export function useCrudResource<T extends Record<string, unknown>>(base: string, keyField: keyof T & string, endpoints?: Partial<CrudEndpoints>) {
  const queryClient = useQueryClient();
  const calls: CrudEndpoints = {
    list: endpoints?.list ?? base,
    add: endpoints?.add ?? base,
    update: endpoints?.update ?? ((id) => `${base}/${id}`),
    remove: endpoints?.remove ?? ((id) => `${base}/${id}`),
  };
  // The list's path names the cache and this session's row markers.
  const path = calls.list;
  const queryKey = useMemo(() => ['registry', path], [path]);
  const list = useQuery({ queryKey, queryFn: ({ signal }) => api.get<T[]>(path, { signal }) });
  const marks = useSyncExternalStore(sessionMarks.subscribe, () => sessionMarks.get<T>(path));

  const keyOf = useCallback((row: T) => Number(row[keyField]), [keyField]);
  const mark = useCallback((row: T, marker: RowMarker) => sessionMarks.set(path, keyOf(row), { marker, row } satisfies Mark<T>), [path, keyOf]);
  const reload = useCallback(() => queryClient.invalidateQueries({ queryKey }), [queryClient, queryKey]);

  const rows: CrudRow<T>[] = useMemo(() => {
    const live = (list.data ?? []).map((row) => {
      const m = marks.get(keyOf(row));
      return m && m.marker !== 'delete' ? { ...row, __marker: m.marker } : row;
    });
    const liveKeys = new Set(live.map((row) => keyOf(row)));
    const deleted = [...marks.values()]
      .filter((m) => m.marker === 'delete' && !liveKeys.has(keyOf(m.row)))
      .map((m) => ({ ...m.row, __marker: 'delete' as const }));
    return [...live, ...deleted];
  }, [list.data, marks, keyOf]);

  const onError = (error: unknown) => notifyError(crudFailureMessage(error));
  /** A delete or restore over a newer version: say so and show the list as it is now. */
  const onRowError = (error: unknown) => {
    onError(error);
    if (isStaleRecord(error)) void reload();
  };

  const add = useMutation({
    mutationFn: (body: Record<string, unknown>) => api.post<T>(calls.add, body),
    onSuccess: async (row) => {
      mark(row, 'insert');
      notifySuccess(registryMessages.added);
      await reload();
    },
    onError,
  });

  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: Record<string, unknown> }) => api.put<T>(calls.update(id), body),
    onSuccess: async (row) => {
      // A row added in this session stays marked as new.
      if (marks.get(keyOf(row))?.marker !== 'insert') mark(row, 'update');
      notifySuccess(registryMessages.updated);
      await reload();
    },
    // A stale save is shown in the form itself (with Recarregar), not as a notification.
    onError: (error) => (isStaleRecord(error) ? undefined : onError(error)),
  });

  const remove = useMutation({
    mutationFn: (row: T) => api.delete<T>(withVersionQuery(calls.remove(keyOf(row)), row)),
    onSuccess: async (reply, row) => {
      // The reply is the deleted record, whole (a region with its cities): what a restore sends back.
      mark({ ...row, ...(reply && typeof reply === 'object' ? reply : {}) }, 'delete');
      notifySuccess(registryMessages.deleted);
      await reload();
    },
    onError: onRowError,
  });

  const restore = useMutation({
    mutationFn: ({ row, body }: { row: T; body: Record<string, unknown> }) => api.put<T>(calls.update(keyOf(row)), body),
    onSuccess: async (row) => {
      // Spec 3 §4: a recovered row goes back to the update marker.
      mark(row, 'update');
      notifySuccess(registryMessages.restored);
      await reload();
    },
    onError: onRowError,
  });

  return {
    rows,
    isLoading: list.isPending,
    error: list.error,
    keyOf,
    add: (body: Record<string, unknown>) => add.mutateAsync(body),
    update: (id: number, body: Record<string, unknown>) => update.mutateAsync({ id, body }),
    remove: (row: T) => remove.mutateAsync(row),
    restore: (row: T, body: Record<string, unknown>) => restore.mutateAsync({ row, body }),
    /** Fetches the list again and answers the fresh rows (the form's Recarregar). */
    refetch: async (): Promise<T[]> => (await list.refetch()).data ?? [],
    saving: add.isPending || update.isPending,
  };
}

export type CrudResource<T extends Record<string, unknown>> = ReturnType<typeof useCrudResource<T>>;

import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { genericMessages, registryMessages, type RouteContract } from '@assoc/domain';
import { isApiError } from '../../../app/api';
import { callApi, queryKeyOf, relativeUrlOf } from '../../../app/client';
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

/** One call of a registry table: a contract of the domain and the path params the screen fixes (the parent's key). */
export interface CrudCall {
  contract: RouteContract;
  params?: Record<string, unknown>;
}

/** The calls of one registry table. */
export interface CrudCalls {
  /** GET: the records. Its key is the query key of the list; its URL names this session's row markers. */
  list: CrudCall;
  /** POST: answers the record. */
  add: CrudCall;
  /** PUT of one record (the key in the path, or in the body when the contract's path has none). */
  update: (id: number) => CrudCall;
  /** DELETE of one record; the version the row was listed with goes as ?version= (decision 5). */
  remove: (id: number) => CrudCall;
}

/** The contracts of a registry of the generic pattern (the domain's registryContracts). */
export interface RegistryContractGroup {
  list: RouteContract;
  add: RouteContract;
  update: RouteContract;
  remove: RouteContract;
}

/** GET/POST {path}, PUT/DELETE {path}/:id of one registry's contracts. */
export function registryCalls(contracts: RegistryContractGroup): CrudCalls {
  return {
    list: { contract: contracts.list },
    add: { contract: contracts.add },
    update: (id) => ({ contract: contracts.update, params: { id } }),
    remove: (id) => ({ contract: contracts.remove, params: { id } }),
  };
}

type CallInput = { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
/** callApi over a contract the table only knows as a RouteContract (the replies are the table's rows). */
const send = <R>(call: CrudCall, input: Omit<CallInput, 'params'> = {}, signal?: AbortSignal): Promise<R> =>
  (callApi as (contract: RouteContract, input: CallInput, options?: { signal?: AbortSignal }) => Promise<R>)(
    call.contract,
    { params: call.params, ...input },
    signal ? { signal } : undefined,
  );

/** The query key of a table's list: its list contract's, with the params the screen fixes. */
export const crudListKey = (calls: CrudCalls): readonly unknown[] =>
  queryKeyOf(calls.list.contract, calls.list.params ? { params: calls.list.params } : undefined);

/**
 * One registry on the server (its list, add, update and delete calls) with this session's row markers:
 * list, add, update, delete (the row stays listed in pink) and restore (PUT of the deleted row).
 */
export function useCrudResource<T extends Record<string, unknown>>(calls: CrudCalls, keyField: keyof T & string) {
  const queryClient = useQueryClient();
  // The list's URL ('servicos/all/3') names this session's row markers.
  const path = relativeUrlOf(calls.list.contract, calls.list.params ? { params: calls.list.params } : undefined);
  const listKey = crudListKey(calls);
  const keyText = JSON.stringify(listKey);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key's content names it
  const queryKey = useMemo(() => listKey, [keyText]);
  const list = useQuery({ queryKey, queryFn: ({ signal }) => send<T[]>(calls.list, {}, signal) });
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
    mutationFn: (body: Record<string, unknown>) => send<T>(calls.add, { body }),
    onSuccess: async (row) => {
      mark(row, 'insert');
      notifySuccess(registryMessages.added);
      await reload();
    },
    onError,
  });

  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: Record<string, unknown> }) => send<T>(calls.update(id), { body }),
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
    mutationFn: (row: T) => send<T>(calls.remove(keyOf(row)), typeof row.version === 'number' ? { query: { version: row.version } } : {}),
    onSuccess: async (reply, row) => {
      // The reply is the deleted record, whole (a region with its cities): what a restore sends back.
      mark({ ...row, ...(reply && typeof reply === 'object' ? reply : {}) }, 'delete');
      notifySuccess(registryMessages.deleted);
      await reload();
    },
    onError: onRowError,
  });

  const restore = useMutation({
    mutationFn: ({ row, body }: { row: T; body: Record<string, unknown> }) => send<T>(calls.update(keyOf(row)), { body }),
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

import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { CircunscricaoList, Comarca, Forum } from '@assoc/domain';
import { api } from '../../../app/api';
import { locationKeys } from '../config/levels';
import type { LocationCascade } from './useLocationCascade';

/**
 * The pickers' lists: circunscrições (with the RAJ choices), the comarcas of the chosen circunscrição
 * and the fóruns of the chosen comarca. A failed list empties its options and clears its selection
 * (spec 3 §8).
 */
export function useLocationLists({ selection, selectCir, selectComarca, selectForum }: LocationCascade) {
  const { cirId, comId, apfId } = selection;
  const cirs = useQuery({ queryKey: locationKeys.cirs, queryFn: ({ signal }) => api.get<CircunscricaoList>('circunscricao', { signal }) });
  const comarcas = useQuery({
    queryKey: locationKeys.comarcas(cirId),
    enabled: cirId != null,
    queryFn: ({ signal }) => api.get<Comarca[]>(`comarcas/all/${cirId}`, { signal }),
  });
  const forums = useQuery({
    queryKey: locationKeys.forums(comId),
    enabled: comId != null,
    queryFn: ({ signal }) => api.get<Forum[]>(`forums/all/${comId}`, { signal }),
  });

  useEffect(() => {
    if (cirs.isError && cirId != null) selectCir(null);
  }, [cirs.isError, cirId, selectCir]);
  useEffect(() => {
    if (comarcas.isError && comId != null) selectComarca(null);
  }, [comarcas.isError, comId, selectComarca]);
  useEffect(() => {
    if (forums.isError && apfId != null) selectForum(null);
  }, [forums.isError, apfId, selectForum]);

  return {
    cirs: cirs.isError ? [] : (cirs.data?.cirs ?? []),
    rajs: cirs.isError ? [] : (cirs.data?.rajs ?? []),
    comarcas: comarcas.isError || cirId == null ? [] : (comarcas.data ?? []),
    forums: forums.isError || comId == null ? [] : (forums.data ?? []),
    loading: { cirs: cirs.isFetching, comarcas: comarcas.isFetching, forums: forums.isFetching },
  };
}

export type LocationLists = ReturnType<typeof useLocationLists>;

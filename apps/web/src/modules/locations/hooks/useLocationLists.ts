import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { circunscricaoContracts, comarcaContracts, forumContracts } from '@assoc/domain';
import { callApi } from '../../../app/client';
import { levelCalls } from '../config/levelCalls';
import type { LocationCascade } from './useLocationCascade';

/**
 * The pickers' lists: circunscrições (with the RAJ choices), the comarcas of the chosen circunscrição
 * and the fóruns of the chosen comarca. A failed list empties its options and clears its selection
 * (spec 3 §8).
 */
export function useLocationLists({ selection, selectCir, selectComarca, selectForum }: LocationCascade) {
  const { cirId, comId, apfId } = selection;
  const cirs = useQuery({ queryKey: levelCalls.cir.listKey(), queryFn: ({ signal }) => callApi(circunscricaoContracts.list, {}, { signal }) });
  const comarcas = useQuery({
    queryKey: levelCalls.com.listKey(cirId),
    enabled: cirId != null,
    queryFn: ({ signal }) => callApi(comarcaContracts.list, { params: { cirId: cirId! } }, { signal }),
  });
  const forums = useQuery({
    queryKey: levelCalls.forum.listKey(comId),
    enabled: comId != null,
    queryFn: ({ signal }) => callApi(forumContracts.list, { params: { comId: comId! } }, { signal }),
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

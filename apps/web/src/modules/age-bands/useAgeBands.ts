import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ageBandContracts } from '@assoc/domain';
import { callApi, queryKeyOf } from '../../app/client';
import { pagedListOf } from '../ui/components/PagedTable';

export const AGE_BAND_PAGE_SIZE = 25;

/** GET mudancafaixa: who changes age range next month, a page at a time. */
export function useAgeBands() {
  const [page, setPage] = useState(1);
  const input = { query: { page, pageSize: AGE_BAND_PAGE_SIZE } };
  const query = useQuery({
    queryKey: queryKeyOf(ageBandContracts.list, input),
    queryFn: ({ signal }) => callApi(ageBandContracts.list, input, { signal }),
    placeholderData: keepPreviousData,
  });
  return { ...pagedListOf(query, page, setPage), mes: query.data?.mes ?? '' };
}

import { useQuery } from '@tanstack/react-query';
import { menuContracts } from '@assoc/domain';
import { callApi, queryKeyOf } from '../../../app/client';

export const menuTreeKey = queryKeyOf(menuContracts.tree);

/** GET tree: the signed-in user's menu, already filtered by the server (decision 21). */
export function useMenuTree() {
  return useQuery({
    queryKey: menuTreeKey,
    queryFn: ({ signal }) => callApi(menuContracts.tree, {}, { signal }),
    staleTime: Infinity,
  });
}

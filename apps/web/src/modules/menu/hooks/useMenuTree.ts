import { useQuery } from '@tanstack/react-query';
import type { MenuTreeNode } from '@assoc/domain';
import { api } from '../../../app/api';

export const menuTreeKey = ['tree'] as const;

/** GET tree: the signed-in user's menu, already filtered by the server (decision 21). */
export function useMenuTree() {
  return useQuery({
    queryKey: menuTreeKey,
    queryFn: ({ signal }) => api.get<MenuTreeNode[]>('tree', { signal }),
    staleTime: Infinity,
  });
}

import type { MenuTreeNode } from '@assoc/domain';
import {
  IconAdjustmentsHorizontal,
  IconCash,
  IconCircleDot,
  IconFolder,
  IconFileDescription,
  IconFilter,
  IconFolders,
  IconHeadset,
  IconHeartHandshake,
  IconLayoutDashboard,
  IconReceipt2,
  IconReceiptRefund,
  IconSpeakerphone,
  IconTrendingUp,
  IconUserPlus,
  type Icon,
} from '@tabler/icons-react';

/** Icons of the first-level entries, by route or group label; anything else gets a neutral icon. */
const byRoute: Record<string, Icon> = {
  '/': IconLayoutDashboard,
  '/processo': IconFileDescription,
  '/filter': IconFilter,
  '/marketing': IconSpeakerphone,
  '/novoassociado': IconUserPlus,
  '/cch': IconHeartHandshake,
  '/devolucao': IconReceiptRefund,
  '/cchaumento': IconTrendingUp,
  '/lancamentos': IconReceipt2,
};

const byGroup: Record<string, Icon> = {
  Atendimento: IconHeadset,
  Financeiro: IconCash,
  Cadastros: IconFolders,
  Avançado: IconAdjustmentsHorizontal,
};

export function menuIcon(node: MenuTreeNode): Icon {
  if (node.to && byRoute[node.to]) return byRoute[node.to]!;
  if (node.children && byGroup[node.label]) return byGroup[node.label]!;
  return node.children ? IconFolder : IconCircleDot;
}

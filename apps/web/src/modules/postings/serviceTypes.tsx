import { IconFileUpload, IconKeyboard, IconRepeat, IconTool, type Icon } from '@tabler/icons-react';

/** The service types of spec 3 §3 (svcServiceType): 0 Fixo, 1 Digitação, 2 Remessa, 3 Serviço. */
const types: Record<number, { label: string; icon: Icon }> = {
  0: { label: 'Fixo', icon: IconRepeat },
  1: { label: 'Digitação', icon: IconKeyboard },
  2: { label: 'Remessa', icon: IconFileUpload },
  3: { label: 'Serviço', icon: IconTool },
};

export const serviceTypeLabel = (type: number) => types[type]?.label ?? 'Serviço';

/** The icon of a service type, named for screen readers by its type. */
export function ServiceTypeIcon({ type, size = 18 }: { type: number; size?: number }) {
  const { icon: TypeIcon, label } = types[type] ?? types[3]!;
  return <TypeIcon size={size} role="img" aria-label={label} stroke={1.6} />;
}

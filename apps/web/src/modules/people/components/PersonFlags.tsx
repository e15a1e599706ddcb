import { Group, Tooltip } from '@mantine/core';
import { IconCross, IconGavel, IconUmbrella, IconUser, IconUsersGroup, type Icon } from '@tabler/icons-react';
import type { PersonFlag } from '../utils/personFlags';

const flagDisplay: Record<PersonFlag, { label: string; icon: Icon; color: string }> = {
  dependente: { label: 'Dependente', icon: IconUmbrella, color: 'var(--mantine-color-cyan-7)' },
  magistrado: { label: 'Magistrado', icon: IconGavel, color: 'var(--mantine-color-indigo-7)' },
  falecido: { label: 'Falecido', icon: IconCross, color: 'var(--mantine-color-dark-4)' },
  socio: { label: 'Taxa sócio', icon: IconUser, color: 'var(--mantine-color-teal-7)' },
  aposentado: { label: 'Aposentado', icon: IconUsersGroup, color: 'var(--mantine-color-orange-7)' },
};

/** Icons with tooltips for the person's markers: Dependente, Magistrado, Falecido, Taxa sócio, Aposentado. */
export function PersonFlags({ flags }: { flags: readonly PersonFlag[] }) {
  if (flags.length === 0) return null;
  return (
    <Group gap={6} wrap="nowrap">
      {flags.map((flag) => {
        const { label, icon: FlagIcon, color } = flagDisplay[flag];
        return (
          <Tooltip key={flag} label={label}>
            <span role="img" aria-label={label} style={{ display: 'inline-flex', color }}>
              <FlagIcon size={18} stroke={1.7} aria-hidden />
            </span>
          </Tooltip>
        );
      })}
    </Group>
  );
}

import { NavLink } from '@mantine/core';
import { IconHourglass, IconPlayerPlay } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { JobCommand } from '@assoc/domain';
import { useJobButton } from '../../jobs/hooks/useJobButton';
import { useJobLauncher } from '../../jobs/hooks/useJobLauncher';
import { BusyIndicator } from '../../ui/components/BusyIndicator';

/** A job link: disabled with a spinner (running) or an hourglass (waiting) while a same-named job is open (spec 1 §4). */
export default function JobEntry({ job, label, leftSection }: { job: JobCommand; label: string; leftSection: ReactNode }) {
  const { disabled, state } = useJobButton(job);
  const launchJob = useJobLauncher();
  const rightSection =
    state === 'running' ? (
      <BusyIndicator kind="mark" size={14} label="Em execução" />
    ) : state === 'waiting' ? (
      <IconHourglass size={14} stroke={1.6} aria-label="Aguardando" />
    ) : (
      <IconPlayerPlay size={14} stroke={1.6} aria-hidden />
    );
  return (
    <NavLink
      component="button"
      type="button"
      label={label}
      leftSection={leftSection}
      rightSection={rightSection}
      disabled={disabled}
      onClick={() => launchJob(job)}
    />
  );
}

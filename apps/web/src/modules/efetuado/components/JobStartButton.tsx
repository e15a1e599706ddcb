import { Button } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { jobCommands } from '@assoc/domain';
import { useJobButton } from '../../jobs/hooks/useJobButton';
import { useJobLauncher } from '../../jobs/hooks/useJobLauncher';
import { BusyIndicator } from '../../ui/components/BusyIndicator';

/**
 * A screen's job button (spec 2 §4 "Finance screens"): disabled while a same-named job waits or runs (status ≤ 10),
 * with the menu links' marks (a spinner while running, an hourglass while waiting), or while the screen's input is
 * not ready (`userData` null). Asks the job's question, then GET jobs/send with the userData.
 */
export function JobStartButton({ command, userData }: { command: string; userData: string | null }) {
  const job = jobCommands.find((j) => j.command === command);
  if (!job) throw new Error(`job command ${command} is not in jobCommands`);
  const { disabled, state } = useJobButton(job);
  const launch = useJobLauncher();
  const mark =
    state === 'running' ? (
      <BusyIndicator kind="mark" size={14} label="Em execução" />
    ) : state === 'waiting' ? (
      <IconHourglass size={14} stroke={1.6} aria-label="Aguardando" />
    ) : null;
  return (
    <Button disabled={disabled || userData === null} rightSection={mark} onClick={() => userData !== null && launch(job, userData)}>
      {job.label}
    </Button>
  );
}

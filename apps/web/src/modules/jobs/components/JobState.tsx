import { Group, Text } from '@mantine/core';
import { IconCircleCheck, IconHourglass } from '@tabler/icons-react';
import { JOB_STATUS, jobMessages, jobPercent, jobTexts, type Job } from '@assoc/domain';
import { BusyIndicator } from '../../ui/components/BusyIndicator';

/** The state of a job in the list (spec 1 §2): spinner with percent, hourglass, failure text, done, unknown. */
export function JobState({ job }: { job: Job }) {
  switch (job.jobStatus) {
    case JOB_STATUS.running:
      return (
        <Group gap={6} wrap="nowrap" data-testid="job-state">
          <BusyIndicator kind="mark" size="xs" label="Em execução" />
          <Text size="sm">{jobPercent(job)}%</Text>
        </Group>
      );
    case JOB_STATUS.waiting:
      return (
        <Group gap={6} wrap="nowrap" data-testid="job-state">
          <IconHourglass size={16} aria-label="Aguardando" />
          <Text size="sm" c="dimmed">
            Aguardando
          </Text>
        </Group>
      );
    case JOB_STATUS.failed:
      return (
        <Text size="sm" c="red" data-testid="job-state">
          {job.jobResult || jobMessages.processFailed}
        </Text>
      );
    case JOB_STATUS.done:
      return (
        <Group gap={6} wrap="nowrap" data-testid="job-state">
          <IconCircleCheck size={16} color="var(--mantine-color-green-7)" aria-hidden />
          <Text size="sm" c="green.8">
            {jobTexts.doneStatus}
          </Text>
        </Group>
      );
    default:
      return (
        <Text size="sm" c="dimmed" data-testid="job-state">
          {jobTexts.unknownStatus}
        </Text>
      );
  }
}

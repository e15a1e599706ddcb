import { jobNameOf, type JobCommand } from '@assoc/domain';
import { useJobs } from './useJobs';

/**
 * A job menu button's state (spec 1 §4): disabled while a same-named job waits or runs (status 10 or
 * below) unless duplicates are allowed; 'running' shows a spinner, 'waiting' an hourglass.
 */
export function useJobButton(job: JobCommand): { disabled: boolean; state: 'idle' | 'running' | 'waiting' } {
  const { data } = useJobs();
  if (job.allowDuplicates) return { disabled: false, state: 'idle' };
  const name = jobNameOf(job);
  const open = (data ?? []).filter((j) => j.jobName === name && j.jobStatus <= 10);
  if (open.length === 0) return { disabled: false, state: 'idle' };
  return { disabled: true, state: open.some((j) => j.jobStatus === 0) ? 'running' : 'waiting' };
}

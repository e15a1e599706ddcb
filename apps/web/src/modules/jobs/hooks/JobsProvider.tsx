import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { isJobFinished, JOB_STATUS, jobMessages, type Job } from '@assoc/domain';
import { useRealtimeEvent } from '../../realtime/RealtimeProvider';
import { jobsKey, upsertJob, useJobs } from './useJobs';

interface JobsState {
  /** Jobs that reached 20 or above since the notifications were last opened. */
  unread: number;
  markSeen(): void;
}

const JobsContext = createContext<JobsState>({ unread: 0, markSeen: () => {} });

/**
 * Keeps the job list in step with the server (jobprogress, reloadjobs) and reacts when a job finishes
 * (spec 1 §4): the unread counter rises and a toast says 'Tarefa concluída com sucesso' (30) or
 * 'Erro para executar tarefa' (any other finished status).
 */
export function JobsProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { data } = useJobs();
  const [unread, setUnread] = useState(0);
  const known = useRef<Map<string, number> | null>(null);

  useRealtimeEvent('jobprogress', (job) => {
    queryClient.setQueryData<Job[]>(jobsKey, (list) => upsertJob(list, job));
  });
  useRealtimeEvent('reloadjobs', () => {
    void queryClient.invalidateQueries({ queryKey: jobsKey });
  });

  useEffect(() => {
    if (!data) return;
    const previous = known.current;
    known.current = new Map(data.map((j) => [j.jobId, j.jobStatus]));
    // The first list is the starting point: jobs finished before this visit do not toast again.
    if (!previous) return;
    let finished = 0;
    for (const job of data) {
      const before = previous.get(job.jobId);
      if (!isJobFinished(job.jobStatus) || (before !== undefined && isJobFinished(before))) continue;
      finished += 1;
      notifications.show(
        job.jobStatus === JOB_STATUS.done
          ? { title: job.jobDescription, message: jobMessages.done, color: 'green' }
          : { title: job.jobDescription, message: jobMessages.failed, color: 'red' },
      );
    }
    // The counter follows the server's list (an external system), as the toasts do.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- see above
    if (finished) setUnread((n) => n + finished);
  }, [data]);

  const markSeen = useCallback(() => setUnread(0), []);
  return <JobsContext.Provider value={{ unread, markSeen }}>{children}</JobsContext.Provider>;
}

export const useJobsState = () => useContext(JobsContext);

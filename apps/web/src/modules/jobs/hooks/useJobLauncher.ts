import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { jobMessages, jobsContracts, type Job, type JobCommand } from '@assoc/domain';
import { isApiError } from '../../../app/api';
import { callApi } from '../../../app/client';
import { openConfirmDialog } from '../../ui/confirm';
import { notifyError, notifySuccess } from '../../ui/notify';
import { jobsKey, upsertJob } from './useJobs';

/** Refusals whose server message says more than the generic one: already running (409), not available yet (501). */
const SERVER_MESSAGE_STATUSES = new Set([403, 404, 409, 501]);

/**
 * A job link of the menu (spec 1 §2), or a screen's job button: asks the job's question (SIM / NÃO), then GET jobs/send
 * with the screen's userData (a menu link sends its plan, or 0).
 */
export function useJobLauncher() {
  const queryClient = useQueryClient();
  return useCallback(
    (job: JobCommand, userData?: string) => {
      openConfirmDialog({
        title: job.label,
        message: job.question,
        onConfirm: () => {
          void (async () => {
            try {
              const started = await callApi(jobsContracts.sendWithData, {
                params: { jobCommand: job.command, userData: userData ?? String(job.plan ?? 0) },
              });
              // The real-time channel may already have brought a newer state of this job: keep it.
              queryClient.setQueryData<Job[]>(jobsKey, (list) => (list?.some((j) => j.jobId === started.jobId) ? list : upsertJob(list, started)));
              notifySuccess(jobMessages.sent, job.label);
            } catch (error) {
              // Spec 1 §4: the send-failure toast reads "Erro para enviar solicitação"; the reason goes beneath it.
              const reason = isApiError(error) && SERVER_MESSAGE_STATUSES.has(error.status) ? error.message : job.label;
              notifyError(reason, jobMessages.sendFailed);
            }
          })();
        },
      });
    },
    [queryClient],
  );
}

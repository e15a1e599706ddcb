import { useCallback } from 'react';
import type { JobCommand } from '@assoc/domain';
import { openConfirmDialog } from '../../ui/confirm';
import { notifyUnderConstruction } from '../../ui/notify';

/**
 * A job link of the menu (spec 1 §2): asks the job's question, then starts it. The job engine
 * (GET jobs/send) lands in the next issue, so confirming says "Em construção" plainly.
 */
export function useJobLauncher() {
  return useCallback((job: JobCommand) => {
    openConfirmDialog({
      title: job.label,
      message: job.question,
      onConfirm: () => notifyUnderConstruction(job.label),
    });
  }, []);
}

import { ActionIcon, Anchor, Box, Group, Modal, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { IconPaperclip, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { attachmentParts, formatDateTimeShort, genericMessages, isJobFinished, jobMessages, jobsContracts, type Job } from '@assoc/domain';
import { callApi } from '../../../app/client';
import { notifyError } from '../../ui/notify';
import { useJobDownload } from '../hooks/useJobDownload';
import { jobsKey, sortJobs, useJobs } from '../hooks/useJobs';
import { JobState } from './JobState';
import { BusyIndicator } from '../../ui/components/BusyIndicator';

/** Finished date when the status is 20 or above, otherwise the submitted date (spec 1 §2). */
export const jobDate = (job: Job) => formatDateTimeShort(isJobFinished(job.jobStatus) && job.jobFinished ? job.jobFinished : job.jobSubmitted);

export function JobItem({ job, onDownload, onHide }: { job: Job; onDownload(attachments: string): void; onHide(job: Job): void }) {
  const attachment = attachmentParts(job.jobAttachments);
  return (
    <Box component="li" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)', listStyle: 'none' }} aria-label={job.jobDescription}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Text fw={600} size="sm">
            {job.jobDescription}
          </Text>
          {job.jobSubtitle ? (
            <Text size="xs" c="dimmed">
              {job.jobSubtitle}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            {jobDate(job)}
          </Text>
          {attachment ? (
            <Anchor component="button" type="button" size="sm" onClick={() => onDownload(job.jobAttachments)}>
              <Group gap={4} wrap="nowrap">
                <IconPaperclip size={14} aria-hidden />
                {attachment.name}
              </Group>
            </Anchor>
          ) : null}
        </Stack>
        <Group gap={4} wrap="nowrap">
          <JobState job={job} />
          <Tooltip label="Ocultar">
            <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Ocultar ${job.jobDescription}`} onClick={() => onHide(job)}>
              <IconX size={14} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Box>
  );
}

/** Notificações (spec 1 §2, spec 3 §2.5): 300 px scrolling list of the user's jobs, newest submitted first. */
export function NotificationsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { data, isLoading } = useJobs();
  const queryClient = useQueryClient();
  const { download, downloading } = useJobDownload();
  const jobs = sortJobs(data ?? []);

  const hide = async (job: Job) => {
    queryClient.setQueryData<Job[]>(jobsKey, (list) => (list ?? []).filter((j) => j.jobId !== job.jobId));
    try {
      await callApi(jobsContracts.hide, { params: { jobId: job.jobId } });
    } catch {
      notifyError(genericMessages.requestFailed);
      void queryClient.invalidateQueries({ queryKey: jobsKey });
    }
  };

  return (
    <>
      <Modal opened={opened} onClose={onClose} title="Notificações" size="lg" closeButtonProps={{ 'aria-label': 'Fechar' }}>
        <ScrollArea h={300} type="auto" data-testid="notifications-list">
          {isLoading ? (
            <BusyIndicator />
          ) : jobs.length === 0 ? (
            <Text c="dimmed" size="sm">
              {jobMessages.empty}
            </Text>
          ) : (
            <Box component="ul" p={0} m={0}>
              {jobs.map((job) => (
                <JobItem key={job.jobId} job={job} onDownload={(a) => void download(a)} onHide={(j) => void hide(j)} />
              ))}
            </Box>
          )}
        </ScrollArea>
      </Modal>
      <Modal opened={downloading} onClose={() => {}} withCloseButton={false} closeOnClickOutside={false} closeOnEscape={false} centered size="xs">
        <Group gap="sm" role="status">
          <BusyIndicator />
          <Text size="sm">{genericMessages.processing}</Text>
        </Group>
      </Modal>
    </>
  );
}

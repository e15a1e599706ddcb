import { useCallback } from 'react';
import { attachmentParts, jobsContracts } from '@assoc/domain';
import { apiUrl, callApi } from '../../../app/client';
import { useBlobDownload } from '../../ui/hooks/useBlobDownload';

/** The address of a job's file, for the browser to open itself (a PDF in a new window). */
export const attachmentUrl = (fileId: string) => apiUrl(jobsContracts.download, { params: { fileId } });

/**
 * A job's attachment (spec 1 §2): a PDF opens in a new window; anything else is fetched as a blob and
 * saved under the name after the semicolon, with 'Processando solicitação...' while it downloads.
 */
export function useJobDownload() {
  const { download: saveDownload, downloading } = useBlobDownload();
  const download = useCallback(
    async (attachments: string) => {
      const parts = attachmentParts(attachments);
      if (!parts) return;
      if (/\.pdf$/i.test(parts.name)) {
        window.open(attachmentUrl(parts.fileId), '_blank');
        return;
      }
      await saveDownload(() => callApi(jobsContracts.download, { params: { fileId: parts.fileId } }), parts.name);
    },
    [saveDownload],
  );
  return { download, downloading };
}

import { useCallback } from 'react';
import { attachmentParts } from '@assoc/domain';
import { API_BASE } from '../../../app/api';
import { useBlobDownload } from '../../ui/hooks/useBlobDownload';

export const attachmentUrl = (fileId: string) => `${API_BASE}/jobs/download/${fileId}`;

/**
 * A job's attachment (spec 1 §2): a PDF opens in a new window; anything else is fetched as a blob and
 * saved under the name after the semicolon, with 'Processando solicitação...' while it downloads.
 */
export function useJobDownload() {
  const blob = useBlobDownload();
  const download = useCallback(async (attachments: string) => {
    const parts = attachmentParts(attachments);
    if (!parts) return;
    if (/\.pdf$/i.test(parts.name)) {
      window.open(attachmentUrl(parts.fileId), '_blank');
      return;
    }
    await blob.download(`jobs/download/${parts.fileId}`, parts.name);
  }, [blob.download]);
  return { download, downloading: blob.downloading };
}

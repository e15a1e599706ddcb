import { useCallback, useState } from 'react';
import { attachmentParts, genericMessages } from '@assoc/domain';
import { API_BASE, ApiError, notifyUnauthorized } from '../../../app/api';
import { notifyError } from '../../ui/notify';

export const attachmentUrl = (fileId: string) => `${API_BASE}/jobs/download/${fileId}`;

function saveAs(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * A job's attachment (spec 1 §2): a PDF opens in a new window; anything else is fetched as a blob and
 * saved under the name after the semicolon, with 'Processando solicitação...' while it downloads.
 */
export function useJobDownload() {
  const [downloading, setDownloading] = useState(false);
  const download = useCallback(async (attachments: string) => {
    const parts = attachmentParts(attachments);
    if (!parts) return;
    if (/\.pdf$/i.test(parts.name)) {
      window.open(attachmentUrl(parts.fileId), '_blank');
      return;
    }
    setDownloading(true);
    try {
      const response = await fetch(attachmentUrl(parts.fileId), { credentials: 'same-origin' });
      if (response.status === 401) notifyUnauthorized();
      if (!response.ok) throw new ApiError(response.status, genericMessages.requestFailed);
      saveAs(await response.blob(), parts.name);
    } catch (error) {
      notifyError(error instanceof ApiError ? error.message : genericMessages.requestFailed);
    } finally {
      setDownloading(false);
    }
  }, []);
  return { download, downloading };
}

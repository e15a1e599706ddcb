import { useCallback, useState } from 'react';
import { genericMessages } from '@assoc/domain';
import { API_BASE, ApiError, notifyUnauthorized } from '../../../app/api';
import { notifyError } from '../notify';

/** Saves a blob under a file name through a temporary link. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Fetches a file from the API (`path` under /api/v1) and saves it under `fileName`; `downloading` drives
 * the 'Processando solicitação...' modal. A 401 is the session-lost popup; other failures a toast.
 */
export function useBlobDownload() {
  const [downloading, setDownloading] = useState(false);
  const download = useCallback(async (path: string, fileName: string, errorTitle?: string) => {
    setDownloading(true);
    try {
      const response = await fetch(`${API_BASE}/${path}`, { credentials: 'same-origin' });
      if (response.status === 401) {
        notifyUnauthorized();
        return;
      }
      if (!response.ok) throw new ApiError(response.status, genericMessages.requestFailed);
      saveBlob(await response.blob(), fileName);
    } catch (error) {
      notifyError(error instanceof ApiError ? error.message : genericMessages.requestFailed, errorTitle);
    } finally {
      setDownloading(false);
    }
  }, []);
  return { download, downloading };
}

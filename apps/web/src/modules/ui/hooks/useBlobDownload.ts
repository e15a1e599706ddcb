import { useCallback, useState } from 'react';
import { genericMessages } from '@assoc/domain';
import { apiRequest, isApiError } from '../../../app/api';
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
 * Fetches a file and saves it under `fileName`; `downloading` drives the 'Processando solicitação...' modal.
 * The file comes from `source`: a `callApi` of a binary contract, or a contract's `relativeUrlOf`. A 401 is the
 * session-lost popup (raised by the API client); other failures a toast.
 */
export function useBlobDownload() {
  const [downloading, setDownloading] = useState(false);
  const download = useCallback(async (source: (() => Promise<Blob>) | string, fileName: string, errorTitle?: string) => {
    setDownloading(true);
    try {
      const blob = typeof source === 'string' ? await apiRequest<Blob>(source, { binary: true }) : await source();
      saveBlob(blob, fileName);
    } catch (error) {
      if (isApiError(error) && error.status === 401) return;
      notifyError(genericMessages.requestFailed, errorTitle);
    } finally {
      setDownloading(false);
    }
  }, []);
  return { download, downloading };
}

import { useState } from 'react';
import { TUTORIAL_FILE_NAME, genericMessages } from '@assoc/domain';
import { API_BASE, notifyUnauthorized } from '../../../app/api';
import { notifyError } from '../../ui/notify';

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

/** 'Baixar tutorial' (spec 3 §2.4): fetches Tutorial_do_Processo_Digital.pdf while 'Processando solicitação...' shows. */
export function useTutorialDownload() {
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      const response = await fetch(`${API_BASE}/tutorial`, { credentials: 'same-origin' });
      if (response.status === 401) {
        notifyUnauthorized();
        return;
      }
      if (!response.ok) throw new Error(String(response.status));
      saveBlob(await response.blob(), TUTORIAL_FILE_NAME);
    } catch {
      notifyError(genericMessages.requestFailed, 'Baixar tutorial');
    } finally {
      setDownloading(false);
    }
  };

  return { downloading, download };
}

import { TUTORIAL_FILE_NAME, toolsContracts } from '@assoc/domain';
import { relativeUrlOf } from '../../../app/client';
import { useBlobDownload } from '../../ui/hooks/useBlobDownload';

/** 'Baixar tutorial' (spec 3 §2.4): fetches Tutorial_do_Processo_Digital.pdf while 'Processando solicitação...' shows. */
export function useTutorialDownload() {
  const { download, downloading } = useBlobDownload();
  return { downloading, download: () => download(relativeUrlOf(toolsContracts.tutorial), TUTORIAL_FILE_NAME, 'Baixar tutorial') };
}

import { genericMessages, processContracts, type ProcessRow, type ProcessUpload } from '@assoc/domain';
import { apiUpload } from '../../app/api';
import { relativeUrlOf } from '../../app/client';

/**
 * `POST process/processos` (manual upload): multipart with the field `dados` (the process's JSON) and the file
 * `pdf`.
 */
export async function uploadProcess(dados: ProcessUpload, pdf: File): Promise<ProcessRow> {
  const form = new FormData();
  form.append('dados', JSON.stringify(dados));
  form.append('pdf', pdf, pdf.name);
  return apiUpload<ProcessRow>(relativeUrlOf(processContracts.upload), form, { message: genericMessages.requestFailed });
}

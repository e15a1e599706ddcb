import { genericMessages, processContracts, type ProcessRow, type ProcessUpload } from '@assoc/domain';
import { ApiError, notifyUnauthorized } from '../../app/api';
import { apiUrl } from '../../app/client';

function readCookie(name: string) {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : '';
}

/**
 * `POST process/processos` (manual upload): multipart with the field `dados` (the process's JSON) and the file
 * `pdf`, with the XSRF header (the JSON client sends JSON only).
 */
export async function uploadProcess(dados: ProcessUpload, pdf: File): Promise<ProcessRow> {
  const form = new FormData();
  form.append('dados', JSON.stringify(dados));
  form.append('pdf', pdf, pdf.name);
  const token = readCookie('XSRF-TOKEN');
  let response: Response;
  try {
    response = await fetch(apiUrl(processContracts.upload), {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...(token ? { 'X-XSRF-TOKEN': token } : {}) },
    });
  } catch {
    throw new ApiError(0, genericMessages.requestFailed);
  }
  const body = (await response.json().catch(() => undefined)) as (ProcessRow & { message?: string }) | undefined;
  if (response.status === 401) notifyUnauthorized();
  if (!response.ok) throw new ApiError(response.status, body?.message ?? genericMessages.requestFailed, body);
  return body as ProcessRow;
}

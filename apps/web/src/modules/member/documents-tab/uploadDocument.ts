import { memberDocumentContracts, memberDocumentMessages, type DocumentUploadReply } from '@assoc/domain';
import { ApiError, notifyUnauthorized } from '../../../app/api';
import { apiUrl } from '../../../app/client';

function readCookie(name: string) {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : '';
}

/**
 * `POST user/doc` (spec 1 §7 scan upload): the file as multipart with the XSRF header (the JSON client sends JSON
 * only). Answers the key the new document row carries until the member is saved. A refusal the server explains
 * (too large, XLS, not a PDF or image) keeps its message; any other failure is the spec's upload failure message.
 */
export async function uploadDocument(file: File): Promise<DocumentUploadReply> {
  const form = new FormData();
  form.append('arquivo', file, file.name);
  const token = readCookie('XSRF-TOKEN');
  let response: Response;
  try {
    response = await fetch(apiUrl(memberDocumentContracts.upload), {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...(token ? { 'X-XSRF-TOKEN': token } : {}) },
    });
  } catch {
    throw new ApiError(0, memberDocumentMessages.uploadFailed);
  }
  const body = (await response.json().catch(() => undefined)) as (DocumentUploadReply & { message?: string }) | undefined;
  if (response.status === 401) notifyUnauthorized();
  if (!response.ok) {
    const explained = (response.status === 413 || response.status === 415 || response.status === 400) && body?.message;
    throw new ApiError(response.status, explained ? body!.message! : memberDocumentMessages.uploadFailed, body);
  }
  return body as DocumentUploadReply;
}

/** The document's address: opened in a new tab (inline) or downloaded (attachment). */
export function documentUrl(key: string, download: boolean) {
  return apiUrl(memberDocumentContracts.download, { params: { key }, query: download ? { download: '1' } : {} });
}

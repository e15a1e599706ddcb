import { memberDocumentContracts, memberDocumentMessages, type DocumentUploadReply } from '@assoc/domain';
import { apiUpload } from '../../../app/api';
import { apiUrl, relativeUrlOf } from '../../../app/client';

/** The refusals the server explains (too large, XLS, not a PDF or image): their message is shown as it is. */
const EXPLAINED_STATUSES = new Set([400, 413, 415]);

/**
 * `POST user/doc` (spec 1 §7 scan upload): the file as multipart. Answers the key the new document row carries until
 * the member is saved. A refusal the server explains keeps its message; any other failure is the spec's upload
 * failure message.
 */
export async function uploadDocument(file: File): Promise<DocumentUploadReply> {
  const form = new FormData();
  form.append('arquivo', file, file.name);
  return apiUpload<DocumentUploadReply>(relativeUrlOf(memberDocumentContracts.upload), form, {
    message: memberDocumentMessages.uploadFailed,
    explains: (status) => EXPLAINED_STATUSES.has(status),
  });
}

/** The document's address: opened in a new tab (inline) or downloaded (attachment). */
export function documentUrl(key: string, download: boolean) {
  return apiUrl(memberDocumentContracts.download, { params: { key }, query: download ? { download: '1' } : {} });
}

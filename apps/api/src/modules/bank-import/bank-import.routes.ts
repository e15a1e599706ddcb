import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { bankFilesContracts, bankImportMessages } from '@assoc/domain';
import { defineRoutes } from '../../lib/define-route.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { currentUser } from '../auth/session.js';
import { filesTexts } from '../files/files.sniff.js';
import { uploadTexts } from '../files/files.upload.js';

const { importBank, imports } = bankFilesContracts;

/** The multipart body of an import: the field `tipo` and the file `file` (held in memory: a return is a few MB). */
export async function receiveImportFile(request: FastifyRequest, maxBytes: number) {
  let tipo: string | undefined;
  let file: { name: string; data: Buffer } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes + 1, files: 1, fields: 5, parts: 6 } })) {
      if (part.type === 'field') {
        if (part.fieldname === 'tipo') tipo = String(part.value);
        continue;
      }
      const data = await part.toBuffer();
      if (part.fieldname === 'file') file = { name: part.filename || 'arquivo', data };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payloadTooLarge', filesTexts.tooLarge(maxBytes));
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw badRequest(`file: ${bankImportMessages.fileRequired}`);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('unsupportedMediaType', uploadTexts.notMultipart);
    throw error;
  }
  if (file && file.data.length > maxBytes) throw new AppError('payloadTooLarge', filesTexts.tooLarge(maxBytes));
  return { tipo, name: file?.name ?? 'arquivo', data: file?.data };
}

/** Importar banco's calls (issue 25 item 3). */
const bankImportRoutes: FastifyPluginAsync = async (app) => {
  const service = app.services.bankImport;
  const maxBytes = app.config.FILES_MAX_MB * 1024 * 1024;
  defineRoutes(
    app,
    { importBank, imports },
    {
      importBank: async (request) => service.start(currentUser(request), { origin: 'banco', ...(await receiveImportFile(request, maxBytes)) }),
      imports: async () => service.list(),
    },
  );
};

export default bankImportRoutes;

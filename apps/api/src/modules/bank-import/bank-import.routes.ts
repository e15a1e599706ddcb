import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { bankFilesContracts, bankImportMessages } from '@assoc/domain';
import { defineRoutes } from '../../lib/define-route.js';
import { currentUser } from '../auth/session.js';
import { receiveSmallForm } from '../files/files.upload.js';

const { importBank, imports } = bankFilesContracts;

/** The multipart body of an import: the field `tipo` and the file `file`. */
export async function receiveImportFile(request: FastifyRequest, maxBytes: number) {
  const { fields, file } = await receiveSmallForm(request, maxBytes, `file: ${bankImportMessages.fileRequired}`);
  return { tipo: fields.tipo, name: file?.name ?? 'arquivo', data: file?.data };
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

import type { FastifyPluginAsync } from 'fastify';
import { bankFilesContracts, bankImportMessages, FILE_IMPORT_TYPES, genericMessages, type FileImportType } from '@assoc/domain';
import { defineRoutes } from '../../lib/define-route.js';
import { badRequest } from '../../lib/errors.js';
import { currentUser } from '../auth/session.js';
import { receiveImportFile } from '../bank-import/bank-import.routes.js';
import type { FileImportTypes } from './index.js';

/** POST financeiro/importar (issue 25 item 5): the type's own start, after the form's common checks. */
export function fileImportRoutes(types: FileImportTypes): FastifyPluginAsync {
  return async (app) => {
    const maxBytes = app.config.FILES_MAX_MB * 1024 * 1024;
    defineRoutes(
      app,
      { importFile: bankFilesContracts.importFile },
      {
        importFile: async (request) => {
          const { tipo, name, data } = await receiveImportFile(request, maxBytes);
          if (!tipo) throw badRequest(`tipo: ${genericMessages.required}`);
          if (!(FILE_IMPORT_TYPES as readonly string[]).includes(tipo)) throw badRequest(`tipo: ${genericMessages.oneOf}`);
          if (!data) throw badRequest(`file: ${bankImportMessages.fileRequired}`);
          if (data.length === 0) throw badRequest(`file: ${bankImportMessages.fileEmpty}`);
          return types[tipo as FileImportType].start(currentUser(request), { name, data });
        },
      },
    );
  };
}

import type { FastifyPluginAsync } from 'fastify';
import { bankFilesContracts, FILE_IMPORT_TYPES } from '@assoc/domain';
import { defineRoutes } from '../../lib/define-route.js';
import { currentUser } from '../auth/session.js';
import { receiveImportFile } from '../bank-import/bank-import.routes.js';
import { checkImportForm } from '../bank-import/bank-import.service.js';
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
          const form = await receiveImportFile(request, maxBytes);
          const { tipo, data } = checkImportForm(form, FILE_IMPORT_TYPES);
          return types[tipo].start(currentUser(request), { name: form.name, data });
        },
      },
    );
  };
}

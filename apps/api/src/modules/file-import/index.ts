import type { FileImportType, ImportStarted } from '@assoc/domain';
import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../lib/module.js';
import type { SessionUser } from '../auth/session.js';
import { createFileImportRepository } from './file-import.repository.js';
import { fileImportRoutes } from './file-import.routes.js';
import { payrollReturnType } from './payroll-return.type.js';
import { phoneInvoiceJob, phoneInvoiceType } from './phone-invoice.type.js';

/** A type of Importar arquivo: its own checks of the file, then its import (a job that writes it). */
export interface FileImportHandler {
  start(user: SessionUser, file: { name: string; data: Buffer }): Promise<ImportStarted>;
}
export type FileImportTypes = Record<FileImportType, FileImportHandler>;

const repo = createFileImportRepository();
/** The types (packages/domain fileImportTypes): one file each; a new type is a file and a line here. */
const typesOf = (app: FastifyInstance): FileImportTypes => ({
  'folha-retorno': payrollReturnType(app),
  'fatura-celular': phoneInvoiceType(app, repo),
});

/**
 * Importar arquivo (issue 25 item 5; spec 2 §2.7 item 1, v2menufinimp): a file (XLSX, CSV or text; XLS refused) of a
 * chosen type, each type with its parser: the payroll return (through the bank import) and the phone operator's
 * invoice (the mobile statement's calls and the phone plans' postings). The imports share Importar banco's table and
 * list (`bank_imports`, origin 'arquivo').
 */
export default defineModule({
  name: 'fileImport',
  needs: ['bankImport', 'ledger', 'files', 'jobs'],
  jobs: (app) => [phoneInvoiceJob(app, repo)],
  routes: async (app) => fileImportRoutes(typesOf(app))(app, {}),
});

import type { ImportStarted } from '@assoc/domain';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../auth/session.js';

/**
 * 'folha-retorno' (issue 25 item 5): the payroll office's return (its fixed-width layout, docs/BANK-FILES.md) goes
 * through Importar banco's own path (`bankImport.start`, type 'folha'): the same reading, settling and result.
 */
export function payrollReturnType(app: FastifyInstance) {
  return {
    start: (user: SessionUser, file: { name: string; data: Buffer }): Promise<ImportStarted> =>
      app.services.bankImport.start(user, { origin: 'arquivo', tipo: 'folha', name: file.name, data: file.data }),
  };
}

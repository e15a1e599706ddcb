import { onlyDigits, registryMessages, terceiroDocumentError, type TerceiroDocumentCheck } from '@assoc/domain';
import type { Db } from '../../db/client.js';
import { terceirosRepository as repo } from './terceiros.repository.js';

/** GET process/terceiros/{terId}/{terTipo}/{document}: valid for the type and not another live third party's. */
export function createTerceirosService(db: Db) {
  return {
    async checkDocument(terId: number, terTipo: number, document: string): Promise<TerceiroDocumentCheck> {
      const error = terceiroDocumentError(terTipo, document);
      if (error) return { valid: false, message: error };
      if (await repo.documentTaken(db, onlyDigits(document), terId)) return { valid: false, message: registryMessages.duplicateDocument };
      return { valid: true, message: registryMessages.documentOk };
    },
  };
}

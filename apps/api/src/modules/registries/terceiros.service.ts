import { and, eq, isNull, ne } from 'drizzle-orm';
import { onlyDigits, registryMessages, terceiroDocumentError, type TerceiroDocumentCheck } from '@assoc/domain';
import type { Db } from '../../db/client.js';
import { terceiros } from '../../db/schema/index.js';

/** GET process/terceiros/{terId}/{terTipo}/{document}: valid for the type and not another live third party's. */
export function createTerceirosService(db: Db) {
  return {
    async checkDocument(terId: number, terTipo: number, document: string): Promise<TerceiroDocumentCheck> {
      const error = terceiroDocumentError(terTipo, document);
      if (error) return { valid: false, message: error };
      const [other] = await db
        .select({ terId: terceiros.terId })
        .from(terceiros)
        .where(and(eq(terceiros.terCPFCNPJ, onlyDigits(document)), isNull(terceiros.deletedAt), ne(terceiros.terId, terId)))
        .limit(1);
      if (other) return { valid: false, message: registryMessages.duplicateDocument };
      return { valid: true, message: registryMessages.documentOk };
    },
  };
}

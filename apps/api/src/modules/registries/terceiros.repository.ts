import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { terceiros } from '../../db/schema/index.js';

/** The third parties' SQL beyond the generic registry's. */
export const terceirosRepository = {
  /** Whether another live third party (not terId) holds this document (digits only). */
  async documentTaken(db: Executor, document: string, terId: number): Promise<boolean> {
    const [other] = await db
      .select({ terId: terceiros.terId })
      .from(terceiros)
      .where(and(eq(terceiros.terCPFCNPJ, document), isNull(terceiros.deletedAt), ne(terceiros.terId, terId)))
      .limit(1);
    return other !== undefined;
  },
};

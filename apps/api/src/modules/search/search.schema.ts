import { z } from 'zod';
import { searchMessages } from '@assoc/domain';

/** GET searchhistory/{cstId} path parameters. */
export const memberIdParamsSchema = z.object({
  cstId: z.string().regex(/^\d{1,9}$/, searchMessages.invalidId).transform(Number),
});

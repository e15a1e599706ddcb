import { z } from 'zod';
import { dashboardMessages } from '@assoc/domain';

/** GET weather/{cep} path parameters. */
export const cepParamsSchema = z.object({
  cep: z.string().regex(/^\d{8}$/, dashboardMessages.invalidCep),
});


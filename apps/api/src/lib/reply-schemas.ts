import { z } from 'zod';

/** The error reply of every route ({ message } in pt-BR), and the reply of a write that only confirms. */
export const messageSchema = z.object({ message: z.string() });

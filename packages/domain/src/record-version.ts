/**
 * Optimistic concurrency (decision 5): every registry record carries `version`, 1 when added and
 * one more on each update, delete or restore. A write names the version it was based on; the server
 * refuses it with 409 and genericMessages.staleRecord when the row moved on since.
 */
import { z } from 'zod';
import { genericMessages as m } from './messages.js';

/** The version of a record in the replies. */
export const recordVersion = () => z.number().int().min(1);

/**
 * The version a form loaded, in each form/body schema so the parsed body keeps it (POST ignores it;
 * PUT requires it through withVersion).
 */
export const loadedVersion = () => z.number({ error: m.required }).int({ error: m.oneOf }).min(1, { error: m.oneOf }).optional();

const requiredVersion = z.object({ version: z.number({ error: m.required }).int({ error: m.oneOf }).min(1, { error: m.oneOf }) });

/** A PUT body: the form schema with the loaded version required (a save without it would overwrite blindly). */
export function withVersion<S extends z.ZodType>(schema: S) {
  return z.intersection(schema, requiredVersion);
}

/** DELETE …?version=: the version the client listed, required. */
export const versionQuerySchema = z.object({
  version: z.coerce.number({ error: m.required }).int({ error: m.oneOf }).min(1, { error: m.oneOf }),
});

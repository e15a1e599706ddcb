import { z } from 'zod';
import { genericMessages as m } from '../messages.js';
import { safeText } from '../validation.js';
import type { PortalRecord } from '../portal/portal.schema.js';

/** POST login body (spec 1 §7): CPF username (min 11), password, optional access code (max 6). */
export const loginRequestSchema = z.object({
  username: safeText({ error: m.required }).trim().min(1, m.required).min(11, m.minLength(11)).max(14, m.maxLength(14)),
  password: safeText({ error: m.required }).min(1, m.required).max(128, m.maxLength(128)),
  code: safeText().max(6, m.maxLength(6)).optional().default(''),
  subscriberId: safeText().max(2000).optional().default(''),
  /**
   * Issue 28: where the access code is asked, one of the user's one-time recovery codes instead (used when `code`
   * is empty; spent on success). Case, spaces and dashes do not matter.
   */
  recoveryCode: safeText().max(20, m.maxLength(20)).optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** What the client learns about the signed-in user (GET session). */
export const sessionInfoSchema = z.object({
  username: z.string(),
  cpf: z.string(),
  name: z.string(),
  cstId: z.number(),
  roles: z.array(z.string()),
  cep: z.string(),
  xsrfToken: z.string(),
  envMode: z.number(),
  associationName: z.string(),
  associationShortName: z.string(),
  /** The one-time password must be replaced first (issue 8 §3): the web goes to the /reset form. */
  mustChangePassword: z.boolean().optional(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

/**
 * Issue 28: the first data of the signed-in user's home, sent with the sign-in reply so the home draws after one
 * round trip instead of two (a phone on 3G spends 150 ms per trip). For a portal member (home 'portal'): what
 * GET user/portal/{cstId} answers about them. `data` is described as an object only: its full schema is the member
 * schema, which the sign-in page's JavaScript would otherwise carry (issue 12's budget); the server builds it with
 * the very function that answers GET user/portal/{cstId}.
 */
export const loginHomeSchema = z.object({
  kind: z.literal('portal'),
  data: z.record(z.string(), z.unknown()).meta({ description: 'O mesmo que GET user/portal/{cstId} responde' }) as unknown as z.ZodType<PortalRecord>,
});
export type LoginHome = z.infer<typeof loginHomeSchema>;

/**
 * Reply: data.status and data.data, the coded string or 'requirecode'. Issue 28: on success also `session`, what GET
 * session would answer next, so the client goes on to the home without that round trip; and `home`, the home's first
 * data when the home has a provider (loginHomeSchema).
 */
export const loginReplySchema = z.object({
  status: z.number(),
  data: z.string(),
  session: sessionInfoSchema.optional(),
  home: loginHomeSchema.optional(),
});
export type LoginReply = z.infer<typeof loginReplySchema>;

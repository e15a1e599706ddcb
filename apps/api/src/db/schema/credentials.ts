import { index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './access.js';

/** Password-reset links (spec 3 §2.18): only the SHA-256 of the 32-character code is kept; each is used once. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    codeHash: varchar('code_hash', { length: 64 }).notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/** Password-reset requests per CPF and address, for the rate limit (kept whether or not the CPF exists). */
export const passwordResetRequests = pgTable(
  'password_reset_requests',
  {
    id: serial('id').primaryKey(),
    cpf: varchar('cpf', { length: 11 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_requests_key_idx').on(t.cpf, t.ip, t.at)],
);

/**
 * An authenticator being set up (Ferramentas → Acesso externo): the new secret waits here until the
 * user confirms one code from the app; only then does it become users.totp_secret.
 */
export const totpSetups = pgTable('totp_setups', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.userId, { onDelete: 'cascade' }),
  /** Sealed like users.totp_secret. */
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Wrong current passwords or codes given at confirmation (issue 8 §6); kept when the set-up is regenerated. */
  failures: integer('failures').notNull().default(0),
});

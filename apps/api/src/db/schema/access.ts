import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { customers } from './people.js';

/** Permission profiles (permIdv2): a named set of roles. */
export const profiles = pgTable('profiles', {
  permId: serial('perm_id').primaryKey(),
  name: varchar('name', { length: 64 }).notNull().unique(),
  description: varchar('description', { length: 200 }).notNull().default(''),
});

export const profileRoles = pgTable(
  'profile_roles',
  {
    permId: integer('perm_id')
      .notNull()
      .references(() => profiles.permId, { onDelete: 'cascade' }),
    role: varchar('role', { length: 64 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.permId, t.role] })],
);

/** People who sign in: staff and portal members, by CPF (decision 2). */
export const users = pgTable('users', {
  userId: serial('user_id').primaryKey(),
  cpf: varchar('cpf', { length: 11 }).notNull().unique(),
  name: varchar('name', { length: 64 }).notNull(),
  email: varchar('email', { length: 120 }),
  passwordHash: text('password_hash').notNull(),
  permId: integer('perm_id').references(() => profiles.permId),
  /** The member record of this person, when there is one (portal members, staff who are members). */
  cstId: integer('cst_id').references(() => customers.cstId),
  fnAllowExternal: boolean('fn_allow_external').notNull().default(false),
  /** Sealed with TOTP_KEY (lib/secret-box.ts, 'v1:…'); a value without the prefix is clear text from before issue 8. */
  totpSecret: text('totp_secret'),
  /** The last TOTP time step accepted (sign-in or replacement): an older or equal one is a replay (issue 8 §6). */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  active: boolean('active').notNull().default(true),
  /** The first-start superadmin's one-time password must be replaced before anything else (migration 0016). */
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Roles given to one user on top of their profile. */
export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    role: varchar('role', { length: 64 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

/** Server-side sessions (decision 3). The cookie carries a random token; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    sessionId: serial('session_id').primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    xsrfToken: varchar('xsrf_token', { length: 64 }).notNull(),
    subscriberId: text('subscriber_id').notNull().default(''),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Signed in with a one-time recovery code (migration 0047): may replace the authenticator without its code. */
    recoveredAt: timestamp('recovered_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Failed sign-in attempts, for the per CPF + address rate limit. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    cpf: varchar('cpf', { length: 11 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    at: timestamp('at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('login_failures_key_idx').on(t.cpf, t.ip, t.at)],
);

/**
 * Sign-in limit counters (issue 8 §2): key 'cpf:{cpf}' or 'ip:{address}'; `count` holds the failures of the
 * window plus the attempts in progress, incremented atomically before the password is checked.
 */
export const loginLimits = pgTable('login_limits', {
  key: varchar('key', { length: 80 }).primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  count: integer('count').notNull().default(0),
});

/**
 * One-time recovery codes (issue 28, migration 0045): ten per set, argon2id hashes only; a new set deletes the
 * previous one. A code signs in once where the access code is asked (`used_at` then set, never cleared).
 */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

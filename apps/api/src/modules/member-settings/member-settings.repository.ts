import { sql } from 'drizzle-orm';
import { noPortalAccess, type PortalAccessItem } from '@assoc/domain';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { jsonObjectOf } from '../../lib/json-columns.js';

/**
 * The member's portal account (users: a user by cst_id, else an unlinked user with the member's CPF; decision 2),
 * as one JSON object over the member's row aliased `c`, so the member's load reads it in its own statement.
 */
const ACCOUNT_OBJECT = jsonObjectOf(users, 'u', [
  'userId',
  'active',
  ['permIdv2', 'u.perm_id'],
  'fnAllowExternal',
  ['profileName', 'p.name'],
  ['hasAuthenticator', 'u.totp_secret is not null'],
]);
const ACCOUNT_JSON = `(select ${ACCOUNT_OBJECT}
  from users u left join profiles p on p.perm_id = u.perm_id
  where u.cst_id = c.cst_id or (u.cst_id is null and c.cust_cpf is not null and u.cpf = c.cust_cpf)
  order by (u.cst_id is null), u.user_id limit 1)`;

/** The child list's one row from the JSON (a member without an account: sign-in off, no profile). */
export function accessFromJson(value: unknown): PortalAccessItem[] {
  if (!value || typeof value !== 'object') return [noPortalAccess()];
  const v = value as Record<string, unknown>;
  return [
    {
      userId: Number(v.userId),
      active: v.active === true,
      permIdv2: v.permIdv2 == null ? null : Number(v.permIdv2),
      fnAllowExternal: v.fnAllowExternal === true,
      profileName: (v.profileName as string | null) ?? null,
      hasAuthenticator: v.hasAuthenticator === true,
      operation: 'none',
    },
  ];
}

export interface MemberContact {
  cstId: number;
  cpf: string | null;
  name: string;
  email: string | null;
}

export function createMemberSettingsRepository() {
  return {
    json: { expression: ACCOUNT_JSON, fromJson: accessFromJson },

    async load(db: Executor, cstId: number): Promise<PortalAccessItem[]> {
      const result = await db.execute<{ account: unknown }>(
        sql`select ${sql.raw(ACCOUNT_JSON)} as account from customers c where c.cst_id = ${cstId}`,
      );
      return accessFromJson(result.rows[0]?.account);
    },

    async member(db: Executor, cstId: number): Promise<MemberContact | undefined> {
      const result = await db.execute<{ cst_id: number; cust_cpf: string | null; cust_name: string; cust_email: string | null }>(
        sql`select cst_id, cust_cpf, cust_name, cust_email from customers where cst_id = ${cstId}`,
      );
      const row = result.rows[0];
      return row && { cstId: row.cst_id, cpf: row.cust_cpf, name: row.cust_name, email: row.cust_email };
    },

    /** A user holding this CPF (linked to someone else or not). */
    async userByCpf(db: Executor, cpf: string): Promise<{ userId: number; cstId: number | null } | undefined> {
      const result = await db.execute<{ user_id: number; cst_id: number | null }>(sql`select user_id, cst_id from users where cpf = ${cpf}`);
      const row = result.rows[0];
      return row && { userId: row.user_id, cstId: row.cst_id };
    },

    /** The profile for a new portal account: one holding v2portal, the one with the fewest roles. */
    async portalProfileId(db: Executor): Promise<number | undefined> {
      const result = await db.execute<{ perm_id: number }>(sql`
        select p.perm_id from profiles p
         where exists (select 1 from profile_roles r where r.perm_id = p.perm_id and r.role = 'v2portal')
         order by (select count(*) from profile_roles r where r.perm_id = p.perm_id), p.perm_id limit 1`);
      return result.rows[0]?.perm_id;
    },

    /** The profiles the dropdown offers. */
    async profileOptions(db: Executor) {
      const result = await db.execute<{ value: number; label: string }>(sql`select perm_id as value, name as label from profiles order by name`);
      return result.rows.map((r) => ({ value: Number(r.value), label: r.label }));
    },

    /** The e-mail of an account (the user's, else the linked member's). */
    async accountEmail(db: Executor, userId: number): Promise<{ email: string | null; name: string; cpf: string; cstId: number | null } | undefined> {
      const result = await db.execute<{ email: string | null; name: string; cpf: string; cst_id: number | null }>(sql`
        select coalesce(nullif(trim(u.email), ''), nullif(trim(c.cust_email), '')) as email, u.name, u.cpf, u.cst_id
          from users u left join customers c on c.cst_id = u.cst_id where u.user_id = ${userId}`);
      const row = result.rows[0];
      return row && { email: row.email, name: row.name, cpf: row.cpf, cstId: row.cst_id };
    },

    /** Security e-mails written to this account within the window (the first-access rate limit). */
    async recentSecurityEmails(db: Executor, userId: number, windowMinutes: number): Promise<number> {
      const result = await db.execute<{ n: number }>(sql`
        select count(*)::int as n from outbox
         where user_id = ${userId} and sensitive and created_at > now() - make_interval(mins => ${windowMinutes})`);
      return Number(result.rows[0]?.n ?? 0);
    },
  };
}

export type MemberSettingsRepository = ReturnType<typeof createMemberSettingsRepository>;

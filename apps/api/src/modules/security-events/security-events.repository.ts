import { sql, type SQL } from 'drizzle-orm';
import { APP_TIME_ZONE, SECURITY_CATEGORY, type SecurityEventItem, type SecurityEventsQuery } from '@assoc/domain';
import type { Executor } from '../../db/client.js';
import { escapeLike } from '../../lib/sql.js';

/** Access-admin writes (users, profiles and their roles) are audited under this category; listed as 'access_change'. */
const ACCESS_CATEGORY = 'acessos';

/**
 * The security events of the audit table (category 'security', the kind in `action`) plus the access-admin
 * audit rows as 'access_change'. The subject is the audit's owner (security) or the user named by the
 * entity key 'usuario:{id}' (access changes). Only non-secret columns are read: never before/after of an
 * access change, only the details of a security event (which never hold a secret).
 */
export function createSecurityEventsRepository() {
  return {
    async list(db: Executor, query: SecurityEventsQuery): Promise<{ items: SecurityEventItem[]; total: number }> {
      const where: SQL[] = [sql`a.category in (${SECURITY_CATEGORY}, ${ACCESS_CATEGORY})`];
      if (query.kind === 'access_change') where.push(sql`a.category = ${ACCESS_CATEGORY}`);
      else if (query.kind) where.push(sql`a.category = ${SECURITY_CATEGORY} and a.action = ${query.kind}`);
      if (query.from) where.push(sql`a.at >= (${query.from}::date)::timestamp at time zone ${APP_TIME_ZONE}`);
      if (query.to) where.push(sql`a.at < (${query.to}::date + 1)::timestamp at time zone ${APP_TIME_ZONE}`);
      const text = query.user?.trim();
      if (text) {
        const like = `%${escapeLike(text)}%`;
        const digits = text.replace(/\D/g, '');
        const cpfMatch =
          digits.length >= 3 && /^[\d.\-\s]+$/.test(text) ? sql` or s.cpf like ${`%${digits}%`} or a.after->>'cpf' like ${`%${digits}%`}` : sql``;
        where.push(sql`(f_unaccent(coalesce(s.name, '')) ilike f_unaccent(${like})
          or f_unaccent(coalesce(a.user_name, '')) ilike f_unaccent(${like})${cpfMatch})`);
      }
      const from = sql`
        from audits a
        left join users s on s.user_id = case
          when a.category = ${SECURITY_CATEGORY} then a.owner_id
          when a.entity_id ~ '^usuario:[0-9]{1,9}$' then substr(a.entity_id, 9)::int
        end
       where ${sql.join(where, sql` and `)}`;
      const [{ rows }, count] = await Promise.all([
        db.execute<SecurityEventItem & Record<string, unknown>>(sql`
          select a.audit_id as id, to_char(a.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at,
                 case when a.category = ${ACCESS_CATEGORY} then 'access_change' else a.action end as kind,
                 s.name as "subjectName",
                 coalesce(s.cpf, case when a.category = ${SECURITY_CATEGORY} then a.after->>'cpf' end) as cpf,
                 a.user_name as "actorName",
                 case when a.category = ${SECURITY_CATEGORY} then a.after->>'ip' end as ip,
                 case when a.category = ${SECURITY_CATEGORY} then a.after->>'reason' end as reason,
                 case when a.category = ${ACCESS_CATEGORY} then a.entity_id end as target,
                 case when a.category = ${ACCESS_CATEGORY} then a.action end as action
          ${from}
          order by a.at desc, a.audit_id desc
          limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`),
        db.execute<{ n: number }>(sql`select count(*)::int as n ${from}`),
      ]);
      return { items: rows, total: count.rows[0]?.n ?? 0 };
    },
  };
}

export type SecurityEventsRepository = ReturnType<typeof createSecurityEventsRepository>;

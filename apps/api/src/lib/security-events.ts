import { SECURITY_CATEGORY, type SecurityEventKind } from '@assoc/domain';
import { audits } from '../db/schema/index.js';
import type { Executor } from '../db/client.js';

export interface SecurityEvent {
  kind: SecurityEventKind;
  /** Who acted (null when nobody is signed in, e.g. a failed sign-in). */
  actor?: { userId: number; name: string } | null;
  /** The account the event is about: its user id when known. */
  subjectUserId?: number | null;
  /** Non-secret details: cpf, ip, reason, userAgent… Never a password, code, token or link. */
  details?: Record<string, string | number | boolean | null>;
}

/** Issue 8 §10: one row in the audit table, category 'security', the kind in `action`. */
export async function recordSecurityEvent(db: Executor, event: SecurityEvent) {
  await db.insert(audits).values({
    category: SECURITY_CATEGORY,
    ownerId: event.subjectUserId ?? null,
    entityId: event.subjectUserId != null ? String(event.subjectUserId) : null,
    action: event.kind,
    userId: event.actor?.userId ?? null,
    userName: event.actor?.name.slice(0, 64) ?? null,
    before: null,
    after: event.details ?? null,
  });
}

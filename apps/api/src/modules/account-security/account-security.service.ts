import crypto from 'node:crypto';
import {
  accountSecurityMessages,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
  RECOVERY_SETS_PER_WINDOW,
  PASSWORD_CHANGES_PER_WINDOW,
  weakPasswordMessage,
  type OwnPasswordChange,
  type EndOtherSessionsReply,
  type OwnSession,
  type RecoveryCodesReply,
  OWN_SECURITY_EVENTS_LIMIT,
  type OwnSecurityEvent,
} from '@assoc/domain';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { actorFrom } from '../../lib/actor.js';
import { badRequest, notFound, tooManyRequests } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { checkPasswordStrength } from '../../lib/password-strength.js';
import { recordSecurityEvent } from '../../lib/security-events.js';
import type { SessionUser } from '../auth/session.js';
import type { AccountSecurityRepository } from './account-security.repository.js';
import { describeDevice } from './device.js';

interface Deps {
  db: Db;
  repo: AccountSecurityRepository;
  config: AppConfig;
  /** Closes the real-time sockets of ended sessions on every instance (after the commit). */
  closeSockets: (sessionIds: number[]) => void;
}

/** One recovery code, 'ABCDE-FGH23': 10 characters of a 31-letter alphabet (about 49 bits), from the CSPRNG. */
function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i++) code += RECOVERY_CODE_ALPHABET[crypto.randomInt(RECOVERY_CODE_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** Segurança (issue 28 item 4): the caller's own sessions and recovery codes; each change an audited security event. */
export function createAccountSecurityService({ db, repo, config, closeSockets }: Deps) {
  return {
    /** GET seguranca/minhas: the caller's newest security events. */
    async myEvents(me: SessionUser): Promise<OwnSecurityEvent[]> {
      return repo.ownEvents(db, me.userId, OWN_SECURITY_EVENTS_LIMIT);
    },

    async mySessions(me: SessionUser): Promise<OwnSession[]> {
      const rows = await repo.liveSessions(db, me.userId, config.SESSION_MAX_DAYS);
      return rows.map((r) => ({
        id: r.id,
        device: describeDevice(r.userAgent),
        ip: r.ip,
        since: r.since,
        lastSeen: r.lastSeen,
        atual: r.id === me.sessionId,
      }));
    },

    /** Ends one of the caller's sessions (the calling one too: a sign-out); another user's or an ended one: 404. */
    async endMySession(me: SessionUser, sessionId: number, ip: string) {
      const ended = await db.transaction(async (tx) => {
        if (!(await repo.revokeOwnSession(tx, me.userId, sessionId))) return false;
        await recordSecurityEvent(tx, {
          kind: 'session_revoked',
          actor: actorFrom(me),
          subjectUserId: me.userId,
          details: { cpf: me.cpf, ip, sessionId, reason: 'ended_by_owner', current: sessionId === me.sessionId },
        });
        return true;
      });
      if (!ended) throw notFound(accountSecurityMessages.sessionNotFound);
      closeSockets([sessionId]);
    },

    /** Ends every other live session of the caller; the calling one stays. */
    async endOtherSessions(me: SessionUser, ip: string): Promise<EndOtherSessionsReply> {
      const ended = await db.transaction(async (tx) => {
        const ids = await repo.revokeOtherSessions(tx, me.userId, me.sessionId);
        if (ids.length > 0) {
          await recordSecurityEvent(tx, {
            kind: 'session_revoked',
            actor: actorFrom(me),
            subjectUserId: me.userId,
            details: { cpf: me.cpf, ip, sessionsEnded: ids.length, reason: 'ended_by_owner' },
          });
        }
        return ids;
      });
      if (ended.length > 0) closeSockets(ended);
      return { ended: ended.length, message: accountSecurityMessages.otherSessionsEnded(ended.length) };
    },

    /**
     * POST senha/minha (issue 28 item 4): the current password proves the caller (each try counted against
     * PASSWORD_CHANGES_PER_WINDOW before the check: 429 beyond it), the new one passes the reset page's strength rule
     * and differs from it; then, in one transaction, the new argon2id hash, the caller's other sessions ended and
     * the 'password_change' event. The calling session stays.
     */
    async changeMyPassword(me: SessionUser, body: OwnPasswordChange, ip: string) {
      const tries = await repo.countRecoveryRequest(db, me.userId, config.LOGIN_WINDOW_MINUTES, 'password');
      if (tries > PASSWORD_CHANGES_PER_WINDOW) throw tooManyRequests(accountSecurityMessages.tooManyPasswordAttempts(config.LOGIN_WINDOW_MINUTES));
      const credentials = await repo.credentials(db, me.userId);
      if (!credentials || !(await verifyPassword(credentials.passwordHash, body.atual)))
        throw badRequest(accountSecurityMessages.wrongCurrentPassword);
      if (body.nova === body.atual) throw badRequest(accountSecurityMessages.samePassword);
      const strength = checkPasswordStrength(body.nova, [credentials.cpf, me.name]);
      if (!strength.ok) throw badRequest(weakPasswordMessage(strength));
      const passwordHash = await hashPassword(body.nova);
      const ended = await db.transaction(async (tx) => {
        await repo.setPassword(tx, me.userId, passwordHash);
        const ids = await repo.revokeOtherSessions(tx, me.userId, me.sessionId);
        await recordSecurityEvent(tx, {
          kind: 'password_change',
          actor: actorFrom(me),
          subjectUserId: me.userId,
          details: { cpf: me.cpf, ip, sessionsEnded: ids.length },
        });
        return ids;
      });
      if (ended.length > 0) closeSockets(ended);
      return { message: accountSecurityMessages.passwordChanged };
    },

    /**
     * POST totp/recuperacao: ten new one-time codes, hashed with argon2id before the transaction (hashing is slow),
     * replacing the previous set in one transaction with the event. Refused (400) without an authenticator; beyond
     * RECOVERY_SETS_PER_WINDOW requests in the sign-in window, 429 (hashing is the costly part: counted before it).
     */
    async newRecoveryCodes(me: SessionUser, ip: string): Promise<RecoveryCodesReply> {
      const requests = await repo.countRecoveryRequest(db, me.userId, config.LOGIN_WINDOW_MINUTES);
      if (requests > RECOVERY_SETS_PER_WINDOW) throw tooManyRequests(accountSecurityMessages.tooManyRecoverySets(config.LOGIN_WINDOW_MINUTES));
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      const hashes = await Promise.all(codes.map((code) => hashPassword(code.replace('-', ''))));
      await db.transaction(async (tx) => {
        if (!(await repo.lockUserTotp(tx, me.userId))) throw badRequest(accountSecurityMessages.totpRequired);
        await repo.replaceRecoveryCodes(tx, me.userId, hashes);
        await recordSecurityEvent(tx, {
          kind: 'recovery_new',
          actor: actorFrom(me),
          subjectUserId: me.userId,
          details: { cpf: me.cpf, ip, count: codes.length },
        });
      });
      return { codes, message: accountSecurityMessages.recoveryCodesCreated };
    },
  };
}

export type AccountSecurityService = ReturnType<typeof createAccountSecurityService>;

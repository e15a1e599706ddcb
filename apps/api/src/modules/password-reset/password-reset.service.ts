import crypto from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { onlyDigits, resetMessages, sessionMessages, weakPasswordMessage, type ResetPasswordChange } from '@assoc/domain';
import type { AppConfig } from '../../config.js';
import { AppError, badRequest, forbidden, tooManyRequests } from '../../lib/errors.js';
import { hashPassword } from '../../lib/password.js';
import { removeFirstAdminFile } from '../../db/seed/first-admin.js';
import { checkPasswordStrength } from '../../lib/password-strength.js';
import { recordSecurityEvent } from '../../lib/security-events.js';
import { hashToken, type SessionUser } from '../auth/session.js';
import { enqueueEmail } from '../mail/mail.repository.js';
import { resetEmail } from './password-reset.mail.js';
import type { Db } from '../../db/client.js';
import type { PasswordResetRepository } from './password-reset.repository.js';

interface Deps {
  db: Db;
  repo: PasswordResetRepository;
  config: AppConfig;
  /** Closes the real-time sockets of the sessions a password change ends. */
  endUserSessions: (userId: number) => void;
  /** Every request answers after at least this long, whether or not the CPF exists (ms). */
  replyFloorMs: number;
}

/** A 32-character code (24 random bytes in base64url): spec 3 §9. */
export const newResetCode = () => crypto.randomBytes(24).toString('base64url');

export function createPasswordResetService({ db, repo, config, replyFloorMs, endUserSessions }: Deps) {
  return {
    /**
     * GET login/resetpassword/{user}: e-mails a reset link when the CPF belongs to an active user
     * with an e-mail. The answer is the same either way, after the same minimum time, so it never
     * tells whether the CPF exists; requests per CPF and address are limited like the sign-in.
     * Each accepted request is a security event (issue 8 §10), with the account only when the CPF exists.
     */
    async requestReset(user: string, ip: string) {
      const started = performance.now();
      const cpf = onlyDigits(user).slice(0, 11);
      const recent = await repo.countRecentRequests(db, cpf, ip, config.LOGIN_WINDOW_MINUTES);
      if (recent >= config.RESET_MAX_REQUESTS) throw tooManyRequests(resetMessages.tooManyRequests(config.LOGIN_WINDOW_MINUTES));
      await repo.recordRequest(db, cpf, ip);

      const userId = await repo.findUserId(db, cpf);
      const target = userId == null ? undefined : await repo.findTarget(db, cpf);
      await db.transaction(async (tx) => {
        if (target) {
          const code = newResetCode();
          const link = `${config.PUBLIC_URL.replace(/\/+$/, '')}/reset?q=${code}`;
          await repo.createCode(tx, target.userId, hashToken(code), config.RESET_CODE_MINUTES);
          await enqueueEmail(
            tx,
            resetEmail({
              to: target.email,
              name: target.name,
              link,
              minutes: config.RESET_CODE_MINUTES,
              associationName: config.ASSOCIATION_NAME,
              userId: target.userId,
              cstId: target.cstId,
            }),
          );
        }
        await recordSecurityEvent(tx, { kind: 'reset_request', subjectUserId: userId, details: { cpf, ip, sent: !!target } });
      });
      const left = replyFloorMs - (performance.now() - started);
      if (left > 0) await sleep(left);
      return { status: 200, message: sessionMessages.passwordRequested };
    },

    /**
     * POST login/resetpasswordchange: the code must belong to this CPF's user, be unused and
     * unexpired; the password must pass the strength rule. Success spends the code, sets the new
     * argon2id hash and ends the user's sessions (a 'reset_done' security event in the same transaction).
     */
    async changePassword(body: ResetPasswordChange, ip: string) {
      const strength = checkPasswordStrength(body.password, [body.cpf]);
      if (!strength.ok) throw badRequest(weakPasswordMessage(strength));
      const passwordHash = await hashPassword(body.password);
      const userId = await db.transaction(async (tx) => {
        const row = await repo.lockCode(tx, hashToken(body.code));
        if (!row || row.cpf !== body.cpf) throw badRequest(resetMessages.invalidCode);
        if (row.used) throw badRequest(resetMessages.usedCode);
        if (row.expired) throw new AppError('gone', resetMessages.expiredCode, { expired: true });
        await repo.changePassword(tx, row.user_id, row.cpf, passwordHash);
        await recordSecurityEvent(tx, { kind: 'reset_done', subjectUserId: row.user_id, details: { cpf: row.cpf, ip } });
        return row.user_id as number;
      });
      endUserSessions(userId);
      // The first-start file of this account (its one-time password) is spent once it sets its own.
      removeFirstAdminFile(config.DATA_DIR, body.cpf);
      return { status: 200, message: resetMessages.success };
    },

    /**
     * POST login/senhaprovisoria (issue 8 §3): a user whose one-time password must be replaced (the first-start
     * superadmin) gets a reset code for the existing /reset form; refused once no change is pending.
     */
    async pendingPasswordCode(me: SessionUser) {
      if (!me.mustChangePassword) throw forbidden(sessionMessages.noPendingPasswordChange);
      const code = newResetCode();
      await db.transaction((tx) => repo.createCode(tx, me.userId, hashToken(code), config.RESET_CODE_MINUTES));
      return { q: code };
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;

import crypto from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  homeFor,
  loginMessages,
  normalizeRecoveryCode,
  onlyDigits,
  RECOVERY_CODE_LENGTH,
  type LoginHome,
  type LoginRequest,
  type SessionInfo,
} from '@assoc/domain';
import type { AppConfig } from '../../config.js';
import { actorFrom } from '../../lib/actor.js';
import { AppError, tooManyRequests, type ErrorCode } from '../../lib/errors.js';
import { dummyVerify, verifyPassword } from '../../lib/password.js';
import { totpSecretBox } from '../../lib/secret-box.js';
import { matchTotp } from '../../lib/totp.js';
import { signToken } from '../../lib/signed-token.js';
import { hashToken, type SessionUser } from './session.js';
import type { SecurityEvent } from '../../lib/security-events.js';
import type { Db } from '../../db/client.js';
import type { AuthRepository, UserForSignIn } from './auth.repository.js';

export type SignInResult =
  { kind: 'requirecode' } | { kind: 'signedIn'; token: string; xsrfToken: string; coded: string; user: { userId: number; name: string } };

/** The first data of a home for the sign-in reply (`null`: none for this user). */
export type HomeProvider<K extends LoginHome['kind']> = (me: SessionUser) => Promise<Extract<LoginHome, { kind: K }>['data'] | null>;

export type SignInFailureReason = 'bad_credentials' | 'bad_code' | 'inactive' | 'external_refused';

/** A refused attempt: its reason for the security event, and whether it counts against the limit. */
class SignInRefusal extends AppError {
  constructor(
    code: ErrorCode,
    message: string,
    readonly reason: SignInFailureReason,
    readonly counts: boolean,
  ) {
    super(code, message);
  }
}

interface Deps {
  db: Db;
  repo: AuthRepository;
  config: AppConfig;
  secret: string;
  isTrusted: (ip: string) => boolean;
  /** Pause per failure beyond the slow-down threshold (ms); tests shorten it. */
  slowStepMs?: number;
  /** Closes the real-time sockets of an ended session on every instance. */
  closeSockets: (sessionId: number) => void;
}

export function createAuthService({ db, repo, config, secret, isTrusted, slowStepMs = 1000, closeSockets }: Deps) {
  const refusalLog = createThrottle(60_000);
  const homeProviders = new Map<LoginHome['kind'], HomeProvider<LoginHome['kind']>>();

  /**
   * The live session of an `assoc_sid` cookie value, with the searchable people's version (the guard reads it
   * on every request; the real-time channel at the handshake and at each privileged emit). Sliding expiry:
   * written at most once a minute per session.
   */
  async function sessionOf(token: string): Promise<{ user: SessionUser; peopleVersion: number } | null> {
    const session = await repo.findSession(db, hashToken(token), config.SESSION_MAX_DAYS);
    if (!session) return null;
    if (session.stale) await repo.touchSession(db, session.user.sessionId, config.SESSION_TTL_HOURS);
    return { user: session.user, peopleVersion: session.peopleVersion };
  }

  /** Ends a session (the event, if any, in the same transaction) and closes its sockets. */
  async function endSession(sessionId: number, event?: SecurityEvent) {
    await repo.revokeSession(db, sessionId, event);
    closeSockets(sessionId);
  }

  /** A failed attempt that counts against the limit: wrong CPF or password, or a wrong or reused code. */
  const failure = (reason: 'bad_credentials' | 'bad_code') =>
    new SignInRefusal('unauthorized', reason === 'bad_credentials' ? loginMessages.invalidCredentials : loginMessages.invalidCode, reason, true);

  /**
   * Issue 28: spends the user's unspent recovery code that matches (each hash checked, in parallel on the
   * thread pool), recording 'recovery_used' with the spend. False for a wrong, spent or replaced code.
   */
  async function spendRecoveryCode(user: UserForSignIn, code: string, ip: string): Promise<boolean> {
    if (code.length !== RECOVERY_CODE_LENGTH) return false;
    const unused = await repo.unusedRecoveryCodes(db, user.userId);
    const checks = await Promise.all(unused.map((row) => verifyPassword(row.codeHash, code)));
    const match = unused.find((_row, i) => checks[i]);
    if (!match) return false;
    return repo.spendRecoveryCode(db, match.id, {
      kind: 'recovery_used',
      actor: actorFrom(user),
      subjectUserId: user.userId,
      details: { cpf: user.cpf, ip, left: unused.length - 1 },
    });
  }

  /** The checks of one attempt; signIn wraps them with the limit's counters and the security events. */
  async function checkAttempt(
    body: LoginRequest,
    ctx: { ip: string },
    cpf: string,
    subject: { userId: number | null },
  ): Promise<{ kind: 'requirecode' } | { kind: 'passed'; user: UserForSignIn; recovered?: true }> {
    const user = await repo.findUserByCpf(db, cpf);
    if (!user) {
      await dummyVerify(body.password);
      throw failure('bad_credentials');
    }
    subject.userId = user.userId;
    const passwordOk = await verifyPassword(user.passwordHash, body.password);
    const codeNeeded = accessCodeNeeded(user, isTrusted(ctx.ip));
    // Issue 22 item 11: from outside, a user who may not sign in from there gets one answer whatever the password
    // (the password is still verified, so the time says nothing either), and the attempt counts against the limit
    // either way: neither the reply nor the counter tells a right password from a wrong one.
    if (codeNeeded === 'refused' || codeNeeded === 'notConfigured') {
      const message = codeNeeded === 'refused' ? loginMessages.externalNotAllowed : loginMessages.externalCodeNotConfigured;
      throw new SignInRefusal('forbidden', message, passwordOk ? 'external_refused' : 'bad_credentials', true);
    }
    if (!passwordOk) throw failure('bad_credentials');
    // The password was right: this refusal is recorded but does not count against the limit.
    if (!user.active) throw new SignInRefusal('forbidden', loginMessages.inactiveUser, 'inactive', false);

    if (codeNeeded === 'required') {
      const code = (body.code ?? '').trim();
      const recovery = normalizeRecoveryCode(body.recoveryCode ?? '');
      if (!code && recovery) {
        // Issue 28: a one-time recovery code instead of the authenticator's, counted and refused like a wrong code.
        if (!(await spendRecoveryCode(user, recovery, ctx.ip))) throw failure('bad_code');
        // The session remembers it: it may set up a new authenticator without the lost one's code.
        return { kind: 'passed', user, recovered: true };
      }
      if (!code) return { kind: 'requirecode' };
      // Issue 8 §6: the code's time step must be newer than the last one used, claimed in one statement so
      // the same code never signs in twice, even in parallel; a replay is refused like a wrong code.
      const step = await matchTotp(totpSecretBox(config), user.totpSecret!, code);
      if (step === null || !(await repo.claimTotpStep(db, user.userId, step))) throw failure('bad_code');
    }

    return { kind: 'passed', user };
  }

  return {
    /**
     * Sign-in (spec 1 §4, decision 3, issue 8 §2). Wrong CPF and wrong password answer alike. Each attempt is
     * counted first, atomically, against its CPF (from any address) and its address (across CPFs); beyond
     * LOGIN_SLOW_AFTER failures of the CPF answers slow down, and at LOGIN_MAX_FAILURES (CPF) or
     * LOGIN_MAX_FAILURES_PER_IP (address) the window refuses with 429. Only failures stay counted: a success,
     * a code request or a refusal after the right password gives its count back, but never erases earlier
     * failures (they stay until the window passes, and in login_failures and the security events).
     */
    async signIn(body: LoginRequest, ctx: { ip: string; userAgent: string }): Promise<SignInResult> {
      const cpf = onlyDigits(body.username);
      const details = { cpf, ip: ctx.ip };
      const counts = await repo.reserveAttempt(db, cpf, ctx.ip, config.LOGIN_WINDOW_MINUTES);
      if (counts.cpf > config.LOGIN_MAX_FAILURES || counts.ip > config.LOGIN_MAX_FAILURES_PER_IP) {
        await repo.releaseAttempt(db, cpf, ctx.ip);
        const limit = counts.cpf > config.LOGIN_MAX_FAILURES ? 'cpf' : 'ip';
        // One event per locked key a minute: an attack must not grow the audit table with its request rate.
        if (refusalLog.shouldRecord(limit === 'cpf' ? `cpf:${cpf}` : `ip:${ctx.ip}`)) {
          await repo.recordEvent(db, { kind: 'login_fail', details: { ...details, reason: 'rate_limited', limit } });
        }
        throw tooManyRequests(loginMessages.tooManyAttempts(config.LOGIN_WINDOW_MINUTES));
      }
      const earlier = counts.cpf - 1;
      if (earlier >= config.LOGIN_SLOW_AFTER) await sleep(Math.min(5, earlier - config.LOGIN_SLOW_AFTER + 1) * slowStepMs);

      const subject = { userId: null as number | null };
      let counted = false;
      try {
        const checked = await checkAttempt(body, ctx, cpf, subject);
        if (checked.kind === 'requirecode') return checked;
        const { user, recovered } = checked;
        const token = crypto.randomBytes(32).toString('base64url');
        const xsrfToken = crypto.randomBytes(24).toString('base64url');
        const actor = actorFrom(user);
        await repo.createSession(
          db,
          {
            tokenHash: hashToken(token),
            userId: user.userId,
            xsrfToken,
            subscriberId: body.subscriberId ?? '',
            ip: ctx.ip,
            userAgent: ctx.userAgent,
            ttlHours: config.SESSION_TTL_HOURS,
            recovered: recovered === true,
          },
          { kind: 'login_ok', actor, subjectUserId: user.userId, details: recovered ? { ...details, recovery: true } : details },
        );
        return { kind: 'signedIn', token, xsrfToken, coded: codedString(user, body.subscriberId ?? ''), user: actor };
      } catch (err) {
        if (err instanceof SignInRefusal) {
          const event = { kind: 'login_fail', subjectUserId: subject.userId, details: { ...details, reason: err.reason } } as const;
          counted = err.counts;
          if (err.counts) await repo.recordFailure(db, cpf, ctx.ip, event);
          else await repo.recordEvent(db, event);
        }
        throw err;
      } finally {
        if (!counted) await repo.releaseAttempt(db, cpf, ctx.ip);
      }
    },

    codedString,

    sessionOf,

    /** The session's user, or null when it ended. */
    sessionFromToken: async (token: string): Promise<SessionUser | null> => (await sessionOf(token))?.user ?? null,

    endSession,

    /** Signing in over a live session ends the old one (and its sockets): one cookie, one session. */
    async replaceSession(previous: SessionUser, by: { userId: number; name: string }, ip: string) {
      await endSession(previous.sessionId, {
        kind: 'logout',
        actor: by,
        subjectUserId: previous.userId,
        details: { ip, reason: 'replaced_by_login' },
      });
    },

    /** Sign-out of a live session. */
    async signOut(me: SessionUser, ip: string) {
      await endSession(me.sessionId, {
        kind: 'logout',
        actor: actorFrom(me),
        subjectUserId: me.userId,
        details: { cpf: me.cpf, ip },
      });
    },

    /** GET session: the signed-in user as the web needs it (null once the account is gone). */
    async sessionInfo(me: SessionUser): Promise<SessionInfo | null> {
      const user = await repo.findUserById(db, me.userId);
      if (!user) return null;
      return {
        username: user.cpf,
        cpf: user.cpf,
        name: user.name,
        cstId: user.cstId ?? -1,
        roles: user.roles,
        cep: user.cep || config.ASSOCIATION_CEP,
        xsrfToken: me.xsrfToken,
        envMode: config.APP_ENV_MODE,
        associationName: config.ASSOCIATION_NAME,
        associationShortName: config.ASSOCIATION_SHORT_NAME,
        mustChangePassword: me.mustChangePassword,
      };
    },

    /**
     * Issue 28: the module of a home gives its first data for the sign-in reply (the portal module: the member's
     * form), so the home draws after one round trip.
     */
    provideHome<K extends LoginHome['kind']>(kind: K, provider: HomeProvider<K>) {
      homeProviders.set(kind, provider);
    },

    /**
     * The first data of the signed-in user's home, when its module provides it. Nothing while the one-time password
     * must be replaced (only that change answers), and nothing when the read fails: the home then reads it itself and
     * shows that read's error.
     */
    async homeOf(me: SessionUser): Promise<LoginHome | undefined> {
      if (me.mustChangePassword) return undefined;
      // Homes with no provider (the dashboard's data depends on the cards the roles allow) have no entry.
      const kind = homeFor(me.roles) as LoginHome['kind'];
      const provider = homeProviders.get(kind);
      if (!provider) return undefined;
      const data = await provider(me).catch(() => null);
      return data ? ({ kind, data } as LoginHome) : undefined;
    },

    /** Forgets sign-in counters whose window has passed. */
    pruneLimits: () => repo.pruneLimits(db, config.LOGIN_WINDOW_MINUTES),
  };

  /** The signed payload of the sign-in reply (decision 3). */
  function codedString(user: UserForSignIn, subscriberId: string) {
    return signToken({ cstID: user.cstId ?? -1, name: user.name, username: user.cpf, subscriberId, roles: user.roles, cep: user.cep }, secret);
  }
}

/**
 * Decision 3: inside the trusted networks CPF and password suffice (portal members with an
 * authenticator still give its code). Outside, portal members sign in with the code if they set
 * one up; staff need fnAllowExternal and a configured authenticator, whose code is then required.
 */
export function accessCodeNeeded(
  user: Pick<UserForSignIn, 'roles' | 'fnAllowExternal' | 'totpSecret'>,
  trusted: boolean,
): 'none' | 'required' | 'refused' | 'notConfigured' {
  const portalOnly = user.roles.includes('v2portal') && !user.roles.includes('v2access');
  if (portalOnly) return user.totpSecret ? 'required' : 'none';
  if (trusted) return 'none';
  if (!user.fnAllowExternal) return 'refused';
  return user.totpSecret ? 'required' : 'notConfigured';
}

export type AuthService = ReturnType<typeof createAuthService>;

/** Says yes at most once per key and interval; forgets everything past 10,000 keys so memory stays bounded. */
export function createThrottle(intervalMs: number, now: () => number = Date.now) {
  const last = new Map<string, number>();
  return {
    shouldRecord(key: string): boolean {
      const t = now();
      const previous = last.get(key);
      if (previous !== undefined && t - previous < intervalMs) return false;
      if (last.size >= 10_000) last.clear();
      last.set(key, t);
      return true;
    },
  };
}

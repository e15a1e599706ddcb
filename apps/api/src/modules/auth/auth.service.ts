import crypto from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { verify as verifyTotp } from 'otplib';
import { loginMessages, onlyDigits, type LoginRequest } from '@assoc/domain';
import type { AppConfig } from '../../config.js';
import { AppError, tooManyRequests } from '../../lib/errors.js';
import { dummyVerify, verifyPassword } from '../../lib/password.js';
import { signToken } from '../../lib/signed-token.js';
import { hashToken } from '../../plugins/app/auth.js';
import type { AuthRepository, UserForSignIn } from './auth.repository.js';

export type SignInResult =
  | { kind: 'requirecode' }
  | { kind: 'signedIn'; token: string; xsrfToken: string; coded: string };

interface Deps {
  repo: AuthRepository;
  config: AppConfig;
  secret: string;
  isTrusted: (ip: string) => boolean;
  /** Pause per failure beyond the slow-down threshold (ms); tests shorten it. */
  slowStepMs?: number;
}

export function createAuthService({ repo, config, secret, isTrusted, slowStepMs = 1000 }: Deps) {
  async function failure(cpf: string, ip: string, message: string, status = 401): Promise<never> {
    await repo.recordFailure(cpf, ip);
    throw new AppError(status, message);
  }

  return {
    /**
     * Sign-in (spec 1 §4, decision 3). Wrong CPF and wrong password answer alike; repeated failures
     * for the same CPF and address first slow down, then are refused for the window.
     */
    async signIn(body: LoginRequest, ctx: { ip: string; userAgent: string }): Promise<SignInResult> {
      const cpf = onlyDigits(body.username);
      const failures = await repo.countRecentFailures(cpf, ctx.ip, config.LOGIN_WINDOW_MINUTES);
      if (failures >= config.LOGIN_MAX_FAILURES) {
        throw tooManyRequests(loginMessages.tooManyAttempts(config.LOGIN_WINDOW_MINUTES));
      }
      if (failures >= config.LOGIN_SLOW_AFTER) {
        await sleep(Math.min(5, failures - config.LOGIN_SLOW_AFTER + 1) * slowStepMs);
      }

      const user = await repo.findUserByCpf(cpf);
      if (!user) {
        await dummyVerify(body.password);
        return failure(cpf, ctx.ip, loginMessages.invalidCredentials);
      }
      if (!(await verifyPassword(user.passwordHash, body.password))) return failure(cpf, ctx.ip, loginMessages.invalidCredentials);
      if (!user.active) throw new AppError(403, loginMessages.inactiveUser);

      const codeNeeded = accessCodeNeeded(user, isTrusted(ctx.ip));
      if (codeNeeded === 'refused') throw new AppError(403, loginMessages.externalNotAllowed);
      if (codeNeeded === 'notConfigured') throw new AppError(403, loginMessages.externalCodeNotConfigured);
      if (codeNeeded === 'required') {
        const code = (body.code ?? '').trim();
        if (!code) return { kind: 'requirecode' };
        const result = await verifyTotp({ secret: user.totpSecret!, token: code, epochTolerance: 30 }).catch(() => ({ valid: false }));
        if (!result.valid) return failure(cpf, ctx.ip, loginMessages.invalidCode);
      }

      await repo.clearFailures(cpf, ctx.ip);
      const token = crypto.randomBytes(32).toString('base64url');
      const xsrfToken = crypto.randomBytes(24).toString('base64url');
      await repo.createSession({
        tokenHash: hashToken(token),
        userId: user.userId,
        xsrfToken,
        subscriberId: body.subscriberId ?? '',
        ip: ctx.ip,
        userAgent: ctx.userAgent,
        ttlHours: config.SESSION_TTL_HOURS,
      });
      return { kind: 'signedIn', token, xsrfToken, coded: codedString(user, body.subscriberId ?? '') };
    },

    codedString,
  };

  /** The signed payload of the sign-in reply (decision 3). */
  function codedString(user: UserForSignIn, subscriberId: string) {
    return signToken(
      { cstID: user.cstId ?? -1, name: user.name, username: user.cpf, subscriberId, roles: user.roles, cep: user.cep },
      secret,
    );
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

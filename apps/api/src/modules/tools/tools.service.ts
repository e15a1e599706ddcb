import { generateSecret, generateURI } from 'otplib';
import QRCode from 'qrcode';
import { toolsMessages, totpSetupMessages, type TotpConfirm } from '@assoc/domain';
import type { AppConfig } from '../../config.js';
import { actorFrom } from '../../lib/actor.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/password.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { recordSecurityEvent } from '../../lib/security-events.js';
import { matchTotp } from '../../lib/totp.js';
import type { SessionUser } from '../auth/session.js';
import type { Db } from '../../db/client.js';
import type { ToolsRepository } from './tools.repository.js';
import { renderTutorial } from './tutorial.pdf.js';

/** An unfinished authenticator set-up can be confirmed for this long. */
const SETUP_MINUTES = 30;
/** Wrong current passwords or codes at confirmation before the session is ended. */
const MAX_PROOF_FAILURES = 5;

interface Deps {
  db: Db;
  repo: ToolsRepository;
  config: AppConfig;
  /** Seals the authenticators' secrets (TOTP_KEY). */
  box: SecretBox;
  /** Closes the real-time sockets of ended sessions on every instance. */
  endSessions: (sessionIds: number[]) => void;
  /** Ends one session and closes its sockets (the auth service's). */
  endSession: (sessionId: number) => Promise<void>;
}

export function createToolsService({ db, repo, config, box, endSessions, endSession }: Deps) {
  /** A wrong proof: counted already; at the limit the session that guesses ends (401). */
  async function refuseProof(user: SessionUser, failures: number, message: string): Promise<never> {
    if (failures >= MAX_PROOF_FAILURES) {
      await repo.discardPendingSecret(db, user.userId);
      await endSession(user.sessionId);
      throw new AppError('unauthorized', totpSetupMessages.tooManyFailures);
    }
    throw new AppError('forbidden', message);
  }

  return {
    /**
     * GET gettoken: a new TOTP secret for the signed-in user, kept pending (sealed), as the QR image an
     * authenticator app reads. The active secret (if any) keeps working until a confirmation, which proves the
     * password (and the current code), activates the new one, so a half-finished set-up changes nothing.
     */
    async createSetup(user: SessionUser) {
      const secret = generateSecret();
      await repo.savePendingSecret(db, user.userId, box.seal(secret));
      const uri = generateURI({ issuer: config.ASSOCIATION_SHORT_NAME, label: user.cpf, secret });
      const imageurl = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
      const credentials = await repo.findCredentials(db, user.userId);
      return { imageurl, hasAuthenticator: !!credentials?.totpSecret };
    },

    /**
     * POST gettoken/confirm (decision 3, issue 8 §6): the current password, and the current code when an
     * authenticator is already set, then one code of the new secret. Only then, in one transaction, the new
     * secret becomes the access code, the user's other sessions end and the event is recorded.
     */
    async confirmSetup(user: SessionUser, body: TotpConfirm, ip: string) {
      const pending = await repo.findPendingSecret(db, user.userId, SETUP_MINUTES);
      if (!pending) throw badRequest(toolsMessages.noPendingSetup);
      const credentials = await repo.findCredentials(db, user.userId);
      if (!credentials) throw badRequest(toolsMessages.noPendingSetup);
      const previous = credentials.totpSecret;
      // Issue 28 item 4: a session signed in with a recovery code (the authenticator lost) replaces it without its code.
      const recovered = !!previous && !body.currentCode && (await repo.sessionRecovered(db, user.sessionId));
      if (previous && !body.currentCode && !recovered) throw badRequest(totpSetupMessages.currentCodeRequired);

      // Counted before checking, so parallel guesses cannot outrun the limit; a right proof gives it back.
      const failures = await repo.reserveProofAttempt(db, user.userId);
      // The set-up went meanwhile (confirmed, or discarded at the failure limit by a parallel request).
      if (failures === 0) throw badRequest(toolsMessages.noPendingSetup);
      if (failures > MAX_PROOF_FAILURES) return refuseProof(user, failures, totpSetupMessages.wrongPassword);
      if (!(await verifyPassword(credentials.passwordHash, body.password))) return refuseProof(user, failures, totpSetupMessages.wrongPassword);
      const currentStep = previous && !recovered ? await matchTotp(box, previous, body.currentCode!) : null;
      if (previous && !recovered && currentStep === null) return refuseProof(user, failures, totpSetupMessages.wrongCurrentCode);
      await repo.releaseProofAttempt(db, user.userId);

      const newStep = await matchTotp(box, pending, body.code);
      if (newStep === null) throw badRequest(toolsMessages.invalidCode);

      const ended = await db.transaction(async (tx) => {
        const activated = await repo.activateSecret(tx, { userId: user.userId, sealedSecret: pending, previous, currentStep, newStep });
        // The current code was already used (a replay) or the authenticator changed meanwhile.
        if (!activated) throw new AppError('forbidden', totpSetupMessages.wrongCurrentCode);
        const sessionIds = await repo.revokeOtherSessions(tx, user.userId, user.sessionId);
        if (recovered) await repo.spendSessionRecovery(tx, user.sessionId);
        await recordSecurityEvent(tx, {
          kind: recovered ? 'totp_reset' : previous ? 'totp_replaced' : 'totp_setup',
          actor: actorFrom(user),
          subjectUserId: user.userId,
          details: { cpf: user.cpf, ip, sessionsEnded: sessionIds.length },
        });
        return sessionIds;
      });
      if (ended.length > 0) endSessions(ended);
      return { status: 200, message: toolsMessages.codeActivated };
    },

    /** GET tutorial: the user guide as PDF (decision 18). */
    tutorial: () => renderTutorial(config.ASSOCIATION_NAME),

    /** Start-up: seals the secrets written in clear text before issue 8 (see lib/secret-box.ts). */
    sealClearSecrets: () => repo.sealClearSecrets(db, box),
  };
}

export type ToolsService = ReturnType<typeof createToolsService>;

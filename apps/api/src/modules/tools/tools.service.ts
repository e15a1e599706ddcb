import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { toolsMessages } from '@assoc/domain';
import type { AppConfig } from '../../config.js';
import { badRequest } from '../../lib/errors.js';
import type { SessionUser } from '../../plugins/app/auth.js';
import type { ToolsRepository } from './tools.repository.js';

/** An unfinished authenticator set-up can be confirmed for this long. */
const SETUP_MINUTES = 30;

export function createToolsService({ repo, config }: { repo: ToolsRepository; config: AppConfig }) {
  return {
    /**
     * GET gettoken: a new TOTP secret for the signed-in user, kept pending, as the QR image an
     * authenticator app reads. The active secret (if any) keeps working until a code confirms the new one,
     * so a half-finished set-up never locks anyone out.
     */
    async createSetup(user: SessionUser) {
      const secret = generateSecret();
      await repo.savePendingSecret(user.userId, secret);
      const uri = generateURI({ issuer: config.ASSOCIATION_SHORT_NAME, label: user.cpf, secret });
      const imageurl = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
      return { imageurl };
    },

    /** POST gettoken/confirm: one code from the app activates the pending secret for sign-in (decision 3). */
    async confirmSetup(user: SessionUser, code: string) {
      const secret = await repo.findPendingSecret(user.userId, SETUP_MINUTES);
      if (!secret) throw badRequest(toolsMessages.noPendingSetup);
      const result = await verify({ secret, token: code, epochTolerance: 30 }).catch(() => ({ valid: false }));
      if (!result.valid) throw badRequest(toolsMessages.invalidCode);
      await repo.activateSecret(user.userId, secret);
      return { status: 200, message: toolsMessages.codeActivated };
    },
  };
}

import { verify } from 'otplib';
import type { SecretBox } from './secret-box.js';

/** ±30 s: the codes of the previous and next 30-second steps are accepted too (clock drift). */
const EPOCH_TOLERANCE = 30;

/**
 * The RFC 6238 time step a code matches for a stored (sealed or legacy clear) secret, or null for a wrong
 * code or a secret that cannot be opened. Callers refuse a step at or below the user's last one (replay).
 */
export async function matchTotp(box: SecretBox, storedSecret: string, code: string): Promise<number | null> {
  try {
    const result = await verify({ secret: box.open(storedSecret), token: code, epochTolerance: EPOCH_TOLERANCE });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

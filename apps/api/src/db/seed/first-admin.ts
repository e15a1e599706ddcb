import crypto from 'node:crypto';
import { cpfFromBase, isValidCpf, onlyDigits } from '@assoc/domain';
import type { Db } from '../client.js';
import { profileRoles, profiles, users } from '../schema/index.js';
import { hashPassword } from '../../lib/password.js';
import { demoProfiles } from './access.seed.js';

export interface FirstAdmin {
  cpf: string;
  /** Set only when it was generated here: the caller prints it once, to the console only. */
  oneTimePassword: string | null;
}

/** A random password of 16 characters from an alphabet without look-alikes (strong enough for zxcvbn). */
export function oneTimePassword() {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = crypto.randomBytes(16);
  return [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
}

/**
 * First start without demo data (issue 8 §3): the superadmin profile and one superadmin, with ADMIN_CPF
 * (a random valid CPF otherwise) and ADMIN_PASSWORD (a random one-time password otherwise), who must
 * change the password at the first sign-in.
 */
export async function createFirstAdmin(db: Db, opts: { cpf?: string; password?: string }): Promise<FirstAdmin> {
  const cpf = opts.cpf ? onlyDigits(opts.cpf) : randomCpf();
  if (!isValidCpf(cpf)) throw new Error(`ADMIN_CPF inválido: ${opts.cpf}`);
  const generated = opts.password ? null : oneTimePassword();
  const password = opts.password ?? generated!;
  const superadmin = demoProfiles.find((p) => p.key === 'superadmin')!;
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [profile] = await tx
      .insert(profiles)
      .values({ name: superadmin.name, description: superadmin.description })
      .onConflictDoUpdate({ target: profiles.name, set: { description: superadmin.description } })
      .returning({ permId: profiles.permId });
    await tx
      .insert(profileRoles)
      .values(superadmin.roles.map((role) => ({ permId: profile!.permId, role })))
      .onConflictDoNothing();
    await tx.insert(users).values({ cpf, name: 'Administrador', passwordHash, permId: profile!.permId, mustChangePassword: true });
  });
  return { cpf, oneTimePassword: generated };
}

function randomCpf() {
  for (;;) {
    const base = String(crypto.randomInt(1, 999_999_999)).padStart(9, '0');
    const cpf = cpfFromBase(base);
    if (isValidCpf(cpf)) return cpf;
  }
}

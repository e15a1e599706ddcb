import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { cpfFromBase, formatCpf, isValidCpf, onlyDigits } from '@assoc/domain';
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

/** Where the one-time password is kept when no terminal reads it: DATA_DIR/first-admin.txt, readable by the service user only. */
export const firstAdminFile = (dataDir: string) => path.join(dataDir, 'first-admin.txt');

/**
 * Hands the first superadmin's sign-in to a person, never to the stream the request log uses (issue 22 item 12):
 * to the terminal when the app runs in one (`terminal`: stdout is a TTY), otherwise into DATA_DIR/first-admin.txt
 * (mode 600; removed at that account's first password change) while `log` says only where to find it. An
 * ADMIN_PASSWORD chosen by the operator is never repeated: the line names the CPF only.
 */
export function deliverFirstAdmin(
  admin: FirstAdmin,
  opts: { dataDir: string; terminal: ((line: string) => void) | null; log: (line: string) => void },
): void {
  const change = 'A senha deve ser trocada no primeiro acesso.';
  const password = admin.oneTimePassword ? `senha provisória ${admin.oneTimePassword}` : 'senha de ADMIN_PASSWORD';
  if (opts.terminal) {
    opts.terminal(`Primeira execução: superadministrador criado. CPF ${formatCpf(admin.cpf)}, ${password}. ${change}`);
    return;
  }
  const file = firstAdminFile(opts.dataDir);
  fs.mkdirSync(opts.dataDir, { recursive: true });
  fs.rmSync(file, { force: true });
  // 'wx' with mode 600: created for this user only, never through a file (or link) someone else placed there.
  const lines = ['Superadministrador da primeira execução', `CPF: ${formatCpf(admin.cpf)}`];
  if (admin.oneTimePassword) lines.push(`Senha provisória: ${admin.oneTimePassword}`);
  fs.writeFileSync(file, `${[...lines, change].join('\n')}\n`, { mode: 0o600, flag: 'wx' });
  const what = admin.oneTimePassword ? 'CPF e senha provisória' : 'CPF (senha de ADMIN_PASSWORD)';
  opts.log(`Primeira execução: superadministrador criado; ${what} em ${file} (só este usuário o lê; apagado na troca da senha). ${change}`);
}

/** Removes DATA_DIR/first-admin.txt once the account it names has set its own password. */
export function removeFirstAdminFile(dataDir: string, cpf: string): boolean {
  const file = firstAdminFile(dataDir);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return false;
  }
  const named = /^CPF: ([\d.-]+)$/m.exec(text)?.[1];
  if (!named || onlyDigits(named) !== onlyDigits(cpf)) return false;
  fs.rmSync(file, { force: true });
  return true;
}

import crypto from 'node:crypto';
import type { Role } from '@assoc/domain';
import { cpfFromBase } from '@assoc/domain';
import { profileRoles, profiles, users, userRoles } from '../../src/db/schema/index.js';
import { hashPassword } from '../../src/lib/password.js';
import type { TestContext } from '../helper.js';

let cpfCounter = 100_000_000 + Math.floor(Math.random() * 800_000_000);
/** A fresh valid CPF for test data. */
export const nextCpf = () => cpfFromBase(String(cpfCounter++).padStart(9, '0'));

export const TEST_PASSWORD = 'Senha@Teste1';
let profileCounter = 0;

/** A user with a profile holding exactly these roles (plus optional extra roles). */
export async function createUser(
  ctx: TestContext,
  opts: {
    roles: Role[];
    extraRoles?: Role[];
    cpf?: string;
    name?: string;
    cstId?: number;
    fnAllowExternal?: boolean;
    totpSecret?: string;
    active?: boolean;
  } = { roles: [] },
) {
  const [profile] = await ctx.db
    .insert(profiles)
    .values({ name: `Perfil ${++profileCounter} ${crypto.randomUUID()}` })
    .returning();
  if (opts.roles.length) await ctx.db.insert(profileRoles).values(opts.roles.map((role) => ({ permId: profile!.permId, role })));
  const cpf = opts.cpf ?? nextCpf();
  const [user] = await ctx.db
    .insert(users)
    .values({
      cpf,
      name: opts.name ?? 'Usuário de Teste',
      passwordHash: await hashPassword(TEST_PASSWORD),
      permId: profile!.permId,
      cstId: opts.cstId,
      fnAllowExternal: opts.fnAllowExternal ?? false,
      totpSecret: opts.totpSecret,
      active: opts.active ?? true,
    })
    .returning();
  if (opts.extraRoles?.length) await ctx.db.insert(userRoles).values(opts.extraRoles.map((role) => ({ userId: user!.userId, role })));
  return { ...user!, password: TEST_PASSWORD };
}

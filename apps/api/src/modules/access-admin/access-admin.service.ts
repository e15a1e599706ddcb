import crypto from 'node:crypto';
import { accessAdminMessages as msg, type ProfileRecord, type UserRecord } from '@assoc/domain';
import type { z } from 'zod';
import type { profileFormSchema, userFormSchema } from '@assoc/domain';
import type { Db, Executor } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { writeAudit } from '../../lib/audit.js';
import { recordSecurityEvent } from '../../lib/security-events.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { hashPassword } from '../../lib/password.js';
import { transactionOr409 } from '../../lib/sql.js';
import type { AccessAdminRepository } from './access-admin.repository.js';

type ProfileInput = z.output<typeof profileFormSchema>;
type UserInput = z.output<typeof userFormSchema>;

const CATEGORY = 'acessos';

/**
 * Avançado → Acessos: every write in one transaction with an audit row (no password hashes nor
 * TOTP secrets: the records carry only `hasAuthenticator`). Role changes apply at the user's next
 * request because the guard reloads roles per request.
 */
export function createAccessAdminService(db: Db, repo: AccessAdminRepository) {
  const tx = <T>(work: (tx: Executor) => Promise<T>, uniqueMessage: string) => transactionOr409(db, work, uniqueMessage);
  const dedupe = (roles: string[]) => [...new Set(roles)].sort();

  async function profileOf(t: Executor, permId: number): Promise<ProfileRecord> {
    const p = await repo.findProfile(t, permId);
    if (!p) throw notFound(msg.profileNotFound);
    return p;
  }
  async function userOf(t: Executor, userId: number): Promise<UserRecord> {
    const u = await repo.findUser(t, userId);
    if (!u) throw notFound(msg.userNotFound);
    return u;
  }
  async function ensureProfile(t: Executor, permId: number) {
    if (!(await repo.findProfile(t, permId))) throw badRequest(msg.profileNotFound);
  }

  return {
    listProfiles: () => repo.listProfiles(db),

    addProfile: (input: ProfileInput, actor: Actor) =>
      tx(async (t) => {
        if (await repo.profileNameTaken(t, input.name, null)) throw conflict(msg.profileNameTaken);
        const row = await repo.insertProfile(t, { name: input.name, description: input.description });
        await repo.setProfileRoles(t, row.permId, dedupe(input.roles));
        const after = await profileOf(t, row.permId);
        await writeAudit(t, { category: CATEGORY, entityId: `perfil:${row.permId}`, action: 'insert', user: actor, before: null, after });
        return after;
      }, msg.profileNameTaken),

    updateProfile: (permId: number, input: ProfileInput, actor: Actor) =>
      tx(async (t) => {
        if (!(await repo.lockProfile(t, permId))) throw notFound(msg.profileNotFound);
        const before = await profileOf(t, permId);
        if (await repo.profileNameTaken(t, input.name, permId)) throw conflict(msg.profileNameTaken);
        if (await repo.userHasProfile(t, actor.userId, permId)) {
          const extra = (await repo.findUser(t, actor.userId))?.extraRoles ?? [];
          if (!input.roles.includes('superadmin') && !extra.includes('superadmin')) throw badRequest(msg.selfSuperadmin);
        }
        await repo.updateProfile(t, permId, { name: input.name, description: input.description });
        await repo.setProfileRoles(t, permId, dedupe(input.roles));
        const after = await profileOf(t, permId);
        await writeAudit(t, { category: CATEGORY, entityId: `perfil:${permId}`, action: 'update', user: actor, before, after });
        return after;
      }, msg.profileNameTaken),

    removeProfile: (permId: number, actor: Actor) =>
      tx(async (t) => {
        if (!(await repo.lockProfile(t, permId))) throw notFound(msg.profileNotFound);
        const before = await profileOf(t, permId);
        const inUse = await repo.countUsersOfProfile(t, permId);
        if (inUse > 0) throw conflict(msg.profileInUse(inUse));
        await repo.deleteProfile(t, permId);
        await writeAudit(t, { category: CATEGORY, entityId: `perfil:${permId}`, action: 'delete', user: actor, before, after: null });
        return before;
      }, msg.profileNameTaken),

    listUsers: () => repo.listUsers(db),

    addUser: async (input: UserInput, actor: Actor) => {
      // No usable password: a random one nobody knows; the user sets theirs through "Primeiro acesso".
      const passwordHash = await hashPassword(crypto.randomBytes(32).toString('base64url'));
      return tx(async (t) => {
        if (await repo.cpfTaken(t, input.cpf, null)) throw conflict(msg.cpfTaken);
        await ensureProfile(t, input.permId);
        const userId = await repo.insertUser(t, {
          cpf: input.cpf,
          name: input.name,
          email: input.email,
          permId: input.permId,
          passwordHash,
          fnAllowExternal: input.fnAllowExternal,
          active: input.active,
        });
        await repo.setUserRoles(t, userId, dedupe(input.extraRoles));
        const after = await userOf(t, userId);
        await writeAudit(t, { category: CATEGORY, entityId: `usuario:${userId}`, action: 'insert', user: actor, before: null, after });
        return after;
      }, msg.cpfTaken);
    },

    updateUser: (userId: number, input: UserInput, actor: Actor) =>
      tx(async (t) => {
        if (!(await repo.lockUser(t, userId))) throw notFound(msg.userNotFound);
        const before = await userOf(t, userId);
        if (await repo.cpfTaken(t, input.cpf, userId)) throw conflict(msg.cpfTaken);
        await ensureProfile(t, input.permId);
        if (userId === actor.userId) {
          if (!input.active) throw badRequest(msg.selfDeactivate);
          const roles = new Set([...(await repo.profileRoles(t, input.permId)), ...input.extraRoles]);
          if (!roles.has('superadmin')) throw badRequest(msg.selfSuperadmin);
        }
        await repo.updateUser(t, userId, {
          cpf: input.cpf,
          name: input.name,
          email: input.email,
          permId: input.permId,
          fnAllowExternal: input.fnAllowExternal,
          active: input.active,
        });
        await repo.setUserRoles(t, userId, dedupe(input.extraRoles));
        if (!input.active && before.active) {
          await repo.revokeSessions(t, userId);
          await recordSecurityEvent(t, { kind: 'session_ended', actor, subjectUserId: userId, details: { cpf: input.cpf, reason: 'deactivated' } });
        }
        const after = await userOf(t, userId);
        await writeAudit(t, { category: CATEGORY, entityId: `usuario:${userId}`, action: 'update', user: actor, before, after });
        return after;
      }, msg.cpfTaken),

    clearAuthenticator: (userId: number, actor: Actor) =>
      tx(async (t) => {
        if (!(await repo.lockUser(t, userId))) throw notFound(msg.userNotFound);
        const before = await userOf(t, userId);
        await repo.updateUser(t, userId, { totpSecret: null });
        const after = await userOf(t, userId);
        await writeAudit(t, { category: CATEGORY, entityId: `usuario:${userId}`, action: 'update', user: actor, before, after });
        return after;
      }, msg.cpfTaken),
  };
}
export type AccessAdminService = ReturnType<typeof createAccessAdminService>;

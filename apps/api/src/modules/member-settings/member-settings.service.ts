import crypto from 'node:crypto';
import { accessAdminMessages, canOpenRoute, memberSettingsMessages as msg, type PortalAccessItem } from '@assoc/domain';
import type { AppConfig } from '../../config.js';
import type { Db, Executor } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { writeAudit } from '../../lib/audit.js';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../lib/errors.js';
import { hashPassword } from '../../lib/password.js';
import { recordSecurityEvent } from '../../lib/security-events.js';
import type { AccessAdminRepository } from '../access-admin/access-admin.repository.js';
import { hashToken } from '../auth/session.js';
import { enqueueEmail } from '../mail/mail.repository.js';
import type { ChildListContext } from '../members/child-lists.js';
import type { PasswordResetRepository } from '../password-reset/password-reset.repository.js';
import { newResetCode } from '../password-reset/password-reset.service.js';
import { firstAccessEmail } from './member-settings.mail.js';
import type { MemberSettingsRepository } from './member-settings.repository.js';

/** Access-administration changes are audited under the Acessos screen's category (as access-admin writes them). */
const ACCESS_CATEGORY = 'acessos';

interface Deps {
  db: Db;
  repo: MemberSettingsRepository;
  access: AccessAdminRepository;
  resets: PasswordResetRepository;
  config: AppConfig;
  /** Closes every open socket of a user (the realtime plugin, on every instance). */
  endSessions: (userId: number) => void;
}

/**
 * The Configurações tab (decision 20): the member's portal account saved with the member (the `portalAcesso`
 * child list's apply, inside the member save's transaction), and the first-access e-mail.
 *
 * Rules: the tab's role (v2tabconfiguracao) turns sign-in on and off and creates the account with the portal
 * profile; changing the profile or external access, or any change to an account holding roles the user lacks,
 * needs the access administrator's screen (/acessos). Every account change is also an `acessos` audit row.
 */
export function createMemberSettingsService({ db, repo, access, resets, config, endSessions }: Deps) {
  const isAccessAdmin = (roles: readonly string[]) => canOpenRoute('/acessos', roles);

  async function accountRoles(tx: Executor, userId: number): Promise<string[]> {
    const user = await access.findUser(tx, userId);
    if (!user) return [];
    const profile = user.permId == null ? [] : await access.profileRoles(tx, user.permId);
    return [...new Set([...profile, ...user.extraRoles])];
  }

  async function ensureProfile(tx: Executor, permId: number) {
    if (!(await access.findProfile(tx, permId))) throw badRequest(`portalAcesso.0.permIdv2: ${msg.profileNotFound}`);
  }

  return {
    /** The child list's apply: the one row, when marked update, against the account as stored now. */
    async apply(tx: Executor, cstId: number, items: PortalAccessItem[], ctx: ChildListContext) {
      const item = items.find((i) => i.operation === 'update');
      if (!item) return;
      const [current] = await repo.load(tx, cstId);
      const stored = current!;
      const permChanged = item.permIdv2 !== null && item.permIdv2 !== stored.permIdv2;
      const externalChanged = item.fnAllowExternal !== stored.fnAllowExternal;
      const activeChanged = item.active !== stored.active;
      if (!permChanged && !externalChanged && !activeChanged) return;
      const admin = isAccessAdmin(ctx.roles);
      if ((permChanged || externalChanged) && !admin) throw forbidden(msg.accessAdminOnly);

      if (stored.userId == null) {
        if (!item.active) return;
        const member = await repo.member(tx, cstId);
        if (!member) throw notFound();
        if (!member.cpf) throw badRequest(msg.noCpf);
        const holder = await repo.userByCpf(tx, member.cpf);
        if (holder) throw conflict(msg.cpfInUse);
        const permId = item.permIdv2 ?? (await repo.portalProfileId(tx));
        if (permId == null) throw badRequest(msg.noPortalProfile);
        await ensureProfile(tx, permId);
        // No usable password: the member sets theirs through the first-access link (as Acessos creates users).
        const passwordHash = await hashPassword(crypto.randomBytes(32).toString('base64url'));
        const userId = await access.insertUser(tx, {
          cpf: member.cpf,
          name: member.name.slice(0, 64),
          email: member.email?.trim() || null,
          permId,
          passwordHash,
          cstId,
          fnAllowExternal: item.fnAllowExternal,
          active: true,
        });
        const after = await access.findUser(tx, userId);
        await writeAudit(tx, { category: ACCESS_CATEGORY, entityId: `usuario:${userId}`, action: 'insert', user: ctx.actor, before: null, after });
        return;
      }

      const userId = stored.userId;
      await access.lockUser(tx, userId);
      if (!admin) {
        const held = await accountRoles(tx, userId);
        // v2portal opens only the member's own portal: it is no power the staff user lacks.
        if (held.some((role) => role !== 'v2portal' && !ctx.roles.includes(role))) throw forbidden(msg.userHasMoreRoles);
      }
      if (userId === ctx.actor.userId && activeChanged && !item.active) throw badRequest(accessAdminMessages.selfDeactivate);
      if (permChanged) await ensureProfile(tx, item.permIdv2!);
      const before = await access.findUser(tx, userId);
      await access.updateUser(tx, userId, {
        active: item.active,
        fnAllowExternal: item.fnAllowExternal,
        ...(permChanged ? { permId: item.permIdv2! } : {}),
        cstId,
      });
      if (activeChanged && !item.active) {
        await access.revokeSessions(tx, userId);
        await recordSecurityEvent(tx, { kind: 'session_ended', actor: ctx.actor, subjectUserId: userId, details: { reason: 'deactivated' } });
        // Its open sockets close once the member save has committed (a rolled-back save ends nobody's session).
        ctx.afterCommit(() => endSessions(userId));
      }
      const after = await access.findUser(tx, userId);
      await writeAudit(tx, { category: ACCESS_CATEGORY, entityId: `usuario:${userId}`, action: 'update', user: ctx.actor, before, after });
    },

    profiles: () => repo.profileOptions(db),

    /**
     * POST user/primeiroacesso/{cstId}: a reset code for the member's active account and an e-mail whose readable
     * text holds only a placeholder (the link lives in the outbox row's secrets, read by the sender alone).
     * Limited to RESET_MAX_REQUESTS security e-mails per account within LOGIN_WINDOW_MINUTES.
     */
    async sendFirstAccess(cstId: number, actor: Actor, ip: string) {
      await db.transaction(async (tx) => {
        const member = await repo.member(tx, cstId);
        if (!member) throw notFound();
        const [account] = await repo.load(tx, cstId);
        if (!account || account.userId == null || !account.active) throw badRequest(msg.noAccess);
        const target = await repo.accountEmail(tx, account.userId);
        if (!target?.email) throw badRequest(msg.noEmail);
        const recent = await repo.recentSecurityEmails(tx, account.userId, config.LOGIN_WINDOW_MINUTES);
        if (recent >= config.RESET_MAX_REQUESTS) throw tooManyRequests(msg.tooManyRequests(config.LOGIN_WINDOW_MINUTES));
        const code = newResetCode();
        await resets.createCode(tx, account.userId, hashToken(code), config.RESET_CODE_MINUTES);
        await enqueueEmail(
          tx,
          firstAccessEmail({
            to: target.email,
            name: target.name,
            link: `${config.PUBLIC_URL.replace(/\/+$/, '')}/reset?q=${code}`,
            minutes: config.RESET_CODE_MINUTES,
            associationName: config.ASSOCIATION_NAME,
            userId: account.userId,
            cstId,
          }),
        );
        await recordSecurityEvent(tx, {
          kind: 'reset_request',
          actor,
          subjectUserId: account.userId,
          details: { ip, sent: true, reason: 'primeiro acesso' },
        });
        await writeAudit(tx, {
          category: ACCESS_CATEGORY,
          ownerId: cstId,
          entityId: `usuario:${account.userId}`,
          action: 'update',
          user: actor,
          before: null,
          after: { primeiroAcesso: 'link enviado', cstId },
        });
      });
    },
  };
}

export type MemberSettingsService = ReturnType<typeof createMemberSettingsService>;

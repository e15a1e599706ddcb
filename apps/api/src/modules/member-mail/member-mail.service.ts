import {
  canViewSection,
  dataMessages,
  formatDate,
  isoDateInAppZone,
  memberMailMessages as msg,
  memberMailPlaceholders,
  sectionByKey,
  type MemberMailDetail,
  type MemberMailItem,
} from '@assoc/domain';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { writeAudit } from '../../lib/audit.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { enqueueEmail } from '../mail/mail.repository.js';
import { itemFromRow, type MemberMailRepository } from './member-mail.repository.js';

const AUDIT_CATEGORY = 'emails';

/** The values of the placeholders for one member (memberMailPlaceholders), today in the app's time zone. */
export function placeholderValues(member: { cust_name: string; cust_treatment: string | null }, associationName: string, today = isoDateInAppZone()) {
  const [year, month] = today.split('-');
  return {
    '{nome}': member.cust_name,
    '{tratamento}': member.cust_treatment ?? '',
    '{associacao}': associationName,
    '{data}': formatDate(today),
    '{mes}': `${month}/${year}`,
  } satisfies Record<keyof typeof memberMailPlaceholders, string>;
}

/** A template's text with its placeholders filled; a placeholder the server cannot fill is refused (400). */
export function fillTemplate(text: string, values: Record<string, string>): string {
  const unknown = [...new Set(text.match(/\{[^{}\s]+\}/g) ?? [])].filter((p) => !(p in values));
  if (unknown.length) throw badRequest(msg.unknownPlaceholders(unknown));
  return text.replace(/\{[^{}\s]+\}/g, (p) => values[p]!);
}

/**
 * The E-Mail tab (decision 20): the member's messages from the outbox, "Reenviar" and "Novo e-mail" from an
 * E-mail template; the writes run in one transaction with an audit row (category 'emails', owner the member).
 */
export function createMemberMailService({ db, repo, config }: { db: Db; repo: MemberMailRepository; config: AppConfig }) {
  /** The recipient shown only to who may view the member's e-mail section. */
  const showTo = (roles: readonly string[]) => canViewSection(sectionByKey('email')!, roles);
  const visible = (item: MemberMailItem, roles: readonly string[]): MemberMailItem => (showTo(roles) ? item : { ...item, to: '' });

  return {
    async list(cstId: number, roles: readonly string[]): Promise<MemberMailItem[]> {
      const rows = await repo.list(db, cstId);
      return rows.map((row) => visible(itemFromRow(row), roles));
    },

    async get(cstId: number, id: number, roles: readonly string[]): Promise<MemberMailDetail> {
      const row = await repo.one(db, cstId, id);
      if (!row) throw notFound(msg.notFound);
      return { ...visible(itemFromRow(row), roles), text: row.sensitive ? dataMessages.protectedContent : row.text };
    },

    templates: () => repo.templates(db),

    /** A new outbox row with the same recipient, subject, text and files (never a security e-mail: its link is gone). */
    resend: (cstId: number, id: number, actor: Actor) =>
      db.transaction(async (tx) => {
        const row = await repo.one(tx, cstId, id);
        if (!row) throw notFound(msg.notFound);
        if (row.sensitive) throw badRequest(msg.cannotResendSecurity);
        const fileIds = await repo.attachmentIds(tx, id);
        const copy = {
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html ?? undefined,
          userId: row.user_id,
          cstId,
          attachments: fileIds.map((fileId) => ({ fileId })),
        };
        const newId = await enqueueEmail(tx, copy);
        await writeAudit(tx, {
          category: AUDIT_CATEGORY,
          ownerId: cstId,
          entityId: newId,
          action: 'insert',
          user: actor,
          before: null,
          after: { reenvioDe: id, to: row.to, subject: row.subject },
        });
        return { id: newId, message: msg.queued };
      }),

    /** "Novo e-mail": the template's description as the subject, its text with the member's values. */
    compose: (cstId: number, emID: number, actor: Actor) =>
      db.transaction(async (tx) => {
        const member = await repo.member(tx, cstId);
        if (!member) throw notFound();
        const to = member.cust_email?.trim();
        if (!to) throw badRequest(msg.noEmail);
        const template = await repo.template(tx, emID);
        if (!template) throw badRequest(`emID: ${msg.templateNotFound}`, { errors: [{ instancePath: '/emID', message: msg.templateNotFound }] });
        const values = placeholderValues(member, config.ASSOCIATION_NAME);
        const subject = fillTemplate(template.emDescription, values);
        const text = fillTemplate(template.emData, values);
        const newId = await enqueueEmail(tx, { to, subject, text, cstId });
        await repo.countUse(tx, emID);
        await writeAudit(tx, {
          category: AUDIT_CATEGORY,
          ownerId: cstId,
          entityId: newId,
          action: 'insert',
          user: actor,
          before: null,
          after: { modelo: template.emName, to, subject, text },
        });
        return { id: newId, message: msg.queued };
      }),
  };
}

export type MemberMailService = ReturnType<typeof createMemberMailService>;

import {
  campaignRoute,
  CAMPAIGN_PREVIEW_RECIPIENTS,
  channelsOf,
  filterQuerySchema,
  marketingMessages as mm,
  whatsappTemplateOf,
  type Campaign,
  type CampaignCreateBody,
  type CampaignCreated,
  type CampaignDetail,
  type CampaignOptions,
  type CampaignPreview,
  type CampaignPreviewBody,
  type CampaignPreviewRecipient,
  type CampaignTemplates,
  type MessageChannel,
} from '@assoc/domain';
import type { AppConfig } from '../../config.js';
import type { Db, Executor } from '../../db/client.js';
import { actorFrom } from '../../lib/actor.js';
import { writeAudit } from '../../lib/audit.js';
import { badRequest, notFound, pgErrorOf } from '../../lib/errors.js';
import type { SessionUser } from '../auth/session.js';
import type { FilterService } from '../filter/filter.service.js';
import type { JobsService } from '../jobs/jobs.service.js';
import { enqueueMessages, type NewMessage } from '../mail/mail.repository.js';
import { fillTemplate, placeholderValues } from '../member-mail/member-mail.service.js';
import type { CampaignMemberRow, CampaignRow, MarketingRepository, NewRecipient, TemplateRow } from './marketing.repository.js';

export const CAMPAIGN_COMMAND = 'marketing-enviar';
export const CAMPAIGN_AUDIT = 'campanhas';
/** Members per transaction of the send: their recipient rows and outbox rows commit together. */
export const CAMPAIGN_CHUNK = 2_000;

type ChannelTemplates = Partial<Record<MessageChannel, TemplateRow>>;

const toCampaign = (row: CampaignRow): Campaign => ({
  id: row.id,
  name: row.name,
  filterId: row.filterId,
  filterName: row.filterName,
  channel: row.channel,
  templates: row.templates,
  status: row.status,
  createdByName: row.createdByName,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
  jobId: row.jobId,
  counts: row.counts,
});

/** A member's message on a channel: the template filled with the member's values (as the member record's E-Mail tab). */
function messageOf(member: CampaignMemberRow, channel: MessageChannel, template: TemplateRow, associationName: string, today?: string) {
  const values = placeholderValues({ cust_name: member.name, cust_treatment: member.treatment }, associationName, today);
  return {
    subject: channel === 'email' ? fillTemplate(template.description, values) : '',
    text: fillTemplate(template.text, values),
    values,
  };
}

/**
 * Marketing (/marketing, issue 29 item 2; docs/MARKETING.md): a campaign is a saved filter, a channel and a template
 * per channel; the preview counts who is reached and who is skipped (campaignRoute: opt-out, no e-mail, no mobile,
 * Correio); the send is the job `marketing-enviar`, a chunk of members per transaction, each member's recipient row
 * (key campaign + member) written with its outbox row, so nobody is sent a campaign twice.
 */
export function createMarketingService(deps: { db: Db; repo: MarketingRepository; filter: FilterService; jobs: JobsService; config: AppConfig }) {
  const { db, repo, filter, jobs, config } = deps;

  /** The templates a draft names, each of its channel's registry (400 otherwise). */
  async function templatesOf(executor: Executor, channel: CampaignPreviewBody['channel'], chosen: CampaignTemplates): Promise<ChannelTemplates> {
    const all = await repo.templates(executor);
    const out: ChannelTemplates = {};
    for (const c of channelsOf(channel)) {
      const template = all.find((t) => t.id === chosen[c] && t.channel === c);
      if (!template)
        throw badRequest(`templates.${c}: ${mm.templateNotFound}`, { errors: [{ instancePath: `/templates/${c}`, message: mm.templateNotFound }] });
      // A placeholder the server cannot fill is refused before anything is sent (fillTemplate's 400).
      fillTemplate(template.description, placeholderValues({ cust_name: '', cust_treatment: null }, config.ASSOCIATION_NAME));
      fillTemplate(template.text, placeholderValues({ cust_name: '', cust_treatment: null }, config.ASSOCIATION_NAME));
      out[c] = template;
    }
    return out;
  }

  const setOf = (query: unknown) => filter.membersMatching(filterQuerySchema.parse(query));

  return {
    /** GET marketing/opcoes. */
    async options(user: SessionUser): Promise<CampaignOptions> {
      const [saved, templates] = await Promise.all([filter.savedList(user), repo.templates(db)]);
      const of = (channel: MessageChannel) =>
        templates.filter((t) => t.channel === channel).map((t) => ({ id: t.id, name: t.name, description: t.description, text: t.text }));
      return {
        filters: saved.map((f) => ({ id: f.id, name: f.name, ownerName: f.ownerName, own: f.own })),
        templates: { email: of('email'), sms: of('sms'), whatsapp: of('whatsapp') },
      };
    },

    /** POST marketing/previa: counts by channel and by skip reason; the first reached with their text. */
    async preview(user: SessionUser, body: CampaignPreviewBody): Promise<CampaignPreview> {
      const saved = await filter.savedForUse(user, body.filterId);
      const templates = await templatesOf(db, body.channel, body.templates);
      const members = await repo.members(db, setOf(saved.query));
      const reply: CampaignPreview = {
        total: members.length,
        reached: 0,
        byChannel: { email: 0, sms: 0, whatsapp: 0 },
        skipped: { sem_email: 0, sem_celular: 0, recusa: 0, correio: 0 },
        recipients: [],
      };
      const recipients: CampaignPreviewRecipient[] = [];
      for (const member of members) {
        const route = campaignRoute(member, body.channel);
        if ('skip' in route) {
          reply.skipped[route.skip] += 1;
          continue;
        }
        reply.reached += 1;
        reply.byChannel[route.channel] += 1;
        if (recipients.length < CAMPAIGN_PREVIEW_RECIPIENTS) {
          const { subject, text } = messageOf(member, route.channel, templates[route.channel]!, config.ASSOCIATION_NAME);
          recipients.push({ cstId: member.cstId, name: member.name, channel: route.channel, to: route.to, subject, text });
        }
      }
      return { ...reply, recipients };
    },

    /**
     * POST marketing/campanhas: the campaign and its job in one transaction (audited); the same idempotencyKey of the
     * same user answers the campaign it made, without a second job.
     */
    async create(user: SessionUser, body: CampaignCreateBody): Promise<CampaignCreated> {
      const key = body.idempotencyKey ?? null;
      const again = async (): Promise<CampaignCreated | null> => {
        const existing = key ? await repo.byKey(db, user.userId, key) : null;
        return existing && { campaign: toCampaign(existing), job: null, message: mm.started };
      };
      const before = await again();
      if (before) return before;
      const saved = await filter.savedForUse(user, body.filterId);
      await templatesOf(db, body.channel, body.templates);
      let campaignId = 0;
      try {
        const job = await jobs.start(user, CAMPAIGN_COMMAND, '0', async (tx, jobId) => {
          campaignId = await repo.insert(tx, {
            name: body.name,
            filterId: saved.id,
            filterName: saved.name,
            query: saved.query,
            channel: body.channel,
            templates: Object.fromEntries(channelsOf(body.channel).map((c) => [c, body.templates[c]])),
            idempotencyKey: key,
            createdBy: user.userId,
            createdByName: user.name,
            jobId,
          });
          await writeAudit(tx, {
            category: CAMPAIGN_AUDIT,
            entityId: campaignId,
            action: 'insert',
            user: actorFrom(user),
            before: null,
            after: { name: body.name, filtro: saved.name, query: saved.query, channel: body.channel, templates: body.templates },
          });
          return String(campaignId);
        });
        return { campaign: toCampaign((await repo.campaign(db, campaignId))!), job, message: mm.started };
      } catch (err) {
        // Two clicks raced past the first look: the other one's campaign is the answer.
        if (pgErrorOf(err)?.code === '23505') {
          const raced = await again();
          if (raced) return raced;
        }
        throw err;
      }
    },

    list: async (): Promise<Campaign[]> => (await repo.list(db)).map(toCampaign),

    async get(id: number, page: number, pageSize: number): Promise<CampaignDetail> {
      const row = await repo.campaign(db, id);
      if (!row) throw notFound(mm.campaignNotFound);
      const recipients = await repo.recipients(db, id, page, pageSize);
      return { campaign: toCampaign(row), recipients: { ...recipients, page, pageSize } };
    },

    /**
     * The job's work (also a retry's, or a second run's): every member of the campaign's set, a chunk per
     * transaction; a member who already has a recipient row is left alone. `progress` hears the members done.
     */
    async send(executor: Db, campaignId: number, progress: (done: number, total: number) => Promise<void> = async () => {}) {
      const campaign = await repo.campaign(executor, campaignId);
      if (!campaign) return null;
      const templates = await templatesOf(executor, campaign.channel, campaign.templates);
      const members = await repo.members(executor, setOf(campaign.query));
      await progress(0, members.length);
      const userId = campaign.createdBy;
      let queued = 0;
      for (let i = 0; i < members.length; i += CAMPAIGN_CHUNK) {
        const chunk = members.slice(i, i + CAMPAIGN_CHUNK);
        const rows: NewRecipient[] = [];
        const messages = new Map<number, NewMessage>();
        for (const member of chunk) {
          const route = campaignRoute(member, campaign.channel);
          if ('skip' in route) {
            rows.push({ cstId: member.cstId, channel: null, outcome: route.skip, to: null });
            continue;
          }
          const template = templates[route.channel]!;
          const { subject, text, values } = messageOf(member, route.channel, template, config.ASSOCIATION_NAME);
          rows.push({ cstId: member.cstId, channel: route.channel, outcome: 'enviado', to: route.to });
          const base = { to: route.to, text, cstId: member.cstId, userId };
          messages.set(
            member.cstId,
            route.channel === 'email'
              ? { ...base, channel: 'email', subject }
              : route.channel === 'sms'
                ? { ...base, channel: 'sms' }
                : { ...base, channel: 'whatsapp', template: whatsappTemplateOf({ name: template.name, text: template.text }, values) },
          );
        }
        await executor.transaction(async (tx) => {
          const claimed = await repo.claim(tx, campaignId, rows);
          const toSend = [...messages].filter(([cstId]) => claimed.has(cstId));
          const ids = await enqueueMessages(
            tx,
            toSend.map(([, m]) => m),
          );
          await repo.linkOutbox(
            tx,
            campaignId,
            toSend.map(([cstId], k) => ({ cstId, outboxId: ids[k]! })),
          );
          queued += toSend.length;
        });
        await progress(Math.min(i + CAMPAIGN_CHUNK, members.length), members.length);
      }
      await repo.finish(executor, campaignId, 'concluida');
      return { members: members.length, queued };
    },

    finish: (executor: Db, id: number, status: 'concluida' | 'falhou') => repo.finish(executor, id, status),
  };
}
export type MarketingService = ReturnType<typeof createMarketingService>;

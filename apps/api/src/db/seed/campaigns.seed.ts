import { sql } from 'drizzle-orm';
import { cpfFromBase, toBrazilianE164, whatsappTemplateOf, type ProviderAnswer } from '@assoc/domain';
import type { Db } from '../client.js';

const SUPERADMIN = cpfFromBase('111444777');

/** The campaign templates of the demo registries (one per channel; placeholders the server fills). */
const TEMPLATES = {
  email: {
    name: 'CONVITE JANTAR',
    description: 'Convite para o jantar de confraternização, {nome}',
    text: 'Prezado(a) {tratamento} {nome}, a {associacao} convida para o jantar de confraternização. Confirme pelo portal.',
  },
  sms: { name: 'CONVITE JANTAR', description: 'Convite para o jantar', text: '{nome}, a {associacao} convida para o jantar de confraternização.' },
  whatsapp: {
    name: 'CONVITE JANTAR',
    description: 'Convite para o jantar',
    text: 'Olá, {nome}! A {associacao} convida para o jantar de confraternização. Confirme pelo portal.',
  },
} as const;

const ASSOCIATION = 'Associação';
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
const accepted = (at: Date): ProviderAnswer => ({ outcome: 'accepted', httpStatus: 200, code: null, reason: null, at: at.toISOString() });

type Holder = {
  cst_id: number;
  cust_name: string;
  cust_treatment: string | null;
  cust_email: string | null;
  ddd: string | null;
  number: string | null;
};

/**
 * Issue 29 item 2's demo: the campaign templates, a few holders who refuse campaigns, and one sent campaign of the
 * superadmin ('preferido', over the first saved filter) whose recipients show every outcome at any scale — e-mails
 * sent, failed and waiting, an SMS sent, a WhatsApp waiting; skipped for opt-out, Correio, no mobile and no e-mail.
 * Runs after the registries, the saved filters and the outbox's demo messages. Deterministic.
 */
export async function seedCampaigns(db: Db, log: (line: string) => void = () => {}) {
  await db.execute(sql`delete from outbox where id in (select outbox_id from campaign_recipients)`);
  await db.execute(sql`truncate table campaigns restart identity cascade`);
  const ids = {} as Record<keyof typeof TEMPLATES, number>;
  for (const channel of ['email', 'sms', 'whatsapp'] as const) {
    const t = TEMPLATES[channel];
    ids[channel] = (
      await db.execute<{ em_id: number }>(sql`
        insert into message_templates (channel, em_name, em_description, em_data) values (${channel}, ${t.name}, ${t.description}, ${t.text})
        returning em_id`)
    ).rows[0]!.em_id;
  }
  // One holder in 40 refuses campaigns (the Configurações tab's switch).
  await db.execute(sql`update customers set cust_recusa_campanhas = (parent_id is null and cst_id % 40 = 7)`);

  const owner = (await db.execute<{ user_id: number; name: string }>(sql`select user_id, name from users where cpf = ${SUPERADMIN}`)).rows[0];
  const filter = (await db.execute<{ id: number; name: string; query: unknown }>(sql`select id, name, query from saved_filters order by id limit 1`))
    .rows[0];
  if (!owner || !filter) return;
  const holders = (
    await db.execute<Holder>(sql`
      select cst_id, cust_name, cust_treatment, cust_email, cust_celular_ddd as ddd, cust_celular as number from customers
       where parent_id is null and cust_deceased is null and not cust_recusa_campanhas
         and nullif(btrim(cust_email), '') is not null and cust_celular like '9%' and cust_celular_ddd is not null
       order by cst_id limit 9`)
  ).rows;
  const noEmail = (
    await db.execute<Holder>(sql`
      select cst_id, cust_name, cust_treatment, cust_email, cust_celular_ddd as ddd, cust_celular as number from customers
       where parent_id is null and cust_deceased is null and nullif(btrim(cust_email), '') is null order by cst_id limit 1`)
  ).rows;
  if (holders.length < 8) return;
  const campaign = (
    await db.execute<{ id: number }>(sql`
      insert into campaigns (name, filter_id, filter_name, query, channel, templates, status, created_by, created_by_name, created_at, finished_at)
      values ('Convite: jantar de confraternização', ${filter.id}, ${filter.name}, ${JSON.stringify(filter.query)}::jsonb, 'preferido',
              ${JSON.stringify(ids)}::jsonb, 'concluida', ${owner.user_id}, ${owner.name}, ${hoursAgo(26)}, ${hoursAgo(26)})
      returning id`)
  ).rows[0]!.id;

  const first = (h: Holder) => h.cust_name;
  const fill = (text: string, h: Holder) =>
    text
      .replace('{nome}', first(h))
      .replace('{tratamento}', h.cust_treatment ?? '')
      .replace('{associacao}', ASSOCIATION)
      .replace(/\s+/g, ' ');
  const phone = (h: Holder) => toBrazilianE164(h.number, h.ddd) ?? `${h.ddd}${h.number}`;
  type Outcome = { h: Holder; channel: 'email' | 'sms' | 'whatsapp'; status: 'sent' | 'failed' | 'pending' };
  const queued: Outcome[] = [
    { h: holders[0]!, channel: 'email', status: 'sent' },
    { h: holders[1]!, channel: 'email', status: 'sent' },
    { h: holders[2]!, channel: 'email', status: 'failed' },
    { h: holders[3]!, channel: 'email', status: 'pending' },
    { h: holders[4]!, channel: 'sms', status: 'sent' },
    { h: holders[5]!, channel: 'whatsapp', status: 'pending' },
  ];
  for (const q of queued) {
    const t = TEMPLATES[q.channel];
    const to = q.channel === 'email' ? q.h.cust_email!.trim() : phone(q.h);
    const template = q.channel === 'whatsapp' ? whatsappTemplateOf(t, { '{nome}': first(q.h), '{associacao}': ASSOCIATION }) : null;
    const sent = q.status === 'sent';
    const outboxId = (
      await db.execute<{ id: number }>(sql`
        insert into outbox (channel, "to", subject, text, template, cst_id, user_id, status, attempts, created_at, sent_at, last_error, provider, provider_message_id, provider_answer)
        values (${q.channel}, ${to}, ${q.channel === 'email' ? fill(t.description, q.h) : (template?.name ?? '')}, ${fill(t.text, q.h)},
                ${template ? JSON.stringify(template) : null}::jsonb, ${q.h.cst_id}, ${owner.user_id}, ${q.status},
                ${q.status === 'pending' ? 0 : q.status === 'failed' ? 5 : 1}, ${hoursAgo(26)}, ${sent ? hoursAgo(26) : null},
                ${q.status === 'failed' ? '550 5.1.1 Caixa postal inexistente' : null},
                ${q.channel === 'sms' && sent ? 'zenvia' : null}, ${q.channel === 'sms' && sent ? `campanha-${q.h.cst_id}` : null},
                ${q.channel === 'sms' && sent ? JSON.stringify(accepted(hoursAgo(26))) : null}::jsonb)
        returning id`)
    ).rows[0]!.id;
    await db.execute(sql`
      insert into campaign_recipients (campaign_id, cst_id, channel, outcome, "to", outbox_id, created_at)
      values (${campaign}, ${q.h.cst_id}, ${q.channel}, 'enviado', ${to}, ${outboxId}, ${hoursAgo(26)})`);
  }
  // Skipped: the opt-out (set on this holder for the demo), Correio, no mobile, no e-mail.
  const skipped: { h: Holder; outcome: string; set?: ReturnType<typeof sql> }[] = [
    { h: holders[6]!, outcome: 'recusa', set: sql`cust_recusa_campanhas = true` },
    { h: holders[7]!, outcome: 'correio', set: sql`cust_comunicacao = 4` },
  ];
  if (holders[8]) skipped.push({ h: holders[8], outcome: 'sem_celular', set: sql`cust_comunicacao = 2, cust_celular = null` });
  if (noEmail[0]) skipped.push({ h: noEmail[0], outcome: 'sem_email', set: sql`cust_comunicacao = 1` });
  for (const s of skipped) {
    if (s.set) await db.execute(sql`update customers set ${s.set} where cst_id = ${s.h.cst_id}`);
    await db.execute(sql`
      insert into campaign_recipients (campaign_id, cst_id, channel, outcome, "to", created_at)
      values (${campaign}, ${s.h.cst_id}, null, ${s.outcome}, null, ${hoursAgo(26)})`);
  }
  log(`Marketing: 1 campanha com ${queued.length + skipped.length} destinatários`);
}

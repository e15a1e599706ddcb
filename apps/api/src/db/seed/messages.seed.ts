import { sql } from 'drizzle-orm';
import { toBrazilianE164, whatsappTemplateOf, type ProviderAnswer } from '@assoc/domain';
import type { Db } from '../client.js';
import { outbox } from '../schema/index.js';

const SMS_BOLETO = { name: 'BOLETO', text: 'Seu boleto de {mes} está disponível no portal do associado.' };
const WA_BIRTHDAY = { name: 'ANIVERSARIO', text: 'Olá, {nome}! A Associação deseja um feliz aniversário e um ano de muitas conquistas.' };
const WA_CCH = { name: 'CCH APROVADO', text: 'Olá, {nome}. Seu pedido de CCH foi aprovado. Consulte o portal para os detalhes.' };

const fill = (text: string, values: Record<string, string>) => text.replace(/\{[a-z]+\}/g, (p) => values[p] ?? p);
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
const answer = (a: Omit<ProviderAnswer, 'at'>, at: Date): ProviderAnswer => ({ ...a, at: at.toISOString() });

/**
 * SMS and WhatsApp in the outbox (issue 29 item 3), so the Caixa de saída shows every state of both channels at any
 * scale: accepted by the provider (with its id), rejected with the provider's reason, tried again after a rate limit,
 * and pending (the demo has no provider configured: new messages wait, as without one). Eight messages to the first
 * living holders with a mobile number; e-mails are left as they are. Deterministic.
 */
export async function seedMessages(db: Db, log: (line: string) => void = () => {}) {
  await db.execute(sql`delete from outbox where channel <> 'email'`);
  const people = (
    await db.execute<{ cst_id: number; cust_name: string; ddd: string; number: string }>(sql`
      select cst_id, cust_name, cust_celular_ddd as ddd, cust_celular as number from customers
       where parent_id is null and cust_deceased is null and cust_celular_ddd is not null and cust_celular like '9%'
       order by cst_id limit 8`)
  ).rows;
  if (people.length === 0) return;
  const person = (i: number) => {
    const p = people[i % people.length]!;
    return { cstId: p.cst_id, name: p.cust_name.split(' ')[0]!, to: toBrazilianE164(p.number, p.ddd) ?? `${p.ddd}${p.number}` };
  };
  const sms = (i: number, month: string) => ({ channel: 'sms' as const, ...person(i), text: fill(SMS_BOLETO.text, { '{mes}': month }) });
  const whatsapp = (i: number, t: typeof WA_CCH) => {
    const p = person(i);
    const values = { '{nome}': p.name };
    const template = whatsappTemplateOf(t, values);
    return { channel: 'whatsapp' as const, ...p, subject: template.name, text: fill(t.text, values), template };
  };
  const rows: (typeof outbox.$inferInsert)[] = [
    {
      ...sms(0, 'outubro'),
      status: 'sent',
      attempts: 1,
      createdAt: hoursAgo(72),
      sentAt: hoursAgo(72),
      provider: 'zenvia',
      providerMessageId: '4c1e9a52-7d3b-4f1e-9a0c-2b6f5d8e1a37',
      providerAnswer: answer({ outcome: 'accepted', httpStatus: 200, code: null, reason: null }, hoursAgo(72)),
    },
    {
      ...sms(1, 'outubro'),
      status: 'sent',
      attempts: 2,
      createdAt: hoursAgo(72),
      sentAt: hoursAgo(71),
      provider: 'zenvia',
      providerMessageId: '9b27d0e4-1f6a-4c8e-b3d5-7e0a2c9f4b61',
      // Rate-limited first, sent after the Retry-After.
      providerAnswer: answer({ outcome: 'accepted', httpStatus: 200, code: null, reason: null }, hoursAgo(71)),
    },
    {
      ...sms(2, 'outubro'),
      status: 'failed',
      attempts: 1,
      createdAt: hoursAgo(72),
      lastError: 'Validation error — to: número de destino inválido',
      provider: 'zenvia',
      providerAnswer: answer(
        { outcome: 'rejected', httpStatus: 400, code: 'VALIDATION_ERROR', reason: 'Validation error — to: número de destino inválido' },
        hoursAgo(72),
      ),
    },
    { ...sms(3, 'novembro'), status: 'pending', createdAt: hoursAgo(2) },
    {
      ...whatsapp(4, WA_CCH),
      status: 'sent',
      attempts: 1,
      createdAt: hoursAgo(30),
      sentAt: hoursAgo(30),
      provider: 'meta',
      providerMessageId: 'wamid.HBgNNTU2MTk4NzY1NDMyMRUCABEYEjBBQjc0RTk5RjEyMzQ1Njc4AA==',
      providerAnswer: answer({ outcome: 'accepted', httpStatus: 200, code: null, reason: null }, hoursAgo(30)),
    },
    {
      ...whatsapp(5, WA_BIRTHDAY),
      status: 'failed',
      attempts: 1,
      createdAt: hoursAgo(26),
      lastError: '(#132001) Template name does not exist in the translation — template name (aniversario) does not exist in pt_BR',
      provider: 'meta',
      providerAnswer: answer(
        {
          outcome: 'rejected',
          httpStatus: 404,
          code: '132001',
          reason: '(#132001) Template name does not exist in the translation — template name (aniversario) does not exist in pt_BR',
        },
        hoursAgo(26),
      ),
    },
    {
      ...whatsapp(6, WA_CCH),
      status: 'pending',
      attempts: 1,
      createdAt: hoursAgo(1),
      lastError: '(#130429) Rate limit hit',
      provider: 'meta',
      providerAnswer: answer({ outcome: 'rate-limited', httpStatus: 429, code: '130429', reason: '(#130429) Rate limit hit' }, hoursAgo(1)),
    },
    { ...whatsapp(7, WA_BIRTHDAY), status: 'pending', createdAt: hoursAgo(0.5) },
  ];
  await db.insert(outbox).values(rows.map((r) => ({ ...r, nextAttemptAt: r.createdAt })));
  log(`Mensagens SMS e WhatsApp: ${rows.length}`);
}

/**
 * Who a campaign reaches and how (issue 29 item 2; docs/MARKETING.md): the one rule the preview and the send share.
 * The opt-out (custRecusaCampanhas) comes first; 'preferido' follows custComunicacao (1 e-mail, 2 SMS, 3 WhatsApp,
 * 4 Correio: skipped; spec 1); an e-mail needs an address, SMS and WhatsApp a Brazilian mobile number.
 */
import { isBrazilianMobile, toBrazilianE164 } from '../mail/phone.js';

export const CAMPAIGN_CHANNELS = ['email', 'sms', 'whatsapp', 'preferido'] as const;
export type CampaignChannel = (typeof CAMPAIGN_CHANNELS)[number];
export const MESSAGE_CHANNELS = ['email', 'sms', 'whatsapp'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export const SKIP_REASONS = ['sem_email', 'sem_celular', 'recusa', 'correio'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

export interface CampaignMember {
  email: string | null;
  celularDdd: string | null;
  celular: string | null;
  comunicacao: number | null;
  recusa: boolean;
}

export type CampaignRoute = { channel: MessageChannel; to: string } | { skip: SkipReason };

/** The channel of a member's custComunicacao (4 Correio: none). */
export function preferredChannel(comunicacao: number | null): MessageChannel | null {
  if (comunicacao === 4) return null;
  if (comunicacao === 2) return 'sms';
  if (comunicacao === 3) return 'whatsapp';
  return 'email';
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function campaignRoute(member: CampaignMember, channel: CampaignChannel): CampaignRoute {
  if (member.recusa) return { skip: 'recusa' };
  const resolved = channel === 'preferido' ? preferredChannel(member.comunicacao) : channel;
  if (!resolved) return { skip: 'correio' };
  if (resolved === 'email') {
    const email = member.email?.trim() ?? '';
    return EMAIL.test(email) ? { channel: 'email', to: email } : { skip: 'sem_email' };
  }
  const phone = toBrazilianE164(member.celular, member.celularDdd);
  return phone && isBrazilianMobile(phone) ? { channel: resolved, to: phone } : { skip: 'sem_celular' };
}

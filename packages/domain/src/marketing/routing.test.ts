import { describe, expect, it } from 'vitest';
import { campaignRoute, type CampaignMember } from './routing.js';

const member = (m: Partial<CampaignMember> = {}): CampaignMember => ({
  email: 'ana@example.com',
  celularDdd: '61',
  celular: '991234567',
  comunicacao: 1,
  recusa: false,
  ...m,
});

describe('campaignRoute', () => {
  it('the opt-out wins over every channel', () => {
    for (const channel of ['email', 'sms', 'whatsapp', 'preferido'] as const)
      expect(campaignRoute(member({ recusa: true }), channel)).toEqual({ skip: 'recusa' });
  });
  it('a fixed channel needs its address: e-mail, or a Brazilian mobile', () => {
    expect(campaignRoute(member(), 'email')).toEqual({ channel: 'email', to: 'ana@example.com' });
    expect(campaignRoute(member({ email: '  ' }), 'email')).toEqual({ skip: 'sem_email' });
    expect(campaignRoute(member({ email: 'sem-arroba' }), 'email')).toEqual({ skip: 'sem_email' });
    expect(campaignRoute(member(), 'sms')).toEqual({ channel: 'sms', to: '+5561991234567' });
    expect(campaignRoute(member({ celular: '32345678' }), 'whatsapp')).toEqual({ skip: 'sem_celular' });
    expect(campaignRoute(member({ celular: null }), 'sms')).toEqual({ skip: 'sem_celular' });
  });
  it("'preferido' follows custComunicacao: 1 e-mail, 2 SMS, 3 WhatsApp, 4 Correio skipped", () => {
    expect(campaignRoute(member({ comunicacao: 1 }), 'preferido')).toMatchObject({ channel: 'email' });
    expect(campaignRoute(member({ comunicacao: 2 }), 'preferido')).toMatchObject({ channel: 'sms' });
    expect(campaignRoute(member({ comunicacao: 3 }), 'preferido')).toMatchObject({ channel: 'whatsapp' });
    expect(campaignRoute(member({ comunicacao: 4 }), 'preferido')).toEqual({ skip: 'correio' });
    expect(campaignRoute(member({ comunicacao: 4 }), 'email')).toMatchObject({ channel: 'email' });
  });
});

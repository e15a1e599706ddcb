import { describe, expect, it } from 'vitest';
import { templatePlaceholders, whatsappTemplateName, whatsappTemplateOf } from './message-providers.js';

describe('WhatsApp templates from the registry', () => {
  it('names a registry template the way Meta names templates', () => {
    expect(whatsappTemplateName('CCH APROVADO')).toBe('cch_aprovado');
    expect(whatsappTemplateName('Aniversário 2025!')).toBe('aniversario_2025');
  });

  it('turns the placeholders into body parameters in order of first appearance', () => {
    const text = 'Olá, {nome}! Assembleia em {data}. Até lá, {nome}.';
    expect(templatePlaceholders(text)).toEqual(['{nome}', '{data}']);
    expect(whatsappTemplateOf({ name: 'ASSEMBLEIA', text }, { '{nome}': 'Ana', '{data}': '10/03/2025' })).toEqual({
      name: 'assembleia',
      parameters: ['Ana', '10/03/2025'],
    });
  });
});

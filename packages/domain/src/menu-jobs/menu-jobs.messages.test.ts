import { describe, expect, it } from 'vitest';
import { menuJobMessages, menuJobOutcome } from './menu-jobs.messages.js';

describe('menuJobOutcome', () => {
  it('nothing to do: the reason is the subtitle and the result', () => {
    expect(menuJobOutcome.nothing(menuJobMessages.noLockedPeriod)).toEqual({ subtitle: 'Nenhum período fechado', result: 'Nenhum período fechado' });
  });

  it('a mass e-mail: the context and the count in the subtitle, the count then the holders not sent in the result', () => {
    const problems = [menuJobMessages.noEmail('Ana'), menuJobMessages.notSent('Bia', 'sem PDF')];
    expect(menuJobOutcome.emailed(menuJobMessages.mobileMonth('10/2026'), 3, 2, problems)).toEqual({
      subtitle: 'Ligações de 10/2026: 3 e-mail(s) enviado(s); 2 já enviado(s) antes',
      result: '3 e-mail(s) enviado(s); 2 já enviado(s) antes\nAna: sem e-mail cadastrado, não enviado\nBia: não enviado (sem PDF)',
    });
    expect(menuJobOutcome.emailed(menuJobMessages.healthPeriod(21, '09/2026'), 0, 0)).toEqual({
      subtitle: 'Plano 21, período 09/2026: 0 e-mail(s) enviado(s)',
      result: '0 e-mail(s) enviado(s)',
    });
  });

  it('an export: its rows, after its context when it has one, and no result lines', () => {
    expect(menuJobOutcome.exported(12, menuJobMessages.healthPeriod(22, '09/2026'))).toEqual({ subtitle: 'Plano 22, período 09/2026: 12 linha(s)' });
    expect(menuJobOutcome.exported(0)).toEqual({ subtitle: '0 linha(s)' });
  });
});

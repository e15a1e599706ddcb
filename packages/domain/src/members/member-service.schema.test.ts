import { describe, expect, it } from 'vitest';
import { genericMessages as m } from '../messages.js';
import { memberServiceItemSchema } from './member.schema.js';
import { addServiceRefusal, ageRefusal, canActOnService, memberServiceMessages as msg, pluginIssues } from './member-service.schema.js';

const today = '2026-11-23';
const service = { svcId: 1, svcPermiteDuplicado: false, svcPermiteDependente: true, svcMin: 0, svcMax: 999 };

describe('plugin rules (spec 1 §5, §9)', () => {
  it('phone: number required, 10 or 11 digits; model 26, IMEI 20, invoice 15', () => {
    expect(pluginIssues('plgCelular', {}, { inserting: true, today })).toEqual([{ path: 'cslStr1', message: m.required }]);
    // Issue 22 item 15: the spec's generic catalogue, not a message of our own.
    expect(pluginIssues('plgCelular', { cslStr1: '123456789' }, { inserting: true, today })[0]!.message).toBe('Tamanho mínimo de 10 caracteres');
    expect(pluginIssues('plgCelular', { cslStr1: '119876543210' }, { inserting: true, today })[0]!.message).toBe('Tamanho máxumo de 11 caracteres');
    expect(pluginIssues('plgCelular', { cslStr1: '11 98765-4321' }, { inserting: true, today })[0]!.message).toBe('Apenas caracteres numéricos');
    expect(pluginIssues('plgCelular', { cslStr1: '1198765432' }, { inserting: true, today })).toEqual([]);
    const long = pluginIssues(
      'plgCelular',
      { cslStr1: '11987654321', cslStr2: 'x'.repeat(27), cslStr3: '1'.repeat(21), cslStr4: '1'.repeat(16) },
      { inserting: true, today },
    );
    expect(long.map((i) => i.path)).toEqual(['cslStr2', 'cslStr3', 'cslStr4']);
  });
  it('life insurance: premium from 0,01, proposal required, digits only, max 11; comment 100', () => {
    expect(pluginIssues('plgSeguroVida', { cslStr1: '1', cslValue2: 0 }, { inserting: true, today })).toEqual([
      { path: 'cslValue2', message: m.numericMin },
    ]);
    expect(pluginIssues('plgSeguroVida', { cslStr1: '1'.repeat(12), cslValue2: 1 }, { inserting: true, today })[0]!.message).toBe(m.maxLength(11));
    expect(pluginIssues('plgSeguroVida', { cslStr1: '12345678901', cslValue2: 1, cslStr2: 'ok' }, { inserting: true, today })).toEqual([]);
  });
  it('health: card optional, exactly 9 digits; Unimed number 17 digits', () => {
    expect(pluginIssues('plgHealth', {}, { inserting: true, today })).toEqual([]);
    expect(pluginIssues('plgHealth', { cslStr1: '12345678' }, { inserting: true, today })[0]!.message).toBe('Tamanho de 9 caracteres');
    expect(pluginIssues('plgHealth', { cslStr1: '12345678X' }, { inserting: true, today })[0]!.message).toBe('Apenas caracteres numéricos');
    expect(pluginIssues('plgHealth', { cslStr2: '1'.repeat(16) }, { inserting: true, today })).toEqual([
      { path: 'cslStr2', message: 'Tamanho de 17 caracteres' },
    ]);
    expect(pluginIssues('plgHealth', { cslStr2: '1'.repeat(17) }, { inserting: true, today })).toEqual([]);
  });
  it('CCH add: date required and not after today, plan required; an existing row keeps only the date rule', () => {
    expect(pluginIssues('plgCCHAdd', {}, { inserting: true, today }).map((i) => i.path)).toEqual(['cslDate1', 'cslInt1']);
    expect(pluginIssues('plgCCH', { cslDate1: '2026-11-24', cslInt1: 21 }, { inserting: true, today })).toEqual([
      { path: 'cslDate1', message: msg.futureDate },
    ]);
    expect(pluginIssues('plgCCH', { cslDate1: today, cslInt1: 22 }, { inserting: true, today })).toEqual([]);
    expect(pluginIssues('plgCCH', {}, { inserting: false, today })).toEqual([]);
  });
  it('the item schema applies them to rows being inserted or updated only', () => {
    expect(memberServiceItemSchema.safeParse({ svcId: 1, svcEditPlugin: 'plgCelular', operation: 'insert' }).success).toBe(false);
    expect(memberServiceItemSchema.safeParse({ svcId: 1, svcEditPlugin: 'plgCelular', operation: 'none' }).success).toBe(true);
    expect(memberServiceItemSchema.safeParse({ svcId: 1, svcEditPlugin: 'plgCelular', operation: 'delete' }).success).toBe(true);
  });
});

describe('add-service rules (spec 1 §4; svcPermiteDependente, svcMin/svcMax)', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  it('refuses a duplicate unless the service allows it', () => {
    expect(addServiceRefusal(service, { isDependent: false, birthdate: null }, [{ svcId: 1 }], now)).toBe(msg.duplicate);
    expect(addServiceRefusal({ ...service, svcPermiteDuplicado: true }, { isDependent: false, birthdate: null }, [{ svcId: 1 }], now)).toBeNull();
  });
  it('refuses a dependent a holder-only service', () => {
    expect(addServiceRefusal({ ...service, svcPermiteDependente: false }, { isDependent: true, birthdate: null }, [], now)).toBe(
      msg.notForDependents,
    );
  });
  it('age range: inclusive bounds; a birth date is needed when the range is set', () => {
    const band = { svcMin: 19, svcMax: 58 };
    expect(ageRefusal(band, '2007-11-23', now)).toBeNull();
    expect(ageRefusal(band, '2007-11-24', now)).toBe(msg.ageOutOfRange(19, 58));
    expect(ageRefusal(band, '1967-11-24', now)).toBeNull();
    expect(ageRefusal(band, '1967-11-23', now)).toBe(msg.ageOutOfRange(19, 58));
    expect(ageRefusal(band, null, now)).toBe(msg.birthdateNeeded);
    expect(ageRefusal({ svcMin: 0, svcMax: 999 }, null, now)).toBeNull();
  });
});

describe('roles per action (spec 1 §6)', () => {
  it('holder rows by add/edit/delete roles, dependent rows by v2depservicoedit, CCH rows also by v2cchedit / v2cchdelete', () => {
    expect(canActOnService('add', null, ['v2servicoadd'], { isDependent: false })).toBe(true);
    expect(canActOnService('edit', null, ['v2servicoadd'], { isDependent: false })).toBe(false);
    expect(canActOnService('delete', null, ['v2depservicoedit'], { isDependent: true })).toBe(true);
    expect(canActOnService('edit', 'plgCCH', ['v2servicoedit'], { isDependent: false })).toBe(false);
    expect(canActOnService('edit', 'plgCCH', ['v2servicoedit'], { isDependent: false, insertedNow: true })).toBe(true);
    expect(canActOnService('delete', 'plgCCHAdd', ['v2servicodelete', 'v2cchdelete'], { isDependent: false })).toBe(true);
  });
});

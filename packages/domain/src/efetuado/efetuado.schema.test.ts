import { describe, expect, it } from 'vitest';
import { jobCommands } from '../access/jobs.js';
import { menu, type MenuNode } from '../access/menu.js';
import { efetuadoMessages as m } from './efetuado.messages.js';
import {
  efetuadoCommands,
  efetuadoPeriodPayload,
  efetuadoRangePayload,
  efetuadoServicePayload,
  efetuadoUserData,
  rangeStartsAfterEnd,
} from './efetuado.schema.js';

const issue = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('efetuado userData', () => {
  it.each([
    ['12', { fecId: 12 }],
    ['1', { fecId: 1 }],
    ['999999999', { fecId: 999_999_999 }],
  ])('a period %s', (text, parsed) => {
    expect(efetuadoPeriodPayload.parse(text)).toEqual(parsed);
  });

  it.each(['', '0', '012', '-1', '1.5', 'abc', '1-2', '1234567890', ' 1'])('refuses the period %j with its message', (text) => {
    expect(issue(efetuadoPeriodPayload.safeParse(text))).toBe(m.invalidPeriod);
  });

  it('a service in a period, and its refusals', () => {
    expect(efetuadoServicePayload.parse('7-12')).toEqual({ svcId: 7, fecId: 12 });
    for (const text of ['7', '7-', '-12', '0-1', '7_12', 'a-1', '7-12-1'])
      expect(issue(efetuadoServicePayload.safeParse(text)), text).toBe(m.invalidService);
  });

  it.each([
    ['2026-10-01_2026-10-31', { start: '2026-10-01', end: '2026-10-31' }],
    ['2026-10-31_2026-10-31', { start: '2026-10-31', end: '2026-10-31' }],
    ['2024-02-29_2025-01-01', { start: '2024-02-29', end: '2025-01-01' }],
  ])('a range %s (start not after end)', (text, parsed) => {
    expect(efetuadoRangePayload.parse(text)).toEqual(parsed);
  });

  it.each([
    ['2026-11-01_2026-10-31', m.startAfterEnd],
    ['2027-01-01_2026-12-31', m.startAfterEnd],
    ['2026-10-02_2026-10-01', m.startAfterEnd],
    ['2025-02-29_2025-03-01', m.invalidRange],
    ['2026-13-01_2026-12-31', m.invalidRange],
    ['01/10/2026_31/10/2026', m.invalidRange],
    ['2026-10-01', m.invalidRange],
    ['2026-10-01_', m.invalidRange],
    ['0', m.invalidRange],
  ])('refuses the range %s', (text, message) => {
    expect(issue(efetuadoRangePayload.safeParse(text))).toBe(message);
  });

  it('the screen writes what the schemas read', () => {
    expect(efetuadoPeriodPayload.parse(efetuadoUserData.period(5))).toEqual({ fecId: 5 });
    expect(efetuadoServicePayload.parse(efetuadoUserData.service(3, 5))).toEqual({ svcId: 3, fecId: 5 });
    expect(efetuadoRangePayload.parse(efetuadoUserData.range('2026-01-01', '2026-01-31'))).toEqual({ start: '2026-01-01', end: '2026-01-31' });
    expect(rangeStartsAfterEnd('2026-01-02', '2026-01-01')).toBe(true);
    expect(rangeStartsAfterEnd('2026-01-01', '2026-01-01')).toBe(false);
  });
});

describe('the Efetuado commands in the job catalogue', () => {
  it('are screen buttons of v2menufinanceiro, startable by jobs/send (not `screen`), and not menu links', () => {
    const links: string[] = [];
    const walk = (nodes: readonly MenuNode[]) =>
      nodes.forEach((n) => {
        if (n.job) links.push(n.job.command);
        if (n.children) walk(n.children);
      });
    walk(menu);
    for (const command of Object.values(efetuadoCommands)) {
      const entry = jobCommands.find((j) => j.command === command);
      expect(entry, command).toMatchObject({ role: 'v2menufinanceiro', screenButton: true });
      expect(entry?.screen).toBeUndefined();
      expect(entry?.pending).toBeUndefined();
      expect(links).not.toContain(command);
    }
  });
});

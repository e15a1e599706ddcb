import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { JobCommand } from '@assoc/domain';
import { checkJobCatalogue, defineJob, defineSchedule } from './jobs.define.js';

const entry = (command: string, extra: Partial<JobCommand> = {}): JobCommand => ({ command, label: command, question: '?', role: 'v2atd', ...extra });
const job = (command: string) => ({ module: 'teste', item: defineJob({ command, payload: z.string(), run: async () => {} }) });

describe('the start-up check of the job catalogue (issue 23 §1)', () => {
  it('accepts every entry with a handler or marked pending, and answers the handlers and schedules', () => {
    const prune = defineSchedule({ name: 'limpeza', cron: '0 * * * *', run: async () => {} });
    const checked = checkJobCatalogue([entry('feita'), entry('futura', { pending: 'closing' })], [job('feita'), { module: 'teste', item: prune }]);
    expect([...checked.jobs.keys()]).toEqual(['feita']);
    expect(checked.schedules).toEqual([prune]);
  });

  it('refuses to start when an entry not marked pending has no handler, naming the command', () => {
    expect(() => checkJobCatalogue([entry('feita'), entry('esquecida')], [job('feita')])).toThrow(/job command esquecida has no handler/);
  });

  it('refuses a handler for a pending entry, and one for a command the catalogue does not know', () => {
    expect(() => checkJobCatalogue([entry('futura', { pending: 'closing' })], [job('futura')])).toThrow(
      /job command futura .* marked pending \('closing'\)/,
    );
    expect(() => checkJobCatalogue([], [job('desconhecida')])).toThrow(/job command desconhecida .* not in the menu's catalogue/);
  });

  it('refuses a command or a schedule defined twice', () => {
    expect(() => checkJobCatalogue([entry('feita')], [job('feita'), job('feita')])).toThrow(/job command feita has two handlers/);
    const twice = defineSchedule({ name: 'limpeza', cron: '0 * * * *', run: async () => {} });
    expect(() =>
      checkJobCatalogue(
        [],
        [
          { module: 'a', item: twice },
          { module: 'b', item: twice },
        ],
      ),
    ).toThrow(/schedule limpeza .* defined twice/);
  });
});

describe('defineJob', () => {
  it('checks the payload text with its schema (the message of the first issue) and hands the handler the parsed payload', async () => {
    let seen: unknown;
    const defined = defineJob({
      command: 'x',
      payload: z
        .string()
        .regex(/^\d{4}$/, 'Ano-base inválido')
        .transform(Number),
      exclusive: true,
      run: async (ctx) => {
        seen = ctx.payload;
      },
    });
    expect(defined.check('20x5')).toEqual({ ok: false, message: 'Ano-base inválido' });
    expect(defined.check('2025')).toEqual({ ok: true });
    expect(defined.lockKey).toBe('job:x');
    await defined.handler({ userData: '2025' } as Parameters<typeof defined.handler>[0]);
    expect(seen).toBe(2025);
  });
});

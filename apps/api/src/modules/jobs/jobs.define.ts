import type { JobCommand } from '@assoc/domain';
import { JobFailure, type BackgroundWork, type JobDefinition, type JobSpec, type PayloadCheck, type ScheduleDefinition } from './jobs.types.js';

/** The message of a bad payload's first issue (its field's pt-BR message from packages/domain). */
const firstIssue = (error: { issues: readonly { message: string }[] }) => error.issues[0]?.message ?? '';

/**
 * A feature's menu job (issue 23 §1). The label, role, question and allowDuplicates stay in packages/domain
 * jobCommands (the one catalogue the menu and the server read); this adds the payload schema, the work and the lock.
 * The payload is parsed when the job is asked for (a bad one answers 400 with the field's message and queues
 * nothing) and again when it runs, so the handler gets it typed.
 */
export function defineJob<P>(spec: JobSpec<P>): JobDefinition {
  const check = (userData: string): PayloadCheck => {
    const parsed = spec.payload.safeParse(userData);
    return parsed.success ? { ok: true } : { ok: false, message: firstIssue(parsed.error) };
  };
  return {
    kind: 'job',
    command: spec.command,
    lockKey: spec.exclusive === true ? `job:${spec.command}` : spec.exclusive || undefined,
    check,
    handler: async (ctx) => {
      const parsed = spec.payload.safeParse(ctx.userData);
      // Checked when queued: failing here means the schema changed under a waiting job; retrying cannot help.
      if (!parsed.success) throw new JobFailure(firstIssue(parsed.error));
      return spec.run({ ...ctx, payload: parsed.data });
    },
  };
}

/** Recurring work (pg-boss `schedule`), declared in a module's `jobs` beside its menu jobs. */
export const defineSchedule = (spec: Omit<ScheduleDefinition, 'kind'>): ScheduleDefinition => ({ kind: 'schedule', ...spec });

/**
 * The start-up check of the menu's job catalogue against the modules' definitions: every entry has a handler or is
 * marked `pending` (its future issue area), no handler is for an unknown or pending command, no command or schedule is
 * defined twice. A violation stops the start, naming the command. Answers the handlers by command, and the schedules.
 */
export function checkJobCatalogue(catalogue: readonly JobCommand[], work: readonly { module: string; item: BackgroundWork }[]) {
  const jobs = new Map<string, JobDefinition>();
  const schedules = new Map<string, ScheduleDefinition>();
  for (const { module, item } of work) {
    if (item.kind === 'schedule') {
      if (schedules.has(item.name)) throw new Error(`schedule ${item.name} (module ${module}) is defined twice`);
      schedules.set(item.name, item);
      continue;
    }
    const entries = catalogue.filter((c) => c.command === item.command);
    if (entries.length === 0)
      throw new Error(`job command ${item.command} (module ${module}) is not in the menu's catalogue (packages/domain jobCommands)`);
    const pending = entries.find((c) => c.pending);
    if (pending)
      throw new Error(
        `job command ${item.command} (module ${module}) has a handler but is marked pending ('${pending.pending}') in jobCommands: remove the mark`,
      );
    if (jobs.has(item.command)) throw new Error(`job command ${item.command} has two handlers (module ${module})`);
    jobs.set(item.command, item);
  }
  for (const entry of catalogue) {
    if (!entry.pending && !jobs.has(entry.command))
      throw new Error(`job command ${entry.command} has no handler: define it with defineJob in its module, or mark it pending in jobCommands`);
  }
  return { jobs, schedules: [...schedules.values()] };
}

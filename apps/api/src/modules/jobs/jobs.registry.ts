import { jobCommands, jobNameOf } from '@assoc/domain';
import type { JobDefinition, RegisteredCommand } from './jobs.types.js';

/**
 * The job commands of the menu (packages/domain jobCommands) with what the modules' `defineJob` adds (handler,
 * payload check, lock), collected and checked by the jobs module's setup. The pending ones are known (label, role,
 * question) and answer 501 until the issue owning their data lands.
 */
export class JobRegistry {
  private readonly commands: RegisteredCommand[];

  constructor(definitions: ReadonlyMap<string, JobDefinition> = new Map()) {
    this.commands = jobCommands.map((c) => {
      const defined = definitions.get(c.command);
      return defined ? { ...c, handler: defined.handler, check: defined.check, lockKey: defined.lockKey } : { ...c };
    });
  }

  /** Adds a command (tests and benchmarks register trivial ones). */
  register(command: RegisteredCommand) {
    this.commands.push(command);
    return this;
  }

  /** The command (and its plan variant) a send asks for: userData 21/22 picks the plan, else the first variant. */
  find(command: string, userData = '0'): RegisteredCommand | undefined {
    const variants = this.commands.filter((c) => c.command === command);
    if (variants.length <= 1) return variants[0];
    return variants.find((c) => String(c.plan) === userData) ?? variants[0];
  }

  byJobName(jobName: string): RegisteredCommand | undefined {
    return this.commands.find((c) => jobNameOf(c) === jobName);
  }
}

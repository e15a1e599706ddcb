import fs from 'node:fs';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import react from '@vitejs/plugin-react';
import { isolatedWebTests } from './apps/web/vitest.config';

/**
 * Seconds each slow file took in the clean CI run of 28/11 (test-results/vitest.json). A clean clone has no duration
 * cache, so Vitest ordered the files by size and a 35 s file could start last and run alone at the end (job-crash, 20 s,
 * started when the others were done). These start first in their group; a file not listed follows by size, as Vitest
 * would order it.
 */
const KNOWN_SECONDS: Record<string, number> = {
  'apps/api/src/modules/documents/documents.pool.test.ts': 37,
  'apps/api/test/job-resume.test.ts': 35,
  'apps/api/test/fuzz.test.ts': 33,
  'apps/api/test/db-faults.test.ts': 30,
  'apps/api/test/closing-kill.test.ts': 29,
  'apps/api/test/phone-invoice-kill.test.ts': 31,
  'apps/api/test/job-crash.test.ts': 20,
  'apps/web/src/modules/member/user-tab/UserTab.test.tsx': 19,
  'apps/api/src/modules/mail/mail.test.ts': 18,
  'apps/api/src/modules/reports/reports.limits.test.ts': 15,
  'apps/api/test/first-start.test.ts': 15,
  'apps/api/src/modules/password-reset/password-reset.test.ts': 12,
  'apps/api/src/modules/auth/auth.test.ts': 12,
  'apps/api/src/modules/geo/geo.test.ts': 11,
  'apps/web/src/modules/postings/PostingScreen.test.tsx': 10,
  'apps/api/src/modules/reports/reports.test.ts': 10,
};

/**
 * Vitest's order (group, then project, then isolated first), then within a project the longest first (known seconds,
 * then file size): the files are packed onto the workers like jobs onto machines, so no long file runs alone at the end.
 */
class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = `${process.cwd()}/`;
    const weight = (spec: TestSpecification) =>
      // Unknown files weigh their size / 100 kB: a 10 kB file counts as 0.1 s, after every known slow one.
      KNOWN_SECONDS[spec.moduleId.replace(root, '')] ?? fs.statSync(spec.moduleId).size / 100_000;
    const group = (spec: TestSpecification) => spec.project.config.sequence.groupOrder;
    return [...files].sort(
      (a, b) =>
        group(a) - group(b) ||
        (a.project.name < b.project.name ? -1 : a.project.name > b.project.name ? 1 : 0) ||
        Number(b.project.config.isolate) - Number(a.project.config.isolate) ||
        weight(b) - weight(a),
    );
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: SlowFirstSequencer },
    // Two workers for the domain and web files (Vitest's default is one on 2 cores): measured idle on 28/11, the
    // domain + web groups took 150 s on one worker and 97 s on two, all passing (they are CPU-bound: 1.55 cores busy).
    maxWorkers: 2,
    projects: [
      { test: { name: 'domain', root: './packages/domain', include: ['src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api',
          root: './apps/api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./test/global-setup.ts'],
          // Files share each worker's module cache (fastify, zod, drizzle, the routes load once per worker,
          // not once per file); every file still builds its own app on its own database.
          isolate: false,
          // Files mostly wait (PostgreSQL, timers, child processes): four at once beat one per spare core (idle, 28/11:
          // the api group took ~240 s on three workers and 213 s on four).
          maxWorkers: 4,
          // Its own group (after domain and web) since its worker count differs (vitest requires it).
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './apps/web/vitest.config.ts',
      {
        plugins: [react()],
        test: {
          name: 'web-isolated',
          root: './apps/web',
          include: isolatedWebTests,
          environment: 'happy-dom',
          setupFiles: ['./src/test/setup.ts'],
          isolate: true,
          pool: 'threads',
          testTimeout: 60_000,
        },
      },
    ],
  },
});

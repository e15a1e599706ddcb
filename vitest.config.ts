import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { isolatedWebTests } from './apps/web/vitest.config';

export default defineConfig({
  test: {
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
          // Files mostly wait (PostgreSQL, timers, child processes): three at once beat one per spare core.
          maxWorkers: 3,
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

import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    root: './apps/web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: ['./src/test/setup.ts'],
    // Files share each worker's module cache: React, Mantine, dates, datatable and the icons load once per
    // worker instead of once per file. setup.ts resets what a file may leave behind (DOM, mocks, globals,
    // cookies, toasts); each test builds its own QueryClient and router.
    isolate: false,
    pool: 'threads',
    // Whole-app component tests load lazy screens; leave room on a busy machine (a 20 s budget was
    // exceeded in a CI run where the hypervisor took about 60 % of the CPU).
    testTimeout: 60_000,
    passWithNoTests: true,
  },
});

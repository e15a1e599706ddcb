import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Files that replace a module or a global the other files load for real (vi.mock of the lazy Leaflet map,
 * a fake Image), or that read the document's cookies (the XSRF cookie was found empty after some other
 * files had run in the same worker): with a shared module cache and window they failed depending on the
 * order, so they run in their own isolated project (root vitest.config.ts, 'web-isolated').
 */
export const isolatedWebTests = [
  'src/modules/maps/**/*.test.tsx',
  'src/modules/member-photo/**/*.test.tsx',
  'src/modules/search/components/MemberSearchBox.test.tsx',
];

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    root: './apps/web',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: isolatedWebTests,
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

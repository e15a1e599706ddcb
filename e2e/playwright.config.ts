import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = Number(process.env.E2E_PORT ?? 5199);
const dataDir = path.join(root, '.data-e2e');

export const baseURL = `http://127.0.0.1:${PORT}`;

/** E2E against the built app (npm run build) with a fresh embedded database seeded at a small scale. */
export default defineConfig({
  testDir: './tests',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/results.json' }]],
  outputDir: 'test-results/artifacts',
  use: {
    baseURL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: `rm -rf "${dataDir}" && node apps/api/dist/server.js`,
    cwd: root,
    url: `${baseURL}/api/v1/ping`,
    // ping answers 401 without a session: any answer means the server is up.
    ignoreHTTPSErrors: true,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      PG_PORT: String(Number(process.env.E2E_PG_PORT ?? 54370)),
      DATA_DIR: dataDir,
      SEED_SCALE: '400',
      APP_ENV_MODE: '3',
      HOST: '127.0.0.1',
    },
  },
});

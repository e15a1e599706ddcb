import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { fakeCepUrl } from './fixtures/viacep.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = Number(process.env.E2E_PORT ?? 5199);
const dataDir = process.env.E2E_DATA_DIR ?? path.join(root, '.data-e2e');
/** The SMTP server the tests start (fixtures/mailbox.ts, in globalSetup): the app sends its e-mails there. */
export const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2525);
const smtpUrl = process.env.E2E_SMTP_URL ?? `smtp://127.0.0.1:${smtpPort}`;

export const baseURL = `http://127.0.0.1:${PORT}`;

/**
 * The specs that run two at a time (project 'e2e'): each works on members, users and registry rows of its own (created
 * by name in its beforeAll) and reads nothing another spec changes. Every other spec runs after them, one at a time
 * (project 'shared'), because it reads or changes data others touch: the member count (jobs), the newest sign-in
 * (security-events), the Financeiro password (password-reset), everyone's print choice (printing, member-charges), a
 * report template (reports), the first demo holders with closed periods (member-statements, member-income-tax-credit,
 * member-audit-base). A spec joins this list only when it creates what it changes.
 */
const PARALLEL_SPECS =
  /\/(access-admin|accessibility|api-keys|cch|member|member-(dependents|documents|location-followup|photo|reimbursements|services|settings-email|user-tab)|dashboard|marketing|portal|process|registries-[a-z]+|search|shell|terminal)\.spec\.ts$/;

/** E2E against the built app (npm run build) with a fresh embedded database seeded at a small scale. */
export default defineConfig({
  testDir: './tests',
  globalSetup: ['./fixtures/mailbox.setup.ts', './fixtures/viacep.setup.ts'],
  // Generous budgets: they only matter when something fails, and CI machines here are sometimes starved
  // (a run with the hypervisor taking ~60 % of the CPU timed out specs that take 10 s on a quiet machine).
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // Two workers, one spec file each at a time (a file's tests run in order) for the specs of PARALLEL_SPECS (members
  // and rows of their own); the others share mutable demo data and run after them, one at a time (project 'shared').
  // Measured on a quiet 2-core machine (28/11, traces on retry only): 644 s on one worker, 556 s on two, all green.
  // E2E_WORKERS=1 when the machine is busy with other work.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // .ci/run sets CI: one retry there, none locally (a flaky spec must still be fixed, the report shows it).
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/results.json' }]],
  outputDir: 'test-results/artifacts',
  use: {
    baseURL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // The app honours reduced motion (theme.respectReducedMotion): no fade or collapse is caught half-way by a
    // measure or by axe's contrast check (the flakes of 29/11).
    reducedMotion: 'reduce',
    // Recorded on the retry only: a trace recorded for every test (retain-on-failure) screencasts each page, and that
    // took half the suite's CPU (chromium's GPU process 66 s of 270 s on three specs, 8 s without; wall 162 s → 103 s).
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // The setup project signs each demo role in once (through the API) and saves its storageState
  // (.auth/<role>.json, gitignored); the specs start from those instead of signing in through the UI.
  projects: [
    // The monthly closing locks the demo's open period and bills it, so it runs after every other spec (which read the
    // demo as seeded): as the setup's teardown, which Playwright runs once every project depending on the setup is done.
    { name: 'setup', testDir: './fixtures', testMatch: /auth\.setup\.ts$/, teardown: 'closing' },
    { name: 'e2e', dependencies: ['setup'], testMatch: PARALLEL_SPECS },
    // A spec not listed in PARALLEL_SPECS runs here, alone: the safe default for a new spec.
    { name: 'shared', dependencies: ['setup', 'e2e'], testIgnore: [PARALLEL_SPECS, /closing\.spec\.ts$/], workers: 1 },
    { name: 'closing', testMatch: /closing\.spec\.ts$/ },
  ],
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
      // The specs sign in as the demo users: seed them explicitly (issue 8 §3).
      SEED_DEMO: 'true',
      APP_ENV_MODE: '3',
      HOST: '127.0.0.1',
      SMTP_URL: smtpUrl,
      PUBLIC_URL: baseURL,
      MAIL_POLL_MS: '300',
      // The CEP lookup goes to the fake ViaCEP of fixtures/viacep.ts (globalSetup), unless told otherwise.
      CEP_URL: process.env.CEP_URL ?? fakeCepUrl,
      CEP_TIMEOUT_MS: '2000',
    },
  },
});

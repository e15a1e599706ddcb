/**
 * Portal benchmark (npm run bench, issue 28 "Speed"):
 * 1. the portal's home usable within 1 s of signing in, on a simulated mid-range phone: headless Chromium at
 *    360 × 740 with Lighthouse's mobile throttling (4× CPU slowdown; 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s
 *    up — the "Fast 3G" Lighthouse applies to a Moto G Power), on from before /login loads (the phone loads the
 *    sign-in page on the same network), a fresh browser context each run. The CPF and password are typed, then the
 *    click on ENTRAR waits for the sign-in page's network to be idle (what it fetches while a person types; at most
 *    8 s, less than typing an 11-digit CPF and a password on a phone takes). Measured in the page from the click to
 *    the Cadastro tab usable: its first editable input enabled and the save button ('Sem alterações') on screen. The
 *    "impatient" figure (the click as soon as the form is filled) is printed too, with no target.
 * 2. `PUT user/portal/{cstId}` p95 ≤ 15 ms (BENCH_PORTAL_PUTS saves, default 400, each changing the mobile number and
 *    carrying the version the previous save answered), through `app.inject` with the portal member's session.
 * Runs over the members bench's database (members.bench.ts: 30,000 holders, reused when at scale), whose demo seed
 * links the portal demo user (CPF 27182818205) to a holder. Prints "skipped: …" while a route is not built.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page, type Request } from 'playwright';
import type { FastifyInstance } from 'fastify';
import { percentile, runBench } from './stats.js';
import { armClickTimer, ensureCompressed, ensureWebBuild, requestsSinceClick, startProfiler, summarizeProfile, WEB_DIST } from './web.js';
import { log, machine, openBenchApp } from './app.js';
import { LOG_LEVEL, openMembersBenchDatabase, searchIndexReady } from './members.bench.js';

const env = process.env;
const RUNS = Number(env.BENCH_PORTAL_RUNS ?? 10);
const PUTS = Number(env.BENCH_PORTAL_PUTS ?? 400);
const HOME_TARGET_MS = 1_000;
const PUT_TARGET_MS = 15;
const PORTAL_USER = { cpf: '27182818205', password: 'Demo@1234' };
/** Lighthouse's mobile profile (simulated Moto G Power on "Fast 3G"). */
const MOBILE = { cpuSlowdown: 4, latencyMs: 150, downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8, uploadBytesPerSecond: (750 * 1024) / 8 };

/** `window.__portalReady`: ms from the click on ENTRAR to the Cadastro tab's first input enabled and its save button. */
const ARM_TIMER = armClickTimer(
  '__portalReady',
  'button[type="submit"]',
  `() => {
    const tab = [...document.querySelectorAll('[role="tab"]')].find((t) => t.textContent.trim() === 'Cadastro');
    const panelId = tab && tab.getAttribute('aria-controls');
    const panel = panelId ? document.getElementById(panelId) : null;
    const input = panel && [...panel.querySelectorAll('input:not([type="hidden"]), textarea')].find((i) => !i.disabled && !i.readOnly);
    const save = panel && [...panel.querySelectorAll('button')].some((b) => b.textContent.trim() === 'Sem alterações');
    return Boolean(input && save);
  }`,
);

/** How long the sign-in page's network must be quiet to count as idle (Playwright's 'networkidle'). */
const QUIET_MS = 500;
/** The longest a person is assumed to take typing an 11-digit CPF and a password on a phone. */
const TYPING_CAP_MS = 8_000;

/**
 * Resolves once the page has had no request in flight for QUIET_MS (what the sign-in page fetches while the person
 * types: its own load, then the signed-in chunks it prefetches when idle), or after `capMs`; answers the ms waited.
 */
function networkIdle(page: Page, capMs: number): Promise<number> {
  const started = performance.now();
  const inFlight = new Set<Request>();
  return new Promise((resolve) => {
    let quiet: NodeJS.Timeout | undefined;
    const done = () => {
      clearTimeout(quiet);
      clearTimeout(cap);
      page.off('request', onRequest);
      page.off('requestfinished', onEnd);
      page.off('requestfailed', onEnd);
      resolve(performance.now() - started);
    };
    const arm = () => {
      clearTimeout(quiet);
      if (inFlight.size === 0) quiet = setTimeout(done, QUIET_MS);
    };
    const onRequest = (request: Request) => {
      inFlight.add(request);
      clearTimeout(quiet);
    };
    const onEnd = (request: Request) => {
      inFlight.delete(request);
      arm();
    };
    const cap = setTimeout(done, capMs);
    page.on('request', onRequest);
    page.on('requestfinished', onEnd);
    page.on('requestfailed', onEnd);
    arm();
  });
}

/** BENCH_PORTAL_TRACE=1: the first patient run prints its requests after the click and where the CPU went. */
const TRACE = env.BENCH_PORTAL_TRACE === '1';
let traced = false;

interface SignInRun {
  ms: number;
  /** Requests the page made from the click to the Cadastro usable: JavaScript files and API calls. */
  scripts: number;
  api: number;
  /** The API calls in the order they started (method and path), for the report of round trips. */
  calls: string[];
}

/**
 * One sign-in on a fresh phone: the throttling is on before /login loads (the phone loads the sign-in page over the
 * same network), the CPF and the password are typed, then — `patient` — the click waits for the sign-in page's network
 * to be idle (capped at TYPING_CAP_MS, the time typing takes), or — impatient — comes as soon as the form is filled.
 * Answers null when the Cadastro tab was not usable within 30 s.
 */
async function signInOnce(browser: Browser, baseURL: string, patient: boolean): Promise<SignInRun | null> {
  const context = await browser.newContext({ baseURL, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport: { width: 360, height: 740 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE.cpuSlowdown });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: MOBILE.latencyMs,
      downloadThroughput: MOBILE.downloadBytesPerSecond,
      uploadThroughput: MOBILE.uploadBytesPerSecond,
    });
    await page.goto('/login');
    await page.getByLabel('CPF').fill(PORTAL_USER.cpf);
    await page.locator('input[name="password"]').fill(PORTAL_USER.password);
    if (patient) await networkIdle(page, TYPING_CAP_MS);
    await page.evaluate(ARM_TIMER);
    const run: SignInRun = { ms: 0, scripts: 0, api: 0, calls: [] };
    page.on('request', (request) => {
      if (request.resourceType() === 'script') run.scripts++;
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) {
        run.api++;
        run.calls.push(`${request.method()} ${url.pathname.replace('/api/v1/', '')}`);
      }
    });
    const trace = TRACE && patient && !traced;
    const clickedAt = performance.now();
    if (trace) {
      traced = true;
      const at = () => (performance.now() - clickedAt).toFixed(0).padStart(5);
      page.on('request', (request) => log(`      ${at()} ms → ${request.method()} ${new URL(request.url()).pathname}`));
      page.on('requestfinished', (request) => log(`      ${at()} ms ← ${new URL(request.url()).pathname}`));
      await startProfiler(cdp);
    }
    await page.getByRole('button', { name: 'ENTRAR' }).click();
    const ms = await Promise.race([
      page.evaluate<number>('window.__portalReady'),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 30_000)),
    ]);
    if (ms === null) {
      await page.screenshot({ path: path.join(os.tmpdir(), 'assoc-bench-portal.png') });
      return null;
    }
    run.ms = ms;
    // What the member sees (after the measure): <tmp>/assoc-bench-portal-home.png, to look at.
    if (patient) await page.screenshot({ path: path.join(os.tmpdir(), 'assoc-bench-portal-home.png'), fullPage: true });
    if (trace) {
      log(`      ${ms.toFixed(0).padStart(5)} ms: aba Cadastro utilizável`);
      // The same requests as the page saw them (Resource Timing), from the click event itself.
      for (const e of await requestsSinceClick(page, '__portalReady'))
        log(`      na página: ${e.start.toFixed(0).padStart(5)} → ${e.end.toFixed(0).padStart(5)} ms ${e.name}`);
      const { profile } = await cdp.send('Profiler.stop');
      fs.writeFileSync(path.join(os.tmpdir(), 'assoc-bench-portal.cpuprofile'), JSON.stringify(profile));
      summarizeProfile(profile);
    }
    return run;
  } finally {
    await context.close();
  }
}

async function homeAfterSignIn(browser: Browser, baseURL: string, patient: boolean): Promise<boolean | null> {
  const runs: SignInRun[] = [];
  for (let i = 0; i < RUNS; i++) {
    const run = await signInOnce(browser, baseURL, patient);
    if (run === null) {
      if (i === 0) {
        log(`  skipped: screen not built (a aba Cadastro não ficou utilizável em 30 s; captura em <tmp>/assoc-bench-portal.png)`);
        return null;
      }
      throw new Error(`A aba Cadastro não ficou utilizável na ${i + 1}ª entrada`);
    }
    runs.push(run);
  }
  const first = runs[0]!.ms;
  const times = runs.map((r) => r.ms).sort((a, b) => a - b);
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
  const p95 = percentile(times, 95);
  const label = patient ? 'rede da página de entrada ociosa antes do clique' : 'clique assim que o formulário é preenchido';
  log(`  ${label}:`);
  log(
    `    da entrada à aba Cadastro utilizável: p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, máx ${times.at(-1)!.toFixed(0)} ms; primeira ${first.toFixed(0)} ms`,
  );
  log(
    `    após o clique (mediana): ${median(runs.map((r) => r.scripts))} arquivos JS, ${median(runs.map((r) => r.api))} chamadas à API (${runs.at(-1)!.calls.join(', ')})`,
  );
  if (!patient) return true; // printed so nothing is hidden; the target is the patient figure's
  const ok = p95 <= HOME_TARGET_MS;
  log(`    meta (p95 ≤ ${HOME_TARGET_MS} ms): ${ok ? 'atingida' : 'NÃO atingida'}; ${machine()}`);
  return ok;
}

async function portalSaves(app: FastifyInstance): Promise<boolean | null> {
  if (!app.hasRoute({ method: 'PUT', url: '/api/v1/user/portal/:cstId' })) {
    log('  skipped: route not built (PUT user/portal/{cstId} não existe)');
    return null;
  }
  const login = await app.inject({ method: 'POST', url: '/api/v1/login', payload: { username: PORTAL_USER.cpf, password: PORTAL_USER.password } });
  if (login.statusCode !== 200) throw new Error(`Falha ao entrar como associado do portal: ${login.statusCode}`);
  const cookies = login.cookies as Array<{ name: string; value: string }>;
  const headers = {
    cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '),
    'x-xsrf-token': cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '',
  };
  const session = await app.inject({ method: 'GET', url: '/api/v1/session', headers });
  const cstId = (session.json() as { cstId?: number }).cstId;
  const url = `/api/v1/user/portal/${cstId}`;
  const form = await app.inject({ method: 'GET', url, headers });
  if (form.statusCode !== 200) throw new Error(`GET ${url}: ${form.statusCode} ${form.body}`);
  let version = (form.json() as { version: number }).version;
  const times: number[] = [];
  for (let i = 0; i < PUTS; i++) {
    const body = { version, custCelular: `9${String(70_000_000 + i).padStart(8, '0')}` };
    const started = performance.now();
    const res = await app.inject({ method: 'PUT', url, headers, payload: body });
    const ms = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`PUT ${url}: ${res.statusCode} ${res.body}`);
    version = (res.json() as { version: number }).version;
    if (i >= 20) times.push(ms); // the first saves warm the JIT and the plans
  }
  times.sort((a, b) => a - b);
  const p95 = percentile(times, 95);
  log(`  PUT user/portal/{cstId} (${times.length} gravações medidas): p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`);
  const ok = p95 <= PUT_TARGET_MS;
  log(`  meta (p95 ≤ ${PUT_TARGET_MS} ms): ${ok ? 'atingida' : 'NÃO atingida'}; ${machine()}`);
  return ok;
}

async function main() {
  ensureWebBuild();
  // Served compressed, as in production (the phone's 1.6 Mbit/s carries brotli, not the raw files).
  ensureCompressed(WEB_DIST);
  const builtAt = fs.statSync(path.join(WEB_DIST, 'index.html')).mtime;
  const bench = await openMembersBenchDatabase({ fresh: false });
  const app = await openBenchApp(bench, { name: 'portal', serveWeb: true });
  let browser: Browser | undefined;
  try {
    const baseURL = await app.listen({ port: 0, host: '127.0.0.1' });
    await searchIndexReady(app, bench.pool);
    log(`Portal: gravação (${machine()}, log do servidor no nível ${LOG_LEVEL})`);
    // The saves first, then the browser: Chromium starting (a second or two of both cores) is not in their figure.
    const saves = await portalSaves(app);
    browser = await chromium.launch({ executablePath: env.BENCH_CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
    log(
      `Portal: ${RUNS} entradas num celular simulado (360 × 740, CPU ${MOBILE.cpuSlowdown}× mais lenta, ${MOBILE.latencyMs} ms de ida e volta, 1,6 Mbit/s; app web construído ${builtAt.toISOString()})`,
    );
    const home = await homeAfterSignIn(browser, baseURL, true);
    const impatient = home === null ? null : await homeAfterSignIn(browser, baseURL, false);
    return saves !== false && home !== false && impatient !== false;
  } finally {
    await browser?.close().catch(() => {});
    await app.close().catch(() => {});
    await bench.close();
  }
}

runBench(import.meta.url, main);

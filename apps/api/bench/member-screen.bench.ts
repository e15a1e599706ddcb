/**
 * Member screen benchmark (npm run bench, issue 12 "Speed"): the member screen interactive within 500 ms of
 * navigation, in headless Chromium on this machine.
 *
 * Serves the built web app (BENCH_WEB_DIST, default <tmp>/assoc-bench-web, which `bundle-budget.mjs --build`
 * writes first in `npm run bench`; built here when missing) and the API over the members bench's database
 * (members.bench.ts: 30,000 holders, reused when already at the scale) on 127.0.0.1, signs in the bench user
 * (every staff role), then BENCH_SCREEN_RUNS times (default 20), each from a fresh load of the home page: types a
 * random holder's CPF in the top bar's search, waits for the suggestion, clicks it and measures, in the page,
 * from the click to the moment the Usuário tab's first input is enabled and the Salvar button is on screen.
 * Also checks that the member screen's chunk (MemberPage-*.js) is requested only by that click.
 * Prints "skipped: route not built" and succeeds while the screen or its routes are not there.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright';
import { sql } from 'drizzle-orm';
import { formatCpf } from '@assoc/domain';
import { loadConfig } from '../src/config.js';
import { buildApp } from '../src/app.js';
import { percentile, runBench } from './stats.js';
import { armClickTimer, ensureWebBuild, WEB_DIST } from './web.js';
import { BENCH_USER, LOG_LEVEL, openMembersBenchDatabase, searchIndexReady } from './members.bench.js';

const env = process.env;
const RUNS = Number(env.BENCH_SCREEN_RUNS ?? 20);
const TARGET_MS = 500;
const log = (line = '') => console.log(line);
const machine = () => `carga ${os.loadavg()[0]!.toFixed(2)} em ${os.cpus().length} núcleos`;

/**
 * Run in the page before the click (a string: the API's TypeScript has no DOM types): `window.__memberReady`
 * resolves with the milliseconds from the click on a search suggestion to the member screen being usable (the
 * Usuário tab's first input enabled, the Salvar button rendered).
 */
const ARM_TIMER = armClickTimer(
  '__memberReady',
  '[role="option"]',
  `() => {
    const tab = [...document.querySelectorAll('[role="tab"]')].find((t) => t.textContent.trim() === 'Usuário');
    const panelId = tab && tab.getAttribute('aria-controls');
    const panel = panelId ? document.getElementById(panelId) : null;
    const input = panel && panel.querySelector('input:not([type="hidden"]), textarea, select');
    const save = [...document.querySelectorAll('button')].some((b) => b.textContent.trim() === 'Salvar');
    return Boolean(input && !input.disabled && save);
  }`,
);

async function openMember(page: Page, cpf: string, memberChunkRequests: string[]) {
  await page.goto('/');
  const box = page.getByRole('textbox', { name: 'Pesquisar associado' });
  await box.waitFor();
  if (memberChunkRequests.length) throw new Error(`O chunk da ficha foi pedido antes de abri-la: ${memberChunkRequests.join(', ')}`);
  await box.fill(formatCpf(cpf));
  const option = page
    .getByRole('option')
    .filter({ hasText: formatCpf(cpf) })
    .first();
  await option.waitFor();
  await page.evaluate(ARM_TIMER);
  await option.click();
  return page.evaluate<number>('window.__memberReady');
}

async function main() {
  ensureWebBuild();
  const builtAt = fs.statSync(path.join(WEB_DIST, 'index.html')).mtime;
  const bench = await openMembersBenchDatabase({ fresh: false });
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: path.join(os.tmpdir(), 'assoc-bench-members'),
    SESSION_SECRET: 'bench-secret',
    LOG_LEVEL,
  });
  const app = await buildApp({ config, db: bench.db, pool: bench.pool, serveWeb: true, webRoot: WEB_DIST, logger: { stream: { write: () => {} } } });
  const browser = await chromium.launch({ executablePath: env.BENCH_CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const baseURL = await app.listen({ port: 0, host: '127.0.0.1' });
    await searchIndexReady(app, bench.pool);
    if (!app.hasRoute({ method: 'GET', url: '/api/v1/user/:cstId' })) {
      log('Tela do associado: skipped: route not built (GET user/{cstId} não existe)');
      return true;
    }
    const { rows } = await bench.db.execute<{ cpf: string }>(
      sql`select cust_cpf as cpf from customers where parent_id is null and cust_cpf is not null order by cst_id`,
    );
    const cpfs = rows.map((r) => r.cpf);
    const context = await browser.newContext({ baseURL, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    const login = await context.request.post('/api/v1/login', { data: { username: BENCH_USER.cpf, password: BENCH_USER.password } });
    if (!login.ok()) throw new Error(`Falha ao entrar: ${login.status()}`);
    const page = await context.newPage();
    const memberChunkRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/MemberPage-[^/]*\.js$/.test(request.url())) memberChunkRequests.push(request.url());
    });
    await page.goto('/');
    await page
      .getByRole('textbox', { name: 'Pesquisar associado' })
      .waitFor({ timeout: 30_000 })
      .catch(async () => {
        await page.screenshot({ path: path.join(os.tmpdir(), 'assoc-bench-member-screen.png') });
        throw new Error(`A página inicial não mostrou a pesquisa de associados (${page.url()}; captura em <tmp>/assoc-bench-member-screen.png)`);
      });

    log(
      `Tela do associado: ${RUNS} aberturas pela pesquisa (Chromium headless, app web construído ${builtAt.toISOString()}, log do servidor no nível ${LOG_LEVEL}); ${machine()}`,
    );
    const times: number[] = [];
    let chunkOnClick = 0;
    for (let i = 0; i < RUNS; i++) {
      memberChunkRequests.length = 0;
      const cpf = cpfs[Math.floor(((i * 7_919 + 13) % 1_000) * (cpfs.length / 1_000))]!;
      const ms = await openMember(page, cpf, memberChunkRequests).catch(async (err: Error) => {
        if (i === 0 && !(await page.getByRole('button', { name: 'Salvar' }).count())) {
          log(`  skipped: screen not built (sem o botão Salvar na ficha: ${err.message.split('\n')[0]})`);
          return null;
        }
        throw err;
      });
      if (ms === null) return true;
      if (memberChunkRequests.length) chunkOnClick++;
      times.push(ms);
    }
    const first = times[0]!;
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    log(
      `  do clique à ficha utilizável: p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, máx ${times.at(-1)!.toFixed(0)} ms; primeira ${first.toFixed(0)} ms`,
    );
    log(`  chunk da ficha (MemberPage-*.js): nunca pedido antes do clique; pedido pelo clique em ${chunkOnClick} de ${RUNS} aberturas`);
    const ok = p95 <= TARGET_MS;
    log(`  meta (p95 ≤ ${TARGET_MS} ms): ${ok ? 'atingida' : 'NÃO atingida'}; ${machine()}`);
    return ok;
  } finally {
    await browser.close().catch(() => {});
    await app.close().catch(() => {});
    await bench.close();
  }
}

runBench(import.meta.url, main);

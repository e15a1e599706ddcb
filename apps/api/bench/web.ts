/** The built web app the screen benches serve (`bundle-budget.mjs --build` writes it first in `npm run bench`). */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { CDPSession, Page } from 'playwright';

export const WEB_DIST = process.env.BENCH_WEB_DIST ?? path.join(os.tmpdir(), 'assoc-bench-web');

/** Builds the web app into WEB_DIST when it is not there yet. */
export function ensureWebBuild() {
  if (fs.existsSync(path.join(WEB_DIST, 'index.html'))) return;
  console.log(`Construindo o app web em ${WEB_DIST}...`);
  const web = path.resolve(import.meta.dirname, '../../web');
  const vite = path.resolve(import.meta.dirname, '../../../node_modules/vite/bin/vite.js');
  const built = spawnSync(process.execPath, [vite, 'build', '--outDir', WEB_DIST, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: web,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('A construção do app web falhou');
}

/**
 * Writes the .br and .gz of every compressible file of a built web app, as the production build does
 * (apps/api/scripts/build.mjs), so the API serves the compressed files (@fastify/static's preCompressed) and a
 * throttled network carries what a phone would get. Files already compressed (and not older) are kept.
 */
export function ensureCompressed(dir: string) {
  const compressible = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !compressible.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const mtime = fs.statSync(file).mtimeMs;
    const fresh = (variant: string) => fs.existsSync(variant) && fs.statSync(variant).mtimeMs >= mtime;
    if (fresh(`${file}.br`) && fresh(`${file}.gz`)) continue;
    const source = fs.readFileSync(file);
    const br = zlib.brotliCompressSync(source, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: source.length > 1_000_000 ? 9 : 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length },
    });
    const gz = zlib.gzipSync(source, { level: 9 });
    // As the production build: a variant no smaller than the file is not written.
    if (br.length < source.length) fs.writeFileSync(`${file}.br`, br);
    if (gz.length < source.length) fs.writeFileSync(`${file}.gz`, gz);
  }
}

/**
 * A script to run in the page before a click (a string: the API's TypeScript has no DOM types): `window[name]`
 * resolves with the milliseconds from the first click inside `clickSelector` to `ready` (the source of a function
 * answering true when the screen is usable), checked at the click and on every change of the page.
 */
export function armClickTimer(name: string, clickSelector: string, ready: string): string {
  return `window[${JSON.stringify(name)}] = new Promise((resolve) => {
  let clickedAt = null;
  const ready = ${ready};
  const check = () => {
    if (clickedAt === null || !ready()) return;
    observer.disconnect();
    resolve(performance.now() - clickedAt);
  };
  const observer = new MutationObserver(check);
  document.addEventListener('click', (event) => {
    if (clickedAt === null && event.target.closest(${JSON.stringify(clickSelector)})) {
      clickedAt = performance.now();
      window[${JSON.stringify(`${name}ClickedAt`)}] = clickedAt;
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
      check();
    }
  }, { capture: true });
}); undefined`;
}

/** Starts the page's CPU profiler (Chrome DevTools Protocol), a sample every 200 µs; `Profiler.stop` answers the profile. */
export async function startProfiler(cdp: CDPSession) {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
}

/**
 * The requests the page made from the click that `armClickTimer(name, …)` timed, as the page timed them (Resource
 * Timing): path and query, start and end in ms from that click.
 */
export function requestsSinceClick(page: Page, name: string) {
  return page.evaluate<Array<{ name: string; start: number; end: number }>>(`(() => {
    const at = window[${JSON.stringify(`${name}ClickedAt`)}];
    return performance.getEntriesByType('resource').filter((e) => e.startTime >= at)
      .map((e) => ({ name: new URL(e.name).pathname + new URL(e.name).search, start: e.startTime - at, end: e.responseEnd - at }));
  })()`);
}

export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

/** The functions with the most self time in a CPU profile (what the page spent its main thread on), and by file. */
export function summarizeProfile(profile: { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[] }) {
  const self = new Map<number, number>();
  profile.samples?.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas?.[i] ?? 0)));
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  for (const node of profile.nodes) {
    const us = self.get(node.id) ?? 0;
    const file = node.callFrame.url.split('/').pop() || '(native)';
    const key = `${node.callFrame.functionName || '(anonymous)'} ${file}:${node.callFrame.lineNumber}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
    byFile.set(file, (byFile.get(file) ?? 0) + us);
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => `${(us / 1000).toFixed(0).padStart(6)} ms  ${k}`);
  const log = (line: string) => console.log(line);
  log('      CPU por arquivo (tempo próprio, sem a desaceleração aplicada):');
  top(byFile, 12).forEach((line) => log(`        ${line}`));
  log('      CPU por função:');
  top(byFunction, 25).forEach((line) => log(`        ${line}`));
}

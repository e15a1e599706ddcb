/** The built web app the screen benches serve (`bundle-budget.mjs --build` writes it first in `npm run bench`). */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

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
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
      check();
    }
  }, { capture: true });
}); undefined`;
}

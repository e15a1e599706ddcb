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

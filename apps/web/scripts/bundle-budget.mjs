// The sign-in route's bundle budget (issue 12 "Speed": /login's JS ≤ 150 KB compressed): the JavaScript a fresh
// load of /login needs (the entry, the LoginPage chunk and everything they import statically), compressed as the
// API serves it (the .br files of scripts/build.mjs; every supported browser accepts brotli), must stay at or
// under 150 KB; its gzip size (what a client without brotli gets) is printed and held under a looser ceiling,
// against regressions. The member screen's chunk must be loaded only when /associado opens (no static import
// from the entry, the signed-in layout or the home page). Reads the Vite manifest of a built app
// (build.manifest in vite.config.ts): `node apps/web/scripts/bundle-budget.mjs [distDir]` measures a build
// (default apps/web/dist, after `npm run build -w @assoc/web`); `--build` first builds the app into BENCH_WEB_DIST
// (default <tmp>/assoc-bench-web, which the member screen bench then serves), leaving apps/web/dist alone.
// The portal's route has its own budget (issue 28, PORTAL_BUDGET_BYTES below). Exits 1 over budget. Part of
// `npm run bench`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

export const BUDGET_BYTES = 150 * 1024;
/** gzip is ~13 % larger than brotli here; zod (≈ 26 KB gzip, pulled by the contracts' schemas) keeps it over 150. */
export const GZIP_CEILING_BYTES = 175 * 1024;
/** The lazy chunks a fresh /login renders (routes.tsx): the sign-in page only. */
const LOGIN_CHUNKS = ['src/pages/LoginPage.tsx'];
/** What a signed-in user loads before opening any screen: the layout and the home page. */
const SHELL_CHUNKS = ['src/app/layout/SignedIn.tsx', 'src/pages/HomePage.tsx'];
const MEMBER_CHUNK = 'src/pages/MemberPage.tsx';
/**
 * The portal's route (issue 28: ≤ 120 KB compressed): what a portal member's `/` fetches after the sign-in page,
 * i.e. the layout, the home page, the portal and its first tab with their static imports, less what /login already
 * loaded (the entry: React, Mantine, the domain). Staff-only chunks must stay out of it.
 */
export const PORTAL_BUDGET_BYTES = 120 * 1024;
/**
 * And in few files (issue 28: HTTP/1.1 fetches six at a time, a round trip each on a phone's network): the signed-in
 * shell and the portal's home are grouped into one file each (build/chunk-groups.ts), beside their small entry chunks.
 */
export const PORTAL_MAX_FILES = 20;
const PORTAL_CHUNKS = ['src/pages/PortalPage.tsx', 'src/modules/portal/cadastro/CadastroTab.tsx'];
const STAFF_ONLY = [
  MEMBER_CHUNK,
  'src/pages/DashboardPage.tsx',
  'src/pages/CchPage.tsx',
  'src/pages/ProcessoPage.tsx',
  'src/modules/search/components/MemberSearchBox.tsx',
  'src/modules/jobs/components/NotificationsBell.tsx',
  'src/modules/tools/components/ToolsModal.tsx',
  'src/modules/connections/components/ConnectedUsersModal.tsx',
];

const web = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const build = args.includes('--build');
const benchDist = process.env.BENCH_WEB_DIST ?? path.join(os.tmpdir(), 'assoc-bench-web');
const dist = path.resolve(args.find((a) => !a.startsWith('--')) ?? (build ? benchDist : path.join(web, 'dist')));
if (build) {
  console.log(`Construindo o app web em ${dist}...`);
  const vite = path.resolve(web, '../../node_modules/vite/bin/vite.js');
  const built = spawnSync(process.execPath, [vite, 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], { cwd: web, stdio: 'inherit' });
  if (built.status !== 0) process.exit(1);
}
const manifestPath = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error(`Sem ${path.relative(process.cwd(), manifestPath)}: rode antes \`npm run build -w @assoc/web\`.`);
  process.exit(1);
}
/** @type {Record<string, { file: string, isEntry?: boolean, imports?: string[], css?: string[] }>} */
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
for (const key of [entryKey, ...LOGIN_CHUNKS, ...SHELL_CHUNKS]) {
  if (!key || !manifest[key]) {
    console.error(`O manifesto não tem ${key ?? 'a entrada'}: o orçamento precisa ser revisto com as rotas.`);
    process.exit(1);
  }
}

/** The manifest keys the given chunks load before running: themselves and their static imports, transitively. */
function staticGraph(roots) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  roots.forEach(visit);
  return seen;
}

const sizes = (file) => {
  const source = fs.readFileSync(path.join(dist, file));
  return {
    raw: source.length,
    gzip: zlib.gzipSync(source, { level: 9 }).length,
    brotli: zlib.brotliCompressSync(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
};
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const login = staticGraph([entryKey, ...LOGIN_CHUNKS]);
const js = [...login].map((key) => ({ file: manifest[key].file, ...sizes(manifest[key].file) })).sort((a, b) => b.gzip - a.gzip);
const css = [...new Set([...login].flatMap((key) => manifest[key].css ?? []))].map((file) => ({ file, ...sizes(file) }));
const total = (list, field) => list.reduce((sum, f) => sum + f[field], 0);

console.log(`Rota /login: ${js.length} arquivos JS (entrada, LoginPage e seus imports estáticos)`);
for (const f of js) console.log(`  ${kb(f.gzip).padStart(9)} gzip  ${kb(f.brotli).padStart(9)} br  ${kb(f.raw).padStart(9)}  ${f.file}`);
const jsGzip = total(js, 'gzip');
const jsBrotli = total(js, 'brotli');
console.log(`  JS:  ${kb(jsBrotli)} brotli, ${kb(jsGzip)} gzip, ${kb(total(js, 'raw'))} sem compressão`);
console.log(`  CSS: ${kb(total(css, 'gzip'))} gzip, ${kb(total(css, 'brotli'))} brotli (${css.map((f) => f.file).join(', ')})`);

const failures = [];
if (jsBrotli > BUDGET_BYTES) failures.push(`o JS de /login tem ${kb(jsBrotli)} brotli, acima do orçamento de ${kb(BUDGET_BYTES)}`);
if (jsGzip > GZIP_CEILING_BYTES) failures.push(`o JS de /login tem ${kb(jsGzip)} gzip, acima do teto de ${kb(GZIP_CEILING_BYTES)}`);
const memberFile = manifest[MEMBER_CHUNK]?.file;
if (!memberFile) failures.push(`o manifesto não tem ${MEMBER_CHUNK} (a tela do associado deixou de ser um chunk próprio?)`);
else {
  const shell = staticGraph([entryKey, ...SHELL_CHUNKS]);
  if (shell.has(MEMBER_CHUNK)) failures.push(`${memberFile} é carregado com a entrada/o layout, não só ao abrir /associado`);
  else console.log(`Tela do associado: ${memberFile} fora do grafo estático da entrada, do layout e da página inicial (carregado só ao abrir).`);
}
const portal = staticGraph([entryKey, ...SHELL_CHUNKS, ...PORTAL_CHUNKS]);
const portalJs = [...portal].filter((key) => !login.has(key)).map((key) => ({ file: manifest[key].file, ...sizes(manifest[key].file) }));
const portalBrotli = total(portalJs, 'brotli');
console.log(
  `Portal (/ de um associado, além do que /login já carregou): ${portalJs.length} arquivos JS, ${kb(portalBrotli)} brotli, ${kb(total(portalJs, 'gzip'))} gzip`,
);
if (portalBrotli > PORTAL_BUDGET_BYTES)
  failures.push(`o JS do portal tem ${kb(portalBrotli)} brotli, acima do orçamento de ${kb(PORTAL_BUDGET_BYTES)}`);
if (portalJs.length > PORTAL_MAX_FILES)
  failures.push(
    `o portal carrega ${portalJs.length} arquivos JS além de /login, acima de ${PORTAL_MAX_FILES} (reveja os grupos de build/chunk-groups.ts)`,
  );
for (const key of STAFF_ONLY) {
  if (!manifest[key]) failures.push(`o manifesto não tem ${key} (tela só da equipe: reveja a lista do portal)`);
  else if (portal.has(key)) failures.push(`${manifest[key].file} (${key}, só da equipe) é carregado no portal`);
}
if (failures.length) {
  for (const f of failures) console.error(`FALHA: ${f}`);
  process.exit(1);
}
console.log(`Orçamento de /login (JS ≤ ${kb(BUDGET_BYTES)} brotli, ≤ ${kb(GZIP_CEILING_BYTES)} gzip): atingido`);
console.log(
  `Orçamento do portal (JS além de /login ≤ ${kb(PORTAL_BUDGET_BYTES)} brotli em ≤ ${PORTAL_MAX_FILES} arquivos, nenhuma tela só da equipe): atingido`,
);

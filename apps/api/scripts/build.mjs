// Bundles the API into dist/server.js (and the documents render worker into dist/documents.worker.js). Dependencies stay in node_modules; only the workspace's own
// TypeScript packages (@assoc/*) are bundled, since Node cannot load their .ts sources.
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { build } from 'esbuild';

const workspaceOnly = {
  name: 'externalize-dependencies',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@assoc/') ? undefined : { path: args.path, external: true }));
  },
};

/**
 * Brotli's best quality (11) for what a screen loads; 9 above 1 MB (the lazy PDF worker and report designer,
 * 21 MB together): 11 took ~110 s for the 14.6 MB PDF worker alone, 9 takes ~20 s for a file ~10 % larger.
 */
const brotliQuality = (bytes) => (bytes > 1_000_000 ? 9 : 11);

/**
 * Writes .br and .gz next to every compressible file of the built web app, which the API serves with
 * @fastify/static's preCompressed (so no compression per request). Run here, after the web build
 * (`npm run build` builds web, then api); a missing web build is skipped. A variant no smaller than its
 * source is not written.
 */
async function precompressWeb(root) {
  if (!fs.existsSync(path.join(root, 'index.html'))) return;
  const brotli = promisify(zlib.brotliCompress);
  const gzip = promisify(zlib.gzip);
  const compressible = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest|map)$/;
  const files = fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && compressible.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
  await Promise.all(
    files.map(async (file) => {
      const source = await fs.promises.readFile(file);
      const variants = [
        [
          '.br',
          await brotli(source, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality(source.length), [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length },
          }),
        ],
        ['.gz', await gzip(source, { level: 9 })],
      ];
      for (const [ext, data] of variants) {
        if (data.length < source.length) await fs.promises.writeFile(file + ext, data);
        else await fs.promises.rm(file + ext, { force: true });
      }
    }),
  );
}

const webBuilt = precompressWeb(path.resolve(import.meta.dirname, '../../web/dist'));

await build({
  // The documents render pool's worker (documents.pool.ts starts dist/documents.worker.js next to dist/server.js).
  entryPoints: { server: 'src/server.ts', 'documents.worker': 'src/modules/documents/documents.worker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [workspaceOnly],
  logLevel: 'warning',
});

await webBuilt;

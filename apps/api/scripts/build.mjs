// Bundles the API into dist/server.js. Dependencies stay in node_modules; only the workspace's own
// TypeScript packages (@assoc/*) are bundled, since Node cannot load their .ts sources.
import { build } from 'esbuild';

const workspaceOnly = {
  name: 'externalize-dependencies',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@assoc/') ? undefined : { path: args.path, external: true }));
  },
};

await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [workspaceOnly],
  logLevel: 'warning',
});

import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { chunkGroupOf } from './build/chunk-groups';

const apiPort = process.env.API_PORT ?? 5000;

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: the chunk graph scripts/bundle-budget.mjs measures.
    manifest: true,
    // Every browser the app supports preloads modules itself: no polyfill in the sign-in page's entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [{ name: (id, graph) => chunkGroupOf(id, graph), includeDependenciesRecursively: false }] },
      },
      treeshake: {
        // The domain package's modules only declare things: a screen importing one name from '@assoc/domain'
        // must not pull every contract (and all of zod) into its chunks.
        moduleSideEffects: [{ test: /\/packages\/domain\/src\//, sideEffects: false }],
      },
    },
  },
  server: {
    port: 8200,
    proxy: {
      '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
    },
  },
});

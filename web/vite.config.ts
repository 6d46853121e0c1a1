import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { startChunkNamer, startChunksCheck, startStagesPreload, webChunkPlan } from './build/chunk-groups.ts';
import { compressPlugin } from './build/compress-plugin.ts';
import { serviceWorkerPlugin } from './build/service-worker-plugin.ts';

const plan = webChunkPlan(import.meta.dirname);
const startChunk = startChunkNamer(plan);

// Dev: the sync-server runs on 3000 and Vite proxies /api to it, so cookies stay same-origin.
export default defineConfig({
  plugins: [
    react(),
    startChunksCheck(),
    startStagesPreload((plan.stages ?? []).map((stage) => stage.name)),
    serviceWorkerPlugin(),
    compressPlugin(),
  ],
  // Workers as ES modules (they are started with type 'module'): the page writer's loads the mutations'
  // effects (zod, the schemas) as a chunk of its own, only when a pulled page lands over queued writes.
  worker: { format: 'es' },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // The start chunks are large on purpose (fewer round trips on a slow link; build/chunk-groups.ts).
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The start in three chunks (entry, visitor's pages, signed-in frame and main screens; see
          // build/chunk-groups.ts), everything else split automatically.
          groups: [
            {
              name: (id, context) => startChunk(id, (m) => context.getModuleInfo(m)),
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});

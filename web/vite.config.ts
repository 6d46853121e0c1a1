import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compressPlugin } from './build/compress-plugin.ts';
import { serviceWorkerPlugin } from './build/service-worker-plugin.ts';

// Dev: the sync-server runs on 3000 and Vite proxies /api to it, so cookies stay same-origin.
export default defineConfig({
  plugins: [react(), serviceWorkerPlugin(), compressPlugin()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});

import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Dev: the sync-server runs on 3000 and Vite proxies /api to it, so cookies stay same-origin.
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});

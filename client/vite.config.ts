import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Absolute paths so the config works whether vite is started from the repo root or from client/.
const clientRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const apiTarget = 'http://localhost:3000';

export default defineConfig({
  root: clientRoot,
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('../dist/client', import.meta.url)),
    emptyOutDir: true,
    // dist/client/.vite/manifest.json: server/web/spa.ts reads which files the agenda's page needs
    // and preloads them from the HTML (express.static never serves the dot folder).
    manifest: true,
  },
  server: {
    port: 5173,
    strictPort: true,
    // common/ lives outside the client root.
    fs: { allow: [repoRoot] },
    proxy: {
      '/api': apiTarget,
      '/auth': apiTarget,
      '/healthz': apiTarget,
      '/readyz': apiTarget,
      '/uploads': apiTarget,
    },
  },
});

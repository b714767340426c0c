import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import preact from '@preact/preset-vite';

// Absolute paths so the config works whether vite is started from the repo root or from client/.
const clientRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const apiTarget = 'http://localhost:3000';

/**
 * Marks the app's entry chunk (React, the router and the first screen, all run on every load) with
 * V8's per-file compile hint: Chromium may then compile its functions on the thread that streams
 * the script in, rather than lazily on the main thread when React first calls them. Lighthouse's
 * TBT on `/` fell with it; Chromium's own trace shows the same task lengths (ARCHITECTURE.md).
 * Other browsers read a comment. Like Vite's own preload map, it is added after the file's hash
 * is taken: a comment, the same in every build: a copy cached under that name runs the same code.
 */
function compileHintForEntry(): Plugin {
  return {
    name: 'compile-hint-for-entry',
    apply: 'build',
    // After Vite's own last touches to the code (it puts its preload map at the very top), since
    // the hint only counts as the file's first line. Minification would have dropped it earlier.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk' && chunk.isEntry) {
            chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
          }
        }
      },
    },
  };
}

export default defineConfig({
  root: clientRoot,
  plugins: [preact(), compileHintForEntry()],
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

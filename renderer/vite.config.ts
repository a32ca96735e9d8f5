import { resolve } from 'node:path';
import { defineConfig } from 'vite';

// The studio UI: one bundle for Electron (file://) and the browser studio. Monaco and its workers
// are bundled; nothing is loaded from a CDN.
export default defineConfig({
  root: resolve(import.meta.dirname),
  base: './',
  publicDir: false,
  build: {
    outDir: resolve(import.meta.dirname, '../dist/renderer'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 6000,
    sourcemap: false,
  },
  worker: { format: 'es' },
});

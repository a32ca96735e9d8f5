import { resolve } from 'node:path';
import { defineConfig } from 'vite';

// The GraphiQL page a mock serves at its GraphQL path (engine/src/graphql/graphiql-page.ts): its own
// small bundle beside the studio's, nothing loaded from a CDN. `base: './'` keeps the assets' URLs
// relative; the engine points the page's two tags at `<graphql path>/__graphiql/assets/`.
export default defineConfig({
  root: resolve(import.meta.dirname),
  base: './',
  publicDir: false,
  build: {
    outDir: resolve(import.meta.dirname, '../../dist/graphiql'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 3000,
    sourcemap: false,
    rollupOptions: {
      // GraphiQL's radix-ui and framer-motion modules start with "use client" (for React server
      // components), which means nothing in a browser bundle: one warning per module, not worth showing.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
});

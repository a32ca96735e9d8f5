// The CLI as one bundle: Node resolves and compiles one file instead of ~300 modules, which halves
// `mockyard serve`'s startup and trims its memory. better-sqlite3 stays outside (a native module).
import { defineConfig } from 'rolldown';

export default defineConfig({
  input: 'dist/cli/src/main.js',
  platform: 'node',
  external: ['better-sqlite3'],
  output: { dir: 'dist/cli-bundle', format: 'esm', sourcemap: true, minify: true, cleanDir: true },
  logLevel: 'warn',
});

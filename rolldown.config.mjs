// The CLI and the desktop main process as bundles: Node resolves and compiles a few files instead of
// ~300 modules (half of `mockyard serve`'s startup), and the packaged app and the npm package carry
// exactly the code they run. better-sqlite3 stays outside (a native module), and so does electron.
// The CLI is CommonJS (.cjs, loaded by bin/mockyard.cjs): Node starts that faster than an ES module.
import { builtinModules } from 'node:module';
import { defineConfig } from 'rolldown';

// Node's built-ins under their node: names (csv-parse's streaming parser imports 'stream'), so a
// bundle names no bare module that could be mistaken for a package it does not ship.
const nodePrefix = {
  name: 'node-prefix',
  resolveId: (id) => (builtinModules.includes(id) ? { id: `node:${id}`, external: true } : null),
};

// find-my-way (the router) uses node:assert only as `assert(condition, message)`, to check the routes
// it is given; loading node:assert costs `mockyard serve` ~4 ms of its startup (it is not in Node's
// startup snapshot). In the CLI bundle that one function is this, with node:assert's error shape.
const ASSERT = '\0router-assert';
const routerAssert = {
  name: 'router-assert',
  resolveId: (id, importer) =>
    /^(node:)?assert$/.test(id) && /[\\/]node_modules[\\/]find-my-way[\\/]/.test(importer ?? '') ? ASSERT : null,
  load: (id) =>
    id === ASSERT
      ? `module.exports = function assert(value, message) {
  if (value) return;
  if (message instanceof Error) throw message;
  const error = new Error(message === undefined ? 'The expression evaluated to a falsy value' : String(message));
  error.name = 'AssertionError';
  error.code = 'ERR_ASSERTION';
  throw error;
};`
      : null,
};

export default defineConfig([
  {
    input: 'dist/cli/src/main.js',
    platform: 'node',
    external: ['better-sqlite3'],
    plugins: [routerAssert, nodePrefix],
    output: {
      dir: 'dist/cli-bundle',
      format: 'cjs',
      entryFileNames: '[name].cjs',
      chunkFileNames: '[name]-[hash].cjs',
      sourcemap: true,
      minify: true,
      cleanDir: true,
      // `import('node:fs')` in a dependency (the OpenAPI parser's file and URL resolvers) becomes a
      // require: code compiled from the code cache (bin/compile-cache.cjs) has no dynamic import.
      dynamicImportInCjs: false,
      // Everything `mockyard serve` loads at startup (every module the entry imports statically) in
      // one chunk, and the rest in the chunks of the dynamic imports that need them. Split by
      // sharing alone, startup loaded 19 files, and Node's loader spends time on each (resolving it,
      // walking up for package.json, reading it and its code cache): in one file a start to the first
      // answer took 12 ms less (median of 25 fresh starts each, 219 against 207 ms, bench machine).
      codeSplitting: { groups: [{ name: 'serve', tags: ['$initial'] }] },
    },
    logLevel: 'warn',
  },
  // The library (`import { startMock } from 'mockyard'`, require('mockyard')): the engine without the
  // CLI or Electron, as CommonJS; lib/index.mjs hands its exports to ES modules.
  {
    input: { index: 'dist/engine/src/library/index.js' },
    platform: 'node',
    external: ['better-sqlite3'],
    plugins: [routerAssert, nodePrefix],
    output: {
      dir: 'dist/lib-bundle',
      format: 'cjs',
      entryFileNames: '[name].cjs',
      chunkFileNames: '[name]-[hash].cjs',
      cleanDir: true,
      dynamicImportInCjs: false,
    },
    logLevel: 'warn',
  },
  {
    input: 'dist/electron/src/main.js',
    platform: 'node',
    external: ['better-sqlite3', 'electron'],
    plugins: [nodePrefix],
    output: { dir: 'dist/electron-bundle', format: 'esm', sourcemap: true, cleanDir: true },
    logLevel: 'warn',
  },
  // The desktop app's preload: a sandboxed preload is one CommonJS script that can require only
  // 'electron', so the contract's names and channel it uses are inlined.
  {
    input: 'dist/electron/src/preload.js',
    platform: 'node',
    external: ['electron'],
    output: { file: 'dist/electron-preload/preload.cjs', format: 'cjs', sourcemap: true },
    logLevel: 'warn',
  },
]);

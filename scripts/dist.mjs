#!/usr/bin/env node
// `npm run dist`: desktop installers. Needs what this machine lacks: Electron's binary and headers
// (downloaded from GitHub by electron-builder and node-gyp). Run it on a machine with internet.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { ensureElectronSqlite } from './native-sqlite.mjs';

const require = createRequire(import.meta.url);
try {
  await ensureElectronSqlite();
} catch (err) {
  console.error(
    `mockyard dist: ${err.message}\nPackaging needs Electron's headers and binary; run it where GitHub downloads work.`,
  );
  process.exit(1);
}
const builder = require.resolve('electron-builder/cli.js');
const result = spawnSync(process.execPath, [builder, '--config', 'electron-builder.yml', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);

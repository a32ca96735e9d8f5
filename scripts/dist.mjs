#!/usr/bin/env node
// `npm run dist`: desktop installers. Needs what this machine lacks: Electron's binary and headers
// (downloaded from GitHub by electron-builder and node-gyp). Run it on a machine with internet,
// on each OS you ship for (node-gyp cannot cross-compile better-sqlite3 to another OS).
//
// First it builds better-sqlite3 for every architecture electron-builder will package for the
// platforms asked for (`npm run dist -- --mac`, `-- --win --arm64`; default: this OS), as
// electron-builder.yml and the same command-line flags decide, then runs electron-builder.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { ensureElectronSqlite, parseBuilderArgs, readBuilderConfig, targetsFor } from './native-sqlite.mjs';

const require = createRequire(import.meta.url);
const args = process.argv.slice(2);
try {
  const targets = targetsFor(await readBuilderConfig(), parseBuilderArgs(args));
  console.log(`mockyard dist: better-sqlite3 for ${targets.map((t) => `${t.platform}-${t.arch}`).join(', ')}`);
  await ensureElectronSqlite({ targets });
} catch (err) {
  console.error(
    `mockyard dist: ${err.message}\nPackaging needs Electron's headers and binary; run it where GitHub downloads work.`,
  );
  process.exit(1);
}
const builder = require.resolve('electron-builder/cli.js');
const result = spawnSync(process.execPath, [builder, '--config', 'electron-builder.yml', ...args], {
  stdio: 'inherit',
});
if (result.error) console.error(`mockyard dist: could not run electron-builder: ${result.error.message}`);
process.exit(result.status ?? 1);

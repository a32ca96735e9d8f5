#!/usr/bin/env node
// `npm run dist`: desktop installers. Needs what this machine lacks: Electron's binary and headers
// (downloaded from GitHub by electron-builder and node-gyp). Run it on a machine with internet,
// on each OS you ship for (node-gyp cannot cross-compile better-sqlite3 to another OS).
//
// First it builds better-sqlite3 for every architecture electron-builder will package for the
// platforms asked for (`npm run dist -- --mac`, `-- --win --arm64`; default: this OS), as
// electron-builder.yml and the same command-line flags decide, then runs electron-builder. It never
// publishes unless given --publish; `npm run dist -- --release` requires signing (see
// scripts/release-args.mjs and the README, "Signing a release").
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureElectronSqlite, parseBuilderArgs, readBuilderConfig, targetsFor } from './native-sqlite.mjs';
import { builderArgs, releaseConfig, signingProblems } from './release-args.mjs';

const require = createRequire(import.meta.url);
const { release, args } = builderArgs(process.argv.slice(2));
if (release) {
  const problems = signingProblems(parseBuilderArgs(args).platforms);
  if (problems.length) {
    console.error(
      `mockyard dist: a release build must be signed, and these inputs are missing:\n  ${problems.join('\n  ')}\nSee the README, "Signing a release". Without --release the installers are built unsigned.`,
    );
    process.exit(1);
  }
}
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
// A release's configuration: electron-builder.yml's with forced signing (paths in it stay relative
// to the project folder, electron-builder's working directory).
const work = release ? mkdtempSync(join(tmpdir(), 'mockyard-release-')) : undefined;
const configFile = work ? join(work, 'electron-builder.json') : 'electron-builder.yml';
if (work) writeFileSync(configFile, JSON.stringify(releaseConfig(await readBuilderConfig())));
const result = spawnSync(process.execPath, [builder, '--config', configFile, ...args], { stdio: 'inherit' });
if (work) rmSync(work, { recursive: true, force: true });
if (result.error) console.error(`mockyard dist: could not run electron-builder: ${result.error.message}`);
process.exit(result.status ?? 1);

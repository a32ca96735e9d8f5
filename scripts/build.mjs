// `npm run build`: four steps, in three lanes that run side by side. Each step is single-threaded
// for most of its time, and only rolldown needs another's output (it bundles what `tsc -b` emits),
// so on two cores this takes about the longest lane's time instead of the sum. Both type checks
// are incremental (tsc -b's project references, and renderer/tsconfig.json's tsBuildInfoFile in
// dist/), so a build after a small change checks only what it touched (the renderer's check: 13 s
// clean, 4 s incremental on a 2-core machine). A step whose inputs have not changed since its last
// success is skipped (scripts/build-fingerprint.mjs); `npm run build -- --force` runs every step.
//   lane 1: tsc -b (shared, engine, cli, electron, bench), then rolldown (the CLI and desktop bundles)
//   lane 2: tsc -p renderer (type check only, it emits nothing)
//   lane 3: vite (the studio UI; it strips types without checking them), then vite again for the
//           GraphiQL page a mock serves at its GraphQL path (renderer/graphiql/)
// The first failing step fails the build, with its own output; the other lanes are stopped.
import { spawn } from 'node:child_process';
import { utimesSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fingerprint, remember, upToDate } from './build-fingerprint.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// What the studio UI is built from, for its type check and for vite.
const RENDERER_INPUTS = ['renderer', 'shared/src', 'package-lock.json'];

/**
 * A step: its command, and (for a step worth skipping) its name, the files it reads and a file it
 * writes. tsc -b has no fingerprint: it keeps its own (half a second when nothing changed).
 */
const LANES = [
  [
    { command: ['tsc', '-b'] },
    {
      command: ['rolldown', '-c', 'rolldown.config.mjs'],
      name: 'bundles',
      inputs: [
        'rolldown.config.mjs',
        'package-lock.json',
        'dist/cli/src',
        'dist/engine/src',
        'dist/shared/src',
        'dist/electron/src',
      ],
      output: 'dist/cli-bundle/main.cjs',
    },
  ],
  [
    {
      command: ['tsc', '-p', 'renderer/tsconfig.json'],
      name: 'renderer-types',
      inputs: RENDERER_INPUTS,
      output: 'dist/renderer-tsc.tsbuildinfo',
    },
  ],
  [
    {
      command: ['vite', 'build', '--config', 'renderer/vite.config.ts', '--logLevel', 'warn'],
      name: 'renderer',
      inputs: RENDERER_INPUTS,
      output: 'dist/renderer/index.html',
    },
    {
      command: ['vite', 'build', '--config', 'renderer/graphiql/vite.config.ts', '--logLevel', 'warn'],
      name: 'graphiql',
      inputs: ['renderer/graphiql', 'package-lock.json'],
      output: 'dist/graphiql/index.html',
    },
  ],
];
const force = process.argv.includes('--force');

// The tools' own bins, also when this script is run without npm.
const env = { ...process.env, PATH: `${join(root, 'node_modules', '.bin')}${delimiter}${process.env.PATH ?? ''}` };
const running = new Set();
let failed = false;

function step([command, ...args]) {
  return new Promise((resolve) => {
    // A shell finds the bin's .cmd wrapper on Windows as it does under npm run.
    const child = spawn([command, ...args].join(' '), { cwd: root, env, stdio: 'inherit', shell: true });
    running.add(child);
    child.on('exit', (code, signal) => {
      running.delete(child);
      resolve(code === 0 ? 0 : (code ?? (signal ? 1 : 0)));
    });
  });
}

async function lane(steps) {
  for (const { command, name, inputs, output } of steps) {
    if (failed) return;
    const print = name ? fingerprint(root, inputs) : undefined;
    if (name && !force && upToDate(root, name, print, output)) {
      console.log(`build: ${name} unchanged, skipped`);
      // Newer than its inputs, as if it had run: bin/mockyard.cjs serves the bundle only while it is
      // newer than tsc's output, and `tsc -b --force` rewrites that output with the same bytes.
      const now = new Date();
      utimesSync(join(root, output), now, now);
      continue;
    }
    if (name) remember(root, name, undefined);
    const code = await step(command);
    if (code !== 0) {
      if (!failed) console.error(`build: \`${command.join(' ')}\` failed (exit ${code})`);
      failed = true;
      for (const child of running) child.kill();
      return;
    }
    if (name) remember(root, name, print);
  }
}

await Promise.all(LANES.map(lane));
process.exitCode = failed ? 1 : 0;

#!/usr/bin/env node
// better-sqlite3 needs one native build per runtime and per target. Node's (tests, CLI) stays in
// node_modules/better-sqlite3/build and is never touched here. Electron's goes to
// native/electron/<platform>-<arch>/better_sqlite3.node, one per architecture electron-builder
// packages (electron-builder.yml: a universal dmg needs darwin-x64 and darwin-arm64, the Windows
// installer win32-x64 and win32-arm64, Linux the host's arch); the app picks the one for its
// process.platform and process.arch (engine/src/store/database.ts, nativeBinding()).
//
// Each build runs node-gyp (through Node itself, so it works where npm is npm.cmd) in a temporary
// copy of better-sqlite3's sources, for Electron's headers and the target's --arch, and is checked
// before it is kept: its binary header must name the target's OS and CPU and it must register for
// Electron's ABI (scripts/native-arch.mjs). A stamp per target skips builds that are current.
//
//   node scripts/native-sqlite.mjs                  every arch electron-builder.yml packages for this OS
//   node scripts/native-sqlite.mjs --arch=arm64     one arch (electron-builder's flags work too: --x64, --win …)
//   node scripts/native-sqlite.mjs --dry-run        print the node-gyp command lines, build nothing
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { moduleProblems } from './native-arch.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

/** electron-builder's platform keys (its `${os}`) and the process.platform each one runs on. */
export const BUILDER_PLATFORMS = { mac: 'darwin', win: 'win32', linux: 'linux' };
const ARCHS = ['x64', 'ia32', 'armv7l', 'arm64', 'universal'];
/** electron-builder's arch names are Node's except armv7l (Node: arm). */
const nodeArch = (arch) => (arch === 'armv7l' ? 'arm' : arch);
const builderArch = (arch) => (arch === 'arm' ? 'armv7l' : arch);
const HEADERS = 'https://electronjs.org/headers';

/** Where the build for one target goes: native/electron/<process.platform>-<electron-builder arch>/. */
export function modulePath(platform, arch, root = ROOT) {
  return join(root, 'native', 'electron', `${platform}-${arch}`, 'better_sqlite3.node');
}

/** The versions a build depends on: Electron's, its ABI (what the module must register for) and better-sqlite3's. */
export function buildInputs() {
  const electron = JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')).version;
  const abi = readFileSync(require.resolve('electron/abi_version'), 'utf8').trim();
  const sqlite = JSON.parse(readFileSync(require.resolve('better-sqlite3/package.json'), 'utf8')).version;
  return { electron, abi, sqlite, source: dirname(require.resolve('better-sqlite3/package.json')) };
}

export async function readBuilderConfig(file = join(ROOT, 'electron-builder.yml')) {
  const { parse } = await import('yaml');
  return parse(readFileSync(file, 'utf8'));
}

const asArray = (v) => (v == null ? [] : Array.isArray(v) ? v : [v]);

/**
 * The platforms and archs electron-builder's command line asks for (`--mac --win --linux`, their
 * short forms, `--x64 --arm64 --universal …`, and `target:arch` after a platform flag), plus `--arch=`.
 */
export function parseBuilderArgs(argv, hostPlatform = process.platform) {
  const flags = {
    '--mac': 'darwin',
    '--macos': 'darwin',
    '-m': 'darwin',
    '-o': 'darwin',
    '--win': 'win32',
    '--windows': 'win32',
    '-w': 'win32',
    '--linux': 'linux',
    '-l': 'linux',
  };
  const platforms = [];
  const archs = [];
  let afterPlatform = false;
  for (const arg of argv) {
    if (arg in flags) {
      platforms.push(flags[arg]);
      afterPlatform = true;
    } else if (arg.startsWith('--arch=')) archs.push(...arg.slice(7).split(',').map(builderArch));
    else if (ARCHS.includes(arg.slice(2)) && arg.startsWith('--')) archs.push(arg.slice(2));
    else if (arg.startsWith('-')) afterPlatform = false;
    else if (afterPlatform && arg.includes(':')) archs.push(builderArch(arg.slice(arg.lastIndexOf(':') + 1)));
  }
  return { platforms: platforms.length ? [...new Set(platforms)] : [hostPlatform], archs: [...new Set(archs)] };
}

/**
 * The archs electron-builder packages for one platform, as its computeArchToTargetNamesMap
 * (app-builder-lib/out/targets/targetFactory.js) decides them: a target's own `arch` (or
 * `name:arch`) wins; targets without one get the command line's archs, else the host's; the
 * command line's archs are built too. 'universal' is kept here; see targetsFor.
 */
export function packagedArchs(platformConfig, cliArchs = [], hostArch = builderArch(process.arch)) {
  const defaults = cliArchs.length ? cliArchs : [hostArch];
  const result = new Set(cliArchs);
  for (const raw of asArray(platformConfig?.target)) {
    const target = typeof raw === 'string' ? { target: raw } : raw;
    let archs = target.arch;
    const suffix = target.target.lastIndexOf(':');
    if (suffix > 0 && archs == null) archs = target.target.slice(suffix + 1);
    for (const arch of archs == null ? defaults : asArray(archs)) result.add(arch);
  }
  if (result.size === 0) for (const arch of defaults) result.add(arch);
  return [...result];
}

/**
 * Every native build the packages need: [{ platform, arch }] with process.platform names and
 * electron-builder's arch names. A universal macOS app is made from an x64 and an arm64 app, so
 * it needs both builds.
 */
export function targetsFor(config, { platforms = [process.platform], archs = [], hostArch } = {}) {
  const targets = [];
  for (const platform of platforms) {
    const key = Object.keys(BUILDER_PLATFORMS).find((k) => BUILDER_PLATFORMS[k] === platform);
    if (!key) throw new Error(`electron-builder does not package for ${platform}`);
    for (const arch of packagedArchs(config[key], archs, hostArch)) {
      for (const one of arch === 'universal' ? ['x64', 'arm64'] : [arch])
        if (!targets.some((t) => t.platform === platform && t.arch === one)) targets.push({ platform, arch: one });
    }
  }
  return targets;
}

/**
 * The environment node-gyp runs in. npm passes its config to scripts as npm_config_*; a user's
 * `nodedir=/usr` (or runtime/target/arch) would make node-gyp build against Node's headers and
 * "succeed" for the wrong ABI, so those are removed (in any case: Windows' env is case-insensitive).
 */
export function buildEnv(env = process.env) {
  const drop = /^npm_config_(nodedir|runtime|target|target_arch|arch|disturl|dist_url|build_from_source)$/i;
  return Object.fromEntries(Object.entries(env).filter(([key]) => !drop.test(key)));
}

/**
 * What building each target runs, without running anything: node-gyp's JS entry under this Node,
 * in a temporary copy of better-sqlite3 (so Node's own build in node_modules is left alone).
 * @param {{ platform: string, arch: string }[]} targets
 * @param {{ root?: string, workDir?: (t: { platform: string, arch: string }) => string, inputs?: ReturnType<typeof buildInputs> }} [options]
 */
export function buildPlan(targets, { root = ROOT, workDir, inputs = buildInputs() } = {}) {
  const gyp = require.resolve('node-gyp/bin/node-gyp.js');
  return targets.map((target) => {
    const directory = workDir
      ? workDir(target)
      : join(tmpdir(), `mockyard-sqlite-${target.platform}-${target.arch}-XXXXXX`);
    const output = modulePath(target.platform, target.arch, root);
    return {
      ...target,
      output,
      stamp: join(dirname(output), 'build.json'),
      directory,
      built: join(directory, 'build', 'Release', 'better_sqlite3.node'),
      command: process.execPath,
      args: [
        gyp,
        'rebuild',
        '--release',
        `--directory=${directory}`,
        '--runtime=electron',
        `--target=${inputs.electron}`,
        `--arch=${nodeArch(target.arch)}`,
        `--dist-url=${HEADERS}`,
        '--jobs=max',
      ],
      wanted: {
        electron: inputs.electron,
        abi: inputs.abi,
        sqlite: inputs.sqlite,
        platform: target.platform,
        arch: target.arch,
      },
    };
  });
}

/** Copies what node-gyp needs from better-sqlite3 (its gyp files, C++ sources and SQLite) into dir. */
export function copySource(source, dir) {
  for (const part of ['binding.gyp', 'package.json', 'src', 'deps'])
    cpSync(join(source, part), join(dir, part), { recursive: true });
}

/** Whether a target's module is there, stamped for these versions, and still checks out. */
function isCurrent(step) {
  if (!existsSync(step.output) || !existsSync(step.stamp)) return false;
  try {
    if (JSON.stringify(JSON.parse(readFileSync(step.stamp, 'utf8'))) !== JSON.stringify(step.wanted)) return false;
  } catch {
    return false;
  }
  return moduleProblems(readFileSync(step.output), checkFor(step)).length === 0;
}

const checkFor = (step) => ({ platform: step.platform, arch: nodeArch(step.arch), abi: step.wanted.abi });

/**
 * Builds better-sqlite3 for Electron's ABI for each target (default: this machine's platform and
 * arch, which is what `npm start` needs), skipping current ones. Throws, naming the target, if a
 * build fails or its result is not for the target's OS, CPU and Electron's ABI.
 * @param {{ targets?: { platform: string, arch: string }[], root?: string, spawn?: typeof spawnSync,
 *   log?: (line: string) => void, hostPlatform?: string, inputs?: ReturnType<typeof buildInputs> }} [options]
 * @returns {Promise<{ platform: string, arch: string, output: string, built: boolean }[]>}
 */
export async function ensureElectronSqlite({
  targets = [{ platform: process.platform, arch: builderArch(process.arch) }],
  root = ROOT,
  spawn = spawnSync,
  log = console.log,
  hostPlatform = process.platform,
  inputs = buildInputs(),
} = {}) {
  const foreign = targets.filter((t) => t.platform !== hostPlatform);
  if (foreign.length)
    throw new Error(
      `better-sqlite3 for ${foreign.map((t) => `${t.platform}-${t.arch}`).join(', ')} must be built on that OS (node-gyp cannot cross-compile to another OS); package those installers there.`,
    );
  const results = [];
  const workDir = (t) => mkdtempSync(join(tmpdir(), `mockyard-sqlite-${t.platform}-${t.arch}-`));
  for (const target of targets) {
    const [step] = buildPlan([target], { root, inputs, workDir: () => 'pending' });
    if (isCurrent(step)) {
      results.push({ platform: step.platform, arch: step.arch, output: step.output, built: false });
      continue;
    }
    const [run] = buildPlan([target], { root, inputs, workDir });
    const name = `${run.platform}-${run.arch}`;
    log(
      `Building better-sqlite3 ${inputs.sqlite} for Electron ${inputs.electron} (ABI ${inputs.abi}), ${name}; this takes about a minute once.`,
    );
    try {
      copySource(inputs.source, run.directory);
      const result = spawn(run.command, run.args, { stdio: 'inherit', env: buildEnv() });
      if (result.error) throw new Error(`could not run node-gyp: ${result.error.message}`);
      if (result.status !== 0)
        throw new Error(
          `node-gyp exited with ${result.status ?? result.signal} (are Electron's headers reachable at ${HEADERS}? is a compiler for ${run.arch} installed?)`,
        );
      if (!existsSync(run.built)) throw new Error(`node-gyp succeeded but ${run.built} is missing`);
      const problems = moduleProblems(readFileSync(run.built), checkFor(run));
      if (problems.length) throw new Error(`the build is wrong: ${problems.join('; ')}`);
      mkdirSync(dirname(run.output), { recursive: true });
      cpSync(run.built, `${run.output}.tmp`);
      renameSync(`${run.output}.tmp`, run.output);
      writeFileSync(run.stamp, `${JSON.stringify(run.wanted, null, 2)}\n`);
      results.push({ platform: run.platform, arch: run.arch, output: run.output, built: true });
    } catch (err) {
      throw new Error(`Could not build better-sqlite3 for Electron ${inputs.electron}, ${name}: ${err.message}`);
    } finally {
      rmSync(run.directory, { recursive: true, force: true });
    }
  }
  return results;
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  const argv = process.argv.slice(2);
  const { platforms, archs } = parseBuilderArgs(argv);
  const targets = targetsFor(await readBuilderConfig(), { platforms, archs });
  if (argv.includes('--dry-run')) {
    for (const step of buildPlan(targets)) {
      console.log(`# ${step.platform}-${step.arch} -> ${step.output}`);
      console.log([step.command, ...step.args].map((a) => (/\s/.test(a) ? JSON.stringify(a) : a)).join(' '));
    }
  } else {
    try {
      for (const r of await ensureElectronSqlite({ targets }))
        console.log(`${r.platform}-${r.arch}: ${r.built ? 'built' : 'current'} ${r.output}`);
    } catch (err) {
      console.error(`native-sqlite: ${err.message}`);
      process.exit(1);
    }
  }
}

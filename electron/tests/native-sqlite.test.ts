// scripts/native-sqlite.mjs: which better-sqlite3 builds electron-builder.yml needs, the node-gyp
// command line for each (checked without running it), and the whole build-check-stamp cycle with
// node-gyp replaced by a fake that writes a module (a real Electron build needs Electron's
// headers, which only a machine with GitHub access can download).
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { importScript, moduleFor } from './native-fixtures.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const require = createRequire(import.meta.url);

interface Target {
  platform: string;
  arch: string;
}
interface Inputs {
  electron: string;
  abi: string;
  sqlite: string;
  source: string;
}
interface Step extends Target {
  output: string;
  stamp: string;
  directory: string;
  built: string;
  command: string;
  args: string[];
  wanted: Record<string, string>;
}
interface SpawnResult {
  status: number | null;
  signal?: string | null;
  error?: Error;
}
type Spawn = (command: string, args: string[], options: { env: Record<string, string | undefined> }) => SpawnResult;
interface NativeSqlite {
  BUILDER_PLATFORMS: Record<string, string>;
  modulePath(platform: string, arch: string, root?: string): string;
  buildInputs(): Inputs;
  readBuilderConfig(file?: string): Promise<Record<string, unknown>>;
  parseBuilderArgs(argv: string[], hostPlatform?: string): { platforms: string[]; archs: string[] };
  packagedArchs(platformConfig: unknown, cliArchs?: string[], hostArch?: string): string[];
  targetsFor(config: unknown, options?: { platforms?: string[]; archs?: string[]; hostArch?: string }): Target[];
  buildEnv(env?: Record<string, string | undefined>): Record<string, string | undefined>;
  buildPlan(targets: Target[], options?: { root?: string; inputs?: Inputs }): Step[];
  ensureElectronSqlite(options?: {
    targets?: Target[];
    root?: string;
    spawn?: Spawn;
    log?: (line: string) => void;
    hostPlatform?: string;
    inputs?: Inputs;
  }): Promise<{ platform: string; arch: string; output: string; built: boolean }[]>;
}
const native = await importScript<NativeSqlite>(root, 'native-sqlite.mjs');
const config = await native.readBuilderConfig(join(root, 'electron-builder.yml'));
const inputs = native.buildInputs();
const electronVersion = (
  JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')) as {
    version: string;
  }
).version;
const hostArch = process.arch === 'arm' ? 'armv7l' : process.arch;
const names = (targets: Target[]) => targets.map((t) => `${t.platform}-${t.arch}`).sort();

test('the builds electron-builder.yml needs: macOS universal = x64 + arm64, Windows x64 + arm64, Linux the host’s arch', () => {
  const only = (platform: string) => names(native.targetsFor(config, { platforms: [platform], hostArch: 'x64' }));
  assert.deepEqual(only('darwin'), ['darwin-arm64', 'darwin-x64']);
  assert.deepEqual(only('win32'), ['win32-arm64', 'win32-x64']);
  assert.deepEqual(only('linux'), ['linux-x64']);
  assert.deepEqual(names(native.targetsFor(config, { platforms: ['linux'], hostArch: 'arm64' })), ['linux-arm64']);
  // Without platforms: this OS, as `electron-builder` without --mac/--win/--linux.
  const key = Object.keys(native.BUILDER_PLATFORMS).find((k) => native.BUILDER_PLATFORMS[k] === process.platform);
  assert.deepEqual(
    names(native.targetsFor(config)),
    only(process.platform).map((n) => (key === 'linux' ? `linux-${hostArch}` : n)),
  );
  // A target's own arch wins over the command line's, which still adds its own (as electron-builder does).
  assert.deepEqual(names(native.targetsFor(config, { platforms: ['win32'], archs: ['ia32'] })), [
    'win32-arm64',
    'win32-ia32',
    'win32-x64',
  ]);
  assert.deepEqual(names(native.targetsFor(config, { platforms: ['linux'], archs: ['arm64'] })), ['linux-arm64']);
  assert.throws(() => native.targetsFor(config, { platforms: ['freebsd'] }), /does not package for freebsd/);
});

test('the archs agree with electron-builder’s own computeArchToTargetNamesMap for each platform (universal = x64 + arm64)', () => {
  const { computeArchToTargetNamesMap } = require('app-builder-lib/out/targets/targetFactory.js') as {
    computeArchToTargetNamesMap(
      raw: Map<number, string[]>,
      packager: { platformSpecificBuildOptions: unknown; defaultTarget: string[] },
      platform: unknown,
    ): Map<number, string[]>;
  };
  const { Platform } = require('app-builder-lib') as { Platform: Record<string, unknown> };
  const { Arch, archFromString } = require('builder-util') as {
    Arch: Record<number, string>;
    archFromString(name: string): number;
  };
  const platforms: [string, string][] = [
    ['mac', 'MAC'],
    ['win', 'WINDOWS'],
    ['linux', 'LINUX'],
  ];
  for (const cli of [[], ['x64'], ['arm64']]) {
    for (const [key, platformName] of platforms) {
      const raw = new Map(cli.map((a) => [archFromString(a), [] as string[]]));
      const theirs = computeArchToTargetNamesMap(
        raw,
        { platformSpecificBuildOptions: config[key], defaultTarget: ['zip'] },
        Platform[platformName],
      );
      // On a macOS or Windows host electron-builder defaults Linux to x64 (targetFactory); our
      // Linux builds run on Linux, where it uses the host's arch like everywhere else.
      const expanded = [...theirs.keys()].flatMap((a) => (Arch[a] === 'universal' ? ['x64', 'arm64'] : [Arch[a]]));
      const platform = native.BUILDER_PLATFORMS[key] as string;
      const ours = native.targetsFor(config, { platforms: [platform], archs: cli });
      if (key === 'linux' && process.platform !== 'linux' && cli.length === 0) continue;
      assert.deepEqual(
        ours.map((t) => t.arch).sort(),
        [...new Set(expanded)].sort(),
        `${key} with ${cli.join(' ') || 'no'} arch flags`,
      );
    }
  }
});

test('electron-builder’s command-line flags choose platforms and archs as electron-builder reads them', () => {
  assert.deepEqual(native.parseBuilderArgs([], 'linux'), { platforms: ['linux'], archs: [] });
  assert.deepEqual(native.parseBuilderArgs(['--mac', '-w', '--publish', 'never'], 'linux'), {
    platforms: ['darwin', 'win32'],
    archs: [],
  });
  assert.deepEqual(native.parseBuilderArgs(['--win', '--arm64', '--x64'], 'linux').archs, ['arm64', 'x64']);
  assert.deepEqual(native.parseBuilderArgs(['--linux', 'deb:arm64'], 'darwin'), {
    platforms: ['linux'],
    archs: ['arm64'],
  });
  assert.deepEqual(native.parseBuilderArgs(['--arch=arm'], 'linux').archs, ['armv7l']);
  assert.deepEqual(native.parseBuilderArgs(['--arch=x64,arm64'], 'win32'), {
    platforms: ['win32'],
    archs: ['x64', 'arm64'],
  });
  // A `name:value` that does not follow a platform flag is not a target.
  assert.deepEqual(native.parseBuilderArgs(['-c.extraMetadata.a=b:c'], 'linux').archs, []);
});

test('dry run: per target, node-gyp under this Node with --arch, --runtime=electron, Electron’s version, in a temp copy outside node_modules', () => {
  const targets = native.targetsFor(config, { platforms: ['darwin', 'win32', 'linux'], hostArch: 'x64' });
  const plan = native.buildPlan([...targets, { platform: 'linux', arch: 'armv7l' }]);
  assert.equal(plan.length, 6);
  const gypEntry = require.resolve('node-gyp/bin/node-gyp.js');
  for (const step of plan) {
    const where = `${step.platform}-${step.arch}`;
    assert.equal(step.command, process.execPath, `${where}: node-gyp runs under this Node, not through npm or a shell`);
    assert.equal(step.args[0], gypEntry);
    assert.ok(!plan.some((s) => /(^|[\\/])npm(\.cmd)?$/.test(s.command)));
    assert.equal(step.args[1], 'rebuild');
    assert.ok(step.args.includes('--runtime=electron'), where);
    assert.ok(step.args.includes(`--target=${electronVersion}`), where);
    assert.ok(step.args.includes('--dist-url=https://electronjs.org/headers'), where);
    assert.ok(!step.args.some((a) => a.startsWith('--nodedir')), `${where}: never Node's headers`);
    const nodeArch = step.arch === 'armv7l' ? 'arm' : step.arch;
    assert.deepEqual(
      step.args.filter((a) => a.startsWith('--arch=')),
      [`--arch=${nodeArch}`],
    );
    const directory = step.args.find((a) => a.startsWith('--directory='))?.slice('--directory='.length) ?? '';
    assert.equal(directory, step.directory);
    assert.ok(relative(root, directory).startsWith('..'), `${where}: builds outside the repository (${directory})`);
    assert.ok(!directory.split(sep).includes('node_modules'), `${where}: not in node_modules`);
    assert.ok(step.built.startsWith(directory));
    assert.equal(
      relative(root, step.output).split(sep).join('/'),
      `native/electron/${step.platform}-${step.arch}/better_sqlite3.node`,
    );
    assert.equal(step.output, native.modulePath(step.platform, step.arch));
    assert.equal(dirname(step.stamp), dirname(step.output), 'one stamp per target');
  }
  assert.equal(new Set(plan.map((s) => s.output)).size, plan.length, 'each target has its own output');
});

test('node-gyp’s environment drops npm’s nodedir (and runtime/target/arch) in any case, and keeps the rest', () => {
  const env = native.buildEnv({
    PATH: '/usr/bin',
    npm_config_nodedir: '/usr',
    NPM_CONFIG_NODEDIR: '/usr',
    npm_config_runtime: 'node',
    npm_config_target: '20.0.0',
    npm_config_arch: 'x64',
    npm_config_cache: '/tmp/cache',
  });
  assert.deepEqual(env, { PATH: '/usr/bin', npm_config_cache: '/tmp/cache' });
});

const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** A stand-in for node-gyp: records its calls and writes what the given function returns as the build. */
function fakeGyp(write: (target: Target) => Buffer | undefined, status = 0) {
  const calls: { command: string; args: string[]; env: Record<string, string | undefined>; source: string[] }[] = [];
  const spawn: Spawn = (command, args, options) => {
    const directory = args.find((a) => a.startsWith('--directory='))?.slice('--directory='.length) ?? '';
    const arch = args.find((a) => a.startsWith('--arch='))?.slice('--arch='.length) ?? '';
    calls.push({ command, args, env: options.env, source: readdirSync(directory).sort() });
    const bytes = write({ platform: process.platform, arch });
    if (bytes) {
      mkdirSync(join(directory, 'build/Release'), { recursive: true });
      writeFileSync(join(directory, 'build/Release/better_sqlite3.node'), bytes);
    }
    return { status };
  };
  return { calls, spawn };
}

test('builds each target in a temp copy, checks it, stamps it, skips it when current, and never touches Node’s build', async () => {
  const out = mkdtempSync(join(tmpdir(), 'mockyard-native-test-'));
  const nodeBuild = join(root, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node');
  const before = sha(nodeBuild);
  const before_tmp = new Set(readdirSync(tmpdir()).filter((n) => n.startsWith('mockyard-sqlite-')));
  const saved = process.env.npm_config_nodedir;
  process.env.npm_config_nodedir = '/usr';
  try {
    const targets = [
      { platform: process.platform, arch: 'x64' },
      { platform: process.platform, arch: 'arm64' },
    ];
    const gyp = fakeGyp((t) => moduleFor(t.platform, t.arch, inputs.abi));
    const lines: string[] = [];
    const first = await native.ensureElectronSqlite({
      targets,
      root: out,
      spawn: gyp.spawn,
      log: (l) => lines.push(l),
    });
    assert.deepEqual(
      first.map((r) => [r.arch, r.built]),
      [
        ['x64', true],
        ['arm64', true],
      ],
    );
    assert.equal(gyp.calls.length, 2);
    for (const call of gyp.calls) {
      assert.equal(call.command, process.execPath, 'node-gyp runs under this Node, never npm');
      assert.ok(call.args.includes('--runtime=electron') && call.args.includes(`--target=${electronVersion}`));
      assert.equal(call.env.npm_config_nodedir, undefined, 'npm’s nodedir does not reach node-gyp');
      assert.deepEqual(call.source, ['binding.gyp', 'deps', 'package.json', 'src'], 'a copy of the sources');
    }
    assert.match(
      lines.join('\n'),
      new RegExp(`for Electron ${electronVersion} \\(ABI ${inputs.abi}\\), ${process.platform}-x64`),
    );
    for (const arch of ['x64', 'arm64']) {
      const output = native.modulePath(process.platform, arch, out);
      assert.deepEqual(readFileSync(output), moduleFor(process.platform, arch, inputs.abi));
      const stamp = JSON.parse(readFileSync(join(dirname(output), 'build.json'), 'utf8')) as Record<string, string>;
      assert.deepEqual(stamp, {
        electron: electronVersion,
        abi: inputs.abi,
        sqlite: inputs.sqlite,
        platform: process.platform,
        arch,
      });
    }
    const leftover = readdirSync(tmpdir()).filter((n) => n.startsWith('mockyard-sqlite-') && !before_tmp.has(n));
    assert.deepEqual(leftover, [], 'the temporary copies are removed');

    // Current: nothing runs.
    const again = fakeGyp(() => undefined, 1);
    const second = await native.ensureElectronSqlite({ targets, root: out, spawn: again.spawn, log: () => {} });
    assert.equal(again.calls.length, 0);
    assert.deepEqual(
      second.map((r) => r.built),
      [false, false],
    );

    // Another Electron (its stamp no longer matches) or a module that no longer checks out: rebuilt.
    const armStamp = join(out, `native/electron/${process.platform}-arm64/build.json`);
    writeFileSync(armStamp, JSON.stringify({ electron: '44.0.0' }));
    writeFileSync(native.modulePath(process.platform, 'x64', out), moduleFor(process.platform, 'arm64', inputs.abi));
    const rebuild = fakeGyp((t) => moduleFor(t.platform, t.arch, inputs.abi));
    await native.ensureElectronSqlite({ targets, root: out, spawn: rebuild.spawn, log: () => {} });
    assert.deepEqual(
      rebuild.calls.map((c) => c.args.find((a) => a.startsWith('--arch='))),
      ['--arch=x64', '--arch=arm64'],
    );
  } finally {
    if (saved === undefined) delete process.env.npm_config_nodedir;
    else process.env.npm_config_nodedir = saved;
    rmSync(out, { recursive: true, force: true });
  }
  assert.equal(sha(nodeBuild), before, 'Node’s own build in node_modules is unchanged');
});

test('fails loudly, keeping nothing, when node-gyp fails or builds for the wrong ABI, CPU or OS', async () => {
  const out = mkdtempSync(join(tmpdir(), 'mockyard-native-test-'));
  const target = { platform: process.platform, arch: 'arm64' };
  const output = native.modulePath(target.platform, target.arch, out);
  const run = (write: (t: Target) => Buffer | undefined, status = 0) =>
    native.ensureElectronSqlite({ targets: [target], root: out, spawn: fakeGyp(write, status).spawn, log: () => {} });
  try {
    await assert.rejects(
      run(() => undefined, 1),
      /arm64: node-gyp exited with 1/,
    );
    await assert.rejects(
      run(() => undefined),
      /node-gyp succeeded but .* is missing/,
    );
    // What ~/.npmrc's nodedir=/usr used to cause: a "successful" build for Node's ABI.
    await assert.rejects(
      run((t) => moduleFor(t.platform, t.arch, process.versions.modules)),
      new RegExp(`registers for Node ABI ${process.versions.modules}, not ${inputs.abi}`),
    );
    await assert.rejects(
      run((t) => moduleFor(t.platform, 'x64', inputs.abi)),
      /it is built for x64, not arm64/,
    );
    const otherOs = process.platform === 'win32' ? 'linux' : 'win32';
    await assert.rejects(
      run((t) => moduleFor(otherOs, t.arch, inputs.abi)),
      /not one for/,
    );
    assert.equal(existsSync(output), false, 'no failed build is kept');
    const failed = (): Spawn => () => ({ status: null, error: new Error('spawn ENOENT') });
    await assert.rejects(
      native.ensureElectronSqlite({ targets: [target], root: out, spawn: failed(), log: () => {} }),
      /could not run node-gyp: spawn ENOENT/,
    );
    // Another OS's build cannot be made here: refused before anything runs.
    const gyp = fakeGyp(() => undefined);
    await assert.rejects(
      native.ensureElectronSqlite({
        targets: [{ platform: 'win32', arch: 'arm64' }],
        root: out,
        spawn: gyp.spawn,
        hostPlatform: 'linux',
      }),
      /win32-arm64 must be built on that OS/,
    );
    assert.equal(gyp.calls.length, 0);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test('no npm is spawned anywhere in the native build or dist scripts (npm is npm.cmd on Windows)', () => {
  for (const script of ['native-sqlite.mjs', 'dist.mjs']) {
    const source = readFileSync(join(root, 'scripts', script), 'utf8');
    assert.doesNotMatch(source, /spawn(Sync)?\(\s*['"`]npm/, script);
    assert.doesNotMatch(source, /shell:\s*true/, script);
  }
});

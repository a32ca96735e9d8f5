// electron-builder.yml per target: which better-sqlite3 build each packaged arch carries (computed
// with electron-builder's own file matchers and macro expander), the universal dmg's merge rule,
// and the file associations as electron-builder turns them into a desktop entry and MIME globs.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, extname, join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { minimatch } from 'minimatch';
import { parse } from 'yaml';
import { importScript } from './native-fixtures.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const require = createRequire(import.meta.url);

interface FileAssociation {
  ext: string | string[];
  name?: string;
  mimeType?: string;
  rank?: string;
  role?: string;
}
interface PlatformConfig {
  files?: string[];
  fileAssociations?: FileAssociation[];
  mimeTypes?: string[];
  executableArgs?: string[];
  x64ArchFiles?: string;
  [key: string]: unknown;
}
type BuilderConfig = {
  files: string[];
  asarUnpack: string[];
  fileAssociations: FileAssociation[];
  mac: PlatformConfig;
  win: PlatformConfig;
  linux: PlatformConfig;
  deb: PlatformConfig;
  AppImage?: PlatformConfig;
  [key: string]: unknown;
};
const readConfig = () => parse(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as BuilderConfig;
const config = readConfig();

interface Target {
  platform: string;
  arch: string;
}
const native = await importScript<{
  BUILDER_PLATFORMS: Record<string, string>;
  targetsFor(config: unknown, options?: { platforms?: string[]; hostArch?: string }): Target[];
}>(root, 'native-sqlite.mjs');

type Filter = (file: string, stat: { isDirectory(): boolean }) => boolean;
interface Matcher {
  patterns: string[];
  createFilter(): Filter;
}
const { getFileMatchers, getNodeModuleFileMatcher } = require('app-builder-lib/out/fileMatcher.js') as {
  getFileMatchers(
    config: unknown,
    name: string,
    destination: string,
    options: {
      macroExpander: (p: string) => string;
      customBuildOptions: unknown;
      globalOutDir: string;
      defaultSrc: string;
    },
  ): Matcher[] | null;
  getNodeModuleFileMatcher(
    appDir: string,
    destination: string,
    macroExpander: (p: string) => string,
    platformOptions: unknown,
    packager: unknown,
  ): Matcher;
};
const { expandMacro } = require('app-builder-lib/out/util/macroExpander.js') as {
  expandMacro(pattern: string, arch: string | null, appInfo: unknown, extra?: Record<string, string>): string;
};

const KEYS: Record<string, 'mac' | 'win' | 'linux'> = { darwin: 'mac', win32: 'win', linux: 'linux' };
const FILE = { isDirectory: () => false };
const DIR = { isDirectory: () => true };
const ALL_MODULES = ['darwin', 'win32', 'linux'].flatMap((p) =>
  ['x64', 'arm64', 'ia32', 'armv7l'].map((a) => `native/electron/${p}-${a}/better_sqlite3.node`),
);

/** electron-builder's macro expansion for one packed arch, as platformPackager.createGetFileMatchersOptions sets it up. */
function expander(key: string, arch: string): (p: string) => string {
  const appInfo = { productName: 'Mockyard', sanitizedProductName: 'Mockyard', version: '0.1.0' };
  return (p) => expandMacro(p, arch, appInfo, { os: key, '/*': '{,/**/*}' });
}

/** The app files electron-builder copies for one platform and packed arch: its own `files` matching. */
function packagedFor(platform: string, arch: string): (path: string) => boolean {
  const key = KEYS[platform] as string;
  const matchers = getFileMatchers(config, 'files', '/app', {
    macroExpander: expander(key, arch),
    customBuildOptions: config[key],
    globalOutDir: join(root, 'release'),
    defaultSrc: root,
  });
  assert.ok(matchers && matchers.length === 1, 'plain patterns only (one matcher)');
  const filter = (matchers[0] as Matcher).createFilter();
  return (path) => filter(join(root, path), FILE);
}

/** The archs electron-builder packs a platform's app for: a universal app is packed as x64, then arm64. */
const packedArchs = (platform: string) =>
  [...new Set(native.targetsFor(config, { platforms: [platform], hostArch: 'x64' }).map((t) => t.arch))].sort();

test('each packed app carries the better-sqlite3 build for its own platform and arch, and no other', () => {
  const expected: Record<string, Record<string, string[]>> = {
    // Both halves of the universal app carry both builds (see x64ArchFiles below).
    darwin: {
      x64: ['native/electron/darwin-arm64/better_sqlite3.node', 'native/electron/darwin-x64/better_sqlite3.node'],
      arm64: ['native/electron/darwin-arm64/better_sqlite3.node', 'native/electron/darwin-x64/better_sqlite3.node'],
    },
    win32: {
      x64: ['native/electron/win32-x64/better_sqlite3.node'],
      arm64: ['native/electron/win32-arm64/better_sqlite3.node'],
    },
    linux: { x64: ['native/electron/linux-x64/better_sqlite3.node'] },
  };
  for (const platform of ['darwin', 'win32', 'linux']) {
    assert.deepEqual(packedArchs(platform), Object.keys(expected[platform] ?? {}).sort(), platform);
    for (const arch of packedArchs(platform)) {
      const packaged = packagedFor(platform, arch);
      assert.deepEqual(ALL_MODULES.filter(packaged).sort(), expected[platform]?.[arch], `${platform} ${arch}`);
      assert.ok(packaged(`native/electron/${platform}-${arch}/better_sqlite3.node`), 'its own arch’s build');
      assert.ok(packaged('package.json') && packaged('dist/renderer/index.html'));
      assert.ok(!packaged('native/electron/linux-x64/build.json'), 'not the stamps');
    }
  }
  // Linux on an arm64 build machine: ${arch} follows.
  assert.deepEqual(ALL_MODULES.filter(packagedFor('linux', 'arm64')), [
    'native/electron/linux-arm64/better_sqlite3.node',
  ]);
});

test('every build native-sqlite.mjs makes is packaged by the platform it is for, and every packaged build is one it makes', () => {
  const builds = native.targetsFor(config, { platforms: ['darwin', 'win32', 'linux'], hostArch: 'x64' });
  const made = new Set(builds.map((t) => `native/electron/${t.platform}-${t.arch}/better_sqlite3.node`));
  const packaged = new Set<string>();
  for (const platform of ['darwin', 'win32', 'linux'])
    for (const arch of packedArchs(platform))
      for (const m of ALL_MODULES.filter(packagedFor(platform, arch))) packaged.add(m);
  assert.deepEqual([...packaged].sort(), [...made].sort());
  for (const module of made)
    assert.ok(
      config.asarUnpack.some((p) => minimatch(module, p, { matchBase: !p.includes('/') })),
      `${module} is unpacked from the asar`,
    );
});

test('the universal dmg: both builds in both halves are allowed by x64ArchFiles, as @electron/universal matches it', () => {
  const pattern = config.mac.x64ArchFiles ?? '';
  for (const arch of ['x64', 'arm64']) {
    const inApp = `Contents/Resources/app.asar.unpacked/native/electron/darwin-${arch}/better_sqlite3.node`;
    // @electron/universal: minimatch(machOFile.relativePath, opts.x64ArchFiles, { matchBase: true })
    assert.ok(minimatch(inApp, pattern, { matchBase: true }), inApp);
  }
  assert.ok(
    !minimatch('Contents/Frameworks/Electron Framework.framework/Electron Framework', pattern, { matchBase: true }),
  );
  assert.ok(
    !minimatch(
      'Contents/Resources/app.asar.unpacked/node_modules/better-sqlite3/build/Release/better_sqlite3.node',
      pattern,
      {
        matchBase: true,
      },
    ),
  );
});

test('better-sqlite3’s own (Node) build and sources are not packaged; its JavaScript is', () => {
  for (const platform of ['darwin', 'win32', 'linux']) {
    const key = KEYS[platform] as string;
    for (const arch of packedArchs(platform)) {
      const matcher = getNodeModuleFileMatcher(root, '/app', expander(key, arch), config[key], {
        config,
        debugLogger: { isEnabled: false },
      });
      const filter = matcher.createFilter();
      const at = (p: string, stat = FILE) => filter(join(root, 'node_modules/better-sqlite3', p), stat);
      assert.ok(!at('build/Release/better_sqlite3.node'), `${platform} ${arch}: Node's build`);
      assert.ok(!at('build/Release/test_extension.node'));
      assert.ok(!at('build', DIR) && !at('deps', DIR) && !at('src', DIR));
      assert.ok(!at('deps/sqlite3/sqlite3.c') && !at('binding.gyp'));
      assert.ok(at('lib/index.js') && at('lib/database.js') && at('package.json'), 'the package itself is');
    }
  }
});

test('file associations: a single-dot `.mockyard` everywhere; YAML as Open With on macOS (rank Alternate), not on Windows', () => {
  const all = (key: 'mac' | 'win' | 'linux') => [...config.fileAssociations, ...(config[key].fileAssociations ?? [])];
  const exts = (list: FileAssociation[]) => list.flatMap((a) => (Array.isArray(a.ext) ? a.ext : [a.ext]));
  for (const key of ['mac', 'win', 'linux'] as const) {
    assert.ok(exts(all(key)).includes('mockyard'), key);
    // Windows and macOS look only at the last extension; AppImage skips an ext with a dot.
    for (const ext of exts(all(key))) assert.match(ext, /^[a-zA-Z0-9_-]+$/, `${key}: ${ext}`);
  }
  assert.equal(extname('orders-api.mockyard'), '.mockyard');
  const mockyard = config.fileAssociations.find((a) => a.ext === 'mockyard');
  assert.equal(mockyard?.role, 'Editor');
  const yaml = (config.mac.fileAssociations ?? []).filter((a) => exts([a]).some((e) => e === 'yaml' || e === 'yml'));
  assert.deepEqual(exts(yaml).sort(), ['yaml', 'yml']);
  for (const a of yaml) assert.equal(a.rank, 'Alternate', 'Open With only, never the default YAML app');
  assert.ok(!exts(all('win')).some((e) => /^ya?ml$/.test(e)), 'Windows would make Mockyard every YAML file’s default');
});

interface DesktopHelper {
  computeDesktopEntry(options: unknown, exec?: string, extra?: Record<string, string>): Promise<string>;
  computeMimeTypeFiles(): Promise<string | null>;
}

/** electron-builder's Linux desktop entry and MIME file (LinuxTargetHelper) for one target. */
async function linuxEntry(target: 'deb' | 'AppImage'): Promise<{ entry: string; mime: string }> {
  const fresh = readConfig(); // electron-builder pushes into linux.mimeTypes; keep each run separate
  const { LinuxTargetHelper, buildExecArgs } = require('app-builder-lib/out/targets/LinuxTargetHelper.js') as {
    LinuxTargetHelper: new (packager: unknown) => DesktopHelper;
    buildExecArgs(args: string[]): string;
  };
  const work = mkdtempSync(join(tmpdir(), 'mockyard-desktop-entry-'));
  const helper = new LinuxTargetHelper({
    appInfo: { productName: 'Mockyard', sanitizedProductName: 'Mockyard', description: 'Mock-API studio' },
    executableName: 'mockyard',
    info: { metadata: { desktopName: 'mockyard.desktop' } },
    config: fresh,
    platformSpecificBuildOptions: fresh.linux,
    fileAssociations: [...fresh.fileAssociations, ...(fresh.linux.fileAssociations ?? [])],
    getTempFile: async (suffix: string) => join(work, `mime${suffix}`),
  });
  // electron-builder's key for the AppImage target's own options is `appImage` (AppImageTarget: super("appImage")).
  const options = {
    ...fresh.linux,
    ...(fresh[target === 'AppImage' ? 'appImage' : 'deb'] as PlatformConfig | undefined),
  };
  // AppImageTarget's own Exec (app-builder-lib/out/targets/appimage/AppImageTarget.js).
  const exec =
    target === 'AppImage'
      ? ['AppRun', buildExecArgs(options.executableArgs ?? ['--no-sandbox']), '%U'].filter(Boolean).join(' ')
      : undefined;
  try {
    const entry = await helper.computeDesktopEntry(options, exec, {});
    const mimeFile = await helper.computeMimeTypeFiles();
    return { entry, mime: mimeFile ? readFileSync(mimeFile, 'utf8') : '' };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

test('Linux: the desktop entry offers Mockyard for .mockyard and YAML files; the deb passes paths (%F)', async () => {
  const deb = await linuxEntry('deb');
  const mimeTypes = /^MimeType=(.*)$/m.exec(deb.entry)?.[1]?.split(';').filter(Boolean) ?? [];
  for (const type of ['application/x-mockyard+yaml', 'application/yaml', 'application/x-yaml', 'text/yaml'])
    assert.ok(mimeTypes.includes(type), `${type} in ${mimeTypes.join(';')}`);
  assert.match(deb.mime, /<mime-type type="application\/x-mockyard\+yaml">\s*<glob pattern="\*\.mockyard"\/>/);
  const exec = /^Exec=(.*)$/m.exec(deb.entry)?.[1] ?? '';
  assert.match(exec, / %F$/);
  assert.doesNotMatch(exec, /%[uU]/, 'one field code only');
  // The AppImage's Exec always ends in %U (electron-builder appends it), so the app gets file:// URIs there;
  // and it keeps Chromium's sandbox on (electron-builder's default would add --no-sandbox).
  const appImage = await linuxEntry('AppImage');
  assert.match(/^Exec=(.*)$/m.exec(appImage.entry)?.[1] ?? '', /^AppRun %U$/);
});

test('inside Electron, the database loads the better-sqlite3 build for its own platform and arch', () => {
  // A copy of the built engine as a package of its own (a real native/ may hold an Electron
  // build), with Node's build as the "Electron" one so that it loads here.
  const pkg = mkdtempSync(join(tmpdir(), 'mockyard-binding-'));
  try {
    for (const part of ['dist/engine', 'dist/shared']) cpSync(join(root, part), join(pkg, part), { recursive: true });
    writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: 'mockyard', type: 'module' }));
    symlinkSync(join(root, 'node_modules'), join(pkg, 'node_modules'), 'junction');
    const nodeBuild = join(root, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node');
    const arch = process.arch === 'arm' ? 'armv7l' : process.arch;
    const other = arch === 'arm64' ? 'x64' : 'arm64';
    const probe = `
      Object.defineProperty(process.versions, 'electron', { value: '45.0.0' });
      const { openDatabase } = await import(${JSON.stringify(join(pkg, 'dist/engine/src/store/sqlite/database.js'))});
      openDatabase(':memory:').close();
      const { createRequire } = await import('node:module');
      const cache = createRequire(import.meta.url).cache;
      console.log(JSON.stringify(Object.keys(cache).filter((k) => k.endsWith('.node'))));`;
    const loaded = () => {
      const env = { ...process.env };
      delete env.MOCKYARD_SQLITE_BINDING;
      const r = spawnSync(process.execPath, ['--input-type=module', '-e', probe], { env, encoding: 'utf8' });
      assert.equal(r.status, 0, r.stderr);
      return JSON.parse(r.stdout) as string[];
    };
    // Only another arch's build: not taken (the package's own build is).
    mkdirSync(join(pkg, `native/electron/${process.platform}-${other}`), { recursive: true });
    cpSync(nodeBuild, join(pkg, `native/electron/${process.platform}-${other}/better_sqlite3.node`));
    assert.deepEqual(loaded(), [realpathSync(nodeBuild)]);
    // Its own: taken.
    mkdirSync(join(pkg, `native/electron/${process.platform}-${arch}`), { recursive: true });
    cpSync(nodeBuild, join(pkg, `native/electron/${process.platform}-${arch}/better_sqlite3.node`));
    assert.deepEqual(loaded(), [
      realpathSync(join(pkg, `native/electron/${process.platform}-${arch}/better_sqlite3.node`)),
    ]);
  } finally {
    rmSync(pkg, { recursive: true, force: true });
  }
});

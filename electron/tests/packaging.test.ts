import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { minimatch } from 'minimatch';
import { parse } from 'yaml';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const require = createRequire(import.meta.url);
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  main: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const builderConfig = parse(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as {
  files: string[];
  asarUnpack: string[];
  [key: string]: unknown;
};

test('electron-builder.yml passes electron-builder’s own schema check (app-builder-lib/scheme.json)', async () => {
  const { validateConfiguration } = require('app-builder-lib/out/util/config/config.js') as {
    validateConfiguration(c: unknown, l: unknown): Promise<void>;
  };
  const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };
  await validateConfiguration(builderConfig, new DebugLogger(false));
  await assert.rejects(
    validateConfiguration({ ...builderConfig, linux: { targett: 'deb' } }, new DebugLogger(false)),
    /does not match the API schema/,
  );
  assert.equal(builderConfig.appId, 'dev.mockyard.studio');
  assert.equal(builderConfig.productName, 'Mockyard');
});

test('the icons it names exist, generated from one SVG: a 512 px PNG, an .icns and an .ico', () => {
  const png = readFileSync(join(root, 'assets/icon-512.png'));
  assert.equal(png.subarray(1, 4).toString(), 'PNG');
  assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [512, 512]);
  assert.equal(readFileSync(join(root, 'assets/icon.icns')).subarray(0, 4).toString(), 'icns');
  const ico = readFileSync(join(root, 'assets/icon.ico'));
  assert.deepEqual([ico.readUInt16LE(0), ico.readUInt16LE(2)], [0, 1]);
  assert.ok(ico.readUInt16LE(4) >= 4, 'several sizes in the .ico');
  assert.ok(existsSync(join(root, 'assets/icon.svg')));
  assert.ok(existsSync(join(root, 'scripts/make-icons.mjs')));
});

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]|\brequire\(\s*['"]([^'"]+)['"]\s*\)/gm;

/** Every file the main process loads, following relative imports; and the packages it needs. */
function moduleGraph(entries: string[]): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [...entries];
  while (queue.length) {
    const file = queue.pop() as string;
    if (files.has(file)) continue;
    assert.ok(existsSync(file), `${relative(root, file)} is imported but missing`);
    files.add(file);
    // Comments (JSDoc examples in bundled libraries) are not imports, and neither is code held as
    // text: ajv (bundled for OpenAPI import) keeps `require("ajv/dist/runtime/...")` in template
    // literals for its standalone code generation, which the app never uses.
    const code = readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '')
      .replace(/`require\(\s*['"][^'"]+['"]\s*\)/g, '`');
    for (const match of code.matchAll(IMPORT)) {
      const spec = match[1] ?? match[2] ?? match[3] ?? match[4];
      if (!spec || spec.startsWith('node:')) continue;
      if (spec.startsWith('.')) queue.push(resolve(dirname(file), spec));
      else packages.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] as string));
    }
  }
  return { files, packages };
}

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === '.git' || name === 'release') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else out.push(relative(root, path).split(sep).join('/'));
  }
  return out;
}

/** electron-builder's `files` semantics: patterns in order, `!` excludes. */
function packaged(path: string): boolean {
  let included = false;
  for (const pattern of builderConfig.files) {
    if (pattern.startsWith('!')) {
      if (minimatch(path, pattern.slice(1), { dot: true, matchBase: !pattern.includes('/') })) included = false;
    } else if (minimatch(path, pattern, { dot: true })) included = true;
  }
  return included;
}

test('the packaged files are exactly what the app loads at run time, and its packages are production dependencies', () => {
  const main = join(root, manifest.main);
  const preload = join(root, 'dist/electron-preload/preload.cjs');
  assert.ok(existsSync(main), `package.json main (${manifest.main}) is built`);
  const { files, packages } = moduleGraph([main, preload]);
  const needed = new Set([...files].map((f) => relative(root, f).split(sep).join('/')));
  for (const file of walk(join(root, 'dist/renderer'))) needed.add(file);
  needed.add('package.json');
  needed.add('examples/blog.yaml');
  // The per-arch SQLite builds come from each platform's own `files` (packaging-targets.test.ts).

  const included = walk(root).filter(packaged);
  const missing = [...needed].filter((f) => !included.includes(f));
  const extra = included.filter((f) => !needed.has(f));
  assert.deepEqual(missing, [], 'every file the app loads is packaged');
  assert.deepEqual(extra, [], 'nothing else is packaged (no sources, tests, maps or dev files)');
  assert.ok(!included.some((f) => f.includes('/tests/') || f.endsWith('.ts') || f.endsWith('.map')));

  packages.delete('electron');
  const notProduction = [...packages].filter((p) => !(p in manifest.dependencies));
  assert.deepEqual(notProduction, [], 'the main process only needs production dependencies (and electron itself)');
  assert.deepEqual(Object.keys(manifest.dependencies), ['better-sqlite3'], 'everything else is bundled');
  assert.ok(
    builderConfig.asarUnpack.some((p) => minimatch('native/electron/linux-x64/better_sqlite3.node', p)),
    'the native modules are unpacked from the asar',
  );
});

test('the main process entry resolves: package.json main, its preload and the renderer it loads', () => {
  const mainSource = readFileSync(join(root, manifest.main), 'utf8');
  assert.match(mainSource, /preload\.cjs/);
  assert.match(mainSource, /loadURL/);
  assert.ok(existsSync(join(root, 'dist/renderer/index.html')));
  assert.equal(require.resolve('electron', { paths: [root] }).startsWith(join(root, 'node_modules')), true);
  const electronVersion = (
    JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')) as { version: string }
  ).version;
  assert.match(electronVersion, /^45\./, 'Electron 45 is pinned');
});

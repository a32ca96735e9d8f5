// What a shipped build is hardened with, read from electron-builder.yml and scripts/: Electron's
// fuses, no implicit publishing, forced signing for a release, and every package the scripts load
// declared in package.json.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { importScript } from './native-fixtures.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const require = createRequire(import.meta.url);
const config = parse(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as Record<string, unknown>;

interface ReleaseArgs {
  builderArgs(args: string[]): { release: boolean; args: string[] };
  releaseConfig(config: Record<string, unknown>): Record<string, unknown>;
  signingProblems(platforms: string[], env: Record<string, string | undefined>): string[];
}
const release = () => importScript<ReleaseArgs>(root, 'release-args.mjs');

async function validate(value: unknown): Promise<void> {
  const { validateConfiguration } = require('app-builder-lib/out/util/config/config.js') as {
    validateConfiguration(c: unknown, l: unknown): Promise<void>;
  };
  const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };
  await validateConfiguration(value, new DebugLogger(false));
}

test('Electron fuses: no run-as-node, NODE_OPTIONS or --inspect; the app only from an integrity-checked asar; cookies encrypted', () => {
  // The keys electron-builder 26 knows (its schema's FuseOptionsV1), so none is silently ignored.
  const scheme = JSON.parse(readFileSync(require.resolve('app-builder-lib/scheme.json'), 'utf8')) as {
    definitions: { FuseOptionsV1: { properties: Record<string, unknown> } };
  };
  const known = Object.keys(scheme.definitions.FuseOptionsV1.properties);
  const fuses = config.electronFuses as Record<string, boolean>;
  for (const key of Object.keys(fuses)) assert.ok(known.includes(key), `${key} is an electron-builder 26 fuse`);
  assert.deepEqual(
    {
      runAsNode: fuses.runAsNode,
      enableNodeOptionsEnvironmentVariable: fuses.enableNodeOptionsEnvironmentVariable,
      enableNodeCliInspectArguments: fuses.enableNodeCliInspectArguments,
      onlyLoadAppFromAsar: fuses.onlyLoadAppFromAsar,
      enableEmbeddedAsarIntegrityValidation: fuses.enableEmbeddedAsarIntegrityValidation,
      enableCookieEncryption: fuses.enableCookieEncryption,
      grantFileProtocolExtraPrivileges: fuses.grantFileProtocolExtraPrivileges,
    },
    {
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
      enableCookieEncryption: true,
      grantFileProtocolExtraPrivileges: false,
    },
  );
  // The app must not need what the fuses take away: nothing forks a Node child of Electron.
  for (const dir of ['electron/src', 'engine/src', 'shared/src'])
    for (const file of readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' }).filter((f) =>
      f.endsWith('.ts'),
    ))
      assert.doesNotMatch(readFileSync(join(root, dir, file), 'utf8'), /ELECTRON_RUN_AS_NODE|\bfork\(/, file);
});

test('nothing is published unless asked: publish is off in the config and dist passes --publish never', async () => {
  assert.ok('publish' in config && config.publish === null, 'electron-builder.yml: publish: null');
  const { builderArgs } = await release();
  assert.deepEqual(builderArgs(['--linux']), { release: false, args: ['--linux', '--publish', 'never'] });
  assert.deepEqual(builderArgs(['--mac', '--publish', 'always']).args, ['--mac', '--publish', 'always']);
  assert.deepEqual(builderArgs(['--release', '--win']), { release: true, args: ['--win', '--publish', 'never'] });
  const dist = readFileSync(join(root, 'scripts/dist.mjs'), 'utf8');
  assert.match(dist, /builderArgs\(process\.argv\.slice\(2\)\)/);
});

test('a release build forces signing, and names each missing signing or notarization input first', async () => {
  const { releaseConfig, signingProblems } = await release();
  const forced = releaseConfig(config);
  assert.equal(forced.forceCodeSigning, true);
  assert.equal(config.forceCodeSigning, undefined, 'development builds stay unsigned');
  await validate(forced);

  assert.deepEqual(signingProblems(['darwin'], {}), [
    'darwin: a Developer ID Application certificate is missing (set CSC_LINK + CSC_KEY_PASSWORD, or CSC_NAME)',
    'darwin: notarization credentials is missing (set APPLE_API_KEY + APPLE_API_KEY_ID + APPLE_API_ISSUER, or APPLE_ID + APPLE_APP_SPECIFIC_PASSWORD + APPLE_TEAM_ID, or APPLE_KEYCHAIN + APPLE_KEYCHAIN_PROFILE)',
  ]);
  const mac = {
    CSC_LINK: 'cert.p12',
    CSC_KEY_PASSWORD: 'x',
    APPLE_ID: 'a@b.c',
    APPLE_APP_SPECIFIC_PASSWORD: 'p',
    APPLE_TEAM_ID: 'T',
  };
  assert.deepEqual(signingProblems(['darwin'], mac), []);
  // One of three notarization inputs is not enough.
  assert.equal(signingProblems(['darwin'], { ...mac, APPLE_TEAM_ID: undefined }).length, 1);
  assert.deepEqual(signingProblems(['win32'], {}), [
    'win32: a code-signing certificate is missing (set WIN_CSC_LINK + WIN_CSC_KEY_PASSWORD, or CSC_LINK + CSC_KEY_PASSWORD)',
  ]);
  assert.deepEqual(signingProblems(['win32'], { WIN_CSC_LINK: 'c.pfx', WIN_CSC_KEY_PASSWORD: 'x' }), []);
  assert.deepEqual(signingProblems(['linux'], {}), []);
});

test('every package the scripts import or resolve is declared in package.json', () => {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  const declared = new Set([...Object.keys(manifest.dependencies), ...Object.keys(manifest.devDependencies)]);
  const used = new Map<string, string>();
  for (const file of readdirSync(join(root, 'scripts')).filter((f) => f.endsWith('.mjs'))) {
    const code = readFileSync(join(root, 'scripts', file), 'utf8');
    const specs = /(?:from\s*|import\(\s*|require(?:\.resolve)?\(\s*)['"]([^'"./][^'"]*)['"]/g;
    for (const [, spec = ''] of code.matchAll(specs)) {
      if (spec.startsWith('node:')) continue;
      const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] ?? spec);
      used.set(name, file);
    }
  }
  assert.ok(used.has('node-gyp'), 'native-sqlite.mjs resolves node-gyp');
  const undeclared = [...used].filter(([name]) => !declared.has(name)).map(([name, file]) => `${name} (${file})`);
  assert.deepEqual(undeclared, []);
});

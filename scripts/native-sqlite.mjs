// better-sqlite3 needs one native build per runtime: Node's (tests, CLI) stays in
// node_modules/better-sqlite3/build; Electron's goes to native/electron/ and the app selects it
// with better-sqlite3's `nativeBinding` option. Building Electron's needs Electron's headers.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
export const ELECTRON_BINDING = join(root, 'native/electron/better_sqlite3.node');
const stamp = join(root, 'native/electron/build.json');

/** Builds better-sqlite3 for Electron's ABI into native/electron/, unless that build is current. */
export async function ensureElectronSqlite() {
  const electron = JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')).version;
  const abi = readFileSync(require.resolve('electron/abi_version'), 'utf8').trim();
  const sqlite = JSON.parse(readFileSync(require.resolve('better-sqlite3/package.json'), 'utf8')).version;
  const wanted = { electron, abi, sqlite };
  if (
    existsSync(ELECTRON_BINDING) &&
    existsSync(stamp) &&
    JSON.stringify(JSON.parse(readFileSync(stamp, 'utf8'))) === JSON.stringify(wanted)
  )
    return;
  const source = dirname(require.resolve('better-sqlite3/package.json'));
  const build = join(root, 'native/electron/build');
  console.log(
    `Building better-sqlite3 ${sqlite} for Electron ${electron} (ABI ${abi}); this takes about a minute once.`,
  );
  // node-gyp reads npm's nodedir setting from the environment; it must not point at Node's headers here.
  const env = {
    ...process.env,
    npm_config_nodedir: '',
    npm_config_runtime: 'electron',
    npm_config_target: electron,
    npm_config_disturl: 'https://electronjs.org/headers',
  };
  const gyp = require.resolve('node-gyp/bin/node-gyp.js');
  const result = spawnSync(
    process.execPath,
    [
      gyp,
      'rebuild',
      '--release',
      `--target=${electron}`,
      '--runtime=electron',
      '--dist-url=https://electronjs.org/headers',
      `--directory=${source}`,
      `--build-dir=${build}`,
    ],
    { stdio: 'inherit', env },
  );
  const built = join(source, 'build/Release/better_sqlite3.node');
  if (result.status !== 0 || !existsSync(built))
    throw new Error('Could not build better-sqlite3 for Electron (are Electron headers reachable?).');
  // A build can "succeed" for the wrong runtime (npm's nodedir pointing at Node's headers): check
  // the ABI the binary registers for before trusting it.
  if (!readFileSync(built).includes(`node_register_module_v${abi}`)) {
    spawnSync('npm', ['rebuild', 'better-sqlite3'], { cwd: root, stdio: 'inherit' });
    throw new Error(
      `The better-sqlite3 build is not for Electron's ABI ${abi}; check that npm's nodedir does not point at Node's headers.`,
    );
  }
  mkdirSync(dirname(ELECTRON_BINDING), { recursive: true });
  copyFileSync(built, ELECTRON_BINDING);
  writeFileSync(stamp, JSON.stringify(wanted));
  // Put Node's build back so tests and the CLI keep working.
  spawnSync('npm', ['rebuild', 'better-sqlite3'], { cwd: root, stdio: 'inherit' });
}

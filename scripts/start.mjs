#!/usr/bin/env node
// `npm start`: the desktop app on the sample workspace when Electron's binary is installed;
// otherwise (downloads blocked, CI, a server) the same UI as the browser studio.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

/** Electron's executable if it is installed. Reads what `require('electron')` reads, without its download attempt. */
function electronBinary() {
  try {
    const dir = dirname(require.resolve('electron/package.json'));
    const pathFile = join(dir, 'path.txt');
    if (!existsSync(pathFile)) return undefined;
    const binary = join(process.env.ELECTRON_OVERRIDE_DIST_PATH ?? join(dir, 'dist'), readFileSync(pathFile, 'utf8'));
    return existsSync(binary) ? binary : undefined;
  } catch {
    return undefined;
  }
}

function run(command, args) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
  child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 0)));
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
}

if (!existsSync(join(root, 'dist/cli/src/main.js')) || !existsSync(join(root, 'dist/renderer/index.html'))) {
  console.error('Mockyard is not built yet: run `npm install` (or `npm run build`) first.');
  process.exit(1);
}

const electron = electronBinary();
if (electron) {
  const { ensureElectronSqlite } = await import('./native-sqlite.mjs');
  await ensureElectronSqlite();
  run(electron, [root, ...process.argv.slice(2)]);
} else {
  const { ensureSampleWorkspace } = await import('../dist/engine/src/studio-entry.js');
  const config = process.argv[2] ?? ensureSampleWorkspace();
  console.log(
    "Electron's binary is not installed here (get it with `npx install-electron` where its download is allowed), so Mockyard opens the browser studio instead.",
  );
  run(process.execPath, [join(root, 'bin/mockyard.cjs'), 'studio', config]);
}

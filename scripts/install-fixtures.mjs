// Root `postinstall`: installs the test fixture packages that pin their own dependencies
// (test-fixtures/ra-graphql: react-admin's GraphQL data provider with graphql 15 and
// @apollo/client 3, kept apart from the root's graphql 16). Does nothing where the fixtures are not
// shipped (an installed mockyard package) or are already installed from their lock.
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
for (const name of ['ra-graphql']) {
  const dir = join(root, 'test-fixtures', name);
  const lock = join(dir, 'package-lock.json');
  if (!existsSync(lock)) continue;
  const installed = join(dir, 'node_modules', '.package-lock.json');
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(lock).mtimeMs) continue;
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  execFileSync(npm, ['ci', '--prefix', dir, '--ignore-scripts', '--no-audit', '--no-fund'], {
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
}

// `npm test`'s last step: every compiled test file under dist/, three at a time, the longest first.
// Node's runner starts files in the order it is given them, and a glob gives them alphabetically, so
// the fuzz and fault files (25-30 s each, mostly CPU) started last and ran on alone at the end, and
// the browser tests (which mostly wait) ran together. Started first, the long files overlap with
// everything else: on two cores the test phase went from about 116 s to about 100 s.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..');
const dist = join(root, 'dist');

/** Every `*.test.js` below dist/, with its path relative to the root. */
function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.js') ? [relative(root, path)] : [];
  });
}

/** Lower starts sooner: fuzz and fault files, then the browser (end-to-end) files, then the rest. */
const rank = (file) => (/(fuzz|faults)\.test\.js$/.test(file) ? 0 : /-e2e\.test\.js$/.test(file) ? 1 : 2);

const files = testFiles(dist).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
if (files.length === 0) {
  console.error('No test files under dist/: run npm run build first.');
  process.exit(1);
}
const child = spawn(process.execPath, ['--test', '--test-concurrency=3', ...files], { cwd: root, stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

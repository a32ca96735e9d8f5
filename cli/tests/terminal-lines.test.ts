/**
 * `mockyard serve`'s request lines on a terminal (a real pty, made by util-linux's `script`) and in a
 * pipe: a terminal gets at most TERMINAL_LINES_PER_SECOND lines a second and a count of the rest; a
 * pipe gets every line.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { TERMINAL_LINES_PER_SECOND } from '../src/line-budget.js';
import { CLI, eventually, runCli } from './process.js';

const CONFIG = `endpoints:
  - path: /health
    method: GET
    response:
      inline: { status: ok }
`;
const REQUESTS = 1000;
/** Every tenth request asks for a path that is not there (404). */
const pathOf = (i: number): string => (i % 10 === 9 ? '/nowhere' : '/health');

const hasScript = spawnSync('script', ['--version']).status === 0;

/** Kept-alive connections: a client cheap enough to outrun 200 requests a second on a busy machine. */
const agent = new Agent({ keepAlive: true, maxSockets: 20 });
after(() => agent.destroy());

const get = (url: string): Promise<void> =>
  new Promise((resolve, reject) => {
    httpGet(url, { agent }, (res) => {
      res.resume();
      res.on('end', resolve);
    }).on('error', reject);
  });

/** `count` GETs, 20 at a time. */
async function burst(url: string, count: number): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let i = next++; i < count; i = next++) await get(url + pathOf(i));
  };
  await Promise.all(Array.from({ length: 20 }, worker));
}

/** 900 200s and 100 404s per burst of `REQUESTS`. */
const expected = (bursts: number) =>
  new Map([
    ['200', bursts * (REQUESTS - REQUESTS / 10)],
    ['404', (bursts * REQUESTS) / 10],
  ]);

const REQUEST_LINE = /^(\d\d:\d\d:\d\d)\.\d{3} GET (\/\S*) (\d{3}) /;
const SUMMARY_LINE = /^(\d\d:\d\d:\d\d) +… ([\d,]+) more requests?: (.*)$/;

/** Requests by status, from lines and summaries, and the lines shown per second. */
function tally(output: string): { statuses: Map<string, number>; perSecond: Map<string, number>; summaries: number } {
  const statuses = new Map<string, number>();
  const perSecond = new Map<string, number>();
  let summaries = 0;
  const add = (status: string, n: number) => statuses.set(status, (statuses.get(status) ?? 0) + n);
  for (const line of output.split(/\r?\n/)) {
    const request = REQUEST_LINE.exec(line);
    if (request) {
      add(request[3] as string, 1);
      perSecond.set(request[1] as string, (perSecond.get(request[1] as string) ?? 0) + 1);
    }
    const summary = SUMMARY_LINE.exec(line);
    if (summary) {
      summaries++;
      let sum = 0;
      for (const part of (summary[3] as string).split(', ')) {
        const [status, n] = part.split(' ×') as [string, string];
        add(status, Number(n.replace(/,/g, '')));
        sum += Number(n.replace(/,/g, ''));
      }
      assert.equal(sum, Number((summary[2] as string).replace(/,/g, '')), `the statuses add up: ${line}`);
    }
  }
  return { statuses, perSecond, summaries };
}

const total = (statuses: Map<string, number>): number => [...statuses.values()].reduce((a, b) => a + b, 0);

test('on a terminal, each second shows its first lines and one count of the rest, by status', {
  skip: hasScript ? false : 'util-linux script (for a pty) is not installed',
  timeout: 120_000,
}, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mockyard-tty-'));
  writeFileSync(join(dir, 'api.yaml'), CONFIG);
  const command = [process.execPath, CLI, 'serve', 'api.yaml', '--port', '0', '--db', ':memory:', '--no-color'];
  // `script` runs the CLI on a new pty and copies what it prints to its stdout.
  const child = spawn('script', ['-qfec', command.map((a) => `'${a}'`).join(' '), '/dev/null'], {
    cwd: dir,
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, NO_COLOR: '1', MOCKYARD_HOME: dir },
    detached: true,
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  try {
    await eventually(() => /http:\/\/127\.0\.0\.1:\d+/.test(out), 15_000, 'the URL');
    const url = (/http:\/\/127\.0\.0\.1:\d+/.exec(out) as RegExpExecArray)[0];
    // Bursts until one second had more than its budget: a burst takes under a second here, but a
    // machine busy with other tests (Chromium's among them) may spread one over several.
    let bursts = 0;
    while (bursts < 10 && tally(out).summaries === 0) {
      await burst(url, REQUESTS);
      bursts++;
      // The last second's count comes when that second ends.
      const sent = bursts * REQUESTS;
      await eventually(() => total(tally(out).statuses) === sent, 5000, `${sent} requests shown or counted`);
    }
    const { statuses, perSecond, summaries } = tally(out);
    assert.deepEqual(statuses, expected(bursts), 'every request is shown or counted, once');
    assert.ok(summaries >= 1, `more than ${TERMINAL_LINES_PER_SECOND} requests in a second get a count`);
    for (const [second, n] of perSecond) assert.ok(n <= TERMINAL_LINES_PER_SECOND, `${n} lines in ${second}`);
    assert.equal(out.match(/a terminal gets at most 200 request lines a second/g)?.length, 1, 'said once');
  } finally {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
});

test('into a pipe, every request gets its line', { timeout: 60_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mockyard-pipe-'));
  writeFileSync(join(dir, 'api.yaml'), CONFIG);
  const serving = runCli(['serve', 'api.yaml', '--port', '0', '--db', ':memory:'], dir);
  try {
    const url = (await serving.waitFor(/http:\/\/127\.0\.0\.1:\d+/))[0];
    await burst(url, REQUESTS);
    await eventually(() => total(tally(serving.stdout()).statuses) === REQUESTS, 5000, `${REQUESTS} lines`);
    const { statuses, summaries } = tally(serving.stdout());
    assert.deepEqual(statuses, expected(1));
    assert.equal(summaries, 0);
  } finally {
    await serving.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

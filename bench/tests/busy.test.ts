import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { test } from 'node:test';
import { busyList } from '../src/busy.js';

/**
 * A child process named by its own title, so the report can be told apart from any other node.
 * `ready` settles once the child has run its code up to the line it prints: Node's start-up costs
 * CPU of its own, and on a loaded machine (the UI tests run beside this one) it can take seconds,
 * so no fixed wait is long enough.
 */
function child(title: string, code: string) {
  const proc = spawn(process.execPath, [`--title=${title}`, '-e', `process.stdout.write('ready\\n'); ${code}`], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const ready = once(proc.stdout, 'data').then(() => undefined);
  return { proc, ready, stop: () => proc.kill('SIGKILL') };
}

test('names a process that is computing now, and not one that only sleeps', { timeout: 20_000 }, async () => {
  const spinner = child('by-spinner', 'for (;;) {}');
  const sleeper = child('by-sleeper', 'setTimeout(() => {}, 60_000)');
  try {
    await Promise.all([spinner.ready, sleeper.ready]);
    // The sleeper's last start-up work (its write, loading the timer) ends just after its line.
    await new Promise((resolve) => setTimeout(resolve, 200));
    // By pid, from the whole list: on a loaded machine five other processes can outrank the spinner.
    const busy = await busyList(new Set([process.pid]), 700);
    const spinning = busy.find((b) => b.pid === spinner.proc.pid);
    assert.equal(spinning?.comm, 'by-spinner', JSON.stringify(busy));
    assert.ok(!busy.some((b) => b.pid === sleeper.proc.pid), JSON.stringify(busy));
  } finally {
    spinner.stop();
    sleeper.stop();
  }
});

test('leaves out the processes it is told are its own', { timeout: 20_000 }, async () => {
  const spinner = child('by-own', 'for (;;) {}');
  try {
    await spinner.ready;
    const busy = await busyList(new Set([process.pid, spinner.proc.pid as number]), 500);
    assert.ok(!busy.some((b) => b.pid === spinner.proc.pid), JSON.stringify(busy));
  } finally {
    spinner.stop();
  }
});

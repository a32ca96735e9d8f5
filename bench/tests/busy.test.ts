import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { test } from 'node:test';
import { busyProcesses } from '../src/busy.js';

/** A child process named by its own title, so the report can be told apart from any other node. */
function child(title: string, code: string) {
  const proc = spawn(process.execPath, [`--title=${title}`, '-e', code], { stdio: 'ignore' });
  return { proc, stop: () => proc.kill('SIGKILL') };
}

test('names a process that is computing now, and not one that only sleeps', { timeout: 20_000 }, async () => {
  const spinner = child('by-spinner', 'for (;;) {}');
  const sleeper = child('by-sleeper', 'setTimeout(() => {}, 60_000)');
  try {
    // Past the start-up of both, which costs CPU of its own.
    await new Promise((resolve) => setTimeout(resolve, 600));
    const report = await busyProcesses(new Set([process.pid]), 700);
    assert.match(report, /\d+ % by-spinner/);
    assert.doesNotMatch(report, /by-sleeper/);
  } finally {
    spinner.stop();
    sleeper.stop();
  }
});

test('leaves out the processes it is told are its own', { timeout: 20_000 }, async () => {
  const spinner = child('by-own', 'for (;;) {}');
  try {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const report = await busyProcesses(new Set([process.pid, spinner.proc.pid as number]), 500);
    assert.doesNotMatch(report, /by-own/);
  } finally {
    spinner.stop();
  }
});

import { once } from 'node:events';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from './process.js';

/** engine/tests/fixtures/openapi/, from dist/cli/tests/. */
export const FIXTURES = resolve(dirname(fileURLToPath(import.meta.url)), '../../../engine/tests/fixtures/openapi');

/** Runs the real CLI to its end. */
export async function runToEnd(
  args: string[],
  cwd?: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const run = runCli(args, cwd);
  if (run.child.exitCode === null && run.child.signalCode === null) await once(run.child, 'exit');
  // Let the pipes drain.
  await new Promise((r) => setTimeout(r, 20));
  return { code: run.child.exitCode, stdout: run.stdout(), stderr: run.stderr() };
}

/** Starts `mockyard serve CONFIG --port 0` and returns its base URL and the process. */
export async function serveConfig(config: string, extra: string[] = [], cwd?: string) {
  const run = runCli(['serve', config, '--port', '0', ...extra], cwd);
  try {
    const [url] = await run.waitFor(/http:\/\/127\.0\.0\.1:\d+/, 20_000);
    return { url: url as string, run };
  } catch (err) {
    await run.stop();
    throw err;
  }
}

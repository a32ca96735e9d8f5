/**
 * Stoplight Prism's validating proxy as an independent judge of the exported description: it sits
 * between a client and the mock and reports every request or answer that the description does not
 * allow (`sl-violations` header; with `--errors` a violating answer becomes a 500 problem+json).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { packageRoot } from '../src/package-root.js';

export interface Violation {
  location: string[];
  severity: string;
  code?: string;
  message: string;
}

export interface PrismProxy {
  url: string;
  close(): Promise<void>;
}

/** A port free on 127.0.0.1 right now (Prism takes a port number, not 0). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * Starts `prism proxy <description> <upstream> --errors` on 127.0.0.1 and waits until it listens (at
 * most `ms`). `errors: false` leaves out `--errors`: Prism then passes on requests the description
 * does not allow (with `--errors` it answers them 422 itself) and reports violations in `sl-violations` only.
 */
export async function startPrism(
  description: unknown,
  upstream: string,
  dir: string,
  ms = 60_000,
  errors = true,
): Promise<PrismProxy> {
  const file = join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(description));
  const port = await freePort();
  const bin = join(packageRoot(), 'node_modules', '@stoplight', 'prism-cli', 'dist', 'index.js');
  const child: ChildProcess = spawn(
    process.execPath,
    [bin, 'proxy', file, upstream, ...(errors ? ['--errors'] : []), '-h', '127.0.0.1', '-p', String(port)],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`prism did not start in ${ms} ms:\n${output}`)), ms);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      if (output.includes('Prism is listening')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`prism exited (${code}):\n${output}`));
    });
  });
  child.stdout?.resume();
  child.stderr?.resume();
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The violations Prism reports about an answer it passed on (or turned into a 500). */
export async function violationsOf(response: Response): Promise<Violation[]> {
  const header = response.headers.get('sl-violations');
  if (header) return JSON.parse(header) as Violation[];
  if (response.headers.get('content-type')?.includes('problem+json')) {
    const text = await response.clone().text();
    // A HEAD answer has no body to say what was wrong.
    if (text === '')
      return [
        {
          location: ['response'],
          severity: 'Error',
          message: `Prism answered ${response.status} problem+json, without a body`,
        },
      ];
    const body = JSON.parse(text) as { type?: string; validation?: Violation[] };
    if (body.type?.endsWith('#VIOLATIONS')) return body.validation ?? [];
  }
  return [];
}

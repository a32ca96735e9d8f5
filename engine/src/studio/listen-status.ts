import { createServer } from 'node:net';
import { ListenError } from '../engine.js';

const isFree = (port: number, host: string): Promise<boolean> =>
  new Promise((resolve) => {
    const probe = createServer()
      .once('error', () => resolve(false))
      .listen(port, host, () => probe.close(() => resolve(true)));
  });

/** The next free port after `port`, for "Port 3000 is in use — choose another" with one click. */
export async function nextFreePort(port: number, host = '127.0.0.1'): Promise<number | undefined> {
  for (let candidate = port + 1; candidate < Math.min(port + 50, 65536); candidate++) {
    if (await isFree(candidate, host)) return candidate;
  }
  return undefined;
}

/** What the status bar says when listening failed: "Port 3000 is in use — choose another", with a free port to offer. */
export async function describeListenError(
  err: unknown,
): Promise<{ message: string; suggestedPort: number | undefined }> {
  const port = err instanceof ListenError ? err.port : undefined;
  const inUse = err instanceof ListenError && err.code === 'EADDRINUSE';
  return {
    message: inUse ? `Port ${port} is in use — choose another` : err instanceof Error ? err.message : String(err),
    suggestedPort: inUse && port !== undefined ? await nextFreePort(port) : undefined,
  };
}

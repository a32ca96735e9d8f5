/**
 * Node built-ins that a server needs only for some configs or requests, loaded on first use
 * (process.getBuiltinModule) instead of by an import at startup. node:crypto is 17 of Node's internal
 * modules and node:worker_threads 4 more; neither is in Node's startup snapshot, and loading them
 * was about 5 ms of `mockyard serve`'s ~220 ms to a first answer on the bench machine (median of 25
 * fresh starts each, spawn to the first 200 from /health). The admin token, uuid keys and uuid
 * templates, and the SQLite checkpointer's thread come here.
 */
import type * as Crypto from 'node:crypto';

let crypto: typeof Crypto | undefined;
const cryptoModule = (): typeof Crypto => (crypto ??= process.getBuiltinModule('node:crypto'));

/** A version-4 UUID from the system's secure generator. */
export const randomUUID = (): string => cryptoModule().randomUUID();

/** `bytes` secure random bytes as hex (a token). */
export const randomHex = (bytes: number): string => cryptoModule().randomBytes(bytes).toString('hex');

/** Whether two buffers of the same length are equal, in time that does not depend on where they differ. */
export const constantTimeEqual = (a: Buffer, b: Buffer): boolean => cryptoModule().timingSafeEqual(a, b);

/** node:worker_threads. */
export const workerThreads = (): typeof import('node:worker_threads') =>
  process.getBuiltinModule('node:worker_threads');

/** node:module's createRequire. */
export const createRequire = (url: string | URL): NodeJS.Require =>
  process.getBuiltinModule('node:module').createRequire(url);

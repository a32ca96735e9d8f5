import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StudioHandlers } from '../../shared/src/studio-contract.js';
import { createStudioHandlers } from '../src/studio/handlers.js';
import { StudioSession, type StudioSessionOptions } from '../src/studio/session.js';
import { tempDir } from './helpers.js';

export interface OpenedSession {
  session: StudioSession;
  handlers: StudioHandlers;
  dir: string;
  configPath: string;
  close(): Promise<void>;
}

/**
 * A studio session on `config` in a temp dir (mock on a free port, no file watch) with the contract's
 * handlers over it; `close()` stops it and removes the dir. A session that fails to open is cleaned up.
 */
export async function openSession(
  config: string,
  options: Partial<StudioSessionOptions> = {},
  prefix = 'mockyard-studio-',
): Promise<OpenedSession> {
  const { dir, cleanup } = tempDir(prefix);
  const configPath = join(dir, 'mockyard.yaml');
  writeFileSync(configPath, config);
  const session = new StudioSession({ configPath, port: 0, watch: false, ...options });
  try {
    await session.open();
  } catch (err) {
    await session.close().catch(() => undefined);
    cleanup();
    throw err;
  }
  return {
    session,
    handlers: createStudioHandlers(session),
    dir,
    configPath,
    close: async () => {
      await session.close();
      cleanup();
    },
  };
}

/** `mockyard serve db.json` as a real process on a fresh copy of a database, for the json-server tests. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Running, runCli } from './process.js';

export interface Server {
  url: string;
  dir: string;
  stop(): Promise<void>;
}

/** `mockyard serve db.json --port 0 …` on a fresh copy of `db` in a temp folder (its SQLite beside it). */
export async function serveDb(
  db: Record<string, unknown>,
  args: string[] = [],
  files: Record<string, unknown> = {},
): Promise<Server> {
  const dir = mkdtempSync(join(tmpdir(), 'mockyard-json-server-'));
  writeFileSync(join(dir, 'db.json'), JSON.stringify(db));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), JSON.stringify(content));
  const cli: Running = runCli(['serve', 'db.json', '--port', '0', '--quiet', ...args], dir);
  const [, url] = await cli.waitFor(/(http:\/\/127\.0\.0\.1:\d+)/);
  return {
    url: url as string,
    dir,
    stop: async () => {
      await cli.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

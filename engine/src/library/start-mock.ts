/**
 * `startMock`: a Mockyard mock inside a test suite. Each call makes its own engine (its own
 * database, by default in memory, and its own port, by default any free one), so mocks in one
 * process share nothing.
 * @example const mock = await startMock({ config: 'api.yaml', db: ':memory:' }); await fetch(`${mock.url}/users`);
 */
import { AssertionError } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { isPostgresUrl } from '../../../shared/src/database-url.js';
import { Engine } from '../engine.js';
import { journal } from '../journal/journal.js';
import { verifyJournal } from '../journal/verify.js';
import type { Mock, MockOptions } from './types.js';

/** Memory for the journal's bodies per mock (each body up to 64 KiB, the newest kept first). */
export const LIBRARY_LOG_BYTES = 2 * 1024 * 1024;

/** A config given as text rather than a path: it has a line break, is a JSON object, or is no file and reads `key: value`. */
const looksLikeText = (config: string): boolean =>
  config.includes('\n') || /^\s*[{[]/.test(config) || (!existsSync(config) && /:\s/.test(config));

/** The config's text and its path (undefined for a text or an object). */
function configOf(config: MockOptions['config']): { text: string; path: string | undefined } {
  if (typeof config !== 'string') return { text: JSON.stringify(config), path: undefined };
  if (looksLikeText(config)) return { text: config, path: undefined };
  const path = resolve(config);
  return { text: readFileSync(path, 'utf8'), path };
}

/** Starts a mock from a config; rejects with every config problem (file:line:column message) when it has errors. */
export async function startMock(options: MockOptions): Promise<Mock> {
  const { text, path } = configOf(options.config);
  const db = options.db;
  const engine = new Engine({
    ...(path ? { configPath: path } : {}),
    port: options.port ?? 0,
    host: options.host ?? '127.0.0.1',
    ...(db !== undefined ? { database: db === ':memory:' || isPostgresUrl(db) ? db : resolve(db) } : {}),
    ...(options.schema !== undefined ? { schema: options.schema } : {}),
    ...(options.admin ? { admin: true } : {}),
    journal: true,
    // 2 MiB of bodies instead of the server's 16: a mock per test file in one process would otherwise
    // hold 16 MiB each until a GC, and the GCs that memory brings were most of a start's CPU time.
    log: { arenaBytes: LIBRARY_LOG_BYTES },
  });
  const applied = await engine.apply(text);
  if (!applied.ok) {
    await engine.stop();
    const where = path ?? 'config';
    const lines = applied.problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${where}:${p.range.start.line}:${p.range.start.column} ${p.message}`);
    throw new Error(`Mockyard could not start: the config has errors.\n${lines.join('\n')}`);
  }
  const address = await engine.start();
  const url = `http://${address.host.includes(':') ? `[${address.host}]` : address.host}:${address.port}`;
  const entries = () => engine.log.entries();
  return {
    url,
    port: address.port,
    adminToken: options.admin ? engine.adminToken : undefined,
    requests: async (filter) => journal(entries(), filter),
    verify: async (expectation) => {
      const result = verifyJournal(journal(entries()), expectation);
      if (!result.ok) throw new AssertionError({ message: result.message, operator: 'verify' });
    },
    reset: async () => {
      await engine.reset();
      engine.log.clear();
    },
    scenario: async (name) => {
      const states = await engine.scenarios();
      if (!Object.hasOwn(states, name)) throw new Error(`No scenario '${name}' in the config.`);
      return states[name] as string;
    },
    setScenario: async (name, state) => {
      await engine.setScenario(name, state);
    },
    callbacksSettled: () => engine.callbacksSettled(),
    stop: () => engine.stop(),
  };
}

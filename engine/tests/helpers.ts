import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Engine, type EngineOptions } from '../src/engine.js';

export interface Served {
  engine: Engine;
  /** Base URL, e.g. http://127.0.0.1:49152 */
  url: string;
  dir: string;
  configPath: string;
  /** fetch relative to the server, e.g. call('/users', { method: 'POST', body: ... }) */
  call(path: string, init?: RequestInit): Promise<Response>;
  /** POST/PATCH/PUT helper sending JSON */
  send(method: string, path: string, body: unknown): Promise<Response>;
  close(): Promise<void>;
}

/** A fresh temp dir, removed by the returned cleanup. */
export function tempDir(prefix = 'mockyard-test-'): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The store the HTTP suites run on: SQLite by default; a PostgreSQL URL when a `*-on-postgres`
 * test file runs the same suite there (one suite, two stores).
 */
export const postgresUnderTest = (): string | undefined => process.env.MOCKYARD_TEST_STORE_URL;

/** For `test(name, { skip: sqliteOnly() })`: tests that look inside the SQLite file itself. */
export const sqliteOnly = (): string | false =>
  postgresUnderTest() ? 'reads the SQLite file itself (the PostgreSQL run covers the HTTP behaviour)' : false;

let schemas = 0;

/**
 * Writes `yaml` to mockyard.yaml in a fresh temp dir, applies it and serves it on 127.0.0.1,
 * port 0, with its SQLite file beside the config (or, under postgresUnderTest(), in a PostgreSQL
 * schema of its own). Throws with the problems if the config is invalid.
 */
export async function serve(yaml: string, options: EngineOptions = {}): Promise<Served> {
  const { dir, cleanup } = tempDir();
  const configPath = join(dir, 'mockyard.yaml');
  writeFileSync(configPath, yaml);
  const postgres = postgresUnderTest();
  const store = postgres ? { database: postgres, schema: `t${process.pid}_${++schemas}` } : {};
  const engine = new Engine({ configPath, port: 0, host: '127.0.0.1', ...store, ...options });
  const result = await engine.apply(yaml);
  if (!result.ok) {
    cleanup();
    throw new Error(
      `config invalid:\n${result.problems.map((p) => `${p.range.start.line}:${p.range.start.column} ${p.message}`).join('\n')}`,
    );
  }
  const { url } = await engine.start();
  const call = (path: string, init?: RequestInit): Promise<Response> => fetch(`${url}${path}`, init);
  return {
    engine,
    url,
    dir,
    configPath,
    call,
    send: (method, path, body) =>
      call(path, {
        method,
        headers: { 'content-type': 'application/json' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    close: async () => {
      await engine.stop();
      cleanup();
    },
  };
}

/** Indents a YAML block so tests can write configs as template literals. */
export const yaml = (strings: TemplateStringsArray, ...values: unknown[]): string => {
  const text = strings.reduce((acc, s, i) => acc + s + (i < values.length ? String(values[i]) : ''), '');
  const lines = text.replace(/^\n/, '').split('\n');
  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => /^ */.exec(l)?.[0].length ?? 0));
  return lines.map((l) => l.slice(indent)).join('\n');
};

export const USERS_CONFIG = yaml`
  schemas:
    User:
      properties:
        id: integer
        name: { type: string, required: true }
        email: { type: string, unique: true }
        age: integer
        score: number
        active: boolean
        born: datetime
        meta: json
  endpoints:
    - resource: User
    - path: /health
      method: GET
      response:
        inline: { status: ok }
`;

import { sqliteOf } from '../src/store/sqlite/sqlite-of.js';
import type { JsonServerMode } from '../src/index.js';
import assert from 'node:assert/strict';
import { yaml, type Served } from './helpers.js';

/**
 * A blog: users as a resource, posts looked up by slug (with DELETE answering the deleted record),
 * posts nested under their author, notes keyed by a UUID, accounts keyed by a natural `guid`,
 * and static endpoints.
 */
export const BLOG_CONFIG = yaml`
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
    Post:
      properties:
        id: integer
        slug: { type: string, required: true, unique: true }
        title: string
        authorId: integer
        views: { type: integer, default: 0 }
    Note:
      properties:
        id: string
        text: string
    Account:
      properties:
        guid: { type: string, unique: true }
        name: string
  endpoints:
    - resource: User
    - resource: Note
    - path: /posts
      method: GET
      response: { schema: Post, type: array }
    - path: /posts/:slug
      method: GET
      response: { schema: Post }
    - path: /posts
      method: POST
      response: { schema: Post }
    - path: /posts/:slug
      method: PATCH
      response: { schema: Post }
    - path: /posts/:slug
      method: DELETE
      status: 200
      response: { schema: Post }
    - path: /users/:authorId/posts
      method: GET
      response: { schema: Post, type: array }
    - path: /users/:authorId/posts
      method: POST
      response: { schema: Post }
    - path: /accounts/:guid
      method: GET
      response: { schema: Account }
    - path: /accounts
      method: POST
      response: { schema: Account }
    - path: /health
      method: GET
      response:
        inline: { status: ok }
    - path: /about
      method: POST
      status: 202
      response:
        inline: { name: Mockyard, tags: [mock, "ünïcode ✓"], nested: { n: 1.5, none: null, yes: true } }
`;

/** The open SQLite database behind a served config. */
export function dbOf(s: Served): NonNullable<ReturnType<typeof sqliteOf>> {
  const db = sqliteOf(s.engine.store);
  assert.ok(db, 'the engine has an open database');
  return db;
}

/** Rows in a table, as the store counts them (straight from the file on SQLite). */
export async function rowCount(s: Served, table: string): Promise<number> {
  const db = sqliteOf(s.engine.store);
  if (db) return db.prepare(`SELECT count(*) FROM "${table}"`).pluck().get() as number;
  const stored = await s.engine.store?.tables([table]);
  const found = stored?.find((t) => t.table === table);
  assert.ok(found, `table ${table} exists`);
  return found.rows;
}

/** Asserts SQLite's own integrity check passes (PostgreSQL checks its pages itself). */
export function assertIntact(s: Served): void {
  const db = sqliteOf(s.engine.store);
  if (db) assert.equal(db.prepare('PRAGMA integrity_check').pluck().get(), 'ok');
}

/** Creates records one by one over HTTP and returns their JSON. */
export async function createAll(
  s: Served,
  path: string,
  bodies: readonly Record<string, unknown>[],
): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for (const body of bodies) {
    const res = await s.send('POST', path, body);
    assert.equal(res.status, 201, `creating ${JSON.stringify(body)}: ${res.status}`);
    out.push((await res.json()) as Record<string, unknown>);
  }
  return out;
}

/** The body of an error response, checking that it is `{ "error": string }` JSON. */
export async function errorOf(res: Response): Promise<string> {
  assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
  const body = (await res.json()) as unknown;
  assert.ok(body !== null && typeof body === 'object' && !Array.isArray(body), 'error body is an object');
  assert.deepEqual(Object.keys(body), ['error']);
  const message = (body as { error: unknown }).error;
  assert.equal(typeof message, 'string');
  assert.doesNotMatch(message as string, /\n\s+at /, 'no stack trace');
  return message as string;
}

/** json-server mode for USERS_CONFIG (the `users` collection of schema User), as `serve db.json` would set it. */
export const usersJsonServerMode = (): JsonServerMode => ({
  readOnly: false,
  routes: [],
  rewrite: undefined,
  staticDir: undefined,
  collections: new Map([['users', 'User']]),
  singulars: new Map(),
  seed: new Map(),
});

// The config and helpers the GraphQL suites share: a blog with references, 120 users and 150 posts.
import assert from 'node:assert/strict';
import { sqliteOf } from '../src/store/sqlite/sqlite-of.js';
import { type Served, yaml } from './helpers.js';

export const USERS = 120;
export const POSTS = 150;

export const GRAPHQL_CONFIG = yaml`
  server:
    graphql: true
  schemas:
    User:
      properties:
        id: integer
        name: { type: string, required: true }
        email: { type: string, required: true, unique: true }
        admin: { type: boolean, default: false }
    Post:
      properties:
        id: integer
        title: { type: string, required: true }
        views: integer
        score: number
        authorId: { type: integer, references: User }
        publishedAt: datetime
        tags: json
    Comment:
      properties:
        id: integer
        body: string
        postId: { type: integer, references: Post, onDelete: cascade }
    Pin:
      properties:
        id: integer
        userId: { type: integer, references: User, onDelete: restrict }
  endpoints:
    - resource: User
    - resource: Post
    - resource: Comment
    - resource: Pin
  seed:
    User:
${Array.from({ length: USERS }, (_, i) => `      - { name: user ${i + 1}, email: u${i + 1}@example.com${i % 7 === 0 ? ', admin: true' : ''} }`).join('\n')}
    Post:
${Array.from({ length: POSTS }, (_, i) => `      - { title: post ${i + 1}, views: ${(i * 37) % 100}, score: ${(i % 10) / 2}, authorId: ${(i % USERS) + 1}, publishedAt: 2024-05-${String((i % 28) + 1).padStart(2, '0')}T12:00:00Z${i % 5 === 0 ? ', tags: [news]' : ''} }`).join('\n')}
    Comment:
      - { body: first, postId: 1 }
      - { body: second, postId: 1 }
    Pin:
      - { userId: 3 }
`;

export interface GraphqlAnswer<T = Record<string, unknown>> {
  status: number;
  contentType: string | null;
  data?: T | null;
  errors?: { message: string; extensions?: Record<string, unknown>; path?: unknown[] }[];
}

/** POSTs a GraphQL request to /graphql and reads the answer. */
export async function gql<T = Record<string, unknown>>(
  s: Served,
  query: string,
  variables?: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<GraphqlAnswer<T>> {
  const res = await s.call('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as Omit<GraphqlAnswer<T>, 'status' | 'contentType'>;
  return { status: res.status, contentType: res.headers.get('content-type'), ...body };
}

/** The data of an answer that must have no errors. */
export async function data<T = Record<string, unknown>>(
  s: Served,
  query: string,
  variables?: Record<string, unknown>,
): Promise<T> {
  const answer = await gql<T>(s, query, variables);
  assert.equal(answer.errors, undefined, JSON.stringify(answer.errors));
  assert.equal(answer.status, 200);
  return answer.data as T;
}

/**
 * Counts the statements the store runs while `work` runs: SQLite's prepared-statement calls (the
 * page cache's version reads among them), or the PostgreSQL connection's queries.
 */
export async function countStatements(s: Served, work: () => Promise<void>): Promise<number> {
  let count = 0;
  const db = sqliteOf(s.engine.store);
  const restore: (() => void)[] = [];
  const wrap = (target: Record<string, unknown>, names: string[]): void => {
    for (const name of names) {
      const original = target[name] as (...args: unknown[]) => unknown;
      target[name] = function (this: unknown, ...args: unknown[]) {
        count++;
        return original.apply(this, args);
      };
      restore.push(() => {
        target[name] = original;
      });
    }
  };
  if (db)
    wrap(Object.getPrototypeOf(db.prepare('SELECT 1')) as Record<string, unknown>, ['all', 'get', 'run', 'iterate']);
  else {
    const { Connection } = await import('../src/store/postgres/connection.js');
    wrap(Connection.prototype as unknown as Record<string, unknown>, ['query']);
  }
  try {
    await work();
  } finally {
    for (const undo of restore) undo();
  }
  return count;
}

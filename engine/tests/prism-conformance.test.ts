/**
 * The exported description, judged by an independent tool: each example config (and configs the
 * suite builds) is exported, served, and put behind Stoplight Prism's validating proxy; a set of
 * requests the description allows goes through it, and every answer must match the description
 * (status, content type, headers, body schema). Prism reports a mismatch as a violation.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, test } from 'node:test';
import { parseDocument } from 'yaml';
import { fromPackage } from '../src/package-root.js';
import { exportConfig } from '../src/openapi/export-config.js';
import { BLOG_CONFIG } from './http-fixtures.js';
import { serve, yaml } from './helpers.js';
import { startPrism, type Violation, violationsOf } from './prism-proxy.js';

interface Call {
  method: string;
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** A body sent as `text/plain`. */
  text?: string;
  /** The status the mock must answer (through Prism); a violation turns it into Prism's 500. */
  status: number;
  /** The request breaks the description on purpose: Prism's notes about the request are expected. */
  invalidRequest?: boolean;
}

/** The blog example is served with this body limit (bytes), so a body past it stays small. */
const BODY_LIMIT = 4096;

/** The config with `server.bodyLimit` set to BODY_LIMIT. */
function withBodyLimit(text: string): string {
  const doc = parseDocument(text);
  doc.setIn(['server', 'bodyLimit'], BODY_LIMIT);
  return doc.toString();
}

const RESTRICT_CONFIG = yaml`
  schemas:
    Author:
      properties:
        id: integer
        name: { type: string, required: true }
    Book:
      properties:
        id: integer
        title: { type: string, required: true }
        authorId: { type: integer, references: Author, onDelete: restrict }
  endpoints:
    - resource: Author
    - resource: Book
  seed:
    Author:
      - { name: Ursula }
    Book:
      - { title: Earthsea, authorId: 1 }
`;

const json = (method: string, path: string, body: unknown, status: number): Call => ({ method, path, body, status });
const get = (path: string, status = 200, headers?: Record<string, string>): Call => ({
  method: 'GET',
  path,
  status,
  ...(headers ? { headers } : {}),
});

/** `invalidRequests`: some calls break the description, so Prism runs without `--errors` (see startPrism). */
const CASES: { name: string; config: string; calls: Call[]; invalidRequests?: boolean }[] = [
  {
    name: 'examples/blog.yaml',
    invalidRequests: true,
    config: withBodyLimit(readFileSync(fromPackage('examples', 'blog.yaml'), 'utf8')),
    calls: [
      get('/health'),
      get('/users'),
      get('/users/1'),
      get('/users/99', 404),
      get('/users/1', 200, { accept: 'application/xml' }),
      get('/users/1', 406, { accept: 'image/png' }),
      json('POST', '/users', { name: 'Grace', email: 'grace@example.com' }, 201),
      json('POST', '/users', { name: 'Again', email: 'grace@example.com' }, 409),
      json('PATCH', '/users/1', { admin: false }, 200),
      json('PUT', '/users/2', { name: 'Alan M. Turing', email: 'alan@example.com' }, 200),
      get('/posts'),
      get('/posts?_sort=title&_order=desc&_limit=5&_page=1'),
      get('/posts/hello-world'),
      get('/posts/hello-world?_expand=author'),
      get('/posts/nowhere', 404),
      json('POST', '/posts', { slug: 'second', title: 'Second' }, 201),
      json('PATCH', '/posts/second', { title: 'Second, again' }, 200),
      get('/users/1/posts'),
      get('/users/1/posts?_expand=author'),
      { method: 'DELETE', path: '/posts/second', status: 204 },
      { method: 'DELETE', path: '/users/3', status: 204 },
      // A known path with another method: the 405 (and OPTIONS' 204) must be declared.
      { method: 'PUT', path: '/users', body: {}, status: 405 },
      { method: 'POST', path: '/users/1', body: {}, status: 405 },
      { method: 'DELETE', path: '/health', status: 405 },
      { method: 'OPTIONS', path: '/users/1', status: 204 },
      // A body the description allows, past the server's limit; a text body it does not allow (Prism
      // notes the request; the answer must still be declared).
      json('POST', '/users', { name: 'x'.repeat(BODY_LIMIT), email: 'long@example.com' }, 413),
      { method: 'POST', path: '/users', text: 'plain text', status: 415, invalidRequest: true },
      // A client takes the last id it may give: the server's next is 2^53 − 1, then none is left.
      json('POST', '/users', { id: Number.MAX_SAFE_INTEGER - 1, name: 'Last', email: 'last@example.com' }, 201),
      json('POST', '/users', { name: 'Next', email: 'next@example.com' }, 201),
      json('POST', '/users', { name: 'After', email: 'after@example.com' }, 507),
    ],
  },
  {
    name: 'examples/dynamic.yaml',
    config: readFileSync(fromPackage('examples', 'dynamic.yaml'), 'utf8'),
    calls: [
      get('/users'),
      json('POST', '/echo/7', { age: 31, tags: ['a'], people: [{ name: 'x' }], owner: { name: 'o', email: 'e' } }, 200),
      get('/report.csv'),
      // HEAD wherever GET is (without a declared HEAD, Prism answers 405 itself). Prism 5.14's proxy
      // cannot pass on HEAD to a JSON answer: it parses the empty body as JSON and answers 500
      // ("invalid json response body … Unexpected end of JSON input"), so HEAD is judged here on a
      // text answer, and on every answer in openapi-generated-requests.test.ts.
      { method: 'HEAD', path: '/report.csv', status: 200 },
      json('POST', '/login', { user: 'ada', password: 'right' }, 200),
      json('POST', '/login', { user: 'ada', password: 'wrong' }, 401),
      json('POST', '/login', { user: 'root' }, 403),
      json('POST', '/login', { user: 'ada', attempts: 5 }, 429),
      get('/users/1/profile'),
      get('/users/0/profile', 404),
      get('/users/1/profile', 503, { 'x-maintenance': '1' }),
      get('/users/1/profile?trace=1'),
    ],
  },
  {
    name: 'examples/spec-shapes.yaml',
    config: readFileSync(fromPackage('examples', 'spec-shapes.yaml'), 'utf8'),
    calls: [
      get('/health'),
      json('POST', '/users', { name: 'Ada' }, 201),
      get('/users'),
      get('/users/1'),
      json('PATCH', '/users/1', { email: 'ada@example.com' }, 200),
      json('POST', '/accounts', { guid: 'g-1', owner: 'Ada' }, 201),
      get('/accounts/g-1'),
      json('POST', '/posts', { slug: 'a', title: 'A' }, 201),
      get('/posts/a'),
      { method: 'DELETE', path: '/users/1', status: 204 },
    ],
  },
  {
    name: 'the suite’s blog fixture',
    config: BLOG_CONFIG,
    calls: [
      json('POST', '/users', { name: 'Ada', age: 36, born: '1815-12-10T00:00:00Z', meta: { a: 1 } }, 201),
      get('/users'),
      get('/users/1'),
      json('POST', '/users/1/posts', { slug: 'one' }, 201),
      get('/posts/one'),
      json('PATCH', '/posts/one', { title: 'One' }, 200),
      { method: 'DELETE', path: '/posts/one', status: 200 },
      json('POST', '/accounts', { guid: 'x1', name: 'X' }, 201),
      get('/accounts/x1'),
      json('POST', '/notes', { text: 'hi' }, 201),
      get('/notes'),
    ],
  },
  {
    name: 'a config with onDelete: restrict',
    config: RESTRICT_CONFIG,
    calls: [
      get('/authors/1?_embed=books'),
      get('/books/1?_expand=author'),
      { method: 'DELETE', path: '/authors/1', status: 409 },
      { method: 'DELETE', path: '/books/1', status: 204 },
      { method: 'DELETE', path: '/authors/1', status: 204 },
    ],
  },
];

/** Every violation Prism reported, by config, so the failure message lists them all. */
const found: string[] = [];
after(() => {
  if (found.length > 0) console.log(`prism violations: ${found.length}\n${found.join('\n')}`);
});

for (const { name, config, calls, invalidRequests } of CASES)
  test(`Prism's validating proxy finds no violation in the answers of ${name}`, { timeout: 120_000 }, async () => {
    const served = await serve(config);
    try {
      const exported = exportConfig(config, served.configPath, 'json');
      assert.ok(exported.ok, 'the config exports');
      const prism = await startPrism(exported.document, served.url, served.dir, 60_000, !invalidRequests);
      const violations: string[] = [];
      const statuses: string[] = [];
      try {
        for (const call of calls) {
          const headers: Record<string, string> = { ...call.headers };
          if (call.body !== undefined) headers['content-type'] = 'application/json';
          if (call.text !== undefined) headers['content-type'] = 'text/plain';
          const body = call.body !== undefined ? JSON.stringify(call.body) : call.text;
          const response = await fetch(`${prism.url}${call.path}`, {
            method: call.method,
            headers,
            signal: AbortSignal.timeout(10_000),
            ...(body !== undefined ? { body } : {}),
          });
          const seen: Violation[] = (await violationsOf(response)).filter(
            (v) => !(call.invalidRequest && v.location[0] === 'request'),
          );
          await response.arrayBuffer();
          for (const v of seen) violations.push(`${call.method} ${call.path}: ${v.location.join('.')} ${v.message}`);
          if (seen.length === 0 && response.status !== call.status)
            statuses.push(`${call.method} ${call.path}: ${response.status}, expected ${call.status}`);
        }
      } finally {
        await prism.close();
      }
      found.push(...violations.map((v) => `${name}: ${v}`));
      assert.deepEqual(violations, [], `${violations.length} violations`);
      assert.deepEqual(statuses, []);
    } finally {
      await served.close();
    }
  });

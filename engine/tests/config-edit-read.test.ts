/** readAsWritten: the config as written, with document paths for the forms, and the engine's edits built on config-edit. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { readAsWritten } from '../../shared/src/config-edit/as-written.js';
import { withServerPort } from '../src/config/edit-config.js';
import { withSeedRows } from '../src/data/seed-writer.js';

const BLOG = readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../../../examples/blog.yaml'), 'utf8');

test('readAsWritten gives each schema, field and endpoint entry with its path and line', () => {
  const written = readAsWritten(BLOG);
  assert.ok(written.ok);
  assert.deepEqual(
    written.schemas.map((s) => s.name),
    ['User', 'Post'],
  );
  const user = written.schemas[0];
  assert.deepEqual(user?.path, ['schemas', 'User']);
  assert.deepEqual(user?.fields[0], {
    name: 'id',
    path: ['schemas', 'User', 'properties', 'id'],
    type: 'integer',
    required: false,
    unique: false,
    short: true,
  });
  assert.deepEqual(user?.fields[2], {
    name: 'email',
    path: ['schemas', 'User', 'properties', 'email'],
    type: 'string',
    required: true,
    unique: true,
    short: false,
  });
  assert.equal(user?.fields[3]?.default, false);
  const [health, resource] = written.endpoints;
  assert.deepEqual(resource, {
    index: 1,
    path: ['endpoints', 1],
    kind: 'resource',
    value: { resource: 'User' },
    line: 32,
  });
  assert.equal(health?.kind, 'endpoint');
  assert.equal(health?.line, 25);
  assert.deepEqual(health?.value, {
    path: '/health',
    method: 'GET',
    status: 200,
    response: { inline: { status: 'ok' } },
  });
  assert.equal(written.endpoints.length, 8);
  assert.deepEqual(written.server, { port: 3000, cors: true });
});

test('readAsWritten of a text that does not parse names the line to fix', () => {
  assert.deepEqual(readAsWritten('server:\n  port: [1\n'), {
    ok: false,
    line: 3,
    column: 1,
    message: 'Fix the YAML syntax error on line 3 to edit visually.',
  });
  const empty = readAsWritten('# nothing yet\n');
  assert.deepEqual(empty, { ok: true, schemas: [], endpoints: [], server: {}, scenarios: {} });
});

test('save as seed changes only seed.<schema>: `tags: [intro]` elsewhere stays as written', () => {
  const rows = [
    { name: 'Ada', email: 'ada@example.com', admin: true },
    { name: 'Bob, Jr.', email: 'bob@example.com' },
  ];
  const text = withSeedRows(BLOG, 'User', rows);
  const start = BLOG.indexOf('  User:\n    - {');
  const end = BLOG.indexOf('  Post:\n    - slug');
  assert.equal(text.slice(0, start), BLOG.slice(0, start), 'everything before seed.User is byte-identical');
  assert.ok(text.endsWith(BLOG.slice(end)), 'everything after seed.User is byte-identical');
  assert.match(text, /tags: \[intro\]/);
  assert.ok(
    text.includes(
      '  User:\n    - { name: Ada, email: ada@example.com, admin: true }\n    - { name: "Bob, Jr.", email: bob@example.com }\n',
    ),
    text,
  );
  assert.deepEqual(parse(text).seed.User, rows);
  // A schema without seed rows gets its key at the end of seed:.
  assert.ok(withSeedRows(BLOG, 'Tag', [{ name: 'x' }]).endsWith(`${BLOG.trimEnd()}\n  Tag:\n    - { name: x }\n`));
});

test('withServerPort replaces only the port, or adds server.port', () => {
  assert.equal(withServerPort(BLOG, 4321), BLOG.replace('port: 3000', 'port: 4321'));
  assert.equal(withServerPort('# none\nschemas: {}\n', 80), '# none\nschemas: {}\nserver:\n  port: 80\n');
  assert.throws(() => withServerPort('a: [\n', 1), /YAML errors \(line 2\); fix them before writing the port/);
});

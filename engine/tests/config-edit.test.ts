/**
 * The comment-keeping edits (shared/src/config-edit) one documented behaviour at a time: each test
 * states the exact text an edit must produce, so any byte changed outside the target shows up.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  applyEdits,
  ConfigEditError,
  type DocPath,
  insertAt,
  modify,
  move,
  renameKey,
} from '../../shared/src/config-edit/index.js';

const set = (text: string, path: DocPath, value: unknown): string => applyEdits(text, modify(text, path, value));

const CONFIG = `# the team's mock
server:
  port: 3000 # the usual port
  cors: true

schemas:
  User:
    properties:
      id: integer # the key
      name: { type: string, required: true }
      tags: [intro]

endpoints:
  # health first
  - path: /health # for the load balancer
    status: 200
  # users
  - resource: User
`;

test('modify replaces a scalar where it stands, keeping its comment', () => {
  assert.equal(set(CONFIG, ['server', 'port'], 4000), CONFIG.replace('port: 3000 #', 'port: 4000 #'));
  assert.equal(set(CONFIG, ['endpoints', 0, 'status'], 201), CONFIG.replace('status: 200', 'status: 201'));
});

test('setting the value already there returns no edits', () => {
  assert.deepEqual(modify(CONFIG, ['server', 'port'], 3000), []);
  assert.deepEqual(modify(CONFIG, ['schemas', 'User', 'properties', 'name'], { type: 'string', required: true }), []);
  assert.deepEqual(modify(CONFIG, ['schemas', 'User', 'properties', 'tags'], ['intro']), []);
});

test('a value set in a flow map stays flow, quoted as a flow context needs', () => {
  assert.equal(
    set(CONFIG, ['schemas', 'User', 'properties', 'name', 'default'], 'Hello, world'),
    CONFIG.replace('required: true }', 'required: true, default: "Hello, world" }'),
  );
  assert.equal(set(CONFIG, ['schemas', 'User', 'properties', 'tags'], ['a', 'b']), CONFIG.replace('[intro]', '[a, b]'));
});

test('a new key goes at the end of its map at its indentation; new maps on the way are 2-space block', () => {
  assert.equal(
    set(CONFIG, ['server', 'host'], '0.0.0.0'),
    CONFIG.replace('cors: true\n', 'cors: true\n  host: 0.0.0.0\n'),
  );
  assert.equal(
    set(CONFIG, ['schemas', 'Post'], { properties: { id: 'integer', title: { type: 'string' } } }),
    CONFIG.replace(
      '      tags: [intro]\n',
      '      tags: [intro]\n  Post:\n    properties:\n      id: integer\n      title:\n        type: string\n',
    ),
  );
  assert.equal(set(CONFIG, ['seed', 'User', 0, 'name'], 'Ada'), `${CONFIG}seed:\n  User:\n    - name: Ada\n`);
});

test('a scalar turned into a map opens a block below its key, the comment staying on the key line', () => {
  assert.equal(
    set(CONFIG, ['server', 'port'], { a: 1 }),
    CONFIG.replace('port: 3000 # the usual port', 'port: # the usual port\n    a: 1'),
  );
});

test('modify with undefined removes a key with its same-line comment, or a list item', () => {
  assert.equal(set(CONFIG, ['server', 'port'], undefined), CONFIG.replace('  port: 3000 # the usual port\n', ''));
  assert.equal(
    set(CONFIG, ['endpoints', 0], undefined),
    CONFIG.replace('  - path: /health # for the load balancer\n    status: 200\n', ''),
  );
  assert.equal(
    set(CONFIG, ['schemas', 'User', 'properties', 'name', 'required'], undefined),
    CONFIG.replace('{ type: string, required: true }', '{ type: string }'),
  );
  assert.deepEqual(modify(CONFIG, ['nothing', 'here'], undefined), []);
});

test('removing the last entry of a map leaves {}', () => {
  const text = 'a:\n  b: 1 # only\nc: 2\n';
  assert.equal(set(text, ['a', 'b'], undefined), 'a: {}\nc: 2\n');
});

test('insertAt adds a block item at the list indentation, above the comment of the item it precedes', () => {
  assert.equal(
    applyEdits(CONFIG, insertAt(CONFIG, ['endpoints'], 1, { resource: 'Post' })),
    CONFIG.replace('  # users\n', '  - resource: Post\n  # users\n'),
  );
  assert.equal(
    applyEdits(CONFIG, insertAt(CONFIG, ['endpoints'], 2, { path: '/x', status: 204 })),
    `${CONFIG}  - path: /x\n    status: 204\n`,
  );
  assert.equal(
    applyEdits(CONFIG, insertAt(CONFIG, ['schemas', 'User', 'properties', 'tags'], 0, 'new')),
    CONFIG.replace('[intro]', '[new, intro]'),
  );
  assert.equal(applyEdits('a: 1\n', insertAt('a: 1\n', ['list'], 0, 'x')), 'a: 1\nlist:\n  - x\n');
});

test('move carries an item with its comment lines', () => {
  assert.equal(
    applyEdits(CONFIG, move(CONFIG, ['endpoints'], 1, 0)),
    CONFIG.replace(
      '  # health first\n  - path: /health # for the load balancer\n    status: 200\n  # users\n  - resource: User\n',
      '  # users\n  - resource: User\n  # health first\n  - path: /health # for the load balancer\n    status: 200\n',
    ),
  );
  assert.equal(applyEdits('l: [a, b, c]\n', move('l: [a, b, c]\n', ['l'], 0, 2)), 'l: [b, c, a]\n');
  assert.deepEqual(move(CONFIG, ['endpoints'], 1, 1), []);
});

test('renameKey changes only the key', () => {
  assert.equal(
    applyEdits(CONFIG, renameKey(CONFIG, ['schemas', 'User', 'properties'], 'id', 'key')),
    CONFIG.replace('id: integer', 'key: integer'),
  );
  assert.throws(() => renameKey(CONFIG, ['schemas', 'User', 'properties'], 'id', 'name'), /already has a key 'name'/);
  assert.throws(() => renameKey(CONFIG, ['schemas', 'User', 'properties'], 'nope', 'x'), /has no key 'nope'/);
});

test('a text that does not parse throws ConfigEditError with the first error place', () => {
  const broken = 'server:\n  port: [3000\nschemas: {}\n';
  assert.throws(
    () => modify(broken, ['server', 'port'], 1),
    (err: unknown) =>
      err instanceof ConfigEditError &&
      err.syntaxError?.line === 3 &&
      /Fix the YAML syntax error on line 3 to edit visually\./.test(err.message),
  );
});

test('a path through a scalar, or a wrong kind of segment, throws a clear ConfigEditError', () => {
  assert.throws(
    () => modify(CONFIG, ['server', 'port', 'x'], 1),
    (err: unknown) => {
      return (
        err instanceof ConfigEditError && err.message === "server.port is not a map or a list, so it has no key 'x'."
      );
    },
  );
  assert.throws(() => modify(CONFIG, ['endpoints', 'x'], 1), /endpoints is a list/);
  assert.throws(() => insertAt(CONFIG, ['server'], 0, 1), /server is not a list/);
  assert.throws(() => insertAt(CONFIG, ['endpoints'], 5, 1), /outside the list/);
  assert.throws(() => modify(CONFIG, ['endpoints', 7], 1), /past the end/);
});

test('everything works on \\r\\n texts, new lines using \\r\\n', () => {
  const crlf = CONFIG.replace(/\n/g, '\r\n');
  const back = (s: string) => s.replace(/\n/g, '\r\n');
  assert.equal(set(crlf, ['server', 'host'], 'h'), back(CONFIG.replace('cors: true\n', 'cors: true\n  host: h\n')));
  assert.equal(set(crlf, ['server', 'port'], undefined), back(CONFIG.replace('  port: 3000 # the usual port\n', '')));
  assert.equal(
    applyEdits(crlf, move(crlf, ['endpoints'], 0, 1)),
    applyEdits(CONFIG, move(CONFIG, ['endpoints'], 0, 1)).replace(/\n/g, '\r\n'),
  );
  assert.equal(
    set(crlf, ['schemas', 'User', 'description'], 'a\nb'),
    back(set(CONFIG, ['schemas', 'User', 'description'], 'a\nb')),
  );
});

test('an empty document gets the new value as its first lines', () => {
  assert.equal(set('', ['server', 'port'], 1), 'server:\n  port: 1\n');
  assert.equal(set('# only a comment', ['a'], 1), '# only a comment\na: 1\n');
});

test('applyEdits applies edits in any order', () => {
  assert.equal(
    applyEdits('abcdef', [
      { offset: 0, length: 1, text: 'A' },
      { offset: 4, length: 2, text: '' },
      { offset: 2, length: 0, text: '-' },
    ]),
    'Ab-cd',
  );
});

test('a quoted text set to another text keeps its quotes, so setting it back gives the same bytes', () => {
  const text = 'endpoints:\n  - path: /greet\n    description: "Say hello"\n    note: \'plain\'\n';
  const edited = set(text, ['endpoints', 0, 'description'], 'Say hello!');
  assert.equal(edited, text.replace('"Say hello"', '"Say hello!"'));
  assert.equal(set(edited, ['endpoints', 0, 'description'], 'Say hello'), text);
  assert.equal(set(text, ['endpoints', 0, 'note'], "it's"), text.replace("'plain'", "'it''s'"));
  // A plain text stays plain; a number in place of a quoted text is written as a number.
  assert.equal(set(CONFIG, ['server', 'port'], 4000), CONFIG.replace('port: 3000 #', 'port: 4000 #'));
  assert.equal(set(text, ['endpoints', 0, 'description'], 5), text.replace('"Say hello"', '5'));
});

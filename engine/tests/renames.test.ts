// Declared renames (`renamedFrom:` on fields and schemas) on both stores: a real SQLite file and a real
// PostgreSQL the suite starts. The rows are written and read back over HTTP.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { messages } from '../../shared/src/messages.js';
import type { Problem } from '../../shared/src/problems.js';
import { withRenameFixes } from '../src/config/rename-fix.js';
import { validateConfig } from '../src/config/validate.js';
import { Engine } from '../src/engine.js';
import { tempDir, yaml } from './helpers.js';
import { POSTGRES_SKIP_REASON, startPostgres, type TestPostgres } from './postgres-server.js';

let postgres: TestPostgres | undefined;
before(async () => {
  if (!POSTGRES_SKIP_REASON) postgres = await startPostgres();
});
after(async () => {
  await postgres?.stop();
});

const V1 = yaml`
  schemas:
    Person:
      properties:
        id: integer
        name: { type: string, unique: true }
        age: integer
    Post:
      properties:
        id: integer
        title: string
        authorId: { type: integer, references: Person }
  endpoints:
    - resource: Person
    - resource: Post
`;

// Person -> Member, name -> fullName; the reference and the endpoint follow the new name.
const V2 = yaml`
  schemas:
    Member:                       # was Person
      renamedFrom: Person
      properties:
        id: integer
        fullName: { type: string, unique: true, renamedFrom: name }
        age: integer
    Post:
      properties:
        id: integer
        title: string
        authorId: { type: integer, references: Member }
  endpoints:
    - resource: Member
    - resource: Post
`;

const PEOPLE = [
  { name: 'Ada', age: 36 },
  { name: 'Bob', age: 20 },
  { name: 'Cy', age: 51 },
];

let schemas = 0;

/** Engines on one store: a SQLite file in a temp dir, or a fresh schema of the test PostgreSQL. */
function storeKind(kind: 'sqlite' | 'postgres') {
  const { dir, cleanup } = tempDir('mockyard-rename-');
  const configPath = join(dir, 'mockyard.yaml');
  const store = kind === 'postgres' ? { database: postgres?.url, schema: `rename${process.pid}_${++schemas}` } : {};
  const engines: Engine[] = [];
  return {
    /** A new engine (a replica) on the same config file and database. */
    engine(): Engine {
      const engine = new Engine({ configPath, port: 0, host: '127.0.0.1', ...store });
      engines.push(engine);
      return engine;
    },
    write(text: string): void {
      writeFileSync(configPath, text);
    },
    async close(): Promise<void> {
      for (const e of engines) await e.stop();
      cleanup();
    },
  };
}

async function applied(engine: Engine, text: string): Promise<Problem[]> {
  const result = await engine.apply(text);
  assert.ok(result.ok, result.problems.map((p) => `${p.code}: ${p.message}`).join('\n'));
  return result.problems;
}

async function json(url: string, path: string, init?: RequestInit): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${url}${path}`, init);
  return { status: res.status, body: await res.json() };
}

const post = (url: string, path: string, body: unknown) =>
  json(url, path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** Writes three people and two posts over HTTP with the V1 config. */
async function seedV1(url: string): Promise<void> {
  for (const person of PEOPLE) assert.equal((await post(url, '/people', person)).status, 201);
  assert.equal((await post(url, '/posts', { title: 'On engines', authorId: 1 })).status, 201);
  assert.equal((await post(url, '/posts', { title: 'On looms', authorId: 3 })).status, 201);
}

/** What the V2 config must serve: the V1 rows under the new names. */
async function assertCarried(url: string): Promise<void> {
  const members = await json(url, '/members?_sort=id&id_lte=3');
  assert.equal(members.status, 200);
  assert.deepEqual(members.body, [
    { id: 1, fullName: 'Ada', age: 36 },
    { id: 2, fullName: 'Bob', age: 20 },
    { id: 3, fullName: 'Cy', age: 51 },
  ]);
  const posts = await json(url, '/posts?_sort=id&_expand=author');
  assert.deepEqual(
    (posts.body as { title: string; author: { fullName: string } }[]).map((p) => [p.title, p.author.fullName]),
    [
      ['On engines', 'Ada'],
      ['On looms', 'Cy'],
    ],
  );
  assert.equal((await json(url, '/people')).status, 404);
}

for (const kind of ['sqlite', 'postgres'] as const) {
  const skip = kind === 'postgres' ? POSTGRES_SKIP_REASON : undefined;

  test(`${kind}: renaming a field and its schema keeps every row, unique value and reference; applying again does nothing`, {
    skip,
  }, async () => {
    const s = storeKind(kind);
    try {
      const engine = s.engine();
      s.write(V1);
      await applied(engine, V1);
      const { url } = await engine.start();
      await seedV1(url);
      s.write(V2);
      const problems = await applied(engine, V2);
      assert.deepEqual(
        problems.filter((p) => p.code === 'hiddenColumn' || p.code === 'undeclaredRename'),
        [],
        'nothing is left hidden',
      );
      await assertCarried(url);
      // The unique value kept its index (a 409 naming the new field) and ids go on from the kept rows.
      const duplicate = await post(url, '/members', { fullName: 'Ada' });
      assert.equal(duplicate.status, 409);
      assert.match(JSON.stringify(duplicate.body), /fullName/);
      const added = await post(url, '/members', { fullName: 'Dee', age: 9 });
      assert.equal(added.status, 201);
      // PostgreSQL's sequence spent a number on the refused duplicate; either way no kept id is taken again.
      assert.ok((added.body as { id: number }).id >= 4, JSON.stringify(added.body));
      // The same config again, on this engine and on a new one after a restart: nothing to do, nothing lost.
      await applied(engine, `${V2}\n# touched\n`);
      await engine.stop();
      const again = s.engine();
      await applied(again, V2);
      const restarted = (await again.start()).url;
      const members = await json(restarted, '/members?_sort=id');
      assert.equal((members.body as unknown[]).length, 4);
      await assertCarried(restarted);
    } finally {
      await s.close();
    }
  });

  test(`${kind}: two replicas applying the same rename at once rename once and both serve the rows`, {
    skip,
  }, async () => {
    const s = storeKind(kind);
    try {
      const first = s.engine();
      s.write(V1);
      await applied(first, V1);
      await seedV1((await first.start()).url);
      await first.stop();
      s.write(V2);
      const replicas = [s.engine(), s.engine()];
      const results = await Promise.all(replicas.map((e) => e.apply(V2)));
      for (const r of results) assert.ok(r.ok, r.problems.map((p) => p.message).join('\n'));
      for (const replica of replicas) await assertCarried((await replica.start()).url);
    } finally {
      await s.close();
    }
  });

  test(`${kind}: a field renamed without renamedFrom gets the suggestion, and adding the line then carries the data`, {
    skip,
  }, async () => {
    const s = storeKind(kind);
    try {
      const engine = s.engine();
      await applied(engine, V1);
      const { url } = await engine.start();
      await seedV1(url);
      const undeclared = V1.replace('name: { type: string, unique: true }', 'fullName: { type: string, unique: true }');
      const problems = await applied(engine, undeclared);
      const hint = problems.find((p) => p.code === 'undeclaredRename');
      assert.ok(hint, `no suggestion among ${problems.map((p) => p.code).join(', ')}`);
      assert.deepEqual(hint.path, ['schemas', 'Person', 'properties', 'fullName']);
      assert.match(hint.message, /add `renamedFrom: name` to 'fullName'/);
      assert.equal(hint.severity, 'warning');
      const blank = await json(url, '/people/1');
      assert.deepEqual(blank.body, { id: 1, fullName: null, age: 36 }, 'before the fix the data is hidden');
      // The suggested line: the empty column the reload added gives way to the old one with its values.
      const fixed = undeclared.replace(
        'fullName: { type: string, unique: true }',
        'fullName: { type: string, unique: true, renamedFrom: name }',
      );
      const after = await applied(engine, fixed);
      assert.deepEqual(
        after.filter((p) => p.code === 'undeclaredRename' || p.code === 'hiddenColumn'),
        [],
      );
      assert.deepEqual((await json(url, '/people/1')).body, { id: 1, fullName: 'Ada', age: 36 });
      assert.equal((await post(url, '/people', { fullName: 'Bob' })).status, 409);
    } finally {
      await s.close();
    }
  });

  test(`${kind}: a rename into a column that already holds values is refused at the renamedFrom line, changing nothing`, {
    skip,
  }, async () => {
    const s = storeKind(kind);
    try {
      const engine = s.engine();
      await applied(engine, V1);
      const { url } = await engine.start();
      await seedV1(url);
      const undeclared = V1.replace('name: { type: string, unique: true }', 'fullName: { type: string, unique: true }');
      await applied(engine, undeclared);
      assert.equal((await post(url, '/people', { fullName: 'Eve' })).status, 201);
      const fixed = undeclared.replace(
        'fullName: { type: string, unique: true }',
        'fullName: { type: string, unique: true, renamedFrom: name }',
      );
      const result = await engine.apply(fixed);
      assert.equal(result.ok, false);
      const problem = result.problems.find((p) => p.code === 'renameCollision');
      assert.ok(problem, result.problems.map((p) => p.message).join('\n'));
      assert.match(problem.message, /'fullName' already holds data in 1 row/);
      const line = fixed.split('\n').findIndex((l) => l.includes('renamedFrom: name')) + 1;
      assert.equal(problem.range.start.line, line);
      assert.deepEqual(problem.path, ['schemas', 'Person', 'properties', 'fullName', 'renamedFrom']);
      // The refused apply left the live version and its rows alone.
      assert.deepEqual((await json(url, '/people/4')).body, { id: 4, fullName: 'Eve', age: null });
      assert.deepEqual((await json(url, '/people/1')).body, { id: 1, fullName: null, age: 36 });
    } finally {
      await s.close();
    }
  });
  test(`${kind}: hidden columns are listed with their values and dropped on request; a field's column is refused`, {
    skip,
  }, async () => {
    const s = storeKind(kind);
    try {
      const engine = s.engine();
      await applied(engine, V1);
      const { url } = await engine.start();
      await seedV1(url);
      await applied(engine, V1.replace('      age: integer\n', ''));
      const store = engine.store;
      const schema = engine.model?.schemas.get('Person');
      assert.ok(store && schema);
      const hidden = await store.hiddenColumns(schema, 2);
      assert.deepEqual(hidden.columns, [{ name: 'age', type: 'integer', values: 3 }]);
      assert.equal(hidden.total, 3);
      assert.deepEqual(hidden.rows, [
        { id: 1, age: 36 },
        { id: 2, age: 20 },
      ]);
      await assert.rejects(async () => store.dropHiddenColumn(schema, 'name'), /no hidden column 'name'/);
      assert.equal(await store.dropHiddenColumn(schema, 'age'), 3);
      assert.deepEqual((await store.hiddenColumns(schema, 2)).columns, []);
      // The field declared again starts empty: the values went with the column, and no warning is left over.
      const problems = await applied(engine, V1);
      assert.deepEqual(
        problems.filter((p) => p.code === 'hiddenColumn'),
        [],
      );
      assert.deepEqual((await json(url, '/people/1')).body, { id: 1, name: 'Ada', age: null });
    } finally {
      await s.close();
    }
  });
}

test('a renamedFrom naming a field or schema the config still declares is an error at its position', () => {
  const field = yaml`
    schemas:
      Person:
        properties:
          id: integer
          name: string
          fullName: { type: string, renamedFrom: name }
    endpoints:
      - resource: Person
  `;
  const fieldProblems = validateConfig(field).problems.filter((p) => p.code === 'renameCollision');
  assert.equal(fieldProblems.length, 1);
  assert.equal(fieldProblems[0]?.severity, 'error');
  assert.equal(fieldProblems[0]?.range.start.line, 6);
  assert.match(fieldProblems[0]?.message ?? '', /the field Person\.name/);
  const schema = yaml`
    schemas:
      Person:
        properties: { id: integer }
      Member:
        renamedFrom: Person
        properties: { id: integer }
    endpoints:
      - resource: Member
  `;
  const schemaProblems = validateConfig(schema).problems.filter((p) => p.code === 'renameCollision');
  assert.equal(schemaProblems.length, 1);
  assert.equal(schemaProblems[0]?.range.start.line, 5);
  assert.match(schemaProblems[0]?.message ?? '', /schema Person/);
  // A hint whose old name is gone stays harmless.
  assert.equal(validateConfig(V2).problems.filter((p) => p.severity === 'error').length, 0);
});

test('the suggestion becomes a quick fix that writes the renamedFrom line into the field, comments kept', () => {
  const text = yaml`
    schemas:
      Person:
        properties:
          id: integer
          fullName: string # was name
          nick:
            type: string # short
    endpoints:
      - resource: Person
  `;
  const suggestion = (field: string): Problem => ({
    code: 'undeclaredRename',
    severity: 'warning',
    message: messages.undeclaredRename('people', 'old', field),
    range: { start: { line: 2, column: 3 }, end: { line: 2, column: 9 } },
    path: ['schemas', 'Person', 'properties', field],
  });
  const apply = (problem: Problem): string => {
    const [fix] = problem.fixes ?? [];
    assert.ok(fix, 'no fix');
    const lines = text.split('\n');
    const offset = (p: { line: number; column: number }) =>
      lines.slice(0, p.line - 1).reduce((n, l) => n + l.length + 1, 0) + p.column - 1;
    return text.slice(0, offset(fix.range.start)) + fix.text + text.slice(offset(fix.range.end));
  };
  const [scalar, block] = withRenameFixes([suggestion('fullName'), suggestion('nick')], text);
  assert.equal(
    withRenameFixes(withRenameFixes([suggestion('nick')], text), text)[0]?.fixes?.length,
    1,
    'made again, not twice',
  );
  assert.ok(scalar && block);
  assert.equal(scalar.fixes?.[0]?.title, "Add 'renamedFrom: old'");
  assert.equal(scalar.range.start.line, 5, 'the warning points at the new field');
  const fixedScalar = apply(scalar);
  assert.match(fixedScalar, /# was name/);
  assert.deepEqual(
    validateConfig(fixedScalar).model?.schemas.get('Person')?.fieldMap.get('fullName')?.renamedFrom?.from,
    'old',
  );
  const fixedBlock = apply(block);
  assert.match(fixedBlock, /# short/);
  assert.equal(validateConfig(fixedBlock).model?.schemas.get('Person')?.fieldMap.get('nick')?.renamedFrom?.from, 'old');
});

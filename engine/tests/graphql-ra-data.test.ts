// react-admin's ra-data-graphql-simple, unchanged, through every data-provider method (issue 42),
// with and without bulkActionsEnabled. It pins graphql 15 and @apollo/client 3, so it is installed
// in its own package (test-fixtures/ra-graphql, by the root's postinstall) and driven in a child
// process: two graphql copies never meet in one realm. Runs on SQLite here and on PostgreSQL in
// graphql-ra-data-on-postgres.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { GRAPHQL_CONFIG } from './graphql-fixture.js';
import { serve } from './helpers.js';

const DRIVER = join(
  resolve(dirname(fileURLToPath(import.meta.url)), '../../..'),
  'test-fixtures',
  'ra-graphql',
  'drive.cjs',
);

type Row = Record<string, unknown>;
type Answers = Record<string, { data?: unknown; total?: number; error?: string }>;

test('ra-data-graphql-simple: getList, getOne, getMany, getManyReference, create, update, updateMany, delete, deleteMany', async () => {
  const s = await serve(GRAPHQL_CONFIG);
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [DRIVER, `${s.url}/graphql`], {
      timeout: 60_000,
    });
    const answers = JSON.parse(stdout) as Answers;
    const rest = async (path: string): Promise<Row[]> => (await (await s.call(path)).json()) as Row[];
    const rowOf = (name: string): Row => (answers[name]?.data ?? {}) as Row;
    const ids = (rows: unknown): string[] => (rows as Row[]).map((r) => String(r.id));
    for (const p of ['', 'bulk.']) {
      const list = answers[`${p}getList`];
      const expected = await s.call('/posts?q=post&views_gte=10&id_gte=20&_sort=views&_order=desc&_start=5&_limit=5');
      assert.deepEqual(ids(list?.data), ids(await expected.json()), `${p}getList`);
      assert.equal(String(list?.total), expected.headers.get('x-total-count'));
      assert.equal(rowOf(`${p}getOne`).id, '3');
      assert.deepEqual(ids(answers[`${p}getMany`]?.data), ['1', '2'], `${p}getMany`);
      assert.deepEqual(ids(answers[`${p}getManyReference`]?.data), ['2', '122'], `${p}getManyReference`);
      assert.equal(answers[`${p}getManyReference`]?.total, 2);
      assert.equal(
        answers[`${p}createDangling`]?.error,
        "Field 'authorId' is 999, but there is no User with id 999.",
        `${p}createDangling`,
      );
    }
    const created = [answers.create?.data, answers['bulk.create']?.data] as Row[];
    for (const row of created) {
      const stored = (await rest(`/posts?id=${row.id}`))[0];
      assert.equal(stored?.title, row.title);
      assert.equal(stored?.authorId, 1);
    }
    assert.equal(rowOf('update').title, 'updated false');
    assert.equal(rowOf('bulk.update').title, 'updated true');
    assert.equal((await rest('/posts?id=3'))[0]?.title, 'updated true');
    assert.deepEqual(answers.updateMany?.data, ['7', '8']);
    assert.deepEqual(answers['bulk.updateMany']?.data, ['5', '6']);
    assert.deepEqual(
      (await rest('/posts?id=5&id=6&id=7&id=8&_sort=id')).map((r) => r.views),
      [61, 61, 71, 71],
    );
    assert.equal(rowOf('delete').id, '10');
    assert.equal(rowOf('bulk.delete').id, '9');
    assert.deepEqual(answers.deleteMany?.data, ['13', '14']);
    assert.deepEqual(answers['bulk.deleteMany']?.data, ['11', '12']);
    assert.deepEqual(await rest('/posts?id=9&id=10&id=11&id=12&id=13&id=14'), []);
  } finally {
    await s.close();
  }
});

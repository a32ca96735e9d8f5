// The GraphQL resolvers answer as the store does: on SQLite at once, so that graphql-js runs an
// operation to its end with no promise per field (the per-request cost the bench's Post(id) shows).
// On PostgreSQL they return the store's promises; the *-on-postgres suites run that path.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type ExecutionResult, execute, parse } from 'graphql';
import { HttpRequestContext } from '../src/graphql/request-context.js';
import type { RecordService } from '../src/records/record-service.js';
import { GRAPHQL_CONFIG, POSTS } from './graphql-fixture.js';
import { serve } from './helpers.js';

test('on SQLite a GraphQL query and mutation are answered at once, not as a promise, with the same data', async () => {
  const s = await serve(GRAPHQL_CONFIG);
  try {
    const schema = await s.engine.graphql?.schema();
    assert.ok(schema, 'GraphQL is on');
    const records = s.engine.records as RecordService;
    const notes: string[] = [];
    const run = (source: string): ExecutionResult | Promise<ExecutionResult> =>
      execute({ schema, document: parse(source), contextValue: new HttpRequestContext(records, notes) });

    const read = run(
      '{ Post(id: 7) { id title } missing: Post(id: 9999) { id } allPosts(perPage: 2) { id } _allPostsMeta { count } }',
    );
    assert.ok(!(read instanceof Promise), 'a query is answered at once');
    assert.deepEqual(JSON.parse(JSON.stringify(read)), {
      data: {
        Post: { id: '7', title: 'post 7' },
        missing: null,
        allPosts: [{ id: '1' }, { id: '2' }],
        _allPostsMeta: { count: POSTS },
      },
    });

    // A write with no references to check (User's fields reference nothing) is answered at once too.
    const write = run('mutation { updateUser(id: 7, name: "Seven") { id name } deleteUser(id: 9999) { id } }');
    assert.ok(!(write instanceof Promise), 'a mutation is answered at once');
    assert.deepEqual(JSON.parse(JSON.stringify(write.data)), {
      updateUser: { id: '7', name: 'Seven' },
      deleteUser: null,
    });
    assert.match(
      write.errors?.[0]?.message ?? '',
      /No User with id 9999/,
      'a resolver that throws is still a field error',
    );
    assert.deepEqual(notes, [], 'nothing was cut');
  } finally {
    await s.close();
  }
});

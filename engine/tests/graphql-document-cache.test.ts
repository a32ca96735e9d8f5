import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parse } from 'graphql';
import { DocumentCache } from '../src/graphql/document-cache.js';

test('the GraphQL document cache keeps at most 256 documents, the oldest going first, and no long query', () => {
  const cache = new DocumentCache();
  const query = (i: number) => `{ q${i} }`;
  for (let i = 0; i < 300; i++) cache.set(query(i), parse(query(i)));
  assert.equal(cache.get(query(0)), undefined, 'the oldest went');
  assert.equal(cache.get(query(43)), undefined, 'the 44 oldest went');
  assert.ok(cache.get(query(44)), 'the 256 newest stay');
  assert.ok(cache.get(query(299)));
  const long = `{ a ${'# padding\n'.repeat(1000)} }`;
  cache.set(long, parse(long));
  assert.equal(cache.get(long), undefined, 'a query over 8 KiB is not kept');
});

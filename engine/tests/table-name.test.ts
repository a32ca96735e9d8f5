import assert from 'node:assert/strict';
import { test } from 'node:test';
import { snakeCase, tableNameFor } from '../src/model/table-name.js';

test('a one-word schema name becomes its lowercase plural', () => {
  assert.equal(tableNameFor('User'), 'users');
  assert.equal(tableNameFor('Post'), 'posts');
  assert.equal(tableNameFor('Address'), 'addresses');
  assert.equal(tableNameFor('Box'), 'boxes');
  assert.equal(tableNameFor('Quiz'), 'quizzes');
});

test('a multi-word schema name becomes snake_case with only the last word pluralised', () => {
  assert.equal(tableNameFor('BlogPost'), 'blog_posts');
  assert.equal(tableNameFor('OrderItem'), 'order_items');
  assert.equal(tableNameFor('UserAddress'), 'user_addresses');
  assert.equal(tableNameFor('PersonCategory'), 'person_categories');
});

test('irregular and -y plurals follow English', () => {
  assert.equal(tableNameFor('Person'), 'people');
  assert.equal(tableNameFor('Category'), 'categories');
  assert.equal(tableNameFor('Mouse'), 'mice');
  assert.equal(tableNameFor('Child'), 'children');
  assert.equal(tableNameFor('Goose'), 'geese');
  assert.equal(tableNameFor('Status'), 'statuses');
  assert.equal(tableNameFor('Day'), 'days');
});

test('uncountable names keep their form', () => {
  assert.equal(tableNameFor('Sheep'), 'sheep');
  assert.equal(tableNameFor('Series'), 'series');
});

test('acronyms stay one word', () => {
  assert.equal(tableNameFor('HTTPRequest'), 'http_requests');
  assert.equal(tableNameFor('APIKey'), 'api_keys');
  assert.equal(snakeCase('HTTPRequest'), 'http_request');
  assert.equal(snakeCase('UserID'), 'user_id');
});

test('names that differ only in number share a table, which the validator must catch', () => {
  assert.equal(tableNameFor('People'), tableNameFor('Person'));
  assert.equal(tableNameFor('Mice'), tableNameFor('Mouse'));
  assert.notEqual(tableNameFor('Post'), tableNameFor('BlogPost'));
});

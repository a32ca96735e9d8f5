/**
 * The exported description says what the server does: optional fields may be null, unknown fields
 * are refused, every status the server gives is declared, text templates keep their media type,
 * and the constraints the server enforces are written down. Importing the export gives the text
 * template back.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { parse } from 'yaml';
import { fromPackage } from '../src/package-root.js';
import { exportConfig } from '../src/openapi/export-config.js';
import { importDescription } from '../src/openapi/import.js';
import type { Obj } from '../src/openapi/schema-walk.js';
import { serve, yaml } from './helpers.js';

const exported = (text: string, path = '/tmp/api.yaml'): Obj => {
  const result = exportConfig(text, path, 'json');
  assert.ok(result.ok, 'the config exports');
  return result.document as Obj;
};
// biome-ignore lint/suspicious/noExplicitAny: walking a JSON document in a test
const at = (doc: Obj, ...keys: string[]): any => keys.reduce<any>((o, k) => o?.[k], doc);

const DYNAMIC = readFileSync(fromPackage('examples', 'dynamic.yaml'), 'utf8');

const RELATIONS = yaml`
  schemas:
    Author:
      properties:
        id: integer
        name: { type: string, required: true }
        data: { type: json, required: true }
    Book:
      properties:
        id: integer
        title: string
        authorId: { type: integer, references: Author, onDelete: restrict }
  endpoints:
    - resource: Author
    - resource: Book
`;

test('optional fields are nullable, required ones are not, and a required json field refuses null', () => {
  const doc = exported(RELATIONS);
  const author = at(doc, 'components', 'schemas', 'Author');
  const book = at(doc, 'components', 'schemas', 'Book');
  assert.equal(author.properties.name.type, 'string');
  assert.deepEqual(author.properties.data.type, ['object', 'array', 'string', 'number', 'integer', 'boolean']);
  assert.deepEqual(book.properties.title.type, ['string', 'null']);
  assert.deepEqual(book.properties.authorId.type, ['integer', 'null']);
  assert.equal(book.properties.id.type, 'integer', 'the key always has a value');
});

test('components refuse unknown properties, and a GET with relations writes the record out', () => {
  const doc = exported(RELATIONS);
  assert.equal(at(doc, 'components', 'schemas', 'Book', 'additionalProperties'), false);
  const item = at(doc, 'paths', '/books/{id}', 'get', 'responses', '200', 'content', 'application/json', 'schema');
  assert.equal(item.additionalProperties, false);
  assert.ok(item.properties.author && item.properties.title);
  const patch = at(doc, 'paths', '/books/{id}', 'patch', 'requestBody', 'content', 'application/json', 'schema');
  assert.equal(patch.additionalProperties, false);
});

test('the statuses the server gives are declared: 400 for relations, 409 under restrict, 406 and XML', () => {
  const doc = exported(RELATIONS);
  const get = at(doc, 'paths', '/authors/{id}', 'get', 'responses');
  assert.ok(get['400'], 'a bad _embed name');
  assert.ok(get['406']);
  assert.deepEqual(Object.keys(get['200'].content), ['application/json', 'application/xml', 'text/xml']);
  assert.ok(at(doc, 'paths', '/authors/{id}', 'delete', 'responses', '409'), 'a book still references it');
  assert.equal(at(doc, 'paths', '/books/{id}', 'delete', 'responses', '409'), undefined);
});

test("rule and fault statuses, text templates and templated headers are described as they're served", () => {
  const doc = exported(DYNAMIC, '/tmp/dynamic.yaml');
  const login = at(doc, 'paths', '/login', 'post', 'responses');
  // 413: its rules read the body, which must fit the limit.
  assert.deepEqual(Object.keys(login).sort(), ['200', '401', '403', '406', '413', '429']);
  assert.equal(login['429'].headers['Retry-After'].schema.const, '30');
  assert.equal(at(doc, 'paths', '/flaky', 'get', 'responses', '503', 'description'), 'Answered by a rule or a fault.');
  const csv = at(doc, 'paths', '/report.csv', 'get', 'responses', '200', 'content');
  assert.deepEqual(Object.keys(csv), ['text/csv']);
  assert.match(csv['text/csv']['x-mockyard-body'], /^row,name/);
  const echo = at(doc, 'paths', '/echo/{id}', 'post', 'responses', '200');
  assert.equal(echo.content['application/json'].example, undefined, 'no raw template as an example');
  assert.equal(echo.content['application/json']['x-mockyard-inline'].requestId, '{{uuid}}');
  assert.match(echo.headers['X-Echo-Id'].description, /request\.params\.id/);
});

test('constraints the server enforces are declared: _sort names, safe integers, non-empty path text, no readOnly id', () => {
  const doc = exported(RELATIONS);
  const params = at(doc, 'paths', '/books', 'get', 'parameters') as Obj[];
  const sort = params.find((p) => p.name === '_sort') as Obj;
  const pattern = new RegExp(at(sort, 'schema', 'pattern'));
  assert.ok(pattern.test('title,-id'));
  assert.ok(!pattern.test('nope'));
  const id = at(doc, 'components', 'schemas', 'Book', 'properties', 'id');
  assert.equal(id.maximum, Number.MAX_SAFE_INTEGER);
  assert.equal(id.readOnly, undefined);
  const text = exported(yaml`
    schemas:
      Tag:
        properties:
          code: { type: string, unique: true }
    endpoints:
      - resource: Tag
        key: code
  `);
  assert.equal(at(text, 'paths', '/tags/{code}', 'get', 'parameters', '0', 'schema', 'minLength'), 1);
});

test('importing the export gives a text template back as a text template, and a JSON template as written', () => {
  const doc = exported(DYNAMIC, '/tmp/dynamic.yaml');
  const config = parse(importDescription(doc, 'dynamic.json').text) as Obj;
  const endpoints = config.endpoints as Obj[];
  const csv = endpoints.find((e) => e.path === '/report.csv') as Obj;
  assert.equal(at(csv, 'response', 'contentType'), 'text/csv');
  assert.match(at(csv, 'response', 'body'), /\{\{#repeat 3\}\}/);
  const echo = endpoints.find((e) => e.path === '/echo/:id') as Obj;
  assert.equal(at(echo, 'response', 'inline', 'requestId'), '{{uuid}}');
});

test('405 to another method of a known path, and OPTIONS, are declared; importing the export skips them', () => {
  const doc = exported(RELATIONS);
  const collection = at(doc, 'paths', '/authors');
  for (const method of ['put', 'patch', 'delete']) {
    assert.deepEqual(Object.keys(collection[method].responses), ['405'], `${method} /authors`);
    assert.equal(collection[method]['x-mockyard-not-allowed'], true);
  }
  assert.ok(collection.get.responses['200'] && collection.post.responses['201']);
  const item = at(doc, 'paths', '/authors/{id}');
  assert.deepEqual(Object.keys(item.post.responses), ['405']);
  assert.deepEqual(
    item.post.parameters.map((p: Obj) => p.name),
    ['id'],
    'the 405 operation declares the path parameter',
  );
  assert.ok(item.options.responses['204'].headers.Allow);
  assert.ok(at(doc, 'components', 'responses', 'MethodNotAllowed', 'headers', 'Allow'));
  const imported = importDescription(doc, 'relations.json');
  const endpoints = (parse(imported.text) as Obj).endpoints as Obj[];
  const methods = endpoints.map((e) => `${e.method ?? ''} ${e.path ?? e.resource}`);
  assert.ok(!methods.some((m) => /^PUT \/authors$|^POST \/authors\/:id$/.test(m)), methods.join('; '));
  assert.equal(
    endpoints.length,
    12,
    'six operations of each resource (list, create, get, put, patch, delete), none a 405',
  );
  assert.deepEqual(
    imported.skipped.filter((s) => /OPTIONS|405/.test(s.reason)),
    [],
    'nothing said about the answers the server makes itself',
  );
});

const NESTED = yaml`
  schemas:
    User:
      properties: { id: integer, name: string }
    Post:
      properties:
        id: integer
        title: { type: string, required: true }
        authorId: { type: integer, required: true, references: User }
  endpoints:
    - resource: User
    - resource: Post
    - path: /users/:authorId/posts
      method: POST
      response: { schema: Post }
  seed:
    User:
      - { name: Ada }
`;

// biome-ignore lint/suspicious/noExplicitAny: walking a JSON document in a test
const bodyOf = (doc: Obj, path: string, method: string): any =>
  at(doc, 'paths', path, method, 'requestBody', 'content', 'application/json', 'schema');

test("the fields a path sets are left out of the body's schema and named: a nested create's parent key, an update's key", () => {
  const doc = exported(NESTED);
  const nested = bodyOf(doc, '/users/{authorId}/posts', 'post');
  assert.deepEqual(nested.required, ['title']);
  assert.equal(nested.additionalProperties, false);
  assert.equal(nested.properties.authorId, undefined, 'the path sets it');
  assert.deepEqual(nested['x-mockyard-from-path'], { authorId: 'authorId' });
  assert.match(nested.description, /`authorId` comes from the path's `\{authorId\}`/);
  for (const method of ['put', 'patch']) {
    const body = bodyOf(doc, '/posts/{id}', method);
    assert.equal(body.additionalProperties, false);
    assert.equal(body.properties.id, undefined, `${method}: the key is the path's`);
    assert.ok(body.properties.title);
    assert.deepEqual(body['x-mockyard-from-path'], { id: 'id' });
  }
  assert.equal(bodyOf(doc, '/posts/{id}', 'patch').required, undefined, 'a PATCH requires nothing');
  assert.deepEqual(bodyOf(doc, '/posts/{id}', 'put').required, ['title', 'authorId']);
  // A client's own id leaves room for the next automatic one (the server refuses 2^53 − 1 itself).
  const flat = bodyOf(doc, '/posts', 'post');
  assert.equal(flat.properties.id.maximum, Number.MAX_SAFE_INTEGER - 1);
  assert.equal(at(doc, 'components', 'schemas', 'Post', 'properties', 'id', 'maximum'), Number.MAX_SAFE_INTEGER);
});

test('the server does what the body schemas say: the path sets the fields left out, and 2^53 − 1 is no client id', async () => {
  const served = await serve(NESTED);
  try {
    const nested = await served.send('POST', '/users/1/posts', { title: 'T' });
    assert.equal(nested.status, 201);
    assert.equal(((await nested.json()) as Obj).authorId, 1);
    assert.equal((await served.send('POST', '/users/1/posts', { title: 'T', authorId: 2 })).status, 400);
    assert.equal((await served.send('PATCH', '/posts/1', { id: 2 })).status, 400);
    assert.equal((await served.send('PUT', '/posts/1', { title: 'U', authorId: 1 })).status, 200);
    assert.equal((await served.send('POST', '/users', { id: Number.MAX_SAFE_INTEGER })).status, 400);
    assert.equal((await served.send('POST', '/users', { id: Number.MAX_SAFE_INTEGER - 1 })).status, 201);
  } finally {
    await served.close();
  }
});

test('HEAD is declared wherever GET is (without bodies), 405 where no GET is; importing the export skips it', () => {
  const doc = exported(RELATIONS);
  const head = at(doc, 'paths', '/books/{id}', 'head');
  const get = at(doc, 'paths', '/books/{id}', 'get');
  assert.deepEqual(Object.keys(head.responses).sort(), Object.keys(get.responses).sort());
  for (const response of Object.values(head.responses) as Obj[]) assert.equal(response.content, undefined);
  assert.deepEqual(head.parameters, get.parameters);
  const dynamic = exported(DYNAMIC);
  assert.deepEqual(Object.keys(at(dynamic, 'paths', '/login', 'head', 'responses')), ['405']);
  const imported = importDescription(doc, 'relations.json');
  assert.deepEqual(
    imported.skipped.filter((s) => /HEAD/.test(s.reason)),
    [],
    'HEAD is not listed as skipped',
  );
  assert.equal(((parse(imported.text) as Obj).endpoints as Obj[]).length, 12, 'no endpoint made of HEAD');
});

test('the store’s 503 and 507 are declared on schema operations, 413 and 415 where a body is read', () => {
  const doc = exported(RELATIONS);
  const ops = (path: string, method: string): string[] => Object.keys(at(doc, 'paths', path, method, 'responses'));
  for (const [path, method] of [
    ['/books', 'get'],
    ['/books/{id}', 'get'],
    ['/books', 'post'],
    ['/books/{id}', 'patch'],
    ['/books/{id}', 'delete'],
  ] as const)
    assert.ok(ops(path, method).includes('503'), `${method} ${path} declares 503`);
  for (const [path, method] of [
    ['/books', 'post'],
    ['/books/{id}', 'put'],
    ['/books/{id}', 'delete'],
  ] as const)
    assert.ok(ops(path, method).includes('507'), `${method} ${path} declares 507`);
  assert.ok(ops('/books', 'post').includes('413') && ops('/books', 'post').includes('415'));
  assert.match(at(doc, 'components', 'responses', 'InsufficientStorage', 'description'), /2\^53/);
  assert.ok(at(doc, 'components', 'responses', 'Unavailable', 'headers', 'Retry-After'));
  // A static endpoint whose template reads the body refuses one past the limit; one that reads none does not.
  const dynamic = exported(DYNAMIC);
  assert.ok(at(dynamic, 'paths', '/echo/{id}', 'post', 'responses', '413'));
  assert.equal(at(dynamic, 'paths', '/report.csv', 'get', 'responses', '413'), undefined);
});

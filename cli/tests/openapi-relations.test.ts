// Relations in the OpenAPI export (issue 20): referencing fields say what they reference, GET
// operations declare _expand/_embed with the names they take and the shapes they add, and an
// import of the export gives the relations back.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import SwaggerParser from '@apidevtools/swagger-parser';
import { parse } from 'yaml';
import { runToEnd } from './openapi-helpers.js';

// biome-ignore lint/suspicious/noExplicitAny: an OpenAPI document read back in a test.
type Doc = any;

const dir = mkdtempSync(join(tmpdir(), 'mockyard-export-rel-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const CONFIG = `schemas:
  User:
    properties:
      id: integer
      name: { type: string, required: true }
      slug: { type: string, unique: true }
  Post:
    properties:
      id: integer
      title: string
      authorId: { type: integer, references: User }
      editorSlug: { type: string, references: User.slug, description: Who checked it }
      reviewerId: { type: integer, references: User, as: checker, onDelete: restrict }
  Comment:
    properties:
      id: integer
      body: string
      postId: { type: integer, references: Post, onDelete: cascade }
endpoints:
  - resource: User
  - resource: Post
  - resource: Comment
`;

async function exported(name: string, config: string): Promise<Doc> {
  const file = join(dir, `${name}.yaml`);
  writeFileSync(file, config);
  const out = await runToEnd(['export', file, '-o', join(dir, `${name}.openapi.json`)]);
  assert.equal(out.code, 0, out.stderr);
  return JSON.parse(readFileSync(join(dir, `${name}.openapi.json`), 'utf8'));
}

const parameter = (op: Doc, name: string) => ((op.parameters ?? []) as Doc[]).find((p) => p.name === name);

test('the export says what each reference names, and which _expand/_embed each GET takes', async () => {
  const doc = await exported('blog', CONFIG);
  await SwaggerParser.validate(structuredClone(doc));
  const post = doc.components.schemas.Post.properties;
  assert.deepEqual(post.authorId, {
    type: ['integer', 'null'],
    minimum: Number.MIN_SAFE_INTEGER,
    maximum: Number.MAX_SAFE_INTEGER,
    'x-mockyard-references': 'User',
    description: 'The id of a User; `_expand=author` adds that record.',
  });
  assert.deepEqual(post.editorSlug, {
    type: ['string', 'null'],
    description: 'Who checked it',
    'x-mockyard-references': 'User.slug',
  });
  assert.equal(post.reviewerId['x-mockyard-as'], 'checker');
  assert.equal(post.reviewerId['x-mockyard-on-delete'], 'restrict');
  assert.equal(doc.components.schemas.Comment.properties.postId['x-mockyard-on-delete'], 'cascade');

  for (const path of ['/posts', '/posts/{id}']) {
    const expand = parameter(doc.paths[path].get, '_expand');
    assert.deepEqual(expand.schema, {
      type: 'array',
      items: { type: 'string', enum: ['author', 'editor', 'checker'] },
    });
    assert.equal(expand.explode, false);
    assert.match(expand.description, /`author` \(the User of `authorId`\)/);
    assert.deepEqual(parameter(doc.paths[path].get, '_embed').schema.items.enum, ['comments']);
  }
  assert.deepEqual(parameter(doc.paths['/users/{id}'].get, '_embed').schema.items.enum, [
    'posts',
    'posts.editorSlug',
    'posts.reviewerId',
  ]);
  assert.equal(parameter(doc.paths['/users'].get, '_expand'), undefined, 'User references nothing');
  assert.equal(parameter(doc.paths['/posts'].post, '_expand'), undefined);

  // The shapes: the stored record's properties, plus what each relation adds (written out, since
  // the component allows no other property).
  const item = doc.paths['/posts/{id}'].get.responses['200'].content['application/json'].schema;
  assert.equal(item.additionalProperties, false);
  assert.deepEqual(item.properties.authorId, doc.components.schemas.Post.properties.authorId);
  assert.deepEqual(item.properties.author.anyOf, [{ $ref: '#/components/schemas/User' }, { type: 'null' }]);
  assert.deepEqual(item.properties.comments.items, { $ref: '#/components/schemas/Comment' });
  const list = doc.paths['/posts'].get.responses['200'].content['application/json'].schema;
  assert.deepEqual(list.items, item);
  // Writes still take and answer the stored record.
  assert.deepEqual(doc.paths['/posts'].post.responses['201'].content['application/json'].schema, {
    $ref: '#/components/schemas/Post',
  });
  const comment = doc.paths['/comments/{id}'].get.responses['200'].content['application/json'].schema;
  assert.deepEqual(
    Object.keys(comment.properties).filter((p) => !(p in doc.components.schemas.Comment.properties)),
    ['post'],
  );
});

test('import of the export gives the relations back: export → import → export → import holds', async () => {
  const first = await exported('round', CONFIG);
  const openapi = join(dir, 'round.openapi.json');
  const imported = join(dir, 'round.imported.yaml');
  const out = await runToEnd(['import', openapi, '-o', imported]);
  assert.equal(out.code, 0, out.stderr);
  const config = parse(readFileSync(imported, 'utf8')) as Doc;
  assert.deepEqual(config.schemas, (parse(CONFIG) as Doc).schemas);
  const second = await exported('round2', readFileSync(imported, 'utf8'));
  assert.deepEqual(second.components, first.components);
  assert.deepEqual(second.paths['/posts'].get, first.paths['/posts'].get);
});

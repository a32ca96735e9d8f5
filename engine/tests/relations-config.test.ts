// `references:`, `as:` and `onDelete:` in the config (issue 20): the model they compile to, and the
// problems they give, each placed at its line and column.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Problem } from '../../shared/src/problems.js';
import { validateConfig } from '../src/config/validate.js';
import { yaml } from './helpers.js';

const summarise = (problems: readonly Problem[]): string[] =>
  problems.map((p) => `${p.range.start.line}:${p.range.start.column} ${p.severity} ${p.code} ${p.message}`);

const problemsOf = (text: string): string[] => summarise(validateConfig(text).problems);

/** A config of User and Post, with Post's fields written in after `fields`. */
const withPost = (fields: string): string => yaml`
  schemas:
    User:
      properties:
        id: integer
        slug: { type: string, unique: true }
        name: string
    Post:
      properties:
        id: integer
${fields}
  endpoints:
    - resource: User
    - resource: Post
`;

test('references compile to expands on the referencing schema and embeds on the referenced one', () => {
  const { model, problems } = validateConfig(
    withPost(`        authorId: { type: integer, references: User, onDelete: cascade }
        editorSlug: { type: string, references: User.slug }
        reviewer: { type: integer, references: User, as: checkedBy }`),
  );
  assert.deepEqual(summarise(problems), []);
  assert.ok(model);
  const post = model.schemas.get('Post');
  const user = model.schemas.get('User');
  assert.ok(post && user);
  assert.deepEqual(post.fieldMap.get('authorId')?.references, {
    schema: 'User',
    field: 'id',
    as: 'author',
    onDelete: 'cascade',
  });
  assert.deepEqual([...post.expands.keys()], ['author', 'editor', 'checkedBy']);
  assert.deepEqual(
    [...post.expands.values()].map((r) => `${r.column} -> ${r.other.name}.${r.otherColumn}`),
    ['authorId -> User.id', 'editorSlug -> User.slug', 'reviewer -> User.id'],
  );
  assert.deepEqual([...user.embeds.keys()], ['posts', 'posts.editorSlug', 'posts.reviewer']);
  assert.equal(user.embeds.get('posts')?.onDelete, 'cascade');
  // The referencing columns get an index: embeds, cascades and restricts look rows up by them.
  assert.deepEqual([...post.lookupColumns].sort(), ['authorId', 'editorSlug', 'id', 'reviewer']);
  assert.equal(post.fieldMap.get('id')?.references, undefined);
  assert.ok(!('references' in (post.fieldMap.get('id') ?? {})), 'fields without a reference have no key for it');
});

test('a reference to an unknown schema is an error at its value, with the close name as a fix', () => {
  const text = withPost('        authorId: { type: integer, references: Usr }');
  assert.deepEqual(problemsOf(text), [
    "10:46 error referenceUnknownSchema Field Post.authorId references unknown schema 'Usr'. Define it under `schemas:`. Did you mean 'User'?",
  ]);
  const [problem] = validateConfig(text).problems;
  assert.deepEqual(problem?.range, { start: { line: 10, column: 46 }, end: { line: 10, column: 49 } });
  assert.deepEqual(
    problem?.fixes?.map((f) => f.text),
    ['User'],
  );
  assert.deepEqual(problemsOf(withPost('        authorSlug: { type: string, references: Author.slug }')), [
    "10:47 error referenceUnknownSchema Field Post.authorSlug references unknown schema 'Author'. Define it under `schemas:`.",
  ]);
});

test('a reference to a field that is neither the key nor unique is an error at its value', () => {
  assert.deepEqual(problemsOf(withPost('        authorName: { type: string, references: User.name }')), [
    '10:47 error referenceNotKey Field Post.authorName references User.name, which is neither the key nor a unique field (use User.id or User.slug).',
  ]);
  assert.deepEqual(problemsOf(withPost('        authorX: { type: string, references: User.nope }')), [
    '10:44 error referenceNotKey Field Post.authorX references User.nope, which is neither the key nor a unique field (use User.id or User.slug).',
  ]);
  // Block style: the position is the value's, on its own line.
  const block = yaml`
    schemas:
      Tag:
        properties:
          code: { type: string, required: true }
      Post:
        properties:
          id: integer
          tagCode:
            type: string
            references: Tag
    endpoints:
      - resource: Post
  `;
  assert.deepEqual(problemsOf(block), [
    '10:21 error referenceNotKey Field Post.tagCode references Tag (its id; Tag has none), which is neither the key nor a unique field.',
  ]);
});

test('a reference of another type than its key, or whose expand name is taken, is an error', () => {
  assert.deepEqual(problemsOf(withPost('        authorId: { type: string, references: User }')), [
    '10:45 error referenceTypeMismatch Field Post.authorId is string but references User.id, which is integer; give them the same type.',
  ]);
  assert.deepEqual(
    problemsOf(
      withPost(`        title: string
        owner: { type: integer, references: User }
        ownerId: { type: integer, references: User, as: title }`),
    ),
    [
      "11:43 error referenceNameTaken Field Post.owner expands as 'owner', which is already a field of the schema; set `as:` to another name.",
      "12:55 error referenceNameTaken Field Post.ownerId expands as 'title', which is already a field of the schema; set `as:` to another name.",
    ],
  );
});

test('as or onDelete without references is a warning at the key; a bad onDelete or references is an error', () => {
  assert.deepEqual(problemsOf(withPost('        authorId: { type: integer, as: author, onDelete: cascade }')), [
    '10:34 warning relationOptionWithoutReference Field Post.authorId sets `as` without `references`; it has no effect.',
    '10:46 warning relationOptionWithoutReference Field Post.authorId sets `onDelete` without `references`; it has no effect.',
  ]);
  assert.deepEqual(problemsOf(withPost('        authorId: { type: integer, references: User, onDelete: cascde }')), [
    "10:62 error unknownOnDelete Unknown onDelete 'cascde' for Post.authorId. Use cascade or restrict (or leave it out to allow the delete). Did you mean 'cascade'?",
  ]);
  assert.deepEqual(problemsOf(withPost('        authorId: { type: integer, references: User.a.b }')), [
    "10:46 error invalidReference Field Post.authorId references 'User.a.b'; write a schema name (User) or a schema and field (User.slug).",
  ]);
});

// `references:`, `as:` and `onDelete:` in the config (issue 20): the model they compile to, and the
// problems they give, each placed at its line and column.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import type { Problem } from '../../shared/src/problems.js';
import { validateConfig } from '../src/config/validate.js';
import { fromPackage } from '../src/package-root.js';
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

// ---------------------------------------------------------------------------------------------
// Seed rows keep their references as an API create does

/** User (with a self-reference and a unique slug) and Post seeded with the rows written in after `seed:`. */
const seeded = (seed: string): string => `schemas:
  User:
    properties:
      id: integer
      slug: { type: string, unique: true }
      managerId: { type: integer, references: User }
  Post:
    properties:
      id: integer
      authorId: { type: integer, references: User }
      editorSlug: { type: string, references: User.slug }
endpoints:
  - resource: User
  - resource: Post
seed:
${seed}`;

test('a seed reference to no seed row of the referenced schema is an error at its value, listing the seeded keys', () => {
  const text = seeded(`  User:
    - { slug: ada }
    - { slug: alan }
    - { slug: grace }
  Post:
    - { authorId: 1 }
    - { authorId: 3, editorSlug: alan }
    - { authorId: 99 }
    - { authorId: 2, editorSlug: ghost }
`);
  assert.deepEqual(problemsOf(text), [
    '23:19 error seedReferenceMissing Seed row 3 of Post: authorId 99 refers to no User (seed ids: 1, 2, 3).',
    '24:34 error seedReferenceMissing Seed row 4 of Post: editorSlug "ghost" refers to no User (seed slugs: "ada", "alan", "grace").',
  ]);
  const { model, problems } = validateConfig(text);
  assert.equal(model, undefined);
  // The range is the value's, so the editor underlines 99 itself.
  assert.deepEqual(problems[0]?.range, { start: { line: 23, column: 19 }, end: { line: 23, column: 21 } });
});

test('seed ids count as the stores give them: written ones, and the next after the largest for the rest', () => {
  const ok = seeded(`  User:
    - { id: 5, slug: a }
    - { slug: b }
    - { id: 2, slug: c }
    - { slug: d }
  Post:
    - { authorId: 5 }
    - { authorId: 6 }
    - { authorId: 2 }
    - { authorId: 7 }
`);
  assert.deepEqual(problemsOf(ok), []);
  assert.deepEqual(problemsOf(ok.replace('{ authorId: 7 }', '{ authorId: 3 }')), [
    '25:19 error seedReferenceMissing Seed row 4 of Post: authorId 3 refers to no User (seed ids: 5, 6, 2, 7).',
  ]);
});

test('a self-reference may name a seed row written after it; one naming no row is an error', () => {
  const text = seeded(`  User:
    - { slug: boss, managerId: 3 }
    - { slug: ada, managerId: 1 }
    - { slug: top }
`);
  assert.deepEqual(problemsOf(text), []);
  assert.deepEqual(problemsOf(text.replace('managerId: 3', 'managerId: 4')), [
    '17:32 error seedReferenceMissing Seed row 1 of User: managerId 4 refers to no User (seed ids: 1, 2, 3).',
  ]);
});

test('seed references are not checked against a schema without seed rows; null and left-out references pass', () => {
  // Nothing seeds User here: its table may be filled another way (an existing database, an import).
  assert.deepEqual(problemsOf(seeded('  Post:\n    - { authorId: 42 }\n    - { authorId: null }\n')), []);
  assert.deepEqual(
    problemsOf(seeded('  User:\n    - { slug: a }\n  Post:\n    - { authorId: null }\n    - { editorSlug: a }\n')),
    [],
  );
});

test('a long list of seeded keys is cut after ten, and an invalid row is not reported again for its reference', () => {
  const users = Array.from({ length: 12 }, (_, i) => `    - { slug: u${i} }`).join('\n');
  assert.deepEqual(
    problemsOf(seeded(`  User:\n${users}\n  Post:\n    - { authorId: 99 }\n    - { id: x, authorId: 98 }\n`)),
    [
      '30:19 error seedReferenceMissing Seed row 1 of Post: authorId 99 refers to no User (seed ids: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, …).',
      `31:7 error seedRowInvalid Seed row 2 of Post: Field 'id' must be an integer, not the text "x".`,
    ],
  );
});

test('the seeded example configs keep their references', () => {
  for (const file of ['blog.yaml', 'dynamic.yaml', 'scale-out/mockyard.yaml']) {
    const text = readFileSync(fromPackage('examples', file), 'utf8');
    assert.deepEqual(
      problemsOf(text).filter((p) => p.includes(' error ')),
      [],
      file,
    );
  }
});

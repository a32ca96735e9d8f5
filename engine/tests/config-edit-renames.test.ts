// The studio's renames as text edits: the key, renamedFrom, and every place naming it, comments kept.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  fieldMentions,
  renameFieldEverywhere,
  renameOrigin,
  renameSchemaEverywhere,
} from '../../shared/src/config-edit/renames.js';
import { validateConfig } from '../src/config/validate.js';
import { yaml } from './helpers.js';

const TEXT = yaml`
  # people and what they write
  schemas:
    Person:
      properties:
        id: integer
        name: { type: string, unique: true } # shown on cards
        age: integer
    Post:
      properties:
        id: integer
        title: string
        authorId: { type: integer, references: Person }
        authorName: { type: string, references: Person.name, as: writer }
  endpoints:
    - resource: Person
      key: name
    - path: /people/:id/profile
      method: GET
      response: { schema: Person }
    - resource: Post
  seed:
    Person:
      - { name: Ada, age: 36 } # first
      - name: Bob
        age: 20
`;

test('a field rename writes the new key and renamedFrom, and renames it in seed rows, key: and Schema.field references', () => {
  const after = renameFieldEverywhere(TEXT, 'Person', 'name', 'fullName', 'name');
  assert.match(after, /fullName: \{ type: string, unique: true, renamedFrom: name \} # shown on cards/);
  assert.match(after, /- \{ fullName: Ada, age: 36 \} # first/);
  assert.match(after, /- fullName: Bob\n/);
  assert.match(after, /key: fullName/);
  assert.match(after, /references: Person\.fullName/);
  assert.match(after, /# people and what they write/);
  const { problems, model } = validateConfig(after);
  assert.deepEqual(
    problems.filter((p) => p.severity === 'error').map((p) => p.message),
    [],
  );
  assert.equal(model?.schemas.get('Person')?.fieldMap.get('fullName')?.renamedFrom?.from, 'name');
  // Renamed back before a save: the hint goes.
  const back = renameFieldEverywhere(after, 'Person', 'fullName', 'name', 'name');
  assert.doesNotMatch(back, /renamedFrom/);
  assert.equal(back, TEXT.replace('name: { type: string, unique: true }', 'name: { type: string, unique: true }'));
});

test('a short field becomes a flow map with renamedFrom; the origin is what the database has', () => {
  const after = renameFieldEverywhere(TEXT, 'Person', 'age', 'years', 'age');
  assert.match(after, /years: \{ type: integer, renamedFrom: age \}/);
  assert.equal(renameOrigin('fullName', 'name', false), 'name', 'renamed twice before a save: the first name');
  assert.equal(renameOrigin('fullName', 'name', true), 'fullName', 'saved (applied) since: the database has it');
  assert.equal(renameOrigin('age', undefined, false), 'age');
});

test('a schema rename writes renamedFrom and follows resource:, response.schema:, references: and the seed key', () => {
  const after = renameSchemaEverywhere(TEXT, 'Person', 'Member', 'Person');
  assert.match(after, /\n {2}Member:\n/);
  assert.match(after, /renamedFrom: Person/);
  assert.match(after, /- resource: Member\n/);
  assert.match(after, /response: { schema: Member }/);
  assert.match(after, /references: Member }/);
  assert.match(after, /references: Member\.name/);
  assert.match(after, /seed:\n {2}Member:\n/);
  assert.match(after, /# shown on cards/);
  const { problems, model } = validateConfig(after);
  assert.deepEqual(
    problems.filter((p) => p.severity === 'error').map((p) => p.message),
    [],
  );
  assert.equal(model?.schemas.get('Member')?.renamedFrom?.table, 'people');
  assert.equal(model?.seed.get('Member')?.length, 2);
});

test('a schema rename follows the feed: of WebSocket and SSE endpoints', () => {
  const text = yaml`
    schemas:
      Note:
        properties: { id: integer, text: string }
    endpoints:
      - resource: Note
      - path: /ws/notes # live
        websocket: { feed: Note }
      - path: /sse/notes
        sse:
          feed: Note
  `;
  const after = renameSchemaEverywhere(text, 'Note', 'Memo', 'Note');
  assert.match(after, /websocket: \{ feed: Memo \}/);
  assert.match(after, /sse:\n {6}feed: Memo\n/);
  assert.match(after, /# live/);
  const { problems } = validateConfig(after);
  assert.deepEqual(
    problems.filter((p) => p.severity === 'error').map((p) => p.message),
    [],
  );
});

test('rule targets and templates that name the field are listed, not changed', () => {
  const text = yaml`
    schemas:
      Person:
        properties: { id: integer, name: string }
    endpoints:
      - resource: Person
      - path: /people/:id
        method: PUT
        response: { schema: Person }
        rules:
          - when: { body.name: Ada }
            response: { inline: { hello: "{{ request.body.name }}" } }
  `;
  const mentions = fieldMentions(text, 'Person', 'name');
  assert.deepEqual(
    mentions.map((m) => [m.path.join('.'), m.text]),
    [
      ['endpoints.1.rules.0.when.body.name', 'body.name'],
      ['endpoints.1.rules.0.response.inline.hello', '{{ request.body.name }}'],
    ],
  );
  assert.deepEqual(fieldMentions(text, 'Person', 'id'), []);
});

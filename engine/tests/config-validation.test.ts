import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Problem } from '../../shared/src/problems.js';
import { validateConfig, type ValidationResult } from '../src/config/validate.js';
import type { EndpointModel, SchemaEndpoint, ServiceModel } from '../src/model/service-model.js';
import { yaml } from './helpers.js';

const CONFIG_DIR = join(tmpdir(), 'mockyard-validation');
const CONFIG_PATH = join(CONFIG_DIR, 'blog.yaml');

const check = (text: string, configPath: string | undefined = CONFIG_PATH): ValidationResult =>
  validateConfig(text, { configPath });

/** `line:column severity message` for each problem: exact, and readable when an assertion fails. */
const summarise = (problems: readonly Problem[]): string[] =>
  problems.map((p) => `${p.range.start.line}:${p.range.start.column} ${p.severity} ${p.message}`);

const problemsOf = (text: string): string[] => summarise(check(text).problems);

/** The compiled model of a config that must be valid (warnings allowed). */
function modelOf(text: string, configPath?: string): ServiceModel {
  const result = check(text, configPath);
  const errors = result.problems.filter((p) => p.severity === 'error');
  assert.deepEqual(summarise(errors), [], 'expected no errors');
  assert.ok(result.model, 'expected a model');
  return result.model;
}

/** `METHOD path status operation` for each endpoint. */
const routes = (endpoints: readonly EndpointModel[]): string[] =>
  endpoints.map((e) => `${e.method} ${e.path} ${e.status} ${e.kind === 'schema' ? e.operation : 'static'}`);

const USER = yaml`
  schemas:
    User:
      properties:
        id: integer
        name: string
        slug: string
        active: boolean
        meta: json
`;

// ---------------------------------------------------------------------------------------------
// The spec's error, syntax errors, and the shape of the document

test('an endpoint naming an undefined schema gives the spec message at the schema value', () => {
  const text = yaml`
    schemas:
      User:
        properties:
          id: integer
    endpoints:
      - path: /posts
        method: GET
        response:
          schema: Post
          type: array
  `;
  const result = check(text);
  assert.equal(result.model, undefined);
  assert.equal(result.problems.length, 1);
  const [problem] = result.problems;
  assert.ok(problem);
  assert.equal(problem.message, "Endpoint GET /posts references unknown schema 'Post'. Define it under `schemas:`.");
  assert.equal(problem.code, 'unknownSchema');
  assert.equal(problem.severity, 'error');
  assert.deepEqual(problem.range, { start: { line: 9, column: 15 }, end: { line: 9, column: 19 } });
  assert.deepEqual(problem.path, ['endpoints', 0, 'response', 'schema']);
});

test('an unknown schema in a flow-style response is pointed at inside the braces', () => {
  assert.deepEqual(
    problemsOf(yaml`
      endpoints:
        - path: /posts/:slug
          method: DELETE
          response: { schema: Post }
    `),
    ["4:25 error Endpoint DELETE /posts/:slug references unknown schema 'Post'. Define it under `schemas:`."],
  );
});

test('a YAML syntax error is reported with its line and column and stops further checks', () => {
  assert.deepEqual(
    problemsOf(yaml`
      endpoints:
        - path: /a
         method: GET
        - path: /posts
          method: GET
          response: { schema: Post }
    `),
    ['3:1 error YAML syntax error: Sequence item without - indicator'],
  );
  assert.deepEqual(problemsOf('endpoints:\n\t- path: /a\n'), [
    '2:1 error YAML syntax error: Tabs are not allowed as indentation',
  ]);
});

test('an unclosed quote or brace is pointed at where it opens, not where the parser gave up', () => {
  assert.deepEqual(
    problemsOf(yaml`
      endpoints:
        - path: "/a
          method: GET
    `),
    ['2:11 error YAML syntax error: Missing closing "quote'],
  );
  assert.deepEqual(
    problemsOf(yaml`
      endpoints:
        - path: /a
          method: GET
          response: { inline: { a: 1 }
      schemas: {}
    `),
    ['4:15 error YAML syntax error: Flow map in block collection must be sufficiently indented and end with a }'],
  );
});

test('several YAML syntax errors come back in document order', () => {
  const problems = problemsOf(yaml`
    endpoints:
      - path: /a
        method: GET
        response: {inline: [1, 2}
  `);
  assert.deepEqual(problems, [
    '4:15 error YAML syntax error: Flow map in block collection must be sufficiently indented and end with a }',
    '4:24 error YAML syntax error: Flow sequence in block collection must be sufficiently indented and end with a ]',
  ]);
});

test('a config that is a list, a scalar or empty is refused as not a mapping', () => {
  const message = 'The config must be a YAML mapping with `schemas:` and `endpoints:`.';
  assert.deepEqual(problemsOf('- a\n- b\n'), [`1:1 error ${message}`]);
  assert.deepEqual(problemsOf('just text\n'), [`1:1 error ${message}`]);
  assert.deepEqual(problemsOf(''), [`1:1 error ${message}`]);
  assert.deepEqual(problemsOf('# only a comment\n'), [`1:1 error ${message}`]);
  assert.equal(check('- a\n').problems[0]?.code, 'yamlNotMapping');
});

test('sections of the wrong kind are named with the kind expected and the kind found', () => {
  assert.deepEqual(
    problemsOf(yaml`
      schemas: []
      endpoints: {}
    `),
    ['1:1 error `schemas` must be a mapping, not a list.', '2:1 error `endpoints` must be a list, not a mapping.'],
  );
});

test('a config without `endpoints` reports the missing section', () => {
  assert.deepEqual(problemsOf(USER), ["1:1 error Missing required field 'endpoints' in the config."]);
});

// ---------------------------------------------------------------------------------------------
// Responses

test('a response with both `schema` and `inline` is refused at the response key', () => {
  const problems = check(
    USER +
      yaml`
    endpoints:
      - path: /a
        method: GET
        response: { inline: {}, schema: User }
  `,
  ).problems;
  assert.deepEqual(summarise(problems), [
    '12:5 error Endpoint GET /a has both `schema` and `inline` in its response; use one.',
  ]);
  assert.equal(problems[0]?.code, 'schemaAndInline');
});

test('a response with neither `schema` nor `inline` is refused', () => {
  assert.deepEqual(
    problemsOf(yaml`
      endpoints:
        - path: /a
          method: GET
          response: { type: array }
        - path: /b
          method: GET
          response: {}
    `),
    [
      '4:5 error Endpoint GET /a needs `schema` (database-backed) or `inline` (static JSON) in its response.',
      '7:5 error Endpoint GET /b needs `schema` (database-backed) or `inline` (static JSON) in its response.',
    ],
  );
});

test('a response `type` other than array is refused at the value', () => {
  assert.deepEqual(
    problemsOf(
      USER +
        yaml`
      endpoints:
        - path: /users
          method: GET
          response: { schema: User, type: list }
        - path: /people
          method: GET
          response:
            schema: User
            type: object
    `,
    ),
    [
      "12:37 error Response type 'list' is not supported: the only type is 'array' (a list of records).",
      "17:13 error Response type 'object' is not supported: the only type is 'array' (a list of records).",
    ],
  );
});

test('a response that is null is reported as the wrong kind', () => {
  assert.deepEqual(
    problemsOf(yaml`
      endpoints:
        - path: /a
          method: GET
          response:
    `),
    ['4:14 error The response of endpoint GET /a must be a mapping, not null.'],
  );
});

test('options that only apply to schema endpoints warn on a static endpoint but do not block it', () => {
  const text = yaml`
    endpoints:
      - path: /health
        method: GET
        operation: list
        key: id
        response: { inline: { status: ok }, type: array }
  `;
  const result = check(text);
  assert.deepEqual(summarise(result.problems), [
    '4:5 warning Endpoint GET /health is static (`inline`), so `operation` has no effect.',
    '5:5 warning Endpoint GET /health is static (`inline`), so `key` has no effect.',
    '6:41 warning Endpoint GET /health is static (`inline`), so `type` has no effect.',
  ]);
  assert.ok(result.model);
});

// ---------------------------------------------------------------------------------------------
// Methods, paths and routes

test('an unknown method is refused with a suggestion for case slips and swapped letters', () => {
  const problems = check(yaml`
    endpoints:
      - path: /a
        method: get
        response: { inline: {} }
      - path: /b
        method: GTE
        response: { inline: {} }
      - path: /c
        method: PSOT
        response: { inline: {} }
      - path: /d
        method: DELET
        response: { inline: {} }
      - path: /e
        method: FETCH
        response: { inline: {} }
  `).problems;
  assert.deepEqual(summarise(problems), [
    "3:13 error Unknown method 'get'. Use GET, POST, PATCH, PUT or DELETE. Did you mean 'GET'?",
    "6:13 error Unknown method 'GTE'. Use GET, POST, PATCH, PUT or DELETE. Did you mean 'GET'?",
    "9:13 error Unknown method 'PSOT'. Use GET, POST, PATCH, PUT or DELETE. Did you mean 'POST'?",
    "12:13 error Unknown method 'DELET'. Use GET, POST, PATCH, PUT or DELETE. Did you mean 'DELETE'?",
    "15:13 error Unknown method 'FETCH'. Use GET, POST, PATCH, PUT or DELETE.",
  ]);
  assert.ok(problems.every((p) => p.code === 'unknownMethod'));
});

test('a missing method, path or response is reported as missing, not as a wrong value', () => {
  assert.deepEqual(
    problemsOf(yaml`
      endpoints:
        - path: /x
        - path: /y
          response: { inline: {} }
        - method: GET
          response: { inline: {} }
    `),
    [
      "2:5 error Missing required field 'method' in endpoint #1.",
      "2:5 error Missing required field 'response' in endpoint #1.",
      "3:5 error Missing required field 'method' in endpoint #2.",
      "5:5 error Missing required field 'path' in endpoint #3.",
    ],
  );
});

test('an endpoint entry that is not a mapping is refused', () => {
  assert.deepEqual(
    problemsOf(yaml`
      endpoints:
        - 5
        - /users
    `),
    [
      '2:5 error Endpoint #1 must be a mapping, not the integer 5.',
      "3:5 error Endpoint #2 must be a mapping, not the text '/users'.",
    ],
  );
});

test('the same method and path twice is refused, naming the line of the first', () => {
  const problems = check(yaml`
    endpoints:
      - path: /health
        method: GET
        response: { inline: {} }
      - path: /health
        method: POST
        response: { inline: {} }
      - path: /health
        method: GET
        response: { inline: { again: true } }
  `).problems;
  assert.deepEqual(summarise(problems), [
    '8:11 error Duplicate endpoint GET /health: it is already declared on line 2.',
  ]);
  assert.equal(problems[0]?.code, 'duplicateRoute');
});

test('paths differing only in a parameter name or a trailing slash are the same route', () => {
  assert.deepEqual(
    problemsOf(
      USER +
        yaml`
      endpoints:
        - path: /users/:id
          method: GET
          response: { schema: User }
        - path: /users/:slug
          method: GET
          response: { schema: User }
        - path: /users/:id/
          method: DELETE
          response: { schema: User }
        - path: /users/:slug
          method: DELETE
          response: { schema: User }
    `,
    ),
    [
      '13:11 error Duplicate endpoint GET /users/:slug: it is already declared on line 10.',
      '19:11 error Duplicate endpoint DELETE /users/:slug: it is already declared on line 16.',
    ],
  );
});

test('a path that does not start with a slash, repeats a parameter or has a query is refused', () => {
  assert.deepEqual(
    problemsOf(yaml`
      endpoints:
        - path: users
          method: GET
          response: { inline: {} }
        - path: /a/:id/b/:id
          method: GET
          response: { inline: {} }
        - path: /search?q=1
          method: GET
          response: { inline: {} }
        - path: /a/x:id
          method: GET
          response: { inline: {} }
    `),
    [
      "2:11 error Path 'users' is not valid: it must start with '/'.",
      "5:11 error Path '/a/:id/b/:id' is not valid: parameter ':id' appears twice.",
      "8:11 error Path '/search?q=1' is not valid: use plain segments and :parameters only (no ?, #, * or spaces).",
      "11:11 error Path '/a/x:id' is not valid: segment 'x:id' mixes text and a parameter.",
    ],
  );
});

test('paths under /__mockyard are reserved for the admin API', () => {
  assert.deepEqual(
    problemsOf(yaml`
      endpoints:
        - path: /__mockyard/x
          method: GET
          response: { inline: {} }
        - path: /__mockyard
          method: POST
          response: { inline: {} }
        - path: /__mockyardish
          method: GET
          response: { inline: {} }
    `),
    [
      "2:11 error Path '/__mockyard/x' is under /__mockyard/, which is reserved for the admin API.",
      "5:11 error Path '/__mockyard' is under /__mockyard/, which is reserved for the admin API.",
    ],
  );
});

// ---------------------------------------------------------------------------------------------
// Path parameters and keys

test('a path parameter that is not a field of the schema is refused, listing the fields', () => {
  assert.deepEqual(
    problemsOf(
      USER +
        yaml`
      endpoints:
        - path: /users/:username
          method: GET
          response: { schema: User }
    `,
    ),
    [
      "10:11 error Path parameter ':username' of endpoint GET /users/:username is not a field of User (fields: id, name, slug, active, meta).",
    ],
  );
});

test('a path parameter that names a field is bound to that column', () => {
  const model = modelOf(
    USER +
      yaml`
    endpoints:
      - path: /users/:slug
        method: GET
        response: { schema: User }
      - path: /teams/:name/users
        method: GET
        response: { schema: User, type: array }
  `,
  );
  const [bySlug, byTeam] = model.endpoints as SchemaEndpoint[];
  assert.deepEqual(bySlug?.params, [{ param: 'slug', column: 'slug' }]);
  assert.equal(bySlug?.operation, 'get');
  assert.deepEqual(byTeam?.params, [{ param: 'name', column: 'name' }]);
  assert.equal(byTeam?.operation, 'list');
  assert.deepEqual([...(model.schemas.get('User')?.lookupColumns ?? [])].sort(), ['name', 'slug']);
});

test('`key:` naming a field that does not exist is refused at the key value', () => {
  assert.deepEqual(
    problemsOf(
      USER +
        yaml`
      endpoints:
        - path: /users/:id
          method: GET
          key: email
          response: { schema: User }
        - path: /users
          method: GET
          key: nope
          response: { schema: User, type: array }
    `,
    ),
    [
      "12:10 error Endpoint GET /users/:id looks up by 'email', which is not a field of User (fields: id, name, slug, active, meta).",
      "16:10 error Endpoint GET /users looks up by 'nope', which is not a field of User (fields: id, name, slug, active, meta).",
    ],
  );
});

test('`key:` overrides the column the last path parameter looks up by', () => {
  const model = modelOf(
    USER +
      yaml`
    endpoints:
      - path: /users/:handle
        method: GET
        key: slug
        response: { schema: User }
  `,
  );
  assert.deepEqual((model.endpoints[0] as SchemaEndpoint).params, [{ param: 'handle', column: 'slug' }]);
});

test('a key or path parameter of boolean or json type is refused', () => {
  assert.deepEqual(
    problemsOf(
      USER +
        yaml`
      endpoints:
        - path: /users/:id
          method: GET
          key: active
          response: { schema: User }
        - path: /users/:meta
          method: DELETE
          response: { schema: User }
    `,
    ),
    [
      "12:10 error Endpoint GET /users/:id looks up by 'active', a boolean field; keys must be string, number, integer or datetime fields.",
      "14:11 error Endpoint DELETE /users/:meta looks up by 'meta', a json field; keys must be string, number, integer or datetime fields.",
    ],
  );
});

// ---------------------------------------------------------------------------------------------
// Operations

test('an operation that does not fit its method or path is refused with the reason', () => {
  assert.deepEqual(
    problemsOf(
      USER +
        yaml`
      endpoints:
        - path: /users
          method: GET
          operation: create
          response: { schema: User }
        - path: /users
          method: PATCH
          response: { schema: User }
        - path: /users/:id
          method: DELETE
          operation: list
          response: { schema: User }
        - path: /things
          method: DELETE
          response: { schema: User }
        - path: /users/:id
          method: PUT
          operation: delete
          response: { schema: User }
    `,
    ),
    [
      "12:16 error Operation 'create' does not fit endpoint GET /users: records are created with POST.",
      "15:13 error Operation 'update' does not fit endpoint PATCH /users: it needs a path parameter such as /:id.",
      "19:16 error Operation 'list' does not fit endpoint DELETE /users/:id: a list is read with GET.",
      "22:13 error Operation 'delete' does not fit endpoint DELETE /things: it needs a path parameter such as /:id.",
      "26:16 error Operation 'delete' does not fit endpoint PUT /users/:id: records are deleted with DELETE.",
    ],
  );
});

test('`type: array` on a write endpoint is refused at the type', () => {
  assert.deepEqual(
    problemsOf(
      USER +
        yaml`
      endpoints:
        - path: /users
          method: POST
          response: { schema: User, type: array }
    `,
    ),
    ['12:37 error Endpoint POST /users changes one record, so `type: array` does not fit it.'],
  );
});

test('an unknown operation is refused listing the five', () => {
  assert.deepEqual(
    problemsOf(
      USER +
        yaml`
      endpoints:
        - path: /users/:id
          method: GET
          operation: fetch
          response: { schema: User }
    `,
    ),
    ["12:16 error Unknown operation 'fetch'. Use list, get, create, update or delete."],
  );
});

test('a GET without a path parameter and without `type: array` is refused at the path', () => {
  const problems = check(
    USER +
      yaml`
    endpoints:
      - path: /me
        method: GET
        response: { schema: User }
  `,
  ).problems;
  assert.deepEqual(summarise(problems), [
    '10:11 error Endpoint GET /me returns one User but its path has no parameter to find it by. Add `type: array` to return a list, or a parameter such as /:id.',
  ]);
  assert.equal(problems[0]?.code, 'getWithoutParam');
});

test('declared operations that fit are kept, and `operation: get` without a parameter is refused', () => {
  const model = modelOf(
    USER +
      yaml`
    endpoints:
      - path: /users
        method: GET
        operation: list
        response: { schema: User, type: array }
      - path: /users/:id
        method: PUT
        operation: update
        response: { schema: User }
  `,
  );
  assert.deepEqual(routes(model.endpoints), ['GET /users 200 list', 'PUT /users/:id 200 update']);
  assert.deepEqual(
    problemsOf(
      USER +
        yaml`
      endpoints:
        - path: /me
          method: GET
          operation: get
          response: { schema: User }
    `,
    ),
    ["12:16 error Operation 'get' does not fit endpoint GET /me: it needs a path parameter such as /:id."],
  );
});

// ---------------------------------------------------------------------------------------------
// Statuses

test('a status outside 100–599 is refused at the value, both below and above', () => {
  const problems = check(yaml`
    endpoints:
      - path: /a
        method: GET
        status: 99
        response: { inline: {} }
      - path: /b
        method: GET
        status: 600
        response: { inline: {} }
      - path: /c
        method: GET
        status: 100
        response: { inline: {} }
      - path: /d
        method: GET
        status: 599
        response: { inline: {} }
  `).problems;
  assert.deepEqual(summarise(problems), [
    '4:13 error Status 99 of endpoint GET /a is outside 100–599.',
    '8:13 error Status 600 of endpoint GET /b is outside 100–599.',
  ]);
  assert.ok(problems.every((p) => p.code === 'statusOutOfRange'));
});

test('a status that is not a whole number is refused', () => {
  assert.deepEqual(
    problemsOf(yaml`
      endpoints:
        - path: /c
          method: GET
          status: 200.5
          response: { inline: {} }
    `),
    ['4:13 error `status` of endpoint GET /c must be an integer, not the number 200.5.'],
  );
});

test('statuses default by operation when `status` is omitted, and a declared status wins', () => {
  const model = modelOf(
    USER +
      yaml`
    endpoints:
      - path: /users
        method: GET
        response: { schema: User, type: array }
      - path: /users/:id
        method: GET
        response: { schema: User }
      - path: /users
        method: POST
        response: { schema: User }
      - path: /users/:id
        method: PATCH
        response: { schema: User }
      - path: /users/:id
        method: PUT
        response: { schema: User }
      - path: /users/:id
        method: DELETE
        response: { schema: User }
      - path: /health
        method: GET
        response: { inline: { status: ok } }
      - path: /accepted
        method: POST
        status: 202
        response: { schema: User }
      - path: /teapot
        method: GET
        status: 418
        response: { inline: { short: stout } }
  `,
  );
  assert.deepEqual(routes(model.endpoints), [
    'GET /users 200 list',
    'GET /users/:id 200 get',
    'POST /users 201 create',
    'PATCH /users/:id 200 update',
    'PUT /users/:id 200 update',
    'DELETE /users/:id 204 delete',
    'GET /health 200 static',
    'POST /accepted 202 create',
    'GET /teapot 418 static',
  ]);
  const health = model.endpoints[6];
  assert.equal(health?.kind, 'static');
  assert.deepEqual(health?.kind === 'static' ? health.body : undefined, { status: 'ok' });
  assert.deepEqual(
    model.endpoints.map((e) => e.line),
    [10, 13, 16, 19, 22, 25, 28, 31, 35],
  );
});

// ---------------------------------------------------------------------------------------------
// Unknown fields

test('an unknown top-level field is refused with a suggestion', () => {
  const problems = check(yaml`
    servr:
      port: 3000
    endpoints: []
  `).problems;
  assert.deepEqual(summarise(problems), [
    "1:1 error Unknown field 'servr' in the config. Did you mean 'server'?",
    '3:1 warning No endpoints are declared; the server will answer 404 to everything.',
  ]);
  assert.equal(problems[0]?.code, 'unknownField');
});

test('unknown fields of an endpoint, a response, a schema and a field are refused at the key with suggestions', () => {
  assert.deepEqual(
    problemsOf(yaml`
      schemas:
        User:
          descripton: people
          properties:
            id: integer
            name: { type: string, requird: true }
      endpoints:
        - path: /a
          method: GET
          respnse: { inline: {} }
        - path: /users/:id
          method: GET
          response: { shema: User }
    `),
    [
      "3:5 error Unknown field 'descripton' in schema User. Did you mean 'description'?",
      "6:29 error Unknown field 'requird' in User.name. Did you mean 'required'?",
      "8:5 error Missing required field 'response' in endpoint GET /a.",
      "10:5 error Unknown field 'respnse' in endpoint GET /a. Did you mean 'response'?",
      "13:17 error Unknown field 'shema' in the response of endpoint GET /users/:id. Did you mean 'schema'?",
    ],
  );
});

test('an unknown field with nothing close to it gets no suggestion', () => {
  assert.deepEqual(
    problemsOf(yaml`
      endpoints:
        - path: /a
          method: GET
          response: { inline: {} }
          colour: blue
    `),
    ["5:5 error Unknown field 'colour' in endpoint GET /a."],
  );
});

// ---------------------------------------------------------------------------------------------
// Schemas and fields

test('every field type is accepted, in short and object form with its options', () => {
  const model = modelOf(yaml`
    schemas:
      Thing:
        properties:
          id: integer
          price: number
          count: { type: integer, required: true }
          name: { type: string, unique: true, default: unnamed }
          done: { type: boolean, default: false }
          at: { type: datetime, default: 2024-05-01T12:00:00Z }
          data: { type: json, default: { a: [1] } }
          note: { type: string, required: false, unique: false }
    endpoints:
      - resource: Thing
  `);
  const thing = model.schemas.get('Thing');
  assert.ok(thing);
  assert.equal(thing.table, 'things');
  assert.deepEqual(
    thing.fields.map((f) => [f.name, f.type, f.required, f.unique, f.default, f.autoId]),
    [
      ['id', 'integer', false, true, undefined, 'integer'],
      ['price', 'number', false, false, undefined, undefined],
      ['count', 'integer', true, false, undefined, undefined],
      ['name', 'string', false, true, 'unnamed', undefined],
      ['done', 'boolean', false, false, false, undefined],
      ['at', 'datetime', false, false, '2024-05-01T12:00:00Z', undefined],
      ['data', 'json', false, false, { a: [1] }, undefined],
      ['note', 'string', false, false, undefined, undefined],
    ],
  );
  assert.equal(thing.idField?.name, 'id');
  assert.deepEqual(thing.range.start, { line: 2, column: 3 });
});

test('a string `id` is a UUID key and a schema without `id` has no id field', () => {
  const model = modelOf(yaml`
    schemas:
      Token:
        properties:
          id: string
      Tag:
        properties:
          label: string
    endpoints:
      - resource: Token
      - path: /tags
        method: GET
        response: { schema: Tag, type: array }
  `);
  assert.equal(model.schemas.get('Token')?.idField?.autoId, 'uuid');
  assert.equal(model.schemas.get('Tag')?.idField, undefined);
});

test('an unknown field type is refused with a suggestion for typos, case slips and abbreviations', () => {
  const problems = check(yaml`
    schemas:
      User:
        properties:
          a: strng
          b: Number
          c: { type: bool }
          d: { type: strin, required: true }
          e: text
    endpoints: []
  `).problems;
  const use = 'Use number, integer, string, boolean, datetime or json.';
  assert.deepEqual(summarise(problems), [
    `4:10 error Unknown field type 'strng' for User.a. ${use} Did you mean 'string'?`,
    `5:10 error Unknown field type 'Number' for User.b. ${use} Did you mean 'number'?`,
    `6:18 error Unknown field type 'bool' for User.c. ${use} Did you mean 'boolean'?`,
    `7:18 error Unknown field type 'strin' for User.d. ${use} Did you mean 'string'?`,
    `8:10 error Unknown field type 'text' for User.e. ${use}`,
    '9:1 warning No endpoints are declared; the server will answer 404 to everything.',
  ]);
  assert.deepEqual(
    problems.map((p) => p.code),
    ['unknownFieldType', 'unknownFieldType', 'unknownFieldType', 'unknownFieldType', 'unknownFieldType', 'noEndpoints'],
  );
});

test('a field with no type, a number or a list for a type is described as such, not as an unknown type', () => {
  const shape = 'a type name (number, integer, string, boolean, datetime, json) or a mapping with `type`';
  assert.deepEqual(
    problemsOf(yaml`
      schemas:
        Post:
          properties:
            id:
            views: 5
            tags: [string]
      endpoints: []
    `),
    [
      `4:10 error Post.id must be ${shape}, not null.`,
      `5:14 error Post.views must be ${shape}, not the integer 5.`,
      `6:7 error Post.tags must be ${shape}, not a list.`,
      '7:1 warning No endpoints are declared; the server will answer 404 to everything.',
    ],
  );
});

test('a default of the wrong type is refused at the default value', () => {
  const problems = check(yaml`
    schemas:
      User:
        properties:
          a: { type: integer, default: "x" }
          b: { type: boolean, default: 1 }
          c: { type: datetime, default: yesterday }
          d: { type: string, default: 5 }
          e: { type: integer, default: 1.5 }
          f: { type: number, default: 1.5 }
          g: { type: string, default: null }
    endpoints: []
  `).problems;
  assert.deepEqual(summarise(problems.filter((p) => p.severity === 'error')), [
    '4:36 error Default of User.a must be an integer, not the text "x".',
    '5:36 error Default of User.b must be true or false, not the integer 1.',
    '6:37 error Default of User.c must be an ISO-8601 date-time text (e.g. 2024-05-01T12:00:00Z), not the text "yesterday".',
    '7:35 error Default of User.d must be text, not the integer 5.',
    '8:36 error Default of User.e must be an integer, not the number 1.5.',
  ]);
  assert.ok(problems.filter((p) => p.severity === 'error').every((p) => p.code === 'defaultWrongType'));
});

test('a schema without fields, with a bad name or a bad field name is refused', () => {
  assert.deepEqual(
    problemsOf(yaml`
      schemas:
        Empty:
          properties: {}
        Bad-Name:
          properties: { id: integer }
        Ok:
          properties: { 1x: integer, good: string }
      endpoints: []
    `),
    [
      '2:3 error Schema Empty has no properties; add at least one field.',
      "4:3 error Schema name 'Bad-Name' is not valid: use letters and digits, starting with a letter (e.g. BlogPost).",
      "7:19 error Field name '1x' of Ok is not valid: use letters, digits and _ and start with a letter or _.",
      '8:1 warning No endpoints are declared; the server will answer 404 to everything.',
    ],
  );
});

test('a schema without `properties` or with a null body is reported once, by what is missing', () => {
  assert.deepEqual(
    problemsOf(yaml`
      schemas:
        User:
          description: forgot the fields
        Empty:
      endpoints: []
    `),
    [
      "2:3 error Missing required field 'properties' in schema User.",
      '4:9 error Schema Empty must be a mapping, not null.',
      '5:1 warning No endpoints are declared; the server will answer 404 to everything.',
    ],
  );
});

test('two schemas that map to the same table are refused at the second', () => {
  const problems = check(yaml`
    schemas:
      Person:
        properties: { id: integer }
      People:
        properties: { id: integer }
      Mouse:
        properties: { id: integer }
      Mice:
        properties: { id: integer }
      BlogPost:
        properties: { id: integer }
    endpoints: []
  `).problems;
  assert.deepEqual(summarise(problems.filter((p) => p.severity === 'error')), [
    "4:3 error Schemas People and Person both map to table 'people'; rename one.",
    "8:3 error Schemas Mice and Mouse both map to table 'mice'; rename one.",
  ]);
  assert.ok(problems.filter((p) => p.severity === 'error').every((p) => p.code === 'tableCollision'));
});

test('an error in a schema is not repeated as errors of the endpoints and seed rows that use it', () => {
  assert.deepEqual(
    problemsOf(yaml`
      schemas:
        User:
          description: forgot properties
        Post:
          properties:
            id: strng
            title: string
        Person:
          properties: { id: integer }
        People:
          properties: { id: integer }
        Bad-Name:
          properties: { id: integer }
      seed:
        User:
          - { id: 1 }
        Post:
          - { id: "a", title: t }
        People:
          - { id: 1 }
      endpoints:
        - resource: User
        - path: /posts/:id
          method: GET
          response: { schema: Post }
        - resource: Post
        - resource: People
        - path: /bad
          method: GET
          response: { schema: Bad-Name, type: array }
    `),
    [
      "2:3 error Missing required field 'properties' in schema User.",
      "6:11 error Unknown field type 'strng' for Post.id. Use number, integer, string, boolean, datetime or json. Did you mean 'string'?",
      "10:3 error Schemas People and Person both map to table 'people'; rename one.",
      "12:3 error Schema name 'Bad-Name' is not valid: use letters and digits, starting with a letter (e.g. BlogPost).",
    ],
  );
});

test('a lowercase schema name warns but still compiles', () => {
  const result = check(yaml`
    schemas:
      user:
        properties:
          id: integer
    endpoints:
      - path: /users
        method: GET
        response: { schema: user, type: array }
  `);
  assert.deepEqual(summarise(result.problems), [
    "2:3 warning Schema name 'user' should be a capitalised singular name, e.g. 'User'.",
  ]);
  assert.equal(result.problems[0]?.code, 'schemaNameNotCapitalised');
  assert.equal(result.model?.schemas.get('user')?.table, 'users');
});

// ---------------------------------------------------------------------------------------------
// resource:

test('`resource: User` expands into the six REST endpoints with default statuses', () => {
  const model = modelOf(
    USER +
      yaml`
    endpoints:
      - resource: User
  `,
  );
  assert.deepEqual(routes(model.endpoints), [
    'GET /users 200 list',
    'GET /users/:id 200 get',
    'POST /users 201 create',
    'PATCH /users/:id 200 update',
    'PUT /users/:id 200 update',
    'DELETE /users/:id 204 delete',
  ]);
  for (const endpoint of model.endpoints) {
    assert.equal(endpoint.line, 10);
    assert.equal(endpoint.entry, 0);
    assert.equal(endpoint.kind === 'schema' ? endpoint.schema.name : undefined, 'User');
  }
  assert.deepEqual((model.endpoints[1] as SchemaEndpoint).params, [{ param: 'id', column: 'id' }]);
  assert.deepEqual((model.endpoints[0] as SchemaEndpoint).params, []);
});

test('a resource of a two-word schema is served at its table name', () => {
  const model = modelOf(yaml`
    schemas:
      BlogPost:
        properties: { id: integer, title: string }
    endpoints:
      - resource: BlogPost
  `);
  assert.deepEqual(
    model.endpoints.map((e) => `${e.method} ${e.path}`),
    [
      'GET /blog_posts',
      'GET /blog_posts/:id',
      'POST /blog_posts',
      'PATCH /blog_posts/:id',
      'PUT /blog_posts/:id',
      'DELETE /blog_posts/:id',
    ],
  );
});

test('a resource with a custom path and key uses them, trailing slash dropped', () => {
  const model = modelOf(
    USER +
      yaml`
      Article:
        properties:
          slug: string
          title: string
    endpoints:
      - resource: User
        path: /people
        key: slug
      - resource: Article
        path: /blog/articles/
        key: slug
  `,
  );
  assert.deepEqual(routes(model.endpoints), [
    'GET /people 200 list',
    'GET /people/:slug 200 get',
    'POST /people 201 create',
    'PATCH /people/:slug 200 update',
    'PUT /people/:slug 200 update',
    'DELETE /people/:slug 204 delete',
    'GET /blog/articles 200 list',
    'GET /blog/articles/:slug 200 get',
    'POST /blog/articles 201 create',
    'PATCH /blog/articles/:slug 200 update',
    'PUT /blog/articles/:slug 200 update',
    'DELETE /blog/articles/:slug 204 delete',
  ]);
  assert.deepEqual((model.endpoints[1] as SchemaEndpoint).params, [{ param: 'slug', column: 'slug' }]);
  assert.deepEqual(
    model.endpoints.map((e) => e.line),
    [...Array<number>(6).fill(14), ...Array<number>(6).fill(17)],
  );
});

test('a resource of an unknown schema gives the spec message at the resource value', () => {
  const problems = check(
    USER +
      yaml`
    endpoints:
      - resource: Post
  `,
  ).problems;
  assert.deepEqual(summarise(problems), [
    "10:15 error Endpoint GET /posts references unknown schema 'Post'. Define it under `schemas:`.",
  ]);
  assert.equal(problems[0]?.code, 'unknownSchema');
});

test('a resource of a schema without `id` and without `key` is refused', () => {
  const problems = check(yaml`
    schemas:
      Tag:
        properties:
          label: string
    endpoints:
      - resource: Tag
  `).problems;
  assert.deepEqual(summarise(problems), [
    "6:15 error Resource Tag has no 'id' field to use in /:id; add `key:` naming one of its fields.",
  ]);
  assert.equal(problems[0]?.code, 'resourceWithoutKey');
});

test('a resource key that is not a field, or not a lookup type, is reported once at the key', () => {
  const problems = check(
    USER +
      yaml`
    endpoints:
      - resource: User
        key: email
      - resource: User
        path: /flags
        key: active
  `,
  ).problems;
  assert.deepEqual(summarise(problems), [
    "11:10 error Resource User uses key 'email', which is not a field of User (fields: id, name, slug, active, meta).",
    "14:10 error Resource User uses key 'active', a boolean field; keys must be string, number, integer or datetime fields.",
  ]);
  assert.deepEqual(
    problems.map((p) => p.code),
    ['keyNotAField', 'keyNotLookupType'],
  );
});

test('a resource path problem is reported once, not once per generated endpoint', () => {
  assert.deepEqual(
    problemsOf(
      USER +
        yaml`
      endpoints:
        - resource: User
          path: /v/:id
        - resource: User
          path: /__mockyard/users
    `,
    ),
    [
      "11:11 error Path '/v/:id/:id' is not valid: parameter ':id' appears twice.",
      "13:11 error Path '/__mockyard/users' is under /__mockyard/, which is reserved for the admin API.",
    ],
  );
});

test('a resource that repeats routes is reported once at its `resource:` line', () => {
  assert.deepEqual(
    problemsOf(
      USER +
        yaml`
      endpoints:
        - path: /users/:id
          method: PUT
          response: { schema: User }
        - resource: User
        - resource: User
        - path: /users
          method: GET
          response: { schema: User, type: array }
    `,
    ),
    [
      '13:15 error Duplicate endpoint PUT /users/:id: it is already declared on line 10.',
      '14:15 error Duplicate endpoint GET /users: it is already declared on line 13.',
      '15:11 error Duplicate endpoint GET /users: it is already declared on line 13.',
    ],
  );
});

test('a resource entry with endpoint fields is refused as a resource, and a plain entry is never taken for one', () => {
  assert.deepEqual(
    problemsOf(
      USER +
        yaml`
      endpoints:
        - resource: User
          method: GET
        - path: /x
    `,
    ),
    [
      "11:5 error Unknown field 'method' in resource User.",
      "12:5 error Missing required field 'method' in endpoint #2.",
      "12:5 error Missing required field 'response' in endpoint #2.",
    ],
  );
});

// ---------------------------------------------------------------------------------------------
// All problems at once

test('every problem is collected in one pass and reported in document order', () => {
  const result = check(yaml`
    servr: {}
    schemas:
      User:
        properties:
          id: integr
          name: string
    endpoints:
      - path: /users/:id
        method: GETT
        response: { schema: User }
      - path: /posts
        method: GET
        response: { schema: Post, type: array }
      - path: /users
        method: POST
        status: 700
        response: { schema: User }
  `);
  assert.equal(result.model, undefined);
  assert.deepEqual(summarise(result.problems), [
    "1:1 error Unknown field 'servr' in the config. Did you mean 'server'?",
    "5:11 error Unknown field type 'integr' for User.id. Use number, integer, string, boolean, datetime or json. Did you mean 'integer'?",
    "9:13 error Unknown method 'GETT'. Use GET, POST, PATCH, PUT or DELETE. Did you mean 'GET'?",
    "13:25 error Endpoint GET /posts references unknown schema 'Post'. Define it under `schemas:`.",
    '16:13 error Status 700 of endpoint POST /users is outside 100–599.',
  ]);
});

// ---------------------------------------------------------------------------------------------
// server:

test('warnings (lowercase schema name, public host) do not block the model', () => {
  const result = check(yaml`
    server:
      host: 0.0.0.0
    schemas:
      note:
        properties: { id: integer }
    endpoints:
      - resource: note
  `);
  assert.deepEqual(summarise(result.problems), [
    '2:9 warning Listening on 0.0.0.0 makes the mock reachable from other machines; use 127.0.0.1 unless you mean it.',
    "4:3 warning Schema name 'note' should be a capitalised singular name, e.g. 'Note'.",
  ]);
  assert.ok(result.problems.every((p) => p.severity === 'warning'));
  assert.ok(result.model);
  assert.equal(result.model.server.host, '0.0.0.0');
  assert.equal(result.model.endpoints.length, 6);
});

test('no endpoints at all is a warning, not an error', () => {
  const result = check('endpoints: []\n');
  assert.deepEqual(summarise(result.problems), [
    '1:1 warning No endpoints are declared; the server will answer 404 to everything.',
  ]);
  assert.deepEqual(result.model?.endpoints, []);
  assert.equal(result.model?.schemas.size, 0);
});

test('`server:` defaults to port 3000 on 127.0.0.1 with the database beside the config, no CORS and a 1 MiB body limit', () => {
  const model = modelOf(yaml`
    endpoints:
      - path: /health
        method: GET
        response: { inline: { status: ok } }
  `);
  assert.deepEqual(model.server, {
    port: 3000,
    host: '127.0.0.1',
    database: join(CONFIG_DIR, 'blog.sqlite'),
    schema: 'mockyard',
    cors: undefined,
    latency: undefined,
    bodyLimit: 1048576,
    adminToken: undefined,
  });
});

test('the default database drops a .mockyard suffix, and without a config path it is in memory', () => {
  const text = 'endpoints: []\n';
  assert.equal(modelOf(text, join(CONFIG_DIR, 'shop.mockyard.yaml')).server.database, join(CONFIG_DIR, 'shop.sqlite'));
  assert.equal(validateConfig(text).model?.server.database, ':memory:');
});

test('`server.database` is resolved against the config folder, unless absolute, :memory: or a PostgreSQL URL', () => {
  const withDatabase = (database: string): string =>
    modelOf(`server:\n  database: ${database}\nendpoints: []\n`).server.database;
  assert.equal(withDatabase('data/app.db'), join(CONFIG_DIR, 'data', 'app.db'));
  assert.equal(withDatabase('../shared.sqlite'), join(tmpdir(), 'shared.sqlite'));
  assert.equal(withDatabase('/var/tmp/abs.sqlite'), '/var/tmp/abs.sqlite');
  assert.equal(withDatabase("':memory:'"), ':memory:');
  assert.equal(withDatabase('postgres://mock@db.internal:5432/mocks'), 'postgres://mock@db.internal:5432/mocks');
  assert.equal(withDatabase('postgresql://db/mocks'), 'postgresql://db/mocks');
  assert.equal(
    modelOf('server:\n  database: postgres://db/x\n  schema: shop_mock\nendpoints: []\n').server.schema,
    'shop_mock',
  );
});

test('server options are compiled: port, cors forms, latency forms, body limit and admin token', () => {
  const model = modelOf(yaml`
    server:
      port: 0
      host: localhost
      cors: { origin: [http://a.test, http://b.test], credentials: true }
      latency: { min: 10, max: 50 }
      bodyLimit: 2048
      admin: { token: s3cret-token }
    endpoints: []
  `);
  assert.deepEqual(model.server, {
    port: 0,
    host: 'localhost',
    database: join(CONFIG_DIR, 'blog.sqlite'),
    schema: 'mockyard',
    cors: { origins: ['http://a.test', 'http://b.test'], credentials: true },
    latency: { min: 10, max: 50 },
    bodyLimit: 2048,
    adminToken: 's3cret-token',
    declaredPort: 0,
  });
  const simple = modelOf('server:\n  cors: true\n  latency: 25\nendpoints: []\n').server;
  assert.deepEqual(simple.cors, { origins: '*', credentials: false });
  assert.deepEqual(simple.latency, { min: 25, max: 25 });
  const generated = validateConfig('server:\n  admin: true\nendpoints: []\n', { adminToken: 'from-engine' });
  assert.equal(generated.model?.server.adminToken, 'from-engine');
});

test('bad server options are each reported, and a bad option does not hide the latency check', () => {
  assert.deepEqual(
    problemsOf(yaml`
      server:
        port: 70000
        bodyLimit: 0
        latency: { min: 10, max: 5 }
        cors: { origin: '*', credentials: yes }
        admin: { token: short }
        hots: 127.0.0.1
      endpoints:
        - path: /a
          method: GET
          response: { inline: {} }
    `),
    [
      '2:9 error `server.port` must be at most 65535.',
      '3:14 error `server.bodyLimit` must be at least 1.',
      '4:3 error Latency `min` must not be greater than `max`.',
      "5:37 error `server.cors.credentials` must be true or false, not the text 'yes'.",
      '6:19 error `server.admin.token` must be at least 8 characters long.',
      "7:3 error Unknown field 'hots' in `server`. Did you mean 'host'?",
    ],
  );
});

// ---------------------------------------------------------------------------------------------
// seed:

test('seed rows are checked against the schema with the row pointed at', () => {
  const problems = check(yaml`
    schemas:
      User:
        properties:
          id: integer
          age: { type: integer, required: true }
          email: string
    seed:
      User:
        - { age: 3, email: a@example.com }
        - { age: "x" }
        - { age: 4, nme: 1 }
        - { email: b@example.com }
        - 5
    endpoints:
      - resource: User
  `).problems;
  assert.deepEqual(summarise(problems), [
    '10:7 error Seed row 2 of User: Field \'age\' must be an integer, not the text "x".',
    "11:7 error Seed row 3 of User: Field 'nme' is not in schema User (fields: id, age, email).",
    "12:7 error Seed row 4 of User: Field 'age' is required.",
    '13:7 error Seed row 5 of User must be a mapping, not the integer 5.',
  ]);
  assert.deepEqual(
    problems.map((p) => p.code),
    ['seedRowInvalid', 'seedRowInvalid', 'seedRowInvalid', 'wrongType'],
  );
});

test('seed rows for an unknown schema are refused at the schema key', () => {
  const problems = check(
    USER +
      yaml`
    seed:
      Ghost:
        - { a: 1 }
    endpoints:
      - resource: User
  `,
  ).problems;
  assert.deepEqual(summarise(problems), [
    "10:3 error Seed rows for unknown schema 'Ghost'. Define it under `schemas:`.",
  ]);
  assert.equal(problems[0]?.code, 'unknownSeedSchema');
});

test('valid seed rows are kept in the model per schema', () => {
  const model = modelOf(
    USER +
      yaml`
    seed:
      User:
        - { name: Ada, active: true, meta: { tags: [x] } }
        - name: Alan
    endpoints:
      - resource: User
  `,
  );
  assert.deepEqual(model.seed.get('User'), [{ name: 'Ada', active: true, meta: { tags: ['x'] } }, { name: 'Alan' }]);
});

// ---------------------------------------------------------------------------------------------
// Hostile input

test('a YAML alias bomb is refused with a clear error instead of expanding', () => {
  const text = yaml`
    a: &a [x, x, x, x, x, x, x, x, x, x]
    b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]
    c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]
    d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]
    e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]
    endpoints: []
  `;
  let result: ValidationResult | undefined;
  assert.doesNotThrow(() => {
    result = check(text);
  });
  assert.deepEqual(summarise(result?.problems ?? []), [
    '1:1 error YAML syntax error: Excessive alias count indicates a resource exhaustion attack',
  ]);
  assert.equal(result?.model, undefined);
});

test('a few ordinary aliases are fine', () => {
  const model = modelOf(yaml`
    schemas:
      User:
        properties: &fields
          id: integer
          name: string
      Admin:
        properties: *fields
    endpoints:
      - resource: User
      - resource: Admin
  `);
  assert.deepEqual(
    model.schemas.get('Admin')?.fields.map((f) => f.name),
    ['id', 'name'],
  );
});

test('a duplicate key is refused naming the key and the line of the first, and never throws', () => {
  const problems = check(yaml`
    schemas:
      User:
        properties:
          id: integer
          id: string
    endpoints:
      - path: /a
        method: GET
        method: POST
        response: { inline: {} }
    endpoints: []
  `).problems;
  assert.deepEqual(summarise(problems), [
    "5:7 error Duplicate key 'id': it is already set on line 4 of the same mapping.",
    "9:5 error Duplicate key 'method': it is already set on line 8 of the same mapping.",
    "11:1 error Duplicate key 'endpoints': it is already set on line 6 of the same mapping.",
  ]);
  assert.ok(problems.every((p) => p.code === 'duplicateKey'));
});

test('odd keys (numbers, __proto__) are reported at their own line and never throw', () => {
  assert.deepEqual(
    problemsOf(yaml`
      endpoints: []
      1: one
      __proto__: { polluted: true }
    `),
    [
      '1:1 warning No endpoints are declared; the server will answer 404 to everything.',
      "2:1 error Unknown field '1' in the config.",
      "3:1 error Unknown field '__proto__' in the config.",
    ],
  );
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
});

test('a config larger than 5 MiB is refused before parsing, counting bytes not characters', () => {
  const limit = 5 * 1024 * 1024;
  const tooLarge = `endpoints: []\n# ${'x'.repeat(limit)}\n`;
  const result = check(tooLarge);
  assert.deepEqual(summarise(result.problems), ['1:1 error The config is larger than 5 MiB; split out the seed data.']);
  assert.equal(result.problems[0]?.code, 'configTooLarge');
  assert.equal(result.model, undefined);
  // 3 MiB characters of two bytes each: 6 MiB of UTF-8.
  const wide = `endpoints: []\n# ${'é'.repeat(3 * 1024 * 1024)}\n`;
  assert.equal(check(wide).problems[0]?.code, 'configTooLarge');
  // Just under the limit is parsed as usual.
  const justUnder = `endpoints: []\n# ${'x'.repeat(limit - 100)}\n`;
  assert.deepEqual(summarise(check(justUnder).problems), [
    '1:1 warning No endpoints are declared; the server will answer 404 to everything.',
  ]);
});
